package ai

import (
	"sync"
	"time"
)

// MaxThreads caps Request.Threads.
const MaxThreads = 16

// Max searches a move on several goroutines when the request asks for it
// (Request.Threads): lazy SMP, as the chess and gomoku engines do it. The
// helpers deepen the same position as the main searcher, each on a board,
// killers and history of its own, and share only the transposition table,
// whose lock-free slots (tt.go) carry their results to the others: the
// main searcher finds its subtrees already searched or ordered by the table
// move. The helpers skip some depths (skipDepth) so that they run ahead of
// the main search instead of beside it, and the answer is the deepest
// completed iteration's, the main searcher's or a helper's (deepest).
// The helpers also read differently: they search the defences against an
// open three at no cost of depth (classicMoves), so the table holds threat
// sequences read twice as deep as the main searcher reads them.

// rootResult is a searcher's answer: its move, score and deepest completed
// iteration.
type rootResult struct{ move, score, depth int }

// skipBlocks spread the helpers' iterations over the depths (the skip
// blocks of the lazy-SMP chess engines): helper k, by its row (k-1)%20,
// skips the depths d for which ((d+phase)/size) is odd, so that the
// helpers search different depths, most of them ahead of the main
// searcher, instead of all the same one beside it.
var skipBlocks = [20]struct{ size, phase int }{
	{1, 0}, {1, 1}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {3, 0}, {3, 1}, {3, 2}, {3, 3},
	{3, 4}, {3, 5}, {4, 0}, {4, 1}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6}, {4, 7},
}

// skipDepth reports whether this searcher, a helper, leaves iteration d
// to the others.
func (s *searcher) skipDepth(d int) bool {
	if s.helper == 0 {
		return false
	}
	b := skipBlocks[(s.helper-1)%len(skipBlocks)]
	return (d+b.phase)/b.size%2 == 1
}

// deepest returns the main searcher's answer (move, score, depth) or a
// helper's that completed a deeper iteration, unless the main searcher's
// is a proven win: as in the lazy-SMP engines, the deepest search knows
// most.
func (s *searcher) deepest(move, score, depth int) (int, int, int) {
	if b := s.best; b.depth > depth && score <= winBound {
		return b.move, b.score, b.depth
	}
	return move, score, depth
}

// startHelpers starts threads-1 helpers on the searcher's position and
// returns a function that stops them and waits until they have stopped.
// With one thread it starts nothing.
func (s *searcher) startHelpers() (stop func()) {
	n := s.threads - 1
	if n <= 0 {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	helpers := make([]*searcher, n)
	results := make([]rootResult, n)
	for k := range helpers {
		h := getSearcher(0)
		h.p, h.tt, h.salt = s.p, s.tt, s.salt
		h.deadline, h.done, h.timed, h.nodeLimit = s.deadline, done, true, 0
		h.yield = s.yield
		h.helper = k + 1
		h.setup(s.pos)
		helpers[k] = h
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, v, d := h.iterate(time.Now())
			results[k] = rootResult{m, v, d}
		}()
	}
	return func() {
		close(done)
		wg.Wait()
		for k, h := range helpers {
			if r := results[k]; r.depth > s.best.depth {
				s.best = r
			}
			s.helperNodes += h.nodes
			h.tt = &h.ownTT
			putSearcher(0, h)
		}
	}
}
