package ai

import (
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// vctThroughFours: black to move wins with h8 (TestVCTThroughDefenderFours).
const vctThroughFours = `
	15 . . . . . . . . . . . . . . .
	14 . . . . . . . . . . . . . . .
	13 . . . . . . . . . . . . . . .
	12 . . . . . . . . . . . . . o .
	11 . . . . . . . . . . . . . . .
	10 . . . . . . . . . . . . . . .
	 9 . . . . . . . . . . . . . . .
	 8 . . . . . x x . . . . . . . .
	 7 . . . . . . . x . . . . . . .
	 6 . . . . . . . x . . . . . . .
	 5 . . . . . . . . . . . . . . .
	 4 . . . . . . . . . . . . . . .
	 3 . . . . . . . . . . . . . . .
	 2 x o o o . . . . . . . . . . .
	 1 . . . . . . . . . . . . . . .
	   a b c d e f g h i j k l m n o`

// TestVCTThroughDefenderFours: a threat sequence must survive the defender's
// fours. Black's h8 makes two open threes, which white cannot both stop;
// white can only delay with the four e2 (or f2). Black blocks it, and the
// block is no four, but both threes still stand, so black wins. A VCT that
// took every four of the defender for a refutation found no win.
func TestVCTThroughDefenderFours(t *testing.T) {
	s := maxSearcherFor(t, vctThroughFours)
	s.threatMove = -1
	if r := s.vct(0, 1, true); r == 0 {
		t.Fatalf("no VCT found for black (%d nodes)", s.nodes)
	}
	if got := s.b.point(int(s.threatMove)); got != (engine.Point{X: 7, Y: 7}) {
		t.Errorf("first move %v, want h8", got)
	}
}

// TestOppVCF: the null-move VCF sees the opponent's win by fours (white's
// e5 makes a four on row 5 and an open three on column e at once) and none
// when black's e8 closes the column, and leaves the board as it found it.
func TestOppVCF(t *testing.T) {
	for _, c := range []struct {
		name    string
		diagram string
		want    bool
	}{
		{"four-three", `
		 9 . . . . . . . . .
		 8 . . . . . . . . .
		 7 . . . . o . . . .
		 6 . . . . o . . . .
		 5 x o o o . . . . .
		 4 . . . . . . . . .
		 3 . . . . . . x . .
		 2 . . x x . . . . .
		 1 . . . . . x . . .
		   a b c d e f g h i`, true},
		{"four and closed three", `
		 9 . . . . . . . . .
		 8 . . . . x . . . .
		 7 . . . . o . . . .
		 6 . . . . o . . . .
		 5 x o o o . . . . .
		 4 . . . . . . . . .
		 3 . . . . . . x . .
		 2 . . x x . . . . .
		 1 . . . . . . . . .
		   a b c d e f g h i`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := maxSearcherFor(t, c.diagram)
			h := s.b.hash
			if got := s.oppVCF(1); got != c.want {
				t.Errorf("oppVCF = %v, want %v", got, c.want)
			}
			if s.b.hash != h || s.b.turn != 0 {
				t.Errorf("board changed: hash %x -> %x, turn %d", h, s.b.hash, s.b.turn)
			}
		})
	}
}

// maxSearcherFor is a Max searcher on the freestyle position of diagram,
// black to move, with a minute and no node limit for threat searches.
func maxSearcherFor(t *testing.T, diagram string) *searcher {
	t.Helper()
	bd := mustBoard(t, diagram)
	s := newSearcher(1)
	s.p = Max.params()
	s.b.reset(bd.Size(), engine.Freestyle)
	for _, m := range boardMoves(bd) {
		s.b.turn = uint8(m.Color - 1)
		s.b.play(s.b.index(m.Point))
	}
	s.b.turn = 0 // black
	s.deadline, s.timed, s.vctStop = time.Now().Add(time.Minute), true, 1<<62
	return s
}
