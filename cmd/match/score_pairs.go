package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gomokud/gomoku/engine/ai/arena"
)

// pairTally scores a match by openings: c-gomoku-cli with -repeat plays
// each opening twice in a row, the engines swapping colours, and a pair's
// result says more than its two games do apart. Many openings are won by
// one colour whoever plays it (1-1 pairs), so the games' spread overstates
// the match's; arena.PairElo takes the pairs' spread instead.
type pairTally struct {
	points     [5]int // pairs by the engine's half points, 0 (lost both) to 4 (won both)
	whiteBoth  int    // pairs whose two games white won
	blackBoth  int    // pairs whose two games black won
	unpaired   int    // games with no partner
	hasOpening bool   // some game had a marked opening
}

func (p *pairTally) add(o pairTally) {
	for k := range p.points {
		p.points[k] += o.points[k]
	}
	p.whiteBoth += o.whiteBoth
	p.blackBoth += o.blackBoth
	p.unpaired += o.unpaired
	p.hasOpening = p.hasOpening || o.hasOpening
}

// pairGames pairs the games in file order: a game and the next one pair up
// when they have the same marked opening and the players swap colours;
// otherwise the first is left unpaired and the next may pair with the one
// after it. name is the engine scored.
func pairGames(games []sgfGame, name string) pairTally {
	var p pairTally
	for i := 0; i < len(games); i++ {
		a := games[i]
		p.hasOpening = p.hasOpening || len(a.Opening) > 0
		if i+1 == len(games) || !pairedWith(a, games[i+1]) {
			p.unpaired++
			continue
		}
		b := games[i+1]
		i++
		p.points[halfPoints(a, name)+halfPoints(b, name)]++
		switch {
		case a.Outcome == whiteWins && b.Outcome == whiteWins:
			p.whiteBoth++
		case a.Outcome == blackWins && b.Outcome == blackWins:
			p.blackBoth++
		}
	}
	return p
}

// pairedWith reports whether b is a's opening played again with the
// colours swapped.
func pairedWith(a, b sgfGame) bool {
	return len(a.Opening) > 0 && slices.Equal(a.Opening, b.Opening) &&
		a.Black == b.White && a.White == b.Black
}

// halfPoints is the game's result for the player called name, who played
// it, in half points: 0 lost, 1 drawn, 2 won.
func halfPoints(g sgfGame, name string) int {
	switch {
	case g.Outcome == draw:
		return 1
	case (g.Outcome == blackWins) == (g.Black == name):
		return 2
	}
	return 0
}

// report prints the pairs' lines of a tally; none when no game had a
// marked opening.
func (p pairTally) report() string {
	if !p.hasOpening {
		return ""
	}
	n := 0
	counts := make([]string, len(p.points))
	for k, c := range p.points {
		n += c
		counts[k] = fmt.Sprint(c)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "  pairs     %d openings by points 0/0.5/1/1.5/2: %s", n, strings.Join(counts, "/"))
	fmt.Fprintf(&sb, "; one colour won both: white %d, black %d", p.whiteBoth, p.blackBoth)
	if p.unpaired > 0 {
		fmt.Fprintf(&sb, "; %d games unpaired", p.unpaired)
	}
	sb.WriteString("\n")
	if n > 0 {
		_, elo, low, high := arena.PairElo(p.points)
		fmt.Fprintf(&sb, "  Elo by pairs %+.0f (95%% CI %+.0f .. %+.0f)\n", unsigned0(elo), unsigned0(low), unsigned0(high))
	}
	return sb.String()
}
