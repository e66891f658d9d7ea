package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"
)

type leaderboardOptions struct {
	global *globalOptions
	env    *Env
	Limit  int
	Rule   string
}

func newLeaderboardCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &leaderboardOptions{global: g, env: env}
	cmd := &cobra.Command{
		Use:   "leaderboard",
		Short: "Show the best rated players",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runLeaderboard(cmd.Context(), o)
		},
	}
	cmd.Flags().IntVar(&o.Limit, "limit", 20, "how many players, up to 200 (0: the server's default, 50)")
	cmd.Flags().StringVar(&o.Rule, "rule", "freestyle", "the rule's board: freestyle, standard, renju or caro")
	_ = cmd.RegisterFlagCompletionFunc("rule", cobra.FixedCompletions([]string{"freestyle", "standard", "renju", "caro"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

func runLeaderboard(ctx context.Context, o *leaderboardOptions) error {
	return withSession(ctx, o.global, o.env, authAny, func(ctx context.Context, s *session) error {
		lb, err := s.c.Leaderboard(ctx, o.Rule, o.Limit)
		if err != nil {
			return err
		}
		if o.global.JSON {
			return printJSON(o.env.Out, lb)
		}
		rows := [][]string{{"#", "PLAYER", "RATING", "RD", "GAMES", "WINS", "LOSSES", "DRAWS"}}
		for i, p := range lb.Players {
			rows = append(rows, []string{fmt.Sprint(i + 1), p.Name, fmt.Sprint(p.Rating), fmt.Sprint(p.RD),
				fmt.Sprint(p.Games), fmt.Sprint(p.Wins), fmt.Sprint(p.Losses), fmt.Sprint(p.Draws)})
		}
		return table(o.env.Out, rows)
	})
}
