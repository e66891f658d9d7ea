package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// The account basics: passwd, delete-account, block, unblock, blocks.

type accountOptions struct {
	global *globalOptions
	env    *Env
	Yes    bool // delete-account: no question
}

func newPasswdCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &accountOptions{global: g, env: env}
	return &cobra.Command{
		Use:   "passwd",
		Short: "Change your password",
		Long: `Change your account's password: asks for the current one, then the new one
twice (8 to 128 characters). The saved session stays valid.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runPasswd(cmd.Context(), o) },
	}
}

func runPasswd(ctx context.Context, o *accountOptions) error {
	old, err := o.env.readPassword(ctx, "Current password: ")
	if err != nil {
		return err
	}
	pass, err := askNewPassword(ctx, o.env)
	if err != nil {
		return errors.New(strings.Replace(err.Error(), "nothing was registered", "the password is unchanged", 1))
	}
	return withSession(ctx, o.global, o.env, authAccount, func(ctx context.Context, s *session) error {
		if err := s.c.ChangePassword(ctx, old, pass); err != nil {
			return fmt.Errorf("passwd: %w", err)
		}
		fmt.Fprintln(o.env.Out, "password changed")
		return nil
	})
}

func newDeleteAccountCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &accountOptions{global: g, env: env}
	cmd := &cobra.Command{
		Use:   "delete-account",
		Short: "Delete your account",
		Long: `Delete your account for good, after asking for your password. Your games stay,
with their results, under an anonymous name ("deleted:ID"); your name is free
again; the saved session is forgotten.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runDeleteAccount(cmd.Context(), o) },
	}
	cmd.Flags().BoolVar(&o.Yes, "yes", false, "do not ask to confirm (the password is asked all the same)")
	return cmd
}

func runDeleteAccount(ctx context.Context, o *accountOptions) error {
	cfg, _, err := o.global.load(o.env)
	if err != nil {
		return err
	}
	if cfg.Token == "" {
		return errNotLoggedIn
	}
	if !o.Yes {
		answer, err := o.env.readLine(ctx, fmt.Sprintf("Delete the account %s for good? Type its name to confirm: ", cfg.Username))
		if err != nil {
			return err
		}
		if !strings.EqualFold(strings.TrimSpace(answer), cfg.Username) {
			return errors.New("not confirmed: nothing was deleted")
		}
	}
	pass, err := o.env.readPassword(ctx, "Password: ")
	if err != nil {
		return err
	}
	err = withSession(ctx, o.global, o.env, authAccount, func(ctx context.Context, s *session) error {
		return s.c.DeleteAccount(ctx, pass)
	})
	if err != nil {
		return fmt.Errorf("delete-account: %w", err)
	}
	cfg.Token, cfg.Username = "", ""
	if err := o.global.save(cfg); err != nil {
		return err
	}
	fmt.Fprintln(o.env.Out, "account deleted")
	return nil
}

// newBlockCmd is block (on) or unblock (off).
func newBlockCmd(g *globalOptions, env *Env, on bool) *cobra.Command {
	use, short := "block NAME", "Stop a player's challenges and lobby chat reaching you"
	if !on {
		use, short = "unblock NAME", "Lift a block"
	}
	return &cobra.Command{
		Use:   use,
		Short: short,
		Args:  cobra.ExactArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completePlayers(cmd.Context(), g, env), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return withSession(cmd.Context(), g, env, authAccount, func(ctx context.Context, s *session) error {
				send, done := s.c.Block, "blocked"
				if !on {
					send, done = s.c.Unblock, "unblocked"
				}
				if err := send(ctx, args[0]); err != nil {
					return err
				}
				fmt.Fprintln(env.Out, done, args[0])
				return nil
			})
		},
	}
}

func newBlocksCmd(g *globalOptions, env *Env) *cobra.Command {
	return &cobra.Command{
		Use:   "blocks",
		Short: "List the players you block",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withSession(cmd.Context(), g, env, authAccount, func(ctx context.Context, s *session) error {
				names, err := s.c.Blocks(ctx)
				if err != nil {
					return err
				}
				if g.JSON {
					return printJSON(env.Out, names)
				}
				if len(names) == 0 {
					fmt.Fprintln(env.Out, "you block no one")
				}
				for _, n := range names {
					fmt.Fprintln(env.Out, n)
				}
				return nil
			})
		},
	}
}
