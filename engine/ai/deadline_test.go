package ai

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// deadlineSlack is how late Think may answer in TestDeadline. The search
// looks at the clock every checkEvery nodes (about 0.1 ms) and is measured
// by BenchmarkDeadline to be late by well under a millisecond; this bound
// only catches gross errors (a clock or context not looked at), so it must
// hold on a loaded two-core machine and under the race detector, where
// goroutines can wait long for a core.
func deadlineSlack() time.Duration {
	if raceEnabled {
		return 1500 * time.Millisecond
	}
	return 250 * time.Millisecond
}

// TestDeadline checks that Think answers by its time limit and by its
// context's deadline, whichever is sooner, in a position with no quick win.
// The limits ignored in each case are far beyond the slack, so a search
// that ignored the context or a level's cap would fail.
func TestDeadline(t *testing.T) {
	bd := mustBoard(t, benchPosition)
	moves := boardMoves(bd)
	Warm()
	for _, c := range []struct {
		limit, ctx time.Duration
		level      Level
		rule       engine.Rule
		threads    int
	}{
		{50 * time.Millisecond, 0, Max, engine.Freestyle, 0},
		{200 * time.Millisecond, 0, Max, engine.Renju, 0},
		{200 * time.Millisecond, 0, Max, engine.Freestyle, 3},
		{30 * time.Second, 60 * time.Millisecond, Max, engine.Freestyle, 0},
		{30 * time.Second, 60 * time.Millisecond, Max, engine.Renju, 2},
		{0, 0, Medium, engine.Freestyle, 0},
		{30 * time.Second, 0, Hard, engine.Renju, 0}, // capped at Hard's MoveTime
	} {
		ctx := context.Background()
		if c.ctx > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, c.ctx)
			defer cancel()
		}
		want := c.limit
		if c.level != Max && (want == 0 || want > c.level.MoveTime()) {
			want = c.level.MoveTime()
		}
		if c.ctx > 0 && c.ctx < want {
			want = c.ctx
		}
		start := time.Now()
		r, err := Think(ctx, Request{Size: 15, Rule: c.rule, Moves: moves, Level: c.level,
			TimeLimit: c.limit, ToMove: engine.Black, Threads: c.threads})
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v %v limit %v ctx %v: %s in %v, depth %d, %d nodes", c.level, c.rule, c.limit, c.ctx, r.Move, took, r.Depth, r.Nodes)
		if took > want+deadlineSlack() {
			t.Errorf("%v with limit %v and ctx %v took %v (want at most %v + %v)", c.level, c.limit, c.ctx, took, want, deadlineSlack())
		}
	}
}

// TestCancel: a cancelled context stops the search at once (the bound is
// loose for loaded machines, far below the 30 s limit).
func TestCancel(t *testing.T) {
	bd := mustBoard(t, benchPosition)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	r, err := Think(ctx, Request{Size: 15, Rule: engine.Freestyle, Moves: boardMoves(bd), Level: Max,
		TimeLimit: 30 * time.Second, ToMove: engine.Black})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > deadlineSlack() {
		t.Fatalf("took %v after cancel", took)
	}
	if bd.At(r.Move) != engine.Empty {
		t.Fatalf("answer %s is occupied", r.Move)
	}
}

// TestDeterministic: with a node limit, the same request gives the same
// answer, also when other searches run at the same time.
func TestDeterministic(t *testing.T) {
	bd := mustBoard(t, benchPosition)
	req := Request{Size: 15, Rule: engine.Renju, Moves: boardMoves(bd), Level: Max,
		TimeLimit: time.Minute, NodeLimit: 20000, ToMove: engine.Black}
	first, err := Think(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan Reply, 3)
	for i := 0; i < 3; i++ {
		go func() {
			r, _ := Think(context.Background(), req)
			done <- r
		}()
	}
	for i := 0; i < 3; i++ {
		r := <-done
		if r.Move != first.Move || r.Score != first.Score || r.Nodes != first.Nodes {
			t.Fatalf("run %d: %+v, first %+v", i, r, first)
		}
	}
}

// TestEasyRandomAmongEquals: the seed picks among equally scored points, and
// the same seed picks the same one.
func TestEasyRandomAmongEquals(t *testing.T) {
	moves := []engine.Move{{Point: engine.Point{X: 7, Y: 7}, Color: engine.Black}}
	seen := map[engine.Point]bool{}
	for seed := int64(0); seed < 20; seed++ {
		r1, err := Think(context.Background(), Request{Moves: moves, Level: Easy, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r2, _ := Think(context.Background(), Request{Moves: moves, Level: Easy, Seed: seed})
		if r1.Move != r2.Move {
			t.Fatalf("seed %d: %s then %s", seed, r1.Move, r2.Move)
		}
		seen[r1.Move] = true
	}
	if len(seen) < 2 {
		t.Fatalf("easy always plays %v", seen)
	}
}

// TestThinkErrors: bad requests fail with the engine's sentinel errors.
func TestThinkErrors(t *testing.T) {
	p := func(x, y int) engine.Point { return engine.Point{X: x, Y: y} }
	five := []engine.Move{}
	for x := 0; x < 5; x++ {
		five = append(five, engine.Move{Point: p(x, 0), Color: engine.Black}, engine.Move{Point: p(x, 5), Color: engine.White})
	}
	for _, c := range []struct {
		name string
		req  Request
		want error
	}{
		{"size", Request{Size: 30}, engine.ErrBadSize},
		{"rule", Request{Rule: 9}, engine.ErrBadRule},
		{"level", Request{Level: 7}, ErrBadLevel},
		{"off board", Request{Moves: []engine.Move{{Point: p(15, 0), Color: engine.Black}}}, engine.ErrOffBoard},
		{"occupied", Request{Moves: []engine.Move{{Point: p(1, 1), Color: engine.Black}, {Point: p(1, 1), Color: engine.White}}}, engine.ErrOccupied},
		{"colour", Request{Moves: []engine.Move{{Point: p(1, 1)}}}, engine.ErrBadColor},
		{"won", Request{Moves: five[:9]}, engine.ErrGameOver},
	} {
		if _, err := Think(context.Background(), c.req); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// TestNoLegalMove: a renju position where every empty point is forbidden for
// black fails with ErrNoMove; a full board too.
func TestNoLegalMove(t *testing.T) {
	var moves []engine.Move
	for y := 0; y < 5; y++ {
		for x := 0; x < 5; x++ {
			c := engine.Black
			if (x+2*y)%5 < 2 {
				c = engine.White
			}
			moves = append(moves, engine.Move{Point: engine.Point{X: x, Y: y}, Color: c})
		}
	}
	if _, err := Think(context.Background(), Request{Size: 5, Moves: moves, Level: Max}); !errors.Is(err, ErrNoMove) {
		t.Errorf("full board: %v", err)
	}
}
