package engine

// Golden positions about threes: what counts as a three under RIF article 9
// and what does not. A three is three stones that one more stone turns into a
// straight four (.xxxx., exactly five at either end); it counts only if that
// stone is itself not a forbidden move, which makes the definition recursive.
// Each diagram marks black's move with `*`. Boards are 9x9 unless the shape
// needs room; rows are numbered from the bottom, so the fourth line from the
// bottom is row 4.
var threeCases = []forbiddenCase{
	{
		name: "double-three with a split three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			. . . . . . . . .
			. x x . * . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleThree,
		why:  "d4 turns b4-e4 (xx.x) into a straight four and e5 does the same for e4-e7 (x.xx)",
	},
	{
		name: "double-three of two split threes",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . . . . . .
			. . . . x . . . .
			. x . x * . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleThree,
		why:  "c4 completes b4-e4 and e6 completes e4-e7, both straight fours",
	},
	{
		name: "triple three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . x . .
			. . . . x x . . .
			. . x x * . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleThree,
		why:  "three open threes: c4-e4, e4-e6 and e4-g6; more than one three is a double-three",
	},
	{
		name: "x.x.x is no three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . x . . .
			. . . . . x . . .
			. x . x . * . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "no single stone turns b4, d4, f4 into four in a row; only the f-file three counts",
	},
	{
		name: "closed three o.xx*.o is no three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			o . x x * . o . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "b4 makes b4-e4 with a4 white, f4 makes c4-f4 with g4 white: neither is a straight four",
	},
	{
		name: "o.xx*..o is a three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			o . x x * . . o .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleThree,
		why:  "f4 makes c4-f4 with b4 and g4 empty and exactly five either way: a straight four; plus the e-file three",
	},
	{
		name: "oxx*.. is no three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			. o x x * . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "the row is shut by white on b4: f4 makes c4-f4, which only g4 can make five",
	},
	{
		name: "three open to the a-file edge",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . x . . . . .
			. . . x . . . . .
			. x x * . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleThree,
		why:  "e4 makes b4-e4 with a4 and f4 empty: a straight four even though a4 is on the edge; plus d4-d6",
	},
	{
		name: "three against the edge is no three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . x . . . . . .
			. . x . . . . . .
			x x * . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "a4-c4 touches the edge: d4 makes a four that only e4 can complete; only the c-file three counts",
	},
	{
		name: "three below the top edge",
		board: `
			. . . . . . . . .
			. . . . x . . . .
			. . . . x . . . .
			. . x x * . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleThree,
		why:  "e5 makes e5-e8 with e4 and e9 empty (e9 is the last row, which is fine): a straight four; plus c6-e6",
	},
	{
		name: "three against the top edge is no three",
		board: `
			. . . . x . . . .
			. . . . x . . . .
			. . x x * . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "e7-e9 reaches the edge: e6 makes e6-e9 whose top end is off the board; only c7-e7 is a three",
	},
	{
		name: "a diagonal of five points holds no three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. x . . . . . . .
			. . x . . . . . .
			. . . * x x . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "the diagonal a5-e1 has five points, too short for a straight four; only d2-f2 is a three",
	},
	{
		name: "a diagonal of six points holds a three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. x . . . . . . .
			. . x . . . . . .
			. . . * x x . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleThree,
		why:  "e2 makes b5-e2 on the diagonal a6-f1 with both ends empty: a straight four; plus d3-f3",
	},
	{
		name: "three that can only become an overline",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . x . . .
			. . . . . x . . .
			x . . x x * . . x
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "c4 makes c4-f4 but b4 then gives six with a4; g4 makes d4-g4 but h4 then gives six with i4: no straight four",
	},
	{
		name: "three with one side spoilt by a far stone",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . x . . .
			. . . . . x . . .
			x . . x x * . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleThree,
		why:  "c4 leads only to an overline (a4), but g4 makes d4-g4 a straight four: still a three, plus f4-f6",
	},
	{
		name: "split three that can only become an overline",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . x . . . . .
			. . . x . . . . .
			. x . * x . x . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "c4 makes b4-e4 whose f4 end gives six with g4; f4 makes d4-g4 whose c4 end gives six with b4",
	},
	{
		name: "x.xx* is a four, not a three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . x . . .
			. . . . . x . . .
			. x . x x * . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "c4 would make b4-f4 five, so the row is a four; a four and the f-file three is a four-three",
	},
	{
		name: "four-three with a split three is allowed",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . x . . . .
			. . . . . . . . .
			. . . . x . . . .
			o x x x * . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why:  "b4-e4 is a four and e4-e7 (x.xx) a three: four-three is black's winning shape, not a foul",
	},
	{
		name: "four-three-three is a double-three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . x . x . . . .
			. . . x x . . . .
			o x x x * . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleThree,
		why:  "besides the four b4-e4, e4-e6 and c6-e4 are two threes",
	},
	{
		name: "false three: its straight-four point is a double-four",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . x . . . . . .
			. . x . . x . . .
			. . x . . x . . .
			. . . x x * . o .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: NotForbidden,
		why: "d4-f4 can become a straight four only on c4 (g4 leaves h4 white at the end), and c4 " +
			"would make two fours (c4-f4 and c4-c7), so it is forbidden and d4-f4 is no three; only f4-f6 counts",
		deeper: []deeperCheck{{"f4", "c4", DoubleFour}, {"f4", "g4", NotForbidden}},
	},
	{
		name: "true three: its straight-four point is a four-three",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . x . . x . . .
			. . x . . x . . .
			. . . x x * . o .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want:   DoubleThree,
		why:    "as above without c7: c4 makes a four (c4-f4) and a three (c4-c6), which is allowed, so d4-f4 is a three",
		deeper: []deeperCheck{{"f4", "c4", NotForbidden}},
	},
	{
		name: "one forbidden straight-four point, one allowed",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . x . . . . . .
			. . x . . x . . .
			. . x . . x . . .
			. . . x x * . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want:   DoubleThree,
		why:    "c4 is a double-four point, but with h4 empty g4 makes the straight four d4-g4 and is allowed",
		deeper: []deeperCheck{{"f4", "c4", DoubleFour}, {"f4", "g4", NotForbidden}},
	},
	{
		name: "false three: its straight-four point is an overline point",
		board: `
			. . . . . . . . .
			. . . . . . . . .
			. . x . . . . . .
			. . x . . x . . .
			. . x . . x . . .
			. . . x x * . o .
			. . x . . . . . .
			. . x . . . . . .
			. . . . . . . . .`,
		want:   NotForbidden,
		why:    "c4, the only straight-four point of d4-f4, would make c2-c7 six in a row, so d4-f4 is no three",
		deeper: []deeperCheck{{"f4", "c4", Overline}},
	},
	{
		name: "false three: its straight-four point is a double-three (two levels)",
		board: `
			. . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . .
			. . . . o . . . . . . . . . .
			. . . . . . . . . . . . . . .
			. . . . x . . x . . . . . . .
			. . . . x . . x . . . . . . .
			. . . . . x x * . o . . . . .
			. . . . . x . . . . . . . . .
			. . . . . . x . . . . . . . .
			. . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . .`,
		want: NotForbidden,
		why: "f8-h8 can become a straight four only on e8 (j8 is white); after h8, e8 makes the four e8-h8 " +
			"and the threes e8-e10 and e8-g6: four-three-three, forbidden; so f8-h8 is no three and h8 is allowed",
		deeper: []deeperCheck{{"h8", "e8", DoubleThree}, {"h8 e8", "e7", NotForbidden}},
	},
	{
		name: "true three three levels down: the double-three's own three is false",
		board: `
			. . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . .
			. . . . o . . . . . . . . . .
			. . . . . . . . . . . . . . .
			. . . . x . . x . . . . . . .
			. . . . x . . x . . . . . . .
			. . . . . x x * . o . . . . .
			. . . . . x . . . . . . . . .
			. . . x . . x . . . . . . . .
			. . x . . . . . . . . . . . .
			. x . . . . . . . . . . . . .
			x . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . .
			. . . . . . . . . . . . . . .`,
		want: DoubleThree,
		why: "as above, but e7, the only straight-four point of e8-e10 (e12 is white), now makes a3-f8 six: " +
			"so e8-e10 is no three, e8 is a mere four-three and allowed, f8-h8 is a three again, and h8 a double-three",
		deeper: []deeperCheck{{"h8", "e8", NotForbidden}, {"h8 e8", "e7", Overline}, {"h8 e8", "e11", NotForbidden}},
	},
	{
		name: "a straight-four point that makes five is allowed, so the three is real",
		board: `
			. . . . . . . . .
			. . x . . . . . .
			. . x . . . . . .
			. . x . . x . . .
			. . x . . x . . .
			. . . x x * . o .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		want: DoubleThree,
		why: "c4, the only straight-four point of d4-f4, also makes c4-c8 five; a five is never forbidden, " +
			"so d4-f4 is a three (this engine's reading of RIF; black could simply win on c4 instead)",
		deeper: []deeperCheck{{"f4", "c4", NotForbidden}},
	},
}
