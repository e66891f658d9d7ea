package main

import (
	"strings"
	"testing"
)

// TestPairGames: a game pairs with the next one when they share the marked
// opening and swap colours, and the pairs are scored for the named engine.
func TestPairGames(t *testing.T) {
	o1, o2 := []string{"bhh", "whi", "bii"}, []string{"bhh", "whi", "bjj"}
	g := func(black, white string, out outcome, opening []string) sgfGame {
		return sgfGame{Black: black, White: white, Outcome: out, Opening: opening}
	}
	tests := []struct {
		name     string
		games    []sgfGame
		points   [5]int
		wb, bb   int // white won both, black won both
		unpaired int
	}{
		{"won both", []sgfGame{g("us", "them", blackWins, o1), g("them", "us", whiteWins, o1)}, [5]int{0, 0, 0, 0, 1}, 0, 0, 0},
		{"white won both", []sgfGame{g("us", "them", whiteWins, o1), g("them", "us", whiteWins, o1)}, [5]int{0, 0, 1, 0, 0}, 1, 0, 0},
		{"black won both, then a draw and a loss", []sgfGame{
			g("them", "us", blackWins, o1), g("us", "them", blackWins, o1),
			g("us", "them", draw, o2), g("them", "us", blackWins, o2)}, [5]int{0, 1, 1, 0, 0}, 0, 1, 0},
		{"another opening", []sgfGame{g("us", "them", blackWins, o1), g("them", "us", whiteWins, o2)}, [5]int{}, 0, 0, 2},
		{"colours not swapped", []sgfGame{g("us", "them", blackWins, o1), g("us", "them", whiteWins, o1)}, [5]int{}, 0, 0, 2},
		{"no marked opening", []sgfGame{g("us", "them", blackWins, nil), g("them", "us", whiteWins, nil)}, [5]int{}, 0, 0, 2},
		{"a lone game, then a pair", []sgfGame{
			g("us", "them", blackWins, o2),
			g("us", "them", draw, o1), g("them", "us", draw, o1)}, [5]int{0, 0, 1, 0, 0}, 0, 0, 1},
		{"two matches' pairs interleaved, as games played at once finish", []sgfGame{
			g("us", "them", blackWins, o1), g("us", "them", blackWins, o2),
			g("them", "us", blackWins, o2), g("them", "us", whiteWins, o1),
			g("us", "them", whiteWins, o1), g("them", "us", whiteWins, o1)}, [5]int{0, 0, 2, 0, 1}, 1, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := pairGames(tt.games, "us")
			if p.points != tt.points || p.whiteBoth != tt.wb || p.blackBoth != tt.bb || p.unpaired != tt.unpaired {
				t.Errorf("got points %v, white both %d, black both %d, unpaired %d; want %v, %d, %d, %d",
					p.points, p.whiteBoth, p.blackBoth, p.unpaired, tt.points, tt.wb, tt.bb, tt.unpaired)
			}
		})
	}
}

// TestPairReport: no pairs' lines for games with no marked opening, and
// the unpaired games named when there are some.
func TestPairReport(t *testing.T) {
	if r := pairGames([]sgfGame{{Black: "us", White: "them", Outcome: draw}}, "us").report(); r != "" {
		t.Errorf("no opening: %q, want nothing", r)
	}
	op := []string{"bhh"}
	r := pairGames([]sgfGame{
		{Black: "us", White: "them", Outcome: blackWins, Opening: op},
		{Black: "them", White: "us", Outcome: whiteWins, Opening: op},
		{Black: "us", White: "them", Outcome: draw, Opening: op},
	}, "us").report()
	for _, want := range []string{"1 openings by points 0/0.5/1/1.5/2: 0/0/0/0/1", "1 games unpaired", "Elo by pairs"} {
		if !strings.Contains(r, want) {
			t.Errorf("report %q lacks %q", r, want)
		}
	}
}
