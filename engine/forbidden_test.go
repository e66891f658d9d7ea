package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// Golden renju positions on small boards (the rules do not depend on the
// board size; the edge blocks like a white stone). Each case names the point
// black would play and what the rules say it is.
var forbiddenCases = []forbiddenCase{
	{
		name: "plain double-three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			. . x x . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		at: "e5", want: DoubleThree,
		why: "c5-d5-e5 and e5-e6-e7 are both open threes",
	},
	{
		name: "three blocked by white is no three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			. . x x . o . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		at: "e5", want: NotForbidden,
		why: "with f5 white, b5 makes b5-e5 whose ends a5 and f5 cannot both make five: not a straight four",
	},
	{
		name: "double-four in two lines",
		board: `
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			. . . . x . . . .
			. x x x . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		at: "e5", want: DoubleFour,
		why: "b5-e5 and e5-e8 are both fours",
	},
	{
		name: "four-three is allowed",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			. x x x . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		at: "e5", want: NotForbidden,
		why: "one four (b5-e5) and one three (e5-e7)",
	},
	{
		name: "overline",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. x x x . x x . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		at: "e5", want: Overline,
		why: "b5 to g5 would be six in a row",
	},
	{
		name: "five beats double-three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			x x x x . . . . .
			. . . x . . . . .
			. . x . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		at: "e5", want: NotForbidden,
		why: "a5-e5 is exactly five, which wins whatever else the move makes",
	},
	{
		name: "four-four in one line x.xxx.x",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			x . x . x . x . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		at: "d5", want: DoubleFour,
		why: "b5 and f5 each make exactly five: two fours in one line",
	},
	{
		name: "four-four in one line xx.xx.xx",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			x x . x . . x x .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		at: "e5", want: DoubleFour,
		why: "c5 makes a5-e5 and f5 makes d5-h5, both exactly five",
	},
	{
		name: "straight four is one four",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . x x . x . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		at: "e5", want: NotForbidden,
		why: ".xxxx. has two completion points but is a single four",
	},
	{
		name: "four-four in one line xxx.x.xxx",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			x x x . * . x x x
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleFour,
		why:  "d4 makes a4-e4 and f4 makes e4-i4: two different fours in one line",
	},
	{
		name: "four-four in one vertical line x.xxx.x",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . * . . . .
			. . . . x . . . .
			. . . . . . . . .
			. . . . x . . . .`,
		want: DoubleFour,
		why:  "e2 makes e1-e5 and e6 makes e3-e7, both exactly five",
	},
	{
		name: "double-four of two closed fours",
		board: `
			. . . . . . . . .
			. . . . o . . . .
			. . . . x . . . .
			. . . . x . . . .
			. . . . x . . . .
			o x x x * . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleFour,
		why:  "a four need not be open: f4 completes b4-f4 and e3 completes e3-e7",
	},
	{
		name: "four-four where one completion would be an overline",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . x . . .
			. . . . . x . . .
			. . . . . x . . .
			x x . x x * . x .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleFour,
		why:  "c4 would make a six (a4-f4), but g4 makes d4-h4 exactly five; with the f-file straight four that is two fours",
	},
	{
		name: "xx.xx*.xx is no four",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . x . . .
			. . . . . x . . .
			. . . . . x . . .
			x x . x x * . x x
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "c4 and g4 would both make six, not five, so the row holds no four; the f-file straight four is the only four",
	},
	{
		name: "a dead four is no four",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . x . . .
			. . . . . x . . .
			. . . . . x . . .
			. o x x x * o . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "c4-f4 is shut by white at both ends, so no stone makes it five: only the f-file four counts",
	},
	{
		name: "x.xxx.x with one outer stone white is one four",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			o . x x * . x . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "b4 gives only four (a4 is white), f4 gives c4-g4: one four, plus the e-file three: four-three is allowed",
	},
	{
		name: "overline of seven",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			x x x * x x x . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: Overline,
		why:  "a4 to g4 would be seven in a row",
	},
	{
		name: "diagonal overline",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . x . . .
			. . . . x . . . .
			. . . * . . . . .
			. . x . . . . . .
			. x . . . . . . .
			x . . . . . . . .`,
		want: Overline,
		why:  "a1-f6 would be six on the diagonal",
	},
	{
		name: "five beats an overline in another line",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			x x x x * . . . .
			. . . . x . . . .
			. . . . x . . . .
			. . . . x . . . .`,
		want: NotForbidden,
		why:  "a4-e4 is exactly five and wins, although e1-e6 would be an overline",
	},
	{
		name: "five beats a double-four",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			. . . . x . . . .
			x x x x * . . . .
			. . . x . . . . .
			. . x . . . . . .
			. x . . . . . . .`,
		want: NotForbidden,
		why:  "a4-e4 is exactly five; the fours e4-e7 and b1-e4 do not matter",
	},
	{
		name: "overline with fours is reported as overline",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			. . . . x . . . .
			. x x x * x x . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: Overline,
		why:  "b4-g4 is six; the e-file four changes nothing (an overline is judged first)",
	},
	{
		name: "four-four-three is a double-four",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . x . .
			. . . . x x . . .
			o x x x * . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleFour,
		why:  "b4-e4 and e4-e7 are fours; the open three e4-g6 on the diagonal does not change the kind",
	},
}

