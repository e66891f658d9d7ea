package main

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/client/config"
	"github.com/gomokud/gomoku/client/tui"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/protocol"
)

// tuiName is sent in hello by the interactive program.
const tuiName = "gomoku-tui/1.0"

type playOptions struct {
	global *globalOptions
	env    *Env
	Guest  bool
	Name   string // the guest's wished name
	Game   int64  // a game of mine to open first
}

func newPlayCmd(o *playOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Open the interactive board: lobby, challenges, games (the default command)",
		Long: `Open the interactive terminal program: the lobby with the players online and
the bots, challenges, quick pairing and chat, and the game screen.

You play as the saved session (see "gomoku login"); without one you are asked
for a username and password, or play as a guest. Your running games open at
once. Keys are listed at the bottom of each screen; ctrl+c quits.

Games start with an opening rule (swap2; Soosõrv-8 for renju; 6 in the
lobby chooses another, or none): its phases are played on the board, and
the line under it says what is due and which keys do it.`,
		Example: `  gomoku play
  gomoku play --guest --name bob`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runPlay(cmd.Context(), o)
		},
	}
	cmd.Flags().BoolVar(&o.Guest, "guest", false, "play as a guest (casual games only), ignoring the saved session")
	cmd.Flags().StringVar(&o.Name, "name", "", "the guest name to ask for (with --guest)")
	return cmd
}

func runPlay(ctx context.Context, o *playOptions) error {
	if !o.env.Terminal {
		return errors.New(`play needs a terminal; for scripts use the other commands (gomoku --help)`)
	}
	cfg, wsURL, err := o.global.load(o.env)
	if err != nil {
		return err
	}
	opts, err := o.global.withTLS(o.env, client.Options{Name: tuiName, Reconnect: true})
	if err != nil {
		return err
	}
	c, err := client.Dial(ctx, wsURL, opts)
	if err != nil {
		return err
	}
	s := &session{c: c, cfg: cfg, url: wsURL, g: o.global}
	defer s.end()
	if err := playLogin(ctx, o, s); err != nil {
		return err
	}
	return tui.Run(ctx, c, s.runOptions(tui.RunOptions{Games: s.sess.Games, Open: o.Game, Notice: guestNotice(o, s.sess)}))
}

// guestNotice explains a guest name other than the one asked for: the
// server gives a numbered one when the wish is taken or not a valid name.
func guestNotice(o *playOptions, sess protocol.Session) string {
	wish := strings.TrimPrefix(strings.TrimSpace(o.Name), protocol.GuestPrefix)
	if !o.Guest || wish == "" || strings.EqualFold(sess.Player.Name, protocol.GuestPrefix+wish) {
		return ""
	}
	// The new name first: an 80-column line may cut the end.
	return fmt.Sprintf("you are %s: %q is taken or not 3-16 letters, digits, _ or -", sess.Player.Name, wish)
}

// playLogin logs s in: as a guest when asked (the saved guest session when
// it has the name asked for, so a guest gets back into its game after a
// restart), else with the saved account session, else the saved guest
// session, else by asking for a name and password (an empty name plays as
// a guest).
func playLogin(ctx context.Context, o *playOptions, s *session) error {
	rctx, cancel := withTimeout(ctx)
	defer cancel()
	if o.Guest {
		return guestLogin(rctx, o, s)
	}
	if s.cfg.Token != "" {
		ok, err := s.resume(rctx, s.cfg.Token)
		if ok || err != nil {
			return err
		}
		fmt.Fprintln(o.env.Err, "The saved session has expired.")
	} else if tok := s.cfg.Guest(s.url); tok != "" {
		if ok, err := s.resume(rctx, tok); ok || err != nil {
			return err
		}
	}
	return promptLogin(ctx, o.global, o.env, s)
}

// guestLogin resumes the saved guest session, unless another name is asked
// for or the server forgot it; else it enters as a new guest, saved.
func guestLogin(ctx context.Context, o *playOptions, s *session) error {
	if tok := s.cfg.Guest(s.url); tok != "" && sameGuest(o.Name, s.cfg.GuestName) {
		if ok, err := s.resume(ctx, tok); ok || err != nil {
			return err
		}
	}
	return s.newGuest(ctx, o.Name, true)
}

