package ai

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// goldenCase is a tactical position with its known answers.
type goldenCase struct {
	name    string
	why     string // why the answer is right
	rule    engine.Rule
	toMove  engine.Color
	diagram string
	want    string // acceptable answers (space separated); empty: any legal point
	notWant string // points that must not be played
	win     bool   // the side to move has a forced win and must report it
	noWin   bool   // the side to move has no forced win and must not claim one
	lose    bool   // the side to move is lost and must say so
	// kind adds checks: "vcf" plays the win out against the forced blocks
	// with at least fours fours; "vct" plays it out against the Max level;
	// "legal" checks the answer is not forbidden; "forced-forbidden" checks
	// that black's only block is a forbidden point.
	kind  string
	fours int
}

// goldenCases: black is x, white is o; rows are numbered from the bottom.
var goldenCases = []goldenCase{
	{
		name: "win1-row", rule: engine.Freestyle, toMove: engine.Black,
		want: "l8", notWant: "", win: true, kind: "",
		why: "black h8-k8 is a four blocked at g8: l8 is the only five",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . o o o . . . . .
		 8 . . . . . . o x x x x . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "win1-split", rule: engine.Freestyle, toMove: engine.Black,
		want: "g5", notWant: "", win: true, kind: "",
		why: "e5 f5 . h5 i5: filling the gap g5 makes five (white's open three is too slow)",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . . . . . . . . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . o o o . . . . . . . .
		 5 . . . o x x . x x . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "win1-diagonal", rule: engine.Freestyle, toMove: engine.Black,
		want: "h8", notWant: "", win: true, kind: "",
		why: "d4 e5 f6 g7 on the diagonal, c3 taken: h8 makes five",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . . . . . . . . . . .
		 7 . . . . . . x . . . . . . . .
		 6 . . . . . x . . . . . . . . .
		 5 . . . . x . . . . . . . . . .
		 4 . . . x o o o . . . . . . . .
		 3 . . o . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "win1-edge", rule: engine.Freestyle, toMove: engine.Black,
		want: "a5", notWant: "", win: true, kind: "",
		why: "a1-a4 up the edge: a5 makes five",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . . . . . . . . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 x . o . . . . . . . . . . . .
		 3 x o . . . . . . . . . . . . .
		 2 x o . . . . . . . . . . . . .
		 1 x o . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "win-before-block", rule: engine.Freestyle, toMove: engine.Black,
		want: "l8", notWant: "g12", win: true, kind: "",
		why: "both sides have a four; black moves first, so it makes five at l8 instead of blocking g12",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . x o o o o . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . . o x x x x . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "block4-row", rule: engine.Freestyle, toMove: engine.Black,
		want: "l8", notWant: "", noWin: true, kind: "",
		why: "white h8-k8 is blocked at g8 and threatens l8: black must take it",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . x . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . . x o o o o . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . x . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "block4-split", rule: engine.Freestyle, toMove: engine.Black,
		want: "g5", notWant: "", noWin: true, kind: "",
		why: "white e5 f5 . h5 i5 threatens the gap g5",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . x x . . . .
		11 . . . . . . . . . . . . . . .
		10 . . x . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . . . . . . . . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . o o . o o . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "block4-diagonal", rule: engine.Freestyle, toMove: engine.Black,
		want: "j10", notWant: "", noWin: true, kind: "",
		why: "white f6-i9 on the diagonal, e5 taken: only j10 stops five",
		diagram: `
		15 x . . . . . . . . . . . . . x
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . o . . . . . .
		 8 . . . . . . . o . . . . . . .
		 7 . . . . . . o . . . . . . . .
		 6 . . . . . o . . . . . . . . .
		 5 . . . . x . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "block4-not-own-three", rule: engine.Freestyle, toMove: engine.Black,
		want: "h10", notWant: "g5 k5", noWin: false, kind: "",
		why: "black's open three h5-j5 is slower than white's four d10-g10: black must block h10, an open four would lose to five",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . x o o o o . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . . . . . . . . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . x x x . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "block3-open", rule: engine.Freestyle, toMove: engine.Black,
		want: "f8 j8", notWant: "", noWin: true, kind: "",
		why: "white g8 h8 i8 is an open three; only f8 and j8 stop the open four (e8 or k8 leave g8-j8 or f8-i8 open)",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . x . . . . . . .
		 8 . . . . . . o o o . . . . . .
		 7 . . . . . . . x . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "block3-split", rule: engine.Freestyle, toMove: engine.Black,
		want: "e8 h8 j8", notWant: "", noWin: true, kind: "",
		why: "white f8 g8 . i8: h8 makes a straight four; the gap and both outer ends are the defences",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . x . . . . . . . .
		 8 . . . . . o o . o . . . . . .
		 7 . . . . . . x . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "block3-diagonal", rule: engine.Freestyle, toMove: engine.Black,
		want: "d4 h8", notWant: "", noWin: true, kind: "",
		why: "white e5 f6 g7 on the diagonal with room both ways: block at d4 or h8",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . . . . . . . . . . .
		 7 . . . . . . o . . . . . . . .
		 6 . . . . x o . . . . . . . . .
		 5 . . . . o . x . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "attack-first", rule: engine.Freestyle, toMove: engine.Black,
		want: "g5 k5", notWant: "", win: true, kind: "",
		why: "both sides have an open three; black to move makes an open four (g5 or k5) and wins, white's three is a move too slow",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . x . .
		11 . . . . . . . . . . . . . . .
		10 . . . o o o . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . . . . . . . . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . x x x . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "vct-double-three", rule: engine.Freestyle, toMove: engine.Black,
		want: "g5", notWant: "", win: true, kind: "vct",
		why: "no fours yet, but g5 makes two open threes (e5-g5 and g5-g7): a VCT",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . o o .
		12 . . . . . . . . . . . . o . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . . . . . . . . . . .
		 7 . . . . . . x . . . . . . . .
		 6 . . . . . . x . . . . . . . .
		 5 . . . . x x . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . o . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "four-three", rule: engine.Freestyle, toMove: engine.Black,
		want: "g8", notWant: "", win: true, kind: "",
		why: "g8 makes a four (d8-g8, c8 white) and an open three (g8-g10): the four-three wins",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . o . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . x . . . . . . . .
		 9 . . . . . . x . . . . . . . .
		 8 . . o x x x . . . . . . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . o . .
		 3 . . . . . . . . . . . . o o .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "renju-double-three", rule: engine.Renju, toMove: engine.Black,
		want: "", notWant: "h8", noWin: false, kind: "legal",
		why: "h8 would make two open threes (f8-h8, h6-h8): forbidden for black under renju",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . o .
		13 . . . . . . . . . . . . . o .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . x x . . . . . . . .
		 7 . . . . . . . x . . . . . . .
		 6 . . . . . . . x . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . o . . . . . . . . . . . . .
		 2 . o . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "renju-double-three-free", rule: engine.Freestyle, toMove: engine.Black,
		want: "h8", notWant: "", win: true, kind: "",
		why: "the same position in freestyle: the double three at h8 wins",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . o .
		13 . . . . . . . . . . . . . o .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . . . . x x . . . . . . . .
		 7 . . . . . . . x . . . . . . .
		 6 . . . . . . . x . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . o . . . . . . . . . . . . .
		 2 . o . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "renju-exact-five", rule: engine.Renju, toMove: engine.Black,
		want: "g3", notWant: "h8", win: true, kind: "",
		why: "h8 would make six (d8-i8), an overline: no win and forbidden; g3 makes exactly five",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . o o o .
		12 . . . . . . . . . . . . o o .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . o x x x x . x . . . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . o x x x x . . . . . . . . .
		 2 . . . . . . . . . . . . . . o
		 1 . . . . . . . . . . . . . . o
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "renju-block-is-overline", rule: engine.Renju, toMove: engine.Black,
		want: "", notWant: "j9", lose: true, kind: "legal",
		why: "white j5-j8 threatens j9, but for black j9 makes f9-k9, six: forbidden, so black is lost and must still play a legal point",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . o x x x x . x . . . .
		 8 . . . . . . . . . o . . . . .
		 7 . . . . . . . . . o . . . . .
		 6 . . . . . . . . . o . . . . .
		 5 . . . . . . . . . o . . . . .
		 4 . . . . . . . . . x . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "renju-block-is-overline-free", rule: engine.Freestyle, toMove: engine.Black,
		want: "j9", notWant: "", win: true, kind: "",
		why: "in freestyle the same j9 makes six and six wins",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . o x x x x . x . . . .
		 8 . . . . . . . . . o . . . . .
		 7 . . . . . . . . . o . . . . .
		 6 . . . . . . . . . o . . . . .
		 5 . . . . . . . . . o . . . . .
		 4 . . . . . . . . . x . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "renju-force-forbidden", rule: engine.Renju, toMove: engine.White,
		want: "j10", notWant: "", win: true, kind: "forced-forbidden",
		why: "white j10 makes a four (j6 j7 j8 . j10) whose only block j9 is an overline for black: white wins",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . o x x x x . x . . . .
		 8 . . . . . . . . . o . . . . .
		 7 . . . . . . . . . o . . . . .
		 6 . . . . . . . . . o . . . . .
		 5 . . . . . . . . . x . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . o .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "renju-last-point-forbidden", rule: engine.Renju, toMove: engine.White,
		want: "f1", win: true, kind: "only-fouls",
		why: "two points are left: after white f1 black's only point, h10, is an overline, a foul that loses (a game of session 28 against PentaZen ended so); white h10 instead lets black fill f1 for a draw",
		diagram: `
		15 x x o o o x o o o x o o o o x
		14 o o x o o o o x o x o o o x o
		13 o x o o x o x x o x x o o o o
		12 x o x x x x o x x o x o x o o
		11 x o o o x o x x o o o x o x x
		10 x x o o o x o . o x o x o x o
		 9 x o x o x o x x o x x o x x o
		 8 o o x o o x x o x o x x x o o
		 7 x o x x x x o x o o o x o x x
		 6 x o x o x o o x x x o x o x x
		 5 o x o o x o x x o x x o x o o
		 4 x o o x o x x o x o o o o x x
		 3 x x o o x o o o x o o x x x x
		 2 x o x o o o x o x x o o x x x
		 1 x x x o x . x x o x o x x x x
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "renju-double-four", rule: engine.Renju, toMove: engine.Black,
		want: "", notWant: "g8", noWin: false, kind: "legal",
		why: "g8 makes two fours (d8-g8 and g5-g8): a double four, forbidden under renju",
		diagram: `
		15 o o . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . o x x x . . . . . . . . .
		 7 . . . . . . x . . . . . . . .
		 6 . . . . . . x . . . . . . . .
		 5 . . . . . . x . . . . . . . .
		 4 . . . . . . o . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . o
		 1 . . . . . . . . . . . . . . o
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "renju-double-four-free", rule: engine.Freestyle, toMove: engine.Black,
		want: "g8", notWant: "", win: true, kind: "",
		why: "in freestyle the double four at g8 wins",
		diagram: `
		15 o o . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . o x x x . . . . . . . . .
		 7 . . . . . . x . . . . . . . .
		 6 . . . . . . x . . . . . . . .
		 5 . . . . . . x . . . . . . . .
		 4 . . . . . . o . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . o
		 1 . . . . . . . . . . . . . . o
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "renju-four-three", rule: engine.Renju, toMove: engine.Black,
		want: "g8", notWant: "", win: true, kind: "",
		why: "a four-three is legal for black under renju: g8 wins",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . o . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . x . . . . . . . .
		 9 . . . . . . x . . . . . . . .
		 8 . . o x x x . . . . . . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . o . .
		 3 . . . . . . . . . . . . o o .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "white-overline", rule: engine.Renju, toMove: engine.White,
		want: "h8", notWant: "", win: true, kind: "",
		why: "white may make six under renju: h8 (d8-i8) wins",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . x . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . x o o o o . o . . . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . o x x x x . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "standard-overline", rule: engine.Standard, toMove: engine.White,
		want: "g3", notWant: "h8", noWin: true, kind: "",
		why: "under exact five h8 makes six and does not win; white must block black's four at g3",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . x . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . . . . . . . . .
		 8 . . x o o o o . o . . . . . .
		 7 . . . . . . . . . . . . . . .
		 6 . . . . . . . . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . o x x x x . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "vcf-freestyle-75", rule: engine.Freestyle, toMove: engine.Black, win: true, kind: "vcf", fours: 5,
		why: "black wins by continuous fours: at least 5 fours, each answered by the one forced block (found by self-play, checked here move by move with the engine's own win test)",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . x . . . .
		 9 . . . . x . . . . . o . . . .
		 8 . . . . . o o . . . o o . . .
		 7 . . . . . . x o . . x . . . .
		 6 . . . . . . x x . . o . . . .
		 5 . . . . . o x x x . o . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "vcf-freestyle-77", rule: engine.Freestyle, toMove: engine.Black, win: true, kind: "vcf", fours: 5,
		why: "black wins by continuous fours: at least 5 fours, each answered by the one forced block (found by self-play, checked here move by move with the engine's own win test)",
		diagram: `
		15 . . . . . . . . x . . . . . .
		14 . . . x o . o o . . . . . . .
		13 . . . o . x o . . . . . . . .
		12 . . . x x o x x . . . . . . .
		11 . . . x o x o . . . . . . . .
		10 . . x x o o . . x . . . . . .
		 9 x o o o o x o . . . . . . . .
		 8 . . . o o x . x . . . . . . .
		 7 . . x . x o . . o . . . . . .
		 6 . . . . . . x . . . . . . . .
		 5 . . . . . . . . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "vcf-freestyle-96", rule: engine.Freestyle, toMove: engine.Black, win: true, kind: "vcf", fours: 6,
		why: "black wins by continuous fours: at least 6 fours, each answered by the one forced block (found by self-play, checked here move by move with the engine's own win test)",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . o . . o . . . . . . .
		 9 . . . . x . x . . . x . . . .
		 8 . . o x x x x o . . . . . . .
		 7 . . x . x o o . . . . . . . .
		 6 . o o x x x . o . . . . . . .
		 5 x o o o o x o . . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "vcf-freestyle-294", rule: engine.Freestyle, toMove: engine.Black, win: true, kind: "vcf", fours: 5,
		why: "black wins by continuous fours: at least 5 fours, each answered by the one forced block (found by self-play, checked here move by move with the engine's own win test)",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . o . . . . . . .
		10 . . o . . o x . . . . . . . .
		 9 . . . x x x o . . . . . . . .
		 8 . . . . x x o . . . o . . . .
		 7 . . . . o x . . . . . . . . .
		 6 . . . o x x x o x . . . . . .
		 5 . . . . . o . o . . . . . . .
		 4 . . . . . . . . . . . . . . .
		 3 . . . . . . . . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "vcf-renju-65", rule: engine.Renju, toMove: engine.Black, win: true, kind: "vcf", fours: 6,
		why: "black wins by continuous fours: at least 6 fours, each answered by the one forced block (found by self-play, checked here move by move with the engine's own win test)",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . x . . . . . . . .
		11 . . . . . . . o . x x . . o .
		10 . . . . . . . . o x o . x x .
		 9 . . . . . . . x o o o o x o .
		 8 . . . . . . . . x . o x o o .
		 7 . . . . . . . o . o . x . o .
		 6 . . . . . . . . x o x . . o x
		 5 . . . . . x . . . x . . . x .
		 4 . . . . . . . . . . x . . . .
		 3 . . . . . . . o . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "vcf-renju-154", rule: engine.Renju, toMove: engine.White, win: true, kind: "vcf", fours: 6,
		why: "white wins by continuous fours: at least 6 fours, each answered by the one forced block (found by self-play, checked here move by move with the engine's own win test)",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . . . . . . . . . . . .
		12 . . . . . . . . . . . . . . .
		11 . . . . . . . . . . . . . . .
		10 . . . . . . . . . . . . . . .
		 9 . . . . . . . o . . . . . . .
		 8 . . . x . . x . . . . . . . .
		 7 . . . . o x o x o x x x o x .
		 6 . . . . x o o x o o x . . . .
		 5 x o x x x o o o x o . . . . .
		 4 . . o . x . . . . . o . . . .
		 3 . . . . o . . . . . . o . . .
		 2 . . . . x . . . . . . . x . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
	{
		name: "vcf-renju-268", rule: engine.Renju, toMove: engine.White, win: true, kind: "vcf", fours: 5,
		why: "white wins by continuous fours: at least 5 fours, each answered by the one forced block (found by self-play, checked here move by move with the engine's own win test)",
		diagram: `
		15 . . . . . . . . . . . . . . .
		14 . . . . . . . . . . . . . . .
		13 . . . . x . . . . . . . . . .
		12 . . . . . o . . . . . . . . .
		11 . . . . . . o . . . . . . . .
		10 . . . . . . . o x . . . . . .
		 9 . . . . . . o . o . o . . . .
		 8 . x . . . . . x . x o . . . .
		 7 . . o . . . . . x . . . . . .
		 6 . . . o . . . x . x . . . . .
		 5 . . . . o x x x . . . . . . .
		 4 . . . . . o . . . . . . . . .
		 3 . . . . . . x . . . . . . . .
		 2 . . . . . . . . . . . . . . .
		 1 . . . . . . . . . . . . . . .
		   a b c d e f g h i j k l m n o`,
	},
}

// goldenNodes bounds each search so the tests are deterministic and quick.
const goldenNodes = 60000

func TestGolden(t *testing.T) {
	if len(goldenCases) < 30 {
		t.Fatalf("only %d golden positions", len(goldenCases))
	}
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			b := mustBoard(t, c.diagram)
			r := thinkOn(t, b, c.rule, c.toMove, goldenNodes)
			got := r.Move.String()
			t.Logf("%s: %s score %d depth %d nodes %d (%s)", c.name, got, r.Score, r.Depth, r.Nodes, c.why)
			if c.want != "" && !containsField(c.want, got) {
				t.Errorf("played %s, want one of %q: %s", got, c.want, c.why)
			}
			if containsField(c.notWant, got) {
				t.Errorf("played %s, which it must not: %s", got, c.why)
			}
			if c.win && r.Score <= winBound {
				t.Errorf("score %d: the forced win was not seen: %s", r.Score, c.why)
			}
			if c.noWin && r.Score > winBound {
				t.Errorf("score %d claims a win that is not there: %s", r.Score, c.why)
			}
			if c.lose && r.Score >= -winBound {
				t.Errorf("score %d does not see the loss: %s", r.Score, c.why)
			}
			if c.rule == engine.Renju && c.toMove == engine.Black {
				if f := b.ForbiddenAt(r.Move); f != engine.NotForbidden {
					t.Errorf("black played the forbidden %s (%v)", got, f)
				}
			}
			switch c.kind {
			case "forced-forbidden":
				checkForcedForbidden(t, b, r.Move)
				checkPlayout(t, b, c.rule, c.toMove, r.Move, 3)
			case "only-fouls":
				checkOnlyFouls(t, b, r.Move)
			case "vcf":
				checkVCF(t, b, c.rule, c.toMove, r.Move, c.fours)
			case "vct":
				checkPlayout(t, b, c.rule, c.toMove, r.Move, 12)
			default:
				// Every claimed win must stand up against the Max level.
				if r.Score > winBound {
					checkPlayout(t, b, c.rule, c.toMove, r.Move, 20)
				}
			}
		})
	}
}

func containsField(list, s string) bool {
	for _, f := range strings.Fields(list) {
		if f == s {
			return true
		}
	}
	return false
}

// thinkOn runs the Max level on a board with a node limit.
func thinkOn(tb testing.TB, b *engine.Board, rule engine.Rule, toMove engine.Color, nodes int64) Reply {
	tb.Helper()
	r, err := Think(context.Background(), Request{Size: b.Size(), Rule: rule, Moves: boardMoves(b),
		Level: Max, TimeLimit: time.Minute, NodeLimit: nodes, ToMove: toMove})
	if err != nil {
		tb.Fatalf("Think: %v", err)
	}
	return r
}

// fivePointsOf lists the empty points where c would win at once, by the
// engine's own rules.
func fivePointsOf(b *engine.Board, rule engine.Rule, c engine.Color) []engine.Point {
	var ps []engine.Point
	n := b.Size()
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := engine.Point{X: x, Y: y}
			if b.At(p) != engine.Empty {
				continue
			}
			b.Set(p, c)
			if b.Win(p, rule) {
				ps = append(ps, p)
			}
			b.Clear(p)
		}
	}
	return ps
}

// checkVCF plays the attacker's moves (first, then Think's) against the
// forced blocks and checks that every attacker move is a four, that the
// attacker wins, and that it takes at least fours fours.
func checkVCF(t *testing.T, b0 *engine.Board, rule engine.Rule, att engine.Color, first engine.Point, fours int) {
	t.Helper()
	b := *b0
	def := att.Opponent()
	move, played := first, 0
	for {
		if err := b.Set(move, att); err != nil {
			t.Fatalf("attacker move %s: %v", move, err)
		}
		played++
		if b.Win(move, rule) {
			break
		}
		if len(fivePointsOf(&b, rule, def)) > 0 {
			t.Fatalf("after %s the defender makes five first", move)
		}
		threats := fivePointsOf(&b, rule, att)
		if len(threats) == 0 {
			t.Fatalf("attacker move %d (%s) is not a four:\n%s", played, move, b.String())
		}
		if len(threats) >= 2 {
			played++ // the defender blocks one, the attacker takes the other
			break
		}
		block := threats[0]
		if rule == engine.Renju && def == engine.Black && b.ForbiddenAt(block) != engine.NotForbidden {
			played++ // black may not block: the five comes next
			break
		}
		b.Set(block, def)
		if b.Win(block, rule) {
			t.Fatalf("the block at %s makes five for the defender", block)
		}
		move = thinkOn(t, &b, rule, att, 20000).Move
		if played > 40 {
			t.Fatalf("no win after 40 fours")
		}
	}
	if played-1 < fours {
		t.Errorf("won with %d fours, want at least %d", played-1, fours)
	}
}

// checkPlayout plays the position out, the attacker's first move given, both
// sides at the Max level, and checks that the attacker wins within moves.
func checkPlayout(t *testing.T, b0 *engine.Board, rule engine.Rule, att engine.Color, first engine.Point, moves int) {
	t.Helper()
	b := *b0
	side, move := att, first
	for i := 0; i < 2*moves; i++ {
		if err := b.Set(move, side); err != nil {
			t.Fatalf("%s at %s: %v", side, move, err)
		}
		if b.Win(move, rule) {
			if side != att {
				t.Fatalf("the defender won:\n%s", b.String())
			}
			return
		}
		side = side.Opponent()
		move = thinkOn(t, &b, rule, side, 20000).Move
	}
	t.Fatalf("no win within %d moves:\n%s", moves, b.String())
}

// checkOnlyFouls checks that after white's move every empty point is
// forbidden to black.
func checkOnlyFouls(t *testing.T, b0 *engine.Board, move engine.Point) {
	t.Helper()
	b := *b0
	b.Set(move, engine.White)
	n := b.Size()
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := engine.Point{X: x, Y: y}
			if b.At(p) == engine.Empty && b.ForbiddenAt(p) == engine.NotForbidden {
				t.Fatalf("after white %s black can play %s", move, p)
			}
		}
	}
}

// checkForcedForbidden checks that after white's move black's only block is a
// point black may not play.
func checkForcedForbidden(t *testing.T, b0 *engine.Board, move engine.Point) {
	t.Helper()
	b := *b0
	b.Set(move, engine.White)
	threats := fivePointsOf(&b, engine.Renju, engine.White)
	if len(threats) != 1 {
		t.Fatalf("white's %s leaves %d five points, want 1", move, len(threats))
	}
	if f := b.ForbiddenAt(threats[0]); f == engine.NotForbidden {
		t.Fatalf("black can block at %s", threats[0])
	}
}
