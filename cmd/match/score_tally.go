package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gomokud/gomoku/engine/ai/arena"
)

// wdl counts wins, draws and losses.
type wdl struct{ W, D, L int }

func (r wdl) plus(o wdl) wdl { return wdl{r.W + o.W, r.D + o.D, r.L + o.L} }

func (r wdl) String() string { return fmt.Sprintf("%d-%d-%d", r.W, r.D, r.L) }

// tally is one engine's results, split by the colour it played.
type tally struct {
	black, white wdl
	opponents    map[string]bool
	pairs        pairTally
}

func newTally() tally { return tally{opponents: map[string]bool{}} }

func (t *tally) add(o tally) {
	t.black = t.black.plus(o.black)
	t.white = t.white.plus(o.white)
	t.pairs.add(o.pairs)
	for name := range o.opponents {
		t.opponents[name] = true
	}
}

// tallyGames scores the games for the player called name. A game it did not
// play, or played on both sides, is an error naming the game's position in
// the file, counted from 1, since GN restarts when c-gomoku-cli appends a
// second match to the same file.
func tallyGames(games []sgfGame, name string) (tally, error) {
	t := newTally()
	for i, g := range games {
		asBlack, asWhite := g.Black == name, g.White == name
		if asBlack == asWhite {
			return tally{}, fmt.Errorf("game %d (PB[%s] PW[%s]): %w %q on exactly one side",
				i+1, g.Black, g.White, errNotPlayer, name)
		}
		side, opponent := &t.white, g.Black
		if asBlack {
			side, opponent = &t.black, g.White
		}
		t.opponents[opponent] = true
		switch {
		case g.Outcome == draw:
			side.D++
		case (g.Outcome == blackWins) == asBlack:
			side.W++
		default:
			side.L++
		}
	}
	t.pairs = pairGames(games, name)
	return t, nil
}

// report prints the tally under a heading; the score and Elo come from
// arena.Elo, as cmd/match's own matches do, so the figures compare.
func (t tally) report(heading, name string) string {
	all := t.black.plus(t.white)
	var opps []string
	for o := range t.opponents {
		opps = append(opps, o)
	}
	sort.Strings(opps)
	score, elo, low, high := arena.Elo(all.W, all.D, all.L)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %s against %s, %d games\n", heading, name, strings.Join(opps, ", "), all.W+all.D+all.L)
	fmt.Fprintf(&sb, "  as black  W-D-L %s\n", t.black)
	fmt.Fprintf(&sb, "  as white  W-D-L %s\n", t.white)
	fmt.Fprintf(&sb, "  total     W-D-L %s  score %.1f%%\n", all, 100*score)
	fmt.Fprintf(&sb, "  Elo %+.0f (95%% CI %+.0f .. %+.0f)\n", unsigned0(elo), unsigned0(low), unsigned0(high))
	sb.WriteString(t.pairs.report())
	return sb.String()
}

// unsigned0 turns -0 (arena.Elo's figure for an even score) into 0, which
// prints as "+0" rather than "-0".
func unsigned0(x float64) float64 {
	if x == 0 {
		return 0
	}
	return x
}
