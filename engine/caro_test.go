package engine

import (
	"strings"
	"testing"
)

// TestCaroWin judges the last stone of each diagram (marked by "<- p") under
// every rule: caro wins only with exactly five not blocked at both ends by
// the opponent; the board's edge does not block.
func TestCaroWin(t *testing.T) {
	for _, tc := range []struct {
		name    string
		diagram string
		p       string
		win     map[Rule]bool // missing rules: same as freestyle
	}{
		{"open five", `
. . . . . . . . .
. . x x x x x . .   <- e8
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .`, "e8", map[Rule]bool{Freestyle: true, Standard: true, Renju: true, Caro: true}},
		{"blocked at one end", `
. . . . . . . . .
. o x x x x x . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .`, "e8", map[Rule]bool{Freestyle: true, Standard: true, Renju: true, Caro: true}},
		{"blocked at both ends", `
. . . . . . . . .
. o x x x x x o .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .`, "e8", map[Rule]bool{Freestyle: true, Standard: true, Renju: true, Caro: false}},
		{"own stone is not a block: overline", `
. . . . . . . . .
. o x x x x x x .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .`, "e8", map[Rule]bool{Freestyle: true, Standard: false, Renju: false, Caro: false}},
		{"edge and opponent", `
. . . . . . . . .
x x x x x o . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .`, "c8", map[Rule]bool{Freestyle: true, Standard: true, Renju: true, Caro: true}},
		{"diagonal blocked both ends", `
. . . . . . . . .
. . . . . . . o .
. . . . . . x . .
. . . . . x . . .
. . . . x . . . .
. . . x . . . . .
. . x . . . . . .
. o . . . . . . .
. . . . . . . . .`, "e5", map[Rule]bool{Freestyle: true, Standard: true, Renju: true, Caro: false}},
		{"diagonal against the edge", `
. . . . . . . . x
. . . . . . . x .
. . . . . . x . .
. . . . . x . . .
. . . . x . . . .
. . . o . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .`, "e5", map[Rule]bool{Freestyle: true, Standard: true, Renju: true, Caro: true}},
		{"white blocked five, white's turn irrelevant", `
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
x o o o o o x . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .`, "d5", map[Rule]bool{Freestyle: true, Standard: true, Renju: true, Caro: false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := mustBoard(t, strings.TrimSpace(tc.diagram))
			p := mustPoint(t, tc.p, b.Size())
			for _, r := range Rules {
				if got := b.Win(p, r); got != tc.win[r] {
					t.Errorf("%s: Win(%s) = %v, want %v\n%s", r, tc.p, got, tc.win[r], b)
				}
				line, ok := b.WinningLine(p, r)
				if ok != tc.win[r] || (ok && len(line) < 5) {
					t.Errorf("%s: WinningLine = %v, %v", r, line, ok)
				}
			}
		})
	}
}

// A blocked five does not end a caro game; the game goes on, and a later
// unblocked five elsewhere wins.
func TestCaroGame(t *testing.T) {
	g := newGame(t, 15, Caro)
	// White blocks a1 side first; black's five b1-f1 with white on a1 and g1.
	play(t, g, "b1", "a1", "c1", "g1", "d1", "o15", "e1", "o14", "f1")
	if g.Over() {
		t.Fatalf("blocked five ended the game: %+v", g.Result())
	}
	play(t, g, "o13", "h8", "o12", "h9", "a15", "h10", "a14", "h11", "a13", "h12")
	if r := g.Result(); r.Winner != Black || r.Reason != ReasonFive || len(r.Line) != 5 {
		t.Fatalf("open five: %+v", r)
	}
}

func TestParseRuleNames(t *testing.T) {
	for _, r := range Rules {
		got, err := ParseRule(r.String())
		if err != nil || got != r || !r.Valid() {
			t.Errorf("ParseRule(%q) = %v, %v", r.String(), got, err)
		}
	}
	if Rule(len(Rules)).Valid() {
		t.Errorf("Rule(%d) is valid", len(Rules))
	}
	if got, _ := ParseRule(" CARO "); got != Caro {
		t.Errorf("ParseRule(CARO) = %v", got)
	}
}
