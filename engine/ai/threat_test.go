package ai

import (
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// TestVCTThroughDefenderFours: a threat sequence must survive the defender's
// fours. Black's h8 makes two open threes, which white cannot both stop;
// white can only delay with the four e2 (or f2). Black blocks it, and the
// block is no four, but both threes still stand, so black wins. A VCT that
// took every four of the defender for a refutation found no win.
func TestVCTThroughDefenderFours(t *testing.T) {
	const diagram = `
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
	bd := mustBoard(t, diagram)
	s := newSearcher(1)
	s.p = Max.params()
	s.b.reset(15, engine.Freestyle)
	for _, m := range boardMoves(bd) {
		s.b.turn = uint8(m.Color - 1)
		s.b.play(s.b.index(m.Point))
	}
	s.b.turn = 0 // black
	s.deadline, s.timed, s.vctStop = time.Now().Add(time.Minute), true, 1<<62
	s.threatMove = -1
	if r := s.vct(0, 1, true); r == 0 {
		t.Fatalf("no VCT found for black (%d nodes)", s.nodes)
	}
	if got := s.b.point(int(s.threatMove)); got != (engine.Point{X: 7, Y: 7}) {
		t.Errorf("first move %v, want h8", got)
	}
}
