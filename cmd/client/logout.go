package main

import (
	"context"
	"fmt"

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

// runLogout invalidates the token on the server, then forgets it locally
// even when the server could not be told (the token is then only stale).
func runLogout(ctx context.Context, o *logoutOptions) error {
	cfg, _, err := o.global.load(o.env)
	if err != nil {
		return err
	}
	if cfg.Token == "" {
		fmt.Fprintln(o.env.Out, "not logged in")
		return nil
	}
	serverErr := withSession(ctx, o.global, o.env, authAccount, func(ctx context.Context, s *session) error {
		return s.c.Logout(ctx)
	})
	name := cfg.Username
	cfg.Token, cfg.Username = "", ""
	if err := o.global.save(cfg); err != nil {
		return err
	}
	if serverErr != nil {
		fmt.Fprintf(o.env.Err, "warning: the server was not told (%v); the token is forgotten here\n", serverErr)
	}
	fmt.Fprintf(o.env.Out, "logged out %s\n", name)
	return nil
}
