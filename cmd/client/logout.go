package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

type logoutOptions struct {
	global *globalOptions
	env    *Env
}

func newLogoutCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &logoutOptions{global: g, env: env}
	return &cobra.Command{
		Use:   "logout",
		Short: "End the session on the server and forget its token",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runLogout(cmd.Context(), o)
		},
	}
}

// runLogout invalidates the saved sessions (the account's, and a guest's)
// on the server, then forgets them locally even when the server could not
// be told (the tokens are then only stale).
func runLogout(ctx context.Context, o *logoutOptions) error {
	cfg, url, err := o.global.load(o.env)
	if err != nil {
		return err
	}
	var names []string
	var serverErr error
	for _, tok := range []struct{ token, name string }{{cfg.Token, cfg.Username}, {cfg.Guest(url), cfg.GuestName}} {
		if tok.token == "" {
			continue
		}
		serverErr = errors.Join(serverErr, logoutToken(ctx, o, tok.token))
		names = append(names, tok.name)
	}
	if len(names) == 0 {
		fmt.Fprintln(o.env.Out, "not logged in")
		return nil
	}
	cfg.Token, cfg.Username = "", ""
	cfg.SetGuest("", "", "")
	if err := o.global.save(cfg); err != nil {
		return err
	}
	if serverErr != nil {
		fmt.Fprintf(o.env.Err, "warning: the server was not told (%v); the token is forgotten here\n", serverErr)
	}
	fmt.Fprintf(o.env.Out, "logged out %s\n", strings.Join(names, " and "))
	return nil
}

// logoutToken ends the session of a token on the server. An expired one is
// ended already.
func logoutToken(ctx context.Context, o *logoutOptions, token string) error {
	return withSession(ctx, o.global, o.env, authNone, func(ctx context.Context, s *session) error {
		ok, err := s.resume(ctx, token)
		if !ok || err != nil {
			return err
		}
		return s.c.Logout(ctx)
	})
}
