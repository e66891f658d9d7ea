package ai

import (
	"slices"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

// Caro positions: black is x, white is o; rows are numbered from the bottom.
var (
	// White's d8-g8 makes five at h8 only between black's c8 and i8:
	// blocked at both ends, no win under caro. Black has an open three.
	caroBlockedFive = `
	15 . . . . . . . . . . . . . . .
	14 . . . . . . . . . . . . . . .
	13 . . . . . . . . . . . . . . .
	12 . . . . . . . . . . . . o . .
	11 . . . . . . . . . . . . . . .
	10 . . . . . . . . . . . . . . .
	 9 . . . . . . . . . . . . . . .
	 8 . . x o o o o . x . . . . . .
	 7 . . . . . . . . . . . . . . .
	 6 . . . . . . . . . . . . . . .
	 5 . . . . . x x x . . . . . . .
	 4 . . . . . . . . . . . . . . .
	 3 . . . . . . . . . . . . . . .
	 2 . . . . . . . . . . . . . . .
	 1 . . . . . . . . . . . . . . .
	   a b c d e f g h i j k l m n o`
	// Black's d8-g8 is a straight four, but white's b8 stands one point
	// beyond c8: white h8 leaves c8's five blocked at both ends.
	caroStraightFour = `
	15 . . . . . . . . . . . . . . .
	14 . . . . . . . . . . . . . . .
	13 . . . . . . . . . . . . . . .
	12 . . . . . . . . . . . . o . .
	11 . . . . . . . . . . . . . . .
	10 . . . . . . . . . . . . . . .
	 9 . . . . . . . . . . . . . . .
	 8 . o . x x x x . . . . . . . .
	 7 . . . . . . . . . . . . . . .
	 6 . . . . . . . . . . . . . . .
	 5 . . . . . . . . . . . . . . .
	 4 . . . . . . . . . . . . . . .
	 3 . . . . . . . . . . . . . . .
	 2 . . o . . . . . . . . . . . .
	 1 . . . . . . . . . . . . . . .
	   a b c d e f g h i j k l m n o`
	// Black's a8-d8 against the edge: e8 is a five, the edge blocks nothing.
	caroEdgeFive = `
	15 . . . . . . . . . . . . . . .
	14 . . . . . . . . . . . . . . .
	13 . . . . . . . . . . . . o . .
	12 . . . . . . . . . . . . o . .
	11 . . . . . . . . . . . . . . .
	10 . . . . . . . . . . . . . . .
	 9 . . . . . . . . . . . . . . .
	 8 x x x x . o . . . . . . . . .
	 7 . . . . . . . . . . . . . . .
	 6 . . . . . . . . . . . . . . .
	 5 . . . . . . . . . . . . . . .
	 4 . . . . . . . . . . . . . . .
	 3 . . . . . . . . . . . . . . .
	 2 . . . . . . . . . . . . o . .
	 1 . . . . . . . . . . . . . . .
	   a b c d e f g h i j k l m n o`
	// Black's d8-f8 with white at b8: g8 makes the straight four of
	// caroStraightFour, which white stops.
	caroThree = `
	15 . . . . . . . . . . . . . . .
	14 . . . . . . . . . . . . . . .
	13 . . . . . . . . . . . . . . .
	12 . . . . . . . . . . . . o . .
	11 . . . . . . . . . . . . . . .
	10 . . . . . . . . . . . . . . .
	 9 . . . . . . . . . . . . . . .
	 8 . o . x x x . . . . . . . . .
	 7 . . . . . . . . . . . . . . .
	 6 . . . . . . . . . . . . . . .
	 5 . . . . . . . . . . . . . . .
	 4 . . . . . . . . . . . . . . .
	 3 . . . . . . . . . . . . . . .
	 2 . . o . . . . . . . . . . . .
	 1 . . . . . . . . . . . . . . .
	   a b c d e f g h i j k l m n o`
	// Black's d8-g8 blocked at c8: white stops h8's five at h8 itself or,
	// under caro, at i8 (then h8 would be blocked at both ends).
	caroFour = `
	15 . . . . . . . . . . . . . . .
	14 . . . . . . . . . . . . . . .
	13 . . . . . . . . . . . . . . .
	12 . . . . . . . . . . . . o . .
	11 . . . . . . . . . . . . . . .
	10 . . . . . . . . . . . . . . .
	 9 . . . . . . . . . . . . . . .
	 8 . . o x x x x . . . . . . . .
	 7 . . . . . . . . . . . . . . .
	 6 . . . . . . . . . . . . . . .
	 5 . . . . . . . . . . . . . . .
	 4 . . . . . . . . . . . . . . .
	 3 . . . . . . . . . . . . . . .
	 2 . . o . . . . . . . . . . . .
	 1 . . . . . . . . . . . . . . .
	   a b c d e f g h i j k l m n o`
)

// TestCaroLinePatterns checks the line classifier under caro: a five with
// the opponent at both ends is dead, the edge blocks nothing, and a four
// that one stone stops is no straight four. Black plays the centre.
func TestCaroLinePatterns(t *testing.T) {
	cases := []struct {
		row        string // 11 points, the centre (index 5) is where black plays
		caro, free uint8
	}{
		{"oxxxx.o....", patDead, patF5}, // oxxxxxo: blocked at both ends
		{"oxxxx......", patF5, patF5},   // oxxxxx.: one end open
		{"#xxxx.o....", patF5, patF5},   // the edge is not a stone
		{"xxxxx......", patOvl, patF5},  // six: caro needs exactly five
		{"o.xxx......", patB4, patF4},   // o.xxxx.: one stone on the right stops both fives
		{"#.xxx......", patF4, patF4},   // #.xxxx.: the edge stops nothing
		{".o.xx......", patB3, patF3},   // o.xxx..: its straight four is stoppable
		{"..oxx...o..", patDead, patB3}, // oxxx..o: five only as oxxxxxo
		{"..oxx.x.o..", patDead, patB4}, // oxxxx.o: the five point is dead
		{"....x.x....", patF3, patF3},   // plenty of room
	}
	for _, c := range cases {
		for _, rc := range []struct {
			rule engine.Rule
			want uint8
		}{{engine.Caro, c.caro}, {engine.Freestyle, c.free}} {
			if got := linePattern(c.row, rc.rule); got != rc.want {
				t.Errorf("%s (%v): pattern %d, want %d", c.row, rc.rule, got, rc.want)
			}
		}
	}
}

// TestCaroStops checks the moves that stop a five: under caro also the
// point beyond a five blocked at its other end.
func TestCaroStops(t *testing.T) {
	cases := []struct {
		name, diagram string
		rule          engine.Rule
		want          string // the stops, space separated, in board order
	}{
		{"four", caroFour, engine.Caro, "h8 i8"},
		{"four", caroFour, engine.Freestyle, "h8"},
		{"straight", caroStraightFour, engine.Caro, "h8"},
		{"straight", caroStraightFour, engine.Freestyle, ""},
		{"straight", caroStraightFour, engine.Standard, ""},
	}
	for _, c := range cases {
		eb := mustBoard(t, c.diagram)
		b := newBoard(eb.Size(), c.rule)
		for _, m := range boardMoves(eb) {
			b.turn = uint8(m.Color - 1)
			b.play(b.index(m.Point))
		}
		b.turn = 1 // white stops black
		var got []string
		for _, q := range b.stops(nil) {
			got = append(got, b.point(int(q)).String())
		}
		slices.Sort(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s (%v): stops %v, want %q", c.name, c.rule, got, c.want)
		}
	}
}

// TestCaroThink checks the search's answers where caro differs from
// freestyle.
func TestCaroThink(t *testing.T) {
	cases := []struct {
		name, diagram string
		rule          engine.Rule
		toMove        engine.Color
		want          string // acceptable moves
		result        int    // 1: must see its win, -1: must see its loss, 0: neither
	}{
		{"blocked five is no threat", caroBlockedFive, engine.Caro, engine.Black, "e5 i5", 1},
		{"freestyle must block it", caroBlockedFive, engine.Freestyle, engine.Black, "h8", 0},
		{"stoppable straight four", caroStraightFour, engine.Caro, engine.White, "h8", 0},
		{"freestyle straight four", caroStraightFour, engine.Freestyle, engine.White, "", -1},
		{"five against the edge", caroEdgeFive, engine.Caro, engine.Black, "e8", 1},
		{"no straight four from o.xxx", caroThree, engine.Caro, engine.Black, "", 0},
		{"freestyle straight four from o.xxx", caroThree, engine.Freestyle, engine.Black, "c8 g8", 1},
	}
	for _, c := range cases {
		b := mustBoard(t, c.diagram)
		r := thinkOn(t, b, c.rule, c.toMove, goldenNodes)
		got := r.Move.String()
		if c.want != "" && !containsField(c.want, got) {
			t.Errorf("%s: played %s, want one of %q", c.name, got, c.want)
		}
		won, lost := r.Score > winBound, r.Score < -winBound
		if won != (c.result > 0) || lost != (c.result < 0) {
			t.Errorf("%s: %s scored %d, want result %d", c.name, got, r.Score, c.result)
		}
		if won {
			checkPlayout(t, b, c.rule, c.toMove, r.Move, 10)
		}
	}
}
