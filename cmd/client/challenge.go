package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/client/tui"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/protocol"
)

type challengeOptions struct {
	global *globalOptions
	env    *Env
	Name   string
	Rule   string
	Size   int
	Time   string
	Color  string
	Rated  bool
	Play   bool
	// Opening is the opening rule; "" leaves the server's default (swap2,
	// Soosõrv-8 for renju).
	Opening string
}

func newChallengeCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &challengeOptions{global: g, env: env}
	cmd := &cobra.Command{
		Use:   "challenge NAME",
		Short: "Challenge a player or a bot to a game",
		Long: `Challenge a player, or a bot (bot:easy, bot:medium, bot:hard, bot:max), with the
given settings. The command waits until the challenge is accepted (a bot
accepts at once), declined, cancelled or expired, and prints the game number;
it exits with status 1 when no game started. Interrupting it withdraws the
challenge.

On a terminal the board opens as soon as the game starts (--play=false
turns that off). Otherwise (a script, --json, --play=false) the command
returns once the game has started: play it with "gomoku play" soon, as your
clock is running and your opponent may claim the win after a while.`,
		Example: `  gomoku challenge bob --rule renju --time 10+5 --color black --rated
  gomoku challenge bot:easy --size 19 --time none --play
  gomoku challenge bob --json | jq .game_id
  gomoku challenge bob --play=false && gomoku play`,
		Args: cobra.ExactArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completePlayers(cmd.Context(), g, env), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Name = args[0]
			if !cmd.Flags().Changed("play") {
				// Interactive: the board; scripted: the game number.
				o.Play = env.Terminal && isTerminal(env.Out) && !g.JSON
			}
			return runChallenge(cmd.Context(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.Rule, "rule", "freestyle", "freestyle (five or more wins), standard (exactly five; also \"gomoku\") or renju")
	f.IntVar(&o.Size, "size", engine.DefaultSize, fmt.Sprintf("board size, %d to %d", engine.MinSize, engine.MaxSize))
	f.StringVar(&o.Time, "time", "10+5", "time control: 10+5 (minutes + increment seconds), 30m/60s (byo-yomi) or none")
	f.StringVar(&o.Color, "color", "random", "your colour: black, white or random")
	f.BoolVar(&o.Rated, "rated", false, "a rated game (needs an account)")
	f.StringVar(&o.Opening, "opening", "", "opening rule: none, swap2, soosorv-8 or taraguchi-10 (default: the server's, swap2; renju: soosorv-8)")
	f.BoolVar(&o.Play, "play", false, "open the board when the game starts (default: on a terminal, unless --json)")
	_ = cmd.RegisterFlagCompletionFunc("rule", fixedCompletion("freestyle", "standard", "renju"))
	_ = cmd.RegisterFlagCompletionFunc("color", fixedCompletion("black", "white", "random"))
	_ = cmd.RegisterFlagCompletionFunc("opening", fixedCompletion("none", "swap2", "soosorv-8", "taraguchi-10"))
	_ = cmd.RegisterFlagCompletionFunc("time", fixedCompletion("10+5", "5+3", "15+10", "30m/60s", "none"))
	_ = cmd.RegisterFlagCompletionFunc("size", fixedCompletion("15", "19", "20"))
	return cmd
}

// isTerminal reports whether w is an interactive terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// settings checks the flags before anything is sent.
func (o *challengeOptions) settings() (engine.Rule, client.TimeControl, error) {
	if o.Opening != "" {
		k, err := opening.ParseKind(o.Opening)
		if err != nil {
			return engine.Freestyle, client.TimeControl{}, fmt.Errorf("--opening: %w", err)
		}
		o.Opening = k.String() // the wire takes the exact name
	}
	rule, err := engine.ParseRule(o.Rule)
	if err != nil {
		return rule, client.TimeControl{}, fmt.Errorf("--rule: %w", err)
	}
	if err := engine.CheckSize(o.Size); err != nil {
		return rule, client.TimeControl{}, fmt.Errorf("--size: %w", err)
	}
	switch o.Color {
	case "black", "white", "random":
	default:
		return rule, client.TimeControl{}, fmt.Errorf("--color: %q is not black, white or random", o.Color)
	}
	tc, err := client.ParseTimeControl(o.Time)
	if err != nil {
		return rule, tc, fmt.Errorf("--time: %w", err)
	}
	return rule, tc, nil
}

func fixedCompletion(values ...string) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// challengeJSON is challenge's --json output.
type challengeJSON struct {
	Status      string `json:"status"` // accepted, declined, cancelled, expired
	Reason      string `json:"reason,omitempty"`
	ChallengeID int64  `json:"challenge_id"`
	To          string `json:"to"`
	GameID      int64  `json:"game_id,omitempty"`
	Color       string `json:"color,omitempty"` // mine
	Black       string `json:"black,omitempty"`
	White       string `json:"white,omitempty"`
}

func runChallenge(ctx context.Context, o *challengeOptions) error {
	rule, tc, err := o.settings()
	if err != nil {
		return err
	}
	if o.Play && !o.env.Terminal {
		return errors.New("--play needs a terminal")
	}
	if o.Rated {
		if cfg, _, err := o.global.load(o.env); err == nil && cfg.Token == "" {
			return errors.New(`rated games need an account: run "gomoku login" (or "gomoku register") first`)
		}
	}
	opts := client.Options{}
	if o.Play {
		opts = client.Options{Name: tuiName, Reconnect: true}
	}
	// Without an account, a guest: saved, so "gomoku play" resumes the game.
	s, err := connect(ctx, o.global, o.env, authPlayer, opts)
	if err != nil {
		return err
	}
	defer s.end()
	if me := s.c.Me(); me.Guest && s.cfg.Token == "" {
		fmt.Fprintf(o.env.Err, "no account: you play as %s (casual games only)\n", me.Name)
	}
	settings := protocol.Settings{
		Rule: rule.String(), Size: o.Size, Color: o.Color, Rated: o.Rated, Opening: o.Opening,
		Time: protocol.TimeControl{MainMS: tc.Main.Milliseconds(), IncrementMS: tc.Increment.Milliseconds(), ByoYomiMS: tc.ByoYomi.Milliseconds()},
	}
	rctx, cancel := withTimeout(ctx)
	ch, err := s.c.Challenge(rctx, o.Name, settings)
	cancel()
	if err != nil {
		return fmt.Errorf("challenge %s: %w", o.Name, err)
	}
	if !strings.HasPrefix(ch.To, protocol.BotPrefix) {
		fmt.Fprintf(o.env.Err, "challenge %d sent to %s (%s); waiting for an answer (ctrl+c withdraws it)…\n",
			ch.ChallengeID, ch.To, settingsText(ch.Settings.Rule, ch.Settings.Size, ch.Settings.Time, ch.Settings.Rated)+openingNote(ch.Settings.Opening))
	}
	out, err := s.c.AwaitChallenge(ctx, ch)
	if err != nil {
		if ctx.Err() != nil {
			wctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if s.c.Cancel(wctx, ch.ChallengeID) == nil {
				fmt.Fprintln(o.env.Err, "challenge withdrawn")
			}
		}
		return fmt.Errorf("waiting for %s: %w", ch.To, err)
	}
	if err := printChallenge(o, s, out); err != nil {
		return err
	}
	if out.Status != client.ChallengeAccepted {
		return errReported
	}
	if o.Play {
		return tui.Run(ctx, s.c, s.runOptions(tui.RunOptions{Games: s.sess.Games, Open: out.Game.Game.GameID}))
	}
	return nil
}

// openingNote names a game's opening rule after its settings: ", opening
// swap2"; nothing without one.
func openingNote(name string) string {
	if name == "" || name == protocol.OpeningNone {
		return ""
	}
	return ", opening " + name
}

// clockNote warns that the clock runs once the game has started: no
// warning for a game without a clock.
func clockNote(t protocol.TimeControl) string {
	if t == (protocol.TimeControl{}) {
		return ""
	}
	return "; your clock starts after your first move, which is due soon"
}

func printChallenge(o *challengeOptions, s *session, out client.ChallengeOutcome) error {
	ch := out.Challenge
	j := challengeJSON{Status: out.Status, Reason: out.Reason, ChallengeID: ch.ChallengeID, To: ch.To}
	if g := out.Game; g != nil {
		j.GameID, j.Color, j.Black, j.White = g.Game.GameID, g.YourColor, g.Game.Black.Name, g.Game.White.Name
	}
	if o.global.JSON {
		return printJSON(o.env.Out, j)
	}
	switch out.Status {
	case client.ChallengeAccepted:
		g := out.Game.Game
		fmt.Fprintf(o.env.Out, "game %d: %s (black) vs %s (white), %s%s\n", g.GameID, playerText(g.Black), playerText(g.White),
			settingsText(g.Rule, g.Size, g.Time, g.Rated), openingNote(g.Opening))
		if !o.Play {
			fmt.Fprintf(o.env.Err, "game %d started, you play %s: run `gomoku play` to play it%s\n", g.GameID, j.Color, clockNote(g.Time))
		}
	case client.ChallengeDeclined:
		fmt.Fprintf(o.env.Out, "%s declined the challenge\n", ch.To)
	case client.ChallengeExpired:
		fmt.Fprintf(o.env.Out, "the challenge to %s expired without an answer\n", ch.To)
	default:
		text := "the challenge to " + ch.To + " was cancelled"
		if out.Reason != "" {
			text += ": " + out.Reason
		}
		fmt.Fprintln(o.env.Out, text)
	}
	return nil
}
