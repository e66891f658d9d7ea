package ai

import (
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// rootSearcher is a searcher set up on the bench position at Max, black
// to move, with no time limit, and its root moves; release returns it.
func rootSearcher(t *testing.T, depth int) (s *searcher, moves []int32, release func()) {
	s, release = maxSearcher(boardMoves(mustBoard(t, benchPosition)))
	moves = append([]int32(nil), s.genMoves(0, s.buf[0][:0], -1, false)...)
	s.extLimit = depth + 8
	return s, moves, release
}

// maxSearcher is a searcher set up at Max on a freestyle 15x15 position of
// the given stones, black to move, with no time limit; release returns it.
func maxSearcher(stones []engine.Move) (s *searcher, release func()) {
	s = getSearcher(1)
	s.p = Max.params()
	s.deadline, s.timed, s.nodeLimit = time.Now().Add(time.Minute), false, 0
	s.pos = &position{size: 15, rule: engine.Freestyle, moves: stones, toMove: engine.Black}
	s.setup(s.pos)
	return s, func() { putSearcher(1, s) }
}

// TestRootWindow: the root's iteration in a window reports a fail low (no
// move) when the window lies far above the position's score and a fail
// high (a move scoring at least the window's top) when it lies far below.
func TestRootWindow(t *testing.T) {
	Warm()
	const depth = 6
	search := func(lo, hi int) (v, i int) {
		s, moves, release := rootSearcher(t, depth)
		defer release()
		i, v = s.rootIteration(depth, lo, hi, moves, make([]int, len(moves)))
		return v, i
	}
	v, i := search(-infinity, infinity)
	if i < 0 || v <= -winBound || v >= winBound {
		t.Fatalf("full window: move index %d, score %d", i, v)
	}
	if _, i := search(v+2000, v+4000); i >= 0 {
		t.Errorf("window above the score %d: move index %d, want a fail low", v, i)
	}
	if hv, i := search(v-4000, v-2000); i < 0 || hv < v-2000 {
		t.Errorf("window below the score %d: move index %d score %d, want a fail high", v, i, hv)
	}
}

// fullWindowScore is the bench position's score at depth with the full
// window.
func fullWindowScore(t *testing.T, depth int) int {
	Warm()
	s, moves, release := rootSearcher(t, depth)
	defer release()
	v, i := s.rootIteration(depth, -infinity, infinity, moves, make([]int, len(moves)))
	if i < 0 {
		t.Fatal("full window: no move")
	}
	return v
}

// TestAspire: when the last iteration's score is far from this one's, the
// aspiration window widens from the score the failed pass returned, on the
// side where it fell, so a few passes reach it (widening from the last
// score, 40 points twice as far each time, would take 7 to 10), and the
// iteration completes with a move.
func TestAspire(t *testing.T) {
	const depth = aspDepth + 1
	v := fullWindowScore(t, depth)
	for _, last := range []int{v + 3000, v - 3000, v + 20000, v - 20000} {
		s, moves, release := rootSearcher(t, depth)
		move, score, d := s.aspire(depth, moves, make([]int, len(moves)), rootResult{-1, last, depth - 1})
		fails := s.aspFails
		release()
		inside := score > last-aspDelta && score < last+aspDelta
		if move < 0 || d != depth || inside || fails < 1 || fails > 3 {
			t.Errorf("last score %d (this one %d): move %d score %d depth %d after %d failed windows",
				last, v, move, score, d, fails)
		}
	}
}

// TestAspireStopped: a search stopped in the middle of an iteration keeps
// the last iteration's answer when no move beat the window, and returns the
// move that failed high, with its score and the last depth, when one did.
func TestAspireStopped(t *testing.T) {
	const depth = aspDepth + 1
	v := fullWindowScore(t, depth)
	// Above the score: the first pass fails low and the node limit stops
	// the second.
	s, moves, release := rootSearcher(t, depth)
	s.rootIteration(depth, v+3000, v+3000+aspDelta, moves, make([]int, len(moves)))
	first := s.nodes
	release()
	s, moves, release = rootSearcher(t, depth)
	s.nodeLimit = first + checkEvery
	last := rootResult{int(moves[1]), v + 3000, depth - 1}
	if m, sc, d := s.aspire(depth, moves, make([]int, len(moves)), last); (rootResult{m, sc, d}) != last || !s.stopped {
		t.Errorf("stopped after a fail low: %d %d %d (stopped %v), want the last answer %v", m, sc, d, s.stopped, last)
	}
	release()
	// Below the score: the first move fails high at once; the limit stops
	// the search again.
	s, moves, release = rootSearcher(t, depth)
	s.nodeLimit = checkEvery
	last = rootResult{-1, v - 3000, depth - 1}
	m, sc, d := s.aspire(depth, moves, make([]int, len(moves)), last)
	release()
	if m < 0 || sc < last.score+aspDelta || d != last.depth {
		t.Errorf("stopped after a fail high: move %d score %d depth %d (last score %d)", m, sc, d, last.score)
	}
}
