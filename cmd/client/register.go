package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	accounts "github.com/gomokud/gomoku/auth"
)

type registerOptions struct {
	global   *globalOptions
	env      *Env
	Username string
}

func newRegisterCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &registerOptions{global: g, env: env}
	return &cobra.Command{
		Use:   "register [USERNAME]",
		Short: "Create an account on the server and log in",
		Long: `Create an account and log in. The username has 3 to 24 letters, digits, _ or -;
the password 8 to 128 characters. The password is read without echo and asked
twice. The session token is saved, so later commands need no password.`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.Username = args[0]
			}
			return runRegister(cmd.Context(), o)
		},
	}
}

func runRegister(ctx context.Context, o *registerOptions) error {
	env := o.env
	name, err := askNewUsername(ctx, env, o.Username)
	if err != nil {
		return err
	}
	pass, err := askNewPassword(ctx, env)
	if err != nil {
		return err
	}
	return withSession(ctx, o.global, env, authNone, func(ctx context.Context, s *session) error {
		sess, err := s.c.Register(ctx, name, pass)
		if err != nil {
			return fmt.Errorf("register: %w", err)
		}
		return saveSession(o.global, env, s, sess.Token, sess.Player.Name, "registered and logged in as")
	})
}

// askNewUsername returns a valid username: the given one, or one asked
// for, again after an invalid answer on a terminal. It is checked here,
// before the password is typed twice; the server checks again with the
// same rules.
func askNewUsername(ctx context.Context, env *Env, given string) (string, error) {
	for attempt := 1; ; attempt++ {
		name, err := askUsername(ctx, env, given)
		if err != nil {
			return "", err
		}
		err = accounts.ValidateUsername(name)
		if err == nil {
			return name, nil
		}
		if given != "" || !env.Terminal || attempt == maxAttempts {
			return "", fmt.Errorf("%w; nothing was registered", err)
		}
		fmt.Fprintf(env.Err, "%v; try again.\n", err)
	}
}

// askNewPassword asks for a valid password twice; on a terminal, again
// after an invalid one or two that differ. Scripts get the first error.
func askNewPassword(ctx context.Context, env *Env) (string, error) {
	for attempt := 1; ; attempt++ {
		pass, err := env.readPassword(ctx, "Password: ")
		if err != nil {
			return "", err
		}
		problem := accounts.ValidatePassword(pass)
		if problem == nil {
			again, err := env.readPassword(ctx, "Password again: ")
			if err != nil {
				return "", err
			}
			if pass == again {
				return pass, nil
			}
			problem = errors.New("the passwords differ")
		}
		if !env.Terminal || attempt == maxAttempts {
			return "", fmt.Errorf("%w; nothing was registered", problem)
		}
		fmt.Fprintf(env.Err, "%v; try again.\n", problem)
	}
}

// askUsername returns the given name or prompts for one.
func askUsername(ctx context.Context, env *Env, name string) (string, error) {
	if name == "" {
		var err error
		if name, err = env.readLine(ctx, "Username: "); err != nil {
			return "", err
		}
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return "", errors.New("no username given")
	}
	return name, nil
}

// saveSession keeps the token and the server in the config and says so.
func saveSession(g *globalOptions, env *Env, s *session, token, name, verb string) error {
	cfg := s.cfg
	cfg.Server, cfg.Token, cfg.Username = s.url, token, name
	if err := g.save(cfg); err != nil {
		return err
	}
	if g.JSON {
		return printJSON(env.Out, map[string]string{"username": name, "server": s.url})
	}
	fmt.Fprintf(env.Out, "%s %s on %s\n", verb, name, s.url)
	return nil
}
