package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"
)

type profileOptions struct {
	global *globalOptions
	env    *Env
	Name   string
}

func newProfileCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &profileOptions{global: g, env: env}
	return &cobra.Command{
		Use:   "profile [NAME]",
		Short: "Show a player's rating and record (yours without NAME)",
		Args:  cobra.MaximumNArgs(1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completePlayers(cmd.Context(), g, env), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.Name = args[0]
			}
			return runProfile(cmd.Context(), o)
		},
	}
}

func runProfile(ctx context.Context, o *profileOptions) error {
	a := authAccount
	if o.Name != "" {
		a = authAny
	}
	return withSession(ctx, o.global, o.env, a, func(ctx context.Context, s *session) error {
		p, err := s.c.Profile(ctx, o.Name)
		if err != nil {
			return err
		}
		if o.global.JSON {
			return printJSON(o.env.Out, p)
		}
		last := "never"
		if p.LastLoginAt != nil {
			last = dateText(*p.LastLoginAt)
		}
		rows := [][]string{
			{"name:", p.Name},
			{"status:", p.Status},
			{"rating:", fmt.Sprintf("%d, RD %d (%s)", p.Rating, p.RD, count(p.RatedGames, "rated game"))},
			{"games:", fmt.Sprintf("%d: %s, %s, %s", p.Games, count(p.Wins, "win"), count(p.Losses, "loss"), count(p.Draws, "draw"))},
			{"registered:", dateText(p.CreatedAt)},
			{"last login:", last},
		}
		for _, r := range p.Ratings {
			rows = append(rows, []string{r.Rule + ":", fmt.Sprintf("%d, RD %d (%s)", r.Rating, r.RD, count(r.RatedGames, "rated game"))})
		}
		return table(o.env.Out, rows)
	})
}