// forbiddenCase is a golden renju position: black to play the point marked
// `*` in the diagram (or named by at), and what the rules say that move is.
type forbiddenCase struct {
	name  string
	board string
	at    string
	want  Forbidden
	why   string
	// deeper checks the reasoning of why: black stones are added (the
	// space-separated points of place) and the point at judged again.
	deeper []deeperCheck
}

type deeperCheck struct {
	place, at string
	want      Forbidden
}

func TestForbiddenGolden(t *testing.T) {
	all := append(append([]forbiddenCase{}, forbiddenCases...), threeCases...)
	if len(all) < 40 {
		t.Errorf("only %d golden positions", len(all))
	}
	for _, tc := range all {
		t.Run(tc.name, func(t *testing.T) {
			b, p := tc.position(t)
			if b.At(p) != Empty {
				t.Fatalf("%s is not empty", p)
			}
			h := b.Hash()
			if got := b.ForbiddenAt(p); got != tc.want {
				t.Errorf("ForbiddenAt(%s) = %s, want %s: %s\n%s", p, got, tc.want, tc.why, b)
			}
			if ref := refForbidden(b, p, true); ref != tc.want {
				t.Errorf("reference(%s) = %s, want %s: %s", p, ref, tc.want, tc.why)
			}
			if b.Hash() != h || b.At(p) != Empty {
				t.Errorf("ForbiddenAt changed the board")
			}
			for _, dc := range tc.deeper {
				c := *b
				for _, f := range strings.Fields(dc.place) {
					c.Set(mustPoint(t, f, c.Size()), Black)
				}
				if got := c.ForbiddenAt(mustPoint(t, dc.at, c.Size())); got != dc.want {
					t.Errorf("with black on %s, %s is %s, want %s", dc.place, dc.at, got, dc.want)
				}
			}
			listed := slices.Contains(b.AppendForbidden(nil), p)
			if listed != (tc.want != NotForbidden) {
				t.Errorf("AppendForbidden lists %s: %v", p, listed)
			}
			// The same position under Game: black's move is refused with the
			// kind, or accepted.
			g := gameFromBoard(t, b, Renju, Black)
			err := g.PlayAs(Black, p)
			var fe *ForbiddenError
			switch {
			case tc.want == NotForbidden && err != nil:
				t.Errorf("Game refused an allowed move: %v", err)
			case tc.want != NotForbidden && (!errors.As(err, &fe) || fe.Kind != tc.want || fe.Point != p):
				t.Errorf("Game: %v, want a %s error", err, tc.want)
			}
		})
	}
}

// position returns the case's board and the point black plays.
func (tc forbiddenCase) position(tb testing.TB) (*Board, Point) {
	tb.Helper()
	b, p := markedBoard(tb, tc.board)
	if tc.at != "" {
		p = mustPoint(tb, tc.at, b.Size())
	}
	return b, p
}

