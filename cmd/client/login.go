package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

type loginOptions struct {
	global   *globalOptions
	env      *Env
	Username string
}

func newLoginCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &loginOptions{global: g, env: env}
	return &cobra.Command{
		Use:   "login [USERNAME]",
		Short: "Log in and keep the session token",
		Long: `Log in with your username and password (read without echo). The session token
and the server URL are saved in the config file; the password is not.`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.Username = args[0]
			}
			return runLogin(cmd.Context(), o)
		},
	}
}

func runLogin(ctx context.Context, o *loginOptions) error {
	name := o.Username
	if name == "" {
		cfg, _, err := o.global.load(o.env)
		if err != nil {
			return err
		}
		if name, err = askUsernameOr(ctx, o.env, cfg.Username); err != nil {
			return err
		}
	}
	name, err := askUsername(ctx, o.env, name)
	if err != nil {
		return err
	}
	pass, err := o.env.readPassword(ctx, "Password: ")
	if err != nil {
		return err
	}
	return withSession(ctx, o.global, o.env, authNone, func(ctx context.Context, s *session) error {
		sess, err := s.c.Login(ctx, name, pass)
		if err != nil {
			return fmt.Errorf("login: %w", err)
		}
		return saveSession(o.global, o.env, s, sess.Token, sess.Player.Name, "logged in as")
	})
}

// askUsernameOr asks for a username, offering the saved one: an empty
// answer takes it. Without a saved one it is askUsername's question.
func askUsernameOr(ctx context.Context, env *Env, saved string) (string, error) {
	if saved == "" {
		return "", nil
	}
	name, err := env.readLine(ctx, "Username ["+saved+"]: ")
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(name) == "" {
		return saved, nil
	}
	return name, nil
}
