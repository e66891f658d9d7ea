package main

import (
	"context"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/client/tui"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/protocol"
)

type showOptions struct {
	global *globalOptions
	env    *Env
	GameID int64
}

func newShowCmd(g *globalOptions, env *Env) *cobra.Command {
	o := &showOptions{global: g, env: env}
	return &cobra.Command{
		Use:               "show GAME",
		Short:             "Print a game's final board and its record",
		Example:           "  gomoku show 42",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeGames(g, env),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := parseGameID(args[0])
			if err != nil {
				return err
			}
			o.GameID = id
			return runShow(cmd.Context(), o)
		},
	}
}

// parseGameID reads a game number ("42" or "#42").
func parseGameID(s string) (int64, error) {
	if len(s) > 0 && s[0] == '#' {
		s = s[1:]
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, fmt.Errorf("%q is not a game number", s)
	}
	return id, nil
}

// showJSON is show's --json output.
type showJSON struct {
	GameID int64    `json:"game_id"`
	Black  string   `json:"black"`
	White  string   `json:"white"`
	Rule   string   `json:"rule"`
	Size   int      `json:"size"`
	Moves  []string `json:"moves"`
	Result string   `json:"result"`
	Record string   `json:"record"`
}

func runShow(ctx context.Context, o *showOptions) error {
	return withSession(ctx, o.global, o.env, authAny, func(ctx context.Context, s *session) error {
		rec, err := s.c.Record(ctx, o.GameID, protocol.FormatText)
		if err != nil {
			return err
		}
		r, err := engine.ParseText([]byte(rec.Data))
		if err != nil {
			return fmt.Errorf("game %d: the server's record: %w", o.GameID, err)
		}
		if o.global.JSON {
			out := showJSON{GameID: o.GameID, Black: r.Black, White: r.White, Rule: r.Rule.String(), Size: r.Size,
				Result: recordResult(r.Result), Record: rec.Data, Moves: []string{}}
			for _, p := range r.Points() {
				out.Moves = append(out.Moves, p.String())
			}
			return printJSON(o.env.Out, out)
		}
		g, err := engine.Replay(engine.Options{Size: r.Size, Rule: r.Rule}, r.Points())
		if err != nil {
			return fmt.Errorf("game %d: replay: %w", o.GameID, err)
		}
		v := tui.BoardView{Board: g.Board(), Last: engine.NoPoint}
		if m, ok := g.LastMove(); ok {
			v.Last = m.Point
		}
		fmt.Fprintf(o.env.Out, "Game %d: %s (black) vs %s (white), %s %dx%d, %s\n\n", o.GameID, r.Black, r.White,
			r.Rule, r.Size, r.Size, recordResult(r.Result))
		fmt.Fprintln(o.env.Out, v.Render(tui.PlainStyles()))
		fmt.Fprintln(o.env.Out)
		_, err = fmt.Fprint(o.env.Out, rec.Data)
		return err
	})
}

func recordResult(r engine.RecordResult) string {
	switch {
	case r.Reason == engine.ReasonNone:
		return "unfinished"
	case r.Reason == engine.ReasonAborted:
		return "aborted"
	case r.Winner == engine.Empty:
		return "draw " + reasonPhrase(r.Reason.String())
	}
	return fmt.Sprintf("%s wins %s", r.Winner, reasonPhrase(r.Reason.String()))
}
