package server

import (
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

var t0 = time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

func TestClockFischer(t *testing.T) {
	k := newClock(gomoku.TimeControl{MainMS: 60_000, IncrementMS: 5_000})
	k.start(engine.Black, t0)
	spent, ok := k.charge(at(10*time.Second), true)
	if !ok || spent != 10*time.Second {
		t.Fatalf("charge = %v, %v", spent, ok)
	}
	if got, _ := k.remaining(engine.Black, at(10*time.Second)); got != 55*time.Second {
		t.Errorf("black left %v, want 55s (60 - 10 + 5)", got)
	}
	k.start(engine.White, at(10*time.Second))
	if d := k.deadline(); !d.Equal(at(70 * time.Second)) {
		t.Errorf("deadline %v, want +70s", d.Sub(t0))
	}
	if k.flagged(at(70*time.Second)) || !k.flagged(at(70*time.Second+time.Millisecond)) {
		t.Error("white should flag just after 60s")
	}
	if _, ok := k.charge(at(71*time.Second), true); ok {
		t.Error("a move after the flag fell was accepted")
	}
	c := k.wire(at(40 * time.Second))
	if c.BlackMS != 55_000 || c.WhiteMS != 30_000 || c.Running != "white" {
		t.Errorf("wire = %+v", c)
	}
}

func TestClockByoYomi(t *testing.T) {
	k := newClock(gomoku.TimeControl{MainMS: 10_000, ByoYomiMS: 3_000})
	k.start(engine.Black, t0)
	// 12s: main time spent, 2s of the first period used: into byo-yomi.
	if _, ok := k.charge(at(12*time.Second), true); !ok {
		t.Fatal("flagged inside the byo-yomi period")
	}
	if left, byo := k.remaining(engine.Black, at(12*time.Second)); !byo || left != 3*time.Second {
		t.Errorf("black = %v byo %v, want a fresh 3s period", left, byo)
	}
	k.start(engine.White, at(12*time.Second))
	k.charge(at(13*time.Second), true)
	k.start(engine.Black, at(13*time.Second))
	// Each move in byo-yomi must be within 3s.
	if !k.flagged(at(16*time.Second+time.Millisecond)) || k.flagged(at(16*time.Second)) {
		t.Error("black should flag just after its 3s period")
	}
	if _, ok := k.charge(at(15*time.Second), true); !ok {
		t.Error("2s move in byo-yomi rejected")
	}
	b, w := k.stored()
	if b != 0 || w != 9_000 {
		t.Errorf("stored %d, %d; want 0, 9000", b, w)
	}
	r := restoreClock(k.tc, b, w)
	if !r.byo[0] || r.byo[1] || r.left[1] != 9*time.Second {
		t.Errorf("restored %+v", r)
	}
}

func TestClockTimeoutWithoutByoYomi(t *testing.T) {
	k := newClock(gomoku.TimeControl{MainMS: 1_000})
	k.start(engine.Black, t0)
	if !k.flagged(at(1001 * time.Millisecond)) {
		t.Error("no flag after main time")
	}
}

func TestNoClock(t *testing.T) {
	k := newClock(gomoku.TimeControl{})
	k.start(engine.Black, t0)
	if k.flagged(at(time.Hour)) || k.wire(t0) != nil || !k.deadline().IsZero() {
		t.Error("a game without clock has a clock")
	}
	if _, ok := k.charge(at(time.Hour), true); !ok {
		t.Error("charge without clock failed")
	}
}

func TestClockRefundOnTakeback(t *testing.T) {
	k := newClock(gomoku.TimeControl{MainMS: 60_000, IncrementMS: 5_000})
	k.start(engine.Black, t0)
	k.charge(at(time.Second), true) // black 64s
	k.start(engine.White, at(time.Second))
	k.charge(at(2*time.Second), true) // white 64s
	k.refund([]engine.Color{engine.Black, engine.White})
	b, _ := k.remaining(engine.Black, at(2*time.Second))
	w, _ := k.remaining(engine.White, at(2*time.Second))
	if b != 59*time.Second || w != 59*time.Second {
		t.Fatalf("after the takeback black %v, white %v; want 59s each (no increment kept)", b, w)
	}
	k = newClock(gomoku.TimeControl{MainMS: 1_000, IncrementMS: 5_000})
	k.refund([]engine.Color{engine.Black})
	if b, _ := k.remaining(engine.Black, t0); b != 0 {
		t.Fatalf("refund below zero: %v", b)
	}
}
