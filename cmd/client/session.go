package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/client/config"
	"github.com/gomokud/gomoku/protocol"
)

// clientName is sent in hello.
const clientName = "gomoku-cli/1.0"

// errNotLoggedIn is returned by commands that need an account.
var errNotLoggedIn = errors.New(`not logged in: run "gomoku login" (or "gomoku register") first`)

// auth says what a command needs before it runs.
type auth int

const (
	authNone    auth = iota // hello only (register, login)
	authAccount             // the saved account session; errNotLoggedIn without one
	// authAny is the saved account session, else the saved guest session,
	// else a passing guest, logged out when the command ends (commands
	// that only read: who, show, leaderboard...).
	authAny
	// authPlayer is authAny, but a new guest session is saved, so that a
	// game it starts can be resumed by a later "gomoku play".
	authPlayer
)

// session is a connected client and the config it came from.
type session struct {
	c    *client.Client
	cfg  config.Config
	url  string
	g    *globalOptions
	sess protocol.Session // the server's session (zero with authNone)
	// passing is a guest session saved nowhere: nothing could resume it,
	// so it is logged out at the end instead of lingering on the server.
	passing bool
	// cfgMu orders the TUI's writes of cfg (settings, a new guest), made
	// off its UI loop.
	cfgMu sync.Mutex
}

// connect dials the server of the options and logs in as a says.
func connect(ctx context.Context, g *globalOptions, env *Env, a auth, opts client.Options) (*session, error) {
	cfg, url, err := g.load(env)
	if err != nil {
		return nil, err
	}
	if a == authAccount && cfg.Token == "" {
		return nil, errNotLoggedIn
	}
	if opts.Name == "" {
		opts.Name = clientName
	}
	if opts, err = g.withTLS(env, opts); err != nil {
		return nil, err
	}
	c, err := client.Dial(ctx, url, opts)
	if err != nil {
		return nil, err
	}
	s := &session{c: c, cfg: cfg, url: url, g: g}
	if a == authNone {
		return s, nil
	}
	if err := s.login(ctx, a); err != nil {
		c.Close()
		return nil, err
	}
	return s, nil
}

// login enters with the saved account session, else (unless a needs an
// account) the saved guest session, else a new guest.
func (s *session) login(ctx context.Context, a auth) error {
	if s.cfg.Token != "" {
		ok, err := s.resume(ctx, s.cfg.Token)
		switch {
		case ok || err != nil:
			return err
		case a == authAccount:
			return errSessionEnded
		}
	}
	if a == authAccount {
		return errNotLoggedIn
	}
	if tok := s.cfg.Guest(s.url); tok != "" {
		if ok, err := s.resume(ctx, tok); ok || err != nil {
			return err
		}
		if err := s.saveGuest("", ""); err != nil { // expired: forget it
			return err
		}
	}
	return s.newGuest(ctx, "", a == authPlayer)
}

// errSessionEnded is a saved account session the server no longer knows.
var errSessionEnded = errors.New(`the saved session has ended (it expired, or you logged out elsewhere): run "gomoku login"`)

// resume enters with a saved token: false (and no error) when the server
// no longer knows it.
func (s *session) resume(ctx context.Context, token string) (bool, error) {
	sess, err := s.c.Resume(ctx, token)
	switch {
	case err == nil:
		s.sess = sess
		return true, nil
	case client.Code(err) == protocol.CodeUnauthorized:
		return false, nil
	}
	return false, err
}

// newGuest enters as a new guest (wish: the name asked for), saved in the
// config when save is set, else passing.
func (s *session) newGuest(ctx context.Context, wish string, save bool) error {
	sess, err := s.c.Guest(ctx, wish)
	if err != nil {
		return fmt.Errorf("enter as a guest: %w", err)
	}
	s.sess, s.passing = sess, !save
	if save {
		return s.saveGuest(sess.Token, sess.Player.Name)
	}
	return nil
}

// saveGuest keeps (or, with an empty token, forgets) the guest session in
// the config file.
func (s *session) saveGuest(token, name string) error {
	s.cfgMu.Lock()
	defer s.cfgMu.Unlock()
	s.cfg.SetGuest(s.url, token, name)
	return s.g.save(s.cfg)
}

// Close ends the connection.
func (s *session) Close() { s.c.Close() }

// end closes the connection. A passing guest is logged out first: nothing
// could resume its session, and the server would keep it for a day. A
// saved one is kept, to be resumed by the next run.
func (s *session) end() {
	if s.passing && s.c.Me().Guest {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_ = s.c.Logout(ctx)
		cancel()
	}
	s.c.Close()
}

// withSession is the frame of the commands that send one request and print
// its answer: it connects as a says, runs fn with its requests bounded by
// withTimeout, and closes the connection after.
func withSession(ctx context.Context, g *globalOptions, env *Env, a auth, fn func(context.Context, *session) error) error {
	s, err := connect(ctx, g, env, a, client.Options{})
	if err != nil {
		return err
	}
	defer s.end()
	ctx, cancel := withTimeout(ctx)
	defer cancel()
	return fn(ctx, s)
}

// withTimeout bounds a scriptable command's requests.
func withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, 30*time.Second)
}
