package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/engine/ai/openbook"
	"github.com/gomokud/gomoku/engine/opening"
)

// runOpenings plays level A against itself through each opening rule
// named in o.openings (its usual rule: swap2 under o.rule, the renju
// openings under renju) and prints, per rule, the illegal actions found and
// black's and white's scores.
func runOpenings(ctx context.Context, out io.Writer, o matchOptions) error {
	level, err := ai.ParseLevel(o.a)
	if err != nil {
		return err
	}
	rule, err := engine.ParseRule(o.rule)
	if err != nil {
		return err
	}
	ai.Warm()
	for _, name := range strings.Split(o.openings, ",") {
		k, err := opening.ParseKind(name)
		if err != nil {
			return err
		}
		r, size := rule, o.size
		if k == opening.Soosorv8 || k == opening.Taraguchi10 {
			r, size = engine.Renju, opening.RenjuSize
		}
		sp := openbook.SelfPlay{Kind: k, Rule: r, Size: size, Level: level, MoveTime: o.moveTime, Games: o.games,
			Jobs: o.jobs, Seed: o.seed}
		sp.Progress = func(g openbook.SelfPlayGame) {
			if g.Err != nil {
				fmt.Fprintf(out, "%s game %d: ILLEGAL: %v (opening %s)\n", k, g.Index+1, g.Err, strings.Join(g.Actions, ", "))
			} else if o.verbose {
				fmt.Fprintf(out, "%s game %3d: winner %-5s after %3d moves; first player %s; %s\n", k, g.Index+1,
					g.Winner, g.Moves, g.First, strings.Join(g.Actions, ", "))
			}
		}
		res := sp.Run(ctx)
		fmt.Fprintf(out, "%-12s %-9s %s: %d games, %d illegal; black %d, white %d, draws %d: black scores %.1f%%, white %.1f%%; first player won %d\n",
			k, r, level, res.Games, res.Illegal, res.BlackWins, res.WhiteWins, res.Draws,
			100*res.BlackScore(), 100*(1-res.BlackScore()), res.FirstWins)
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}