// markedBoard parses a diagram in which one empty point may be written `*`,
// and returns the board and that point (NoPoint if there is none).
func markedBoard(tb testing.TB, diagram string) (*Board, Point) {
	tb.Helper()
	var rows []string
	for _, line := range strings.Split(diagram, "\n") {
		if k := strings.Index(line, "<-"); k >= 0 {
			line = line[:k]
		}
		if f := strings.Join(strings.Fields(line), ""); f != "" {
			rows = append(rows, f)
		}
	}
	p := NoPoint
	for r, row := range rows {
		if x := strings.IndexByte(row, '*'); x >= 0 {
			p = Point{X: x, Y: len(rows) - 1 - r}
		}
	}
	return mustBoard(tb, strings.ReplaceAll(diagram, "*", ".")), p
}

// gameFromBoard builds a game under rule with b's stones and side toMove to
// play, by setting the stones directly (positions need not come from a legal
// game; only the board, the move count and the turn matter to the tests).
func gameFromBoard(tb testing.TB, b *Board, rule Rule, toMove Color) *Game {
	tb.Helper()
	g := newGame(tb, b.Size(), rule)
	g.board = *b
	var stones [3][]Point
	for y := 0; y < b.Size(); y++ {
		for x := 0; x < b.Size(); x++ {
			c := b.At(Point{x, y})
			stones[c] = append(stones[c], Point{x, y})
		}
	}
	blacks, whites := stones[Black], stones[White]
	// Pad the record so that black has made as many moves as white (black
	// to move) or one more (white to move).
	for len(whites) < len(blacks) {
		whites = append(whites, NoPoint)
	}
	for len(blacks) < len(whites) {
		blacks = append(blacks, NoPoint)
	}
	for i := range blacks {
		g.moves = append(g.moves, Move{blacks[i], Black}, Move{whites[i], White})
	}
	if toMove == White {
		g.moves = append(g.moves, Move{NoPoint, Black})
	}
	if g.Turn() != toMove {
		tb.Fatalf("gameFromBoard: %s to move, want %s", g.Turn(), toMove)
	}
	return g
}

// TestOnlyRenjuBlackIsRestricted plays every forbidden golden move for black
// under freestyle and standard, and for white (colours swapped) under renju:
// all are legal there.
func TestOnlyRenjuBlackIsRestricted(t *testing.T) {
	for _, tc := range append(append([]forbiddenCase{}, forbiddenCases...), threeCases...) {
		if tc.want == NotForbidden {
			continue
		}
		b, p := tc.position(t)
		for _, r := range []Rule{Freestyle, Standard} {
			if err := gameFromBoard(t, b, r, Black).Play(p); err != nil {
				t.Errorf("%s: black under %s: %v", tc.name, r, err)
			}
		}
		sw, _ := NewBoard(b.Size())
		for y := 0; y < b.Size(); y++ {
			for x := 0; x < b.Size(); x++ {
				if c := b.At(Point{x, y}); c != Empty {
					sw.Set(Point{x, y}, c.Opponent())
				}
			}
		}
		g := gameFromBoard(t, sw, Renju, White)
		if err := g.Play(p); err != nil {
			t.Errorf("%s: white under renju: %v", tc.name, err)
		}
		if tc.want == Overline && g.Result().Winner != White {
			t.Errorf("%s: white's overline does not win under renju: %+v", tc.name, g.Result())
		}
	}
}

func mustBoard(tb testing.TB, diagram string) *Board {
	tb.Helper()
	b, err := ParseBoard(diagram)
	if err != nil {
		tb.Fatalf("ParseBoard: %v", err)
	}
	return b
}

func mustPoint(tb testing.TB, s string, size int) Point {
	tb.Helper()
	p, err := ParsePoint(s, size)
	if err != nil {
		tb.Fatalf("ParsePoint(%q): %v", s, err)
	}
	return p
}
