package main

import (
	"context"
	"errors"
	"fmt"
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
	authAccount             // the saved session; errNotLoggedIn without one
	authAny                 // the saved session, else a guest
)

// session is a connected client and the config it came from.
type session struct {
	c    *client.Client
	cfg  config.Config
	url  string
	sess protocol.Session // the server's session (zero with authNone)
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
	s := &session{c: c, cfg: cfg, url: url}
	if a == authNone {
		return s, nil
	}
	if cfg.Token != "" {
		sess, err := c.Resume(ctx, cfg.Token)
		if err == nil {
			s.sess = sess
			return s, nil
		}
		if client.Code(err) != protocol.CodeUnauthorized || a == authAccount {
			c.Close()
			if client.Code(err) == protocol.CodeUnauthorized {
				return nil, fmt.Errorf("the saved session is no longer valid: %w; log in again", err)
			}
			return nil, err
		}
	}
	sess, err := c.Guest(ctx, "")
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("enter as a guest: %w", err)
	}
	s.sess = sess
	return s, nil
}

// Close ends the connection.
func (s *session) Close() { s.c.Close() }

// end closes the connection. A guest is logged out first: the client keeps
// no guest token (only accounts' are saved), so nothing could resume the
// session, and the server would keep it for a day.
func (s *session) end() {
	if s.c.Me().Guest {
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
