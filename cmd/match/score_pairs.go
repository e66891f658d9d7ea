package main

import (
	"fmt"
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

// pairGames pairs the games: a game pairs with the first game after it
// that has the same marked opening, the players' colours swapped, and no
// partner yet. c-gomoku-cli with -repeat writes the two one after the
// other, or a little apart when it plays games at once (-concurrency). A
// game with no partner is counted as unpaired. name is the engine scored.
func pairGames(games []sgfGame, name string) pairTally {
	var p pairTally
	waiting := map[string][]sgfGame{} // unpaired games by pairKey, oldest first
	for _, g := range games {
		if len(g.Opening) == 0 {
			p.unpaired++
			continue
		}
		p.hasOpening = true
		partner := pairKey(g.Opening, g.White, g.Black)
		if len(waiting[partner]) == 0 {
			own := pairKey(g.Opening, g.Black, g.White)
			waiting[own] = append(waiting[own], g)
			continue
		}
		a := waiting[partner][0]
		waiting[partner] = waiting[partner][1:]
		p.points[halfPoints(a, name)+halfPoints(g, name)]++
		switch {
		case a.Outcome == whiteWins && g.Outcome == whiteWins:
			p.whiteBoth++
		case a.Outcome == blackWins && g.Outcome == blackWins:
			p.blackBoth++
		}
	}
	for _, w := range waiting {
		p.unpaired += len(w)
	}
	return p
}

// pairKey identifies a game awaiting its partner: its opening and players.
func pairKey(opening []string, black, white string) string {
	return strings.Join(opening, " ") + "\x00" + black + "\x00" + white
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