// sameGuest reports whether a wished guest name ("carol", "guest:carol" or
// none) is the saved guest's.
func sameGuest(wish, saved string) bool {
	wish = strings.TrimPrefix(strings.TrimSpace(wish), protocol.GuestPrefix)
	return wish == "" || strings.EqualFold(protocol.GuestPrefix+wish, saved)
}

// maxAttempts is how many passwords an interactive login tries.
const maxAttempts = 3

// promptLogin asks for a username (empty: a guest) and a password, logs in
// and saves the new session.
func promptLogin(ctx context.Context, g *globalOptions, env *Env, s *session) error {
	for attempt := 1; ; attempt++ {
		name, err := env.readLine(ctx, "Username (empty to play as a guest): ")
		if err != nil {
			return err
		}
		rctx, cancel := withTimeout(ctx)
		if name == "" {
			err = s.newGuest(rctx, "", true)
			cancel()
			return err
		}
		pass, err := env.readPassword(ctx, "Password: ")
		if err != nil {
			cancel()
			return err
		}
		s.sess, err = s.c.Login(rctx, name, pass)
		cancel()
		if err == nil {
			cfg := s.cfg
			cfg.Server, cfg.Token, cfg.Username = s.url, s.sess.Token, s.sess.Player.Name
			return g.save(cfg)
		}
		if client.Code(err) != protocol.CodeUnauthorized || attempt == maxAttempts {
			return fmt.Errorf("login: %w", err)
		}
		fmt.Fprintln(env.Err, "Wrong username or password; try again.")
	}
}

// runOptions completes the TUI's options with what the session knows: the
// server, and where a new guest session is saved.
func (s *session) runOptions(o tui.RunOptions) tui.RunOptions {
	o.Server = hostOf(s.url)
	o.OnGuest = func(token, name string) {
		// Best effort: the game goes on when the file cannot be written.
		_ = s.saveGuest(token, name)
	}
	o.OnAccountDeleted = func() {
		// As delete-account does: the account's session is gone.
		s.cfgMu.Lock()
		defer s.cfgMu.Unlock()
		s.cfg.Token, s.cfg.Username = "", ""
		_ = s.g.save(s.cfg) // best effort, as above
	}
	o.Settings = lobbySettings(s.cfg.Settings)
	o.OnSettings = func(ls tui.Settings) {
		s.cfgMu.Lock()
		defer s.cfgMu.Unlock()
		s.cfg.Settings = configSettings(ls)
		_ = s.g.save(s.cfg) // best effort, as above
	}
	return o
}

// hostOf is the host:port of a URL, for titles.
func hostOf(s string) string {
	if u, err := url.Parse(s); err == nil && u.Host != "" {
		return u.Host
	}
	return s
}

// lobbySettings are the saved lobby settings, when they still read (a
// config edited by hand, or written by another version, may not): nil
// gives the lobby's defaults.
func lobbySettings(c *config.Settings) *tui.Settings {
	if c == nil {
		return nil
	}
	rule, err := engine.ParseRule(c.Rule)
	if err != nil || engine.CheckSize(c.Size) != nil {
		return nil
	}
	tc, err := client.ParseTimeControl(c.Time)
	if err != nil {
		return nil
	}
	switch c.Color {
	case "black", "white", "random":
	default:
		return nil
	}
	var open client.OpeningRule // "": the server's default
	if c.Opening != "" {
		k, err := opening.ParseKind(c.Opening)
		if err != nil || k.Supports(rule, opening.RenjuSize) != nil {
			return nil
		}
		open = client.Opening(k)
	}
	return &tui.Settings{Rule: rule, Size: c.Size, Time: tc.String(), Color: c.Color, Rated: c.Rated, Opening: open}
}

// configSettings is the lobby's settings as the config keeps them.
func configSettings(s tui.Settings) *config.Settings {
	return &config.Settings{Rule: s.Rule.String(), Size: s.Size, Time: s.Time, Color: s.Color, Rated: s.Rated,
		Opening: s.Opening.String()}
}
