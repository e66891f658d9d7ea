package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/protocol"
)

type whoOptions struct {
	global *globalOptions
	env    *Env
}

func newWhoCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &whoOptions{global: g, env: env}
	return &cobra.Command{
		Use:   "who",
		Short: "List the players online, the bots and the running games",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runWho(cmd.Context(), o)
		},
	}
}

func runWho(ctx context.Context, o *whoOptions) error {
	return withSession(ctx, o.global, o.env, authAny, func(ctx context.Context, s *session) error {
		lobby, err := s.c.Lobby(ctx)
		if err != nil {
			return err
		}
		if o.global.JSON {
			return printJSON(o.env.Out, lobby)
		}
		if s.passing {
			// A guest only to ask: not a player to list.
			lobby.Players = slices.DeleteFunc(lobby.Players, func(p protocol.Player) bool { return p.Name == s.c.Me().Name })
			return printLobby(o.env, lobby, "")
		}
		return printLobby(o.env, lobby, s.c.Me().Name)
	})
}

func printLobby(env *Env, l protocol.Lobby, me string) error {
	rows := [][]string{{"PLAYER", "KIND", "STATUS", "RATING", "IN GAME"}}
	for _, p := range append(append([]protocol.Player{}, l.Players...), l.Bots...) {
		name := p.Name
		if name == me {
			name += " (you)"
		}
		rating := "-"
		if p.Rating > 0 {
			rating = fmt.Sprint(p.Rating)
		}
		var games []string
		for _, id := range p.Games {
			games = append(games, fmt.Sprint(id)) // numbers as in the GAME column below
		}
		rows = append(rows, []string{name, p.Kind, p.Status, rating, strings.Join(games, ",")})
	}
	if err := table(env.Out, rows); err != nil {
		return err
	}
	if len(l.Games) > 0 {
		fmt.Fprintln(env.Out)
		rows = [][]string{{"GAME", "BLACK", "WHITE", "SETTINGS", "MOVES"}}
		for _, g := range l.Games {
			rows = append(rows, []string{fmt.Sprint(g.GameID), playerText(g.Black), playerText(g.White),
				settingsText(g.Rule, g.Size, g.Time, g.Rated), fmt.Sprint(g.Plies)})
		}
		if err := table(env.Out, rows); err != nil {
			return err
		}
	}
	for _, c := range l.Challenges {
		fmt.Fprintf(env.Out, "challenge %d: %s -> %s, %s\n", c.ChallengeID, c.From, c.To,
			settingsText(c.Settings.Rule, c.Settings.Size, c.Settings.Time, c.Settings.Rated))
	}
	return nil
}
