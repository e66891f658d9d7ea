package match

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// TestApplyAllocs documents what one ordinary move costs Apply: one
// allocation, the Moved event boxed into the Event interface (it is larger
// than a pointer). The event buffer is the match's own, reused from one
// Apply to the next, and the engine's move list, once grown, is reused by
// CopyFrom. Not counted: the caller boxing the Play into a Command (one
// more), a winning move (the line and the Ended event), refusals (their
// messages). If this fails, something started allocating on every move.
func TestApplyAllocs(t *testing.T) {
	base := mustNew(t, blitz)
	for i, p := range []string{"h8", "h9", "i8"} {
		if _, err := base.Apply(Play{Color: base.Turn(), Point: pt(p)}, at(time.Duration(i)*sec)); err != nil {
			t.Fatal(err)
		}
	}
	m := &Match{}
	var err error
	cmd := Command(Play{Color: white, Point: pt("a1")})
	allocs := testing.AllocsPerRun(100, func() {
		m.CopyFrom(base) // allocates nothing once m has its own engine game
		if _, e := m.Apply(cmd, at(10*sec)); e != nil {
			err = e
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if allocs > 1 {
		t.Errorf("one Play: %v allocations, want at most 1 (the boxed Moved event)", allocs)
	}
}

// BenchmarkApplyMove plays games on a 15x15 board with a clock, in a fixed
// random order of the points, and starts again when one is over. The
// commands are boxed beforehand: allocs/op is Apply's own.
func BenchmarkApplyMove(b *testing.B) {
	const size = 15
	start := mustNew(b, withClock(casual, gomoku.TimeControl{MainMS: 10 * 60_000, IncrementMS: 5_000}))
	order := rand.New(rand.NewPCG(1, 2)).Perm(size * size)
	plays := make([]Command, len(order))
	for i, n := range order {
		c := black
		if i%2 == 1 {
			c = white
		}
		plays[i] = Play{Color: c, Point: engine.Point{X: n % size, Y: n / size}}
	}
	m := &Match{}
	m.CopyFrom(start)
	ply, games := 0, 1
	b.ReportAllocs()
	for b.Loop() {
		if m.Over() {
			m.CopyFrom(start)
			ply, games = 0, games+1
		}
		if _, err := m.Apply(plays[ply], at(time.Duration(ply+1)*sec)); err != nil {
			b.Fatalf("game %d ply %d: %v", games, ply+1, err)
		}
		ply++
	}
}
