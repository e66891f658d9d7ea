package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/protocol"
)

type gamesOptions struct {
	global *globalOptions
	env    *Env
	Name   string
	Limit  int
	Offset int
}

func newGamesCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &gamesOptions{global: g, env: env}
	cmd := &cobra.Command{
		Use:   "games [NAME]",
		Short: "List your games (or another player's), newest first",
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
			return runGames(cmd.Context(), o)
		},
	}
	cmd.Flags().IntVar(&o.Limit, "limit", 20, "at most this many games (up to 200)")
	cmd.Flags().IntVar(&o.Offset, "offset", 0, "skip this many of the newest games")
	return cmd
}

func runGames(ctx context.Context, o *gamesOptions) error {
	a := authAccount
	if o.Name != "" {
		a = authAny
	}
	return withSession(ctx, o.global, o.env, a, func(ctx context.Context, s *session) error {
		h, err := s.c.History(ctx, o.Name, o.Limit, o.Offset)
		if err != nil {
			return err
		}
		if o.global.JSON {
			return printJSON(o.env.Out, h)
		}
		if len(h.Games) == 0 {
			fmt.Fprintf(o.env.Out, "no games for %s\n", h.Name)
			return nil
		}
		return table(o.env.Out, historyRows(h.Name, h.Games))
	})
}

// historyRows lists games as who played them: the opponent, who's colour
// and result.
func historyRows(who string, games []protocol.GameSummary) [][]string {
	rows := [][]string{{"GAME", "DATE", "OPPONENT", "COLOR", "SETTINGS", "MOVES", "RESULT"}}
	for _, g := range games {
		color, opp := "black", g.White
		if strings.EqualFold(g.White.Name, who) {
			color, opp = "white", g.Black
		}
		rows = append(rows, []string{fmt.Sprint(g.GameID), shortDate(g.StartedAt), playerText(opp), color,
			settingsText(g.Rule, g.Size, g.Time, g.Rated), fmt.Sprint(g.Plies), outcomeText(g.Result, color)})
	}
	return rows
}

// outcomeText is a result for the player of color: "won by five", "lost
// by resignation", "draw by agreement", "aborted", "running".
func outcomeText(r *protocol.Result, color string) string {
	switch {
	case r == nil:
		return "running"
	case r.Reason == "aborted":
		return "aborted"
	case r.Winner == "":
		return "draw " + reasonPhrase(r.Reason)
	case r.Winner == color:
		return "won " + reasonPhrase(r.Reason)
	}
	return "lost " + reasonPhrase(r.Reason)
}

// shortDate is "11-23 08:34" this year, "2025-11-23" before.
func shortDate(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	t = t.Local()
	if t.Year() == time.Now().Year() {
		return t.Format("01-02 15:04")
	}
	return t.Format("2006-01-02")
}
