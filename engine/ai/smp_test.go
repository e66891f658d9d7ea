package ai

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// TestThreadsStop: a search on several goroutines leaves none running once
// Think has answered, whether it ran to its deadline or was cancelled, and
// answers a legal move either way (under -race this also checks that the
// helpers share nothing but the table's atomic slots).
func TestThreadsStop(t *testing.T) {
	bd := mustBoard(t, benchPosition)
	moves := boardMoves(bd)
	Warm()
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
		for _, cancelAfter := range []time.Duration{0, 20 * time.Millisecond} {
			ctx, cancel := context.WithCancel(context.Background())
			if cancelAfter > 0 {
				time.AfterFunc(cancelAfter, cancel)
			}
			r, err := Think(ctx, Request{Size: 15, Rule: rule, Moves: moves, Level: Max,
				TimeLimit: 150 * time.Millisecond, ToMove: engine.Black, Threads: 4})
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if bd.At(r.Move) != engine.Empty {
				t.Fatalf("%v: answer %s is occupied", rule, r.Move)
			}
			if g := searchGoroutines(); g != "" {
				t.Fatalf("%v: a search goroutine runs after Think returned:\n%s", rule, g)
			}
		}
	}
}

// searchGoroutines returns the stack of a goroutine other than the caller's
// that is still searching (in a searcher's iterate), or "". A helper that
// has returned from its search and signalled its end may still be on its
// way out: it is not counted.
func searchGoroutines() string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	for i, g := range strings.Split(string(buf), "\n\n") {
		if i > 0 && strings.Contains(g, "engine/ai.(*searcher).iterate(") {
			return g
		}
	}
	return ""
}

// TestTableShared: slots written by one goroutine read back whole in
// another, and a slot is either an entry that was stored or a miss.
func TestTableShared(t *testing.T) {
	tab := newTable(1)
	const salt = 0x9e3779b97f4a7c15
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 20000; i++ {
			h := uint64(i % 64)
			tab.store(h, salt, i%60, -i%29000, i%225, uint8(1+i%3))
		}
	}()
	for i := 0; i < 20000; i++ {
		h := uint64(i % 64)
		if e, ok := tab.probe(h, salt); ok {
			if e.bound < boundExact || e.bound > boundUpper || e.depth < 0 || e.depth >= 60 {
				t.Fatalf("torn entry %+v for hash %d", e, h)
			}
		}
	}
	<-done
	tab.store(100, salt, 5, -1234, 200, boundLower)
	e, ok := tab.probe(100, salt)
	if !ok || e.score != -1234 || e.move != 200 || e.depth != 5 || e.bound != boundLower {
		t.Fatalf("probe after store: %+v %v", e, ok)
	}
	// Another search's salt (they are random) differs in the key bits a
	// slot keeps.
	if _, ok := tab.probe(100, salt^0x5bd1e9<<(64-keyBits)); ok {
		t.Fatal("an entry of another search's salt matched")
	}
}

// TestSkipDepth: with one helper, it searches the even depths only (the
// main searcher all of them); the first helpers of a larger pool between
// them cover every depth.
func TestSkipDepth(t *testing.T) {
	main, h1, h2 := &searcher{}, &searcher{helper: 1}, &searcher{helper: 2}
	for d := 1; d <= 12; d++ {
		if main.skipDepth(d) {
			t.Fatalf("main skips depth %d", d)
		}
		if h1.skipDepth(d) != (d%2 == 1) {
			t.Fatalf("helper 1 at depth %d: skip %v", d, h1.skipDepth(d))
		}
		if h1.skipDepth(d) && h2.skipDepth(d) {
			t.Fatalf("helpers 1 and 2 both skip depth %d", d)
		}
	}
}

// TestDeepest: the answer is a helper's when it completed a deeper
// iteration, unless the main searcher proved a win.
func TestDeepest(t *testing.T) {
	s := &searcher{best: rootResult{move: 5, score: 40, depth: 12}}
	for _, c := range []struct{ move, score, depth, want int }{
		{7, 30, 11, 5},
		{7, 30, 12, 7},
		{7, 30, 13, 7},
		{7, WinScore - 9, 9, 7},
		{7, -WinScore + 9, 9, 5},
	} {
		if m, _, _ := s.deepest(c.move, c.score, c.depth); m != c.want {
			t.Errorf("main %d (score %d, depth %d): answer %d, want %d", c.move, c.score, c.depth, m, c.want)
		}
	}
}

// TestHelpersStopOnThreatWin: the helpers start before the root's threat
// searches; when one of them finds the win, Think answers it and leaves no
// helper running.
func TestHelpersStopOnThreatWin(t *testing.T) {
	bd := mustBoard(t, vctThroughFours)
	r, err := Think(context.Background(), Request{Size: 15, Moves: boardMoves(bd), Level: Max,
		TimeLimit: 2 * time.Second, ToMove: engine.Black, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r.Score < WinScore/2 {
		t.Errorf("answer %s score %d: want the threat search's win", r.Move, r.Score)
	}
	if g := searchGoroutines(); g != "" {
		t.Fatalf("a search goroutine runs after Think returned:\n%s", g)
	}
}

// TestHelperDefenceExtension: facing the opponent's open three, a helper
// searches the defences at no cost of depth, so its search of depth 1
// reads the replies to them as well (more nodes than the main searcher's);
// with no open three on the board both read the same tree.
func TestHelperDefenceExtension(t *testing.T) {
	Warm()
	stone := func(x, y int, c engine.Color) engine.Move {
		return engine.Move{Point: engine.Point{X: x, Y: y}, Color: c}
	}
	// White's open three h8 i8 j8 (nothing from f8 to l8 in its way);
	// black's g9 and h10 make no threat.
	openThree := []engine.Move{stone(7, 7, engine.White), stone(6, 8, engine.Black),
		stone(8, 7, engine.White), stone(7, 9, engine.Black), stone(9, 7, engine.White)}
	nodes := func(stones []engine.Move, helper int) int64 {
		s, release := maxSearcher(stones)
		defer release()
		s.helper, s.extLimit = helper, 9
		s.classic(1, -infinity, infinity, 1, true, false)
		return s.nodes
	}
	if m, h := nodes(openThree, 0), nodes(openThree, 1); h <= m {
		t.Errorf("facing an open three: the helper read %d nodes, the main searcher %d; want more", h, m)
	}
	bench := boardMoves(mustBoard(t, benchPosition))
	if m, h := nodes(bench, 0), nodes(bench, 1); h != m {
		t.Errorf("bench position: the helper read %d nodes, the main searcher %d; want the same", h, m)
	}
}
