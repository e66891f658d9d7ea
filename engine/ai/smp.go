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
// move. Half the helpers start one ply deeper so that they run ahead of the
// main search instead of beside it. Only the main searcher's result is
// used: the helpers' work reaches it through the table.

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
	for k := range helpers {
		h := getSearcher(0)
		h.p, h.tt, h.salt = s.p, s.tt, s.salt
		h.deadline, h.done, h.timed, h.nodeLimit = s.deadline, done, true, 0
		h.yield = s.yield
		h.firstDepth = 1 + (k+1)%2
		h.setup(s.pos)
		helpers[k] = h
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.iterate(time.Now())
		}()
	}
	return func() {
		close(done)
		wg.Wait()
		for _, h := range helpers {
			s.helperNodes += h.nodes
			h.tt = &h.ownTT
			putSearcher(0, h)
		}
	}
}
