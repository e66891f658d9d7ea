package engine

import "testing"

// Golden renju positions on small boards (the rules do not depend on the
// board size; the edge blocks like a white stone). Each case names the point
// black would play and what the rules say it is.
var forbiddenCases = []struct {
	name  string
	board string
	at    string
	want  Forbidden
	why   string
}{
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
}

func TestForbiddenGolden(t *testing.T) {
	for _, tc := range forbiddenCases {
		t.Run(tc.name, func(t *testing.T) {
			b := mustBoard(t, tc.board)
			p := mustPoint(t, tc.at, b.Size())
			h := b.Hash()
			if got := b.ForbiddenAt(p); got != tc.want {
				t.Errorf("ForbiddenAt(%s) = %s, want %s: %s\n%s", tc.at, got, tc.want, tc.why, b)
			}
			if b.Hash() != h || b.At(p) != Empty {
				t.Errorf("ForbiddenAt changed the board")
			}
		})
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
