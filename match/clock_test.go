package match

import (
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

var t0 = time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

func TestClockFischer(t *testing.T) {
	k := NewClock(gomoku.TimeControl{MainMS: 60_000, IncrementMS: 5_000})
	k.Start(engine.Black, t0)
	spent, ok := k.Charge(at(10*time.Second), true)
	if !ok || spent != 10*time.Second {
		t.Fatalf("charge = %v, %v", spent, ok)
	}
	if got, _ := k.Remaining(engine.Black, at(10*time.Second)); got != 55*time.Second {
		t.Errorf("black left %v, want 55s (60 - 10 + 5)", got)
	}
	k.Start(engine.White, at(10*time.Second))
	if d := k.Deadline(); !d.Equal(at(70 * time.Second)) {
		t.Errorf("deadline %v, want +70s", d.Sub(t0))
	}
	if k.Flagged(at(70*time.Second)) || !k.Flagged(at(70*time.Second+time.Millisecond)) {
		t.Error("white should flag just after 60s")
	}
	if _, ok := k.Charge(at(71*time.Second), true); ok {
		t.Error("a move after the flag fell was accepted")
	}
	c, _ := k.View(at(40 * time.Second))
	if c.BlackMS != 55_000 || c.WhiteMS != 30_000 || c.Running != engine.White {
		t.Errorf("view = %+v", c)
	}
}

func TestClockByoYomi(t *testing.T) {
	k := NewClock(gomoku.TimeControl{MainMS: 10_000, ByoYomiMS: 3_000})
	k.Start(engine.Black, t0)
	// 12s: main time spent, 2s of the first period used: into byo-yomi.
	if _, ok := k.Charge(at(12*time.Second), true); !ok {
		t.Fatal("flagged inside the byo-yomi period")
	}
	if left, byo := k.Remaining(engine.Black, at(12*time.Second)); !byo || left != 3*time.Second {
		t.Errorf("black = %v byo %v, want a fresh 3s period", left, byo)
	}
	k.Start(engine.White, at(12*time.Second))
	k.Charge(at(13*time.Second), true)
	k.Start(engine.Black, at(13*time.Second))
	// Each move in byo-yomi must be within 3s.
	if !k.Flagged(at(16*time.Second+time.Millisecond)) || k.Flagged(at(16*time.Second)) {
		t.Error("black should flag just after its 3s period")
	}
	if _, ok := k.Charge(at(15*time.Second), true); !ok {
		t.Error("2s move in byo-yomi rejected")
	}
	b, w := k.Stored()
	if b != 0 || w != 9_000 {
		t.Errorf("stored %d, %d; want 0, 9000", b, w)
	}
	r := RestoreClock(k.tc, b, w)
	if !r.byo[0] || r.byo[1] || r.left[1] != 9*time.Second {
		t.Errorf("restored %+v", r)
	}
}

func TestClockTimeoutWithoutByoYomi(t *testing.T) {
	k := NewClock(gomoku.TimeControl{MainMS: 1_000})
	k.Start(engine.Black, t0)
	if !k.Flagged(at(1001 * time.Millisecond)) {
		t.Error("no flag after main time")
	}
}

func TestNoClock(t *testing.T) {
	k := NewClock(gomoku.TimeControl{})
	k.Start(engine.Black, t0)
	if k.Flagged(at(time.Hour)) || func() bool { _, ok := k.View(t0); return ok }() || !k.Deadline().IsZero() {
		t.Error("a game without clock has a clock")
	}
	if _, ok := k.Charge(at(time.Hour), true); !ok {
		t.Error("charge without clock failed")
	}
}

func TestClockRefundOnTakeback(t *testing.T) {
	k := NewClock(gomoku.TimeControl{MainMS: 60_000, IncrementMS: 5_000})
	k.Start(engine.Black, t0)
	k.Charge(at(time.Second), true) // black 64s
	k.Start(engine.White, at(time.Second))
	k.Charge(at(2*time.Second), true) // white 64s
	k.Refund([]engine.Color{engine.Black, engine.White})
	b, _ := k.Remaining(engine.Black, at(2*time.Second))
	w, _ := k.Remaining(engine.White, at(2*time.Second))
	if b != 59*time.Second || w != 59*time.Second {
		t.Fatalf("after the takeback black %v, white %v; want 59s each (no increment kept)", b, w)
	}
	k = NewClock(gomoku.TimeControl{MainMS: 1_000, IncrementMS: 5_000})
	k.Refund([]engine.Color{engine.Black})
	if b, _ := k.Remaining(engine.Black, t0); b != 0 {
		t.Fatalf("refund below zero: %v", b)
	}
}

func TestClockDeadlineByoYomi(t *testing.T) {
	k := NewClock(gomoku.TimeControl{MainMS: 10_000, ByoYomiMS: 3_000})
	k.Start(engine.Black, t0)
	// The main time, then a period: black flags just after 13s, not 10s.
	if d := k.Deadline(); !d.Equal(at(13 * time.Second)) {
		t.Errorf("deadline with main time left %v, want +13s", d.Sub(t0))
	}
	if k.Flagged(at(13*time.Second)) || !k.Flagged(at(13*time.Second+time.Millisecond)) {
		t.Error("black should flag just after its main time and one period")
	}
	k.Charge(at(12*time.Second), true) // into byo-yomi
	k.Start(engine.White, at(12*time.Second))
	k.Charge(at(13*time.Second), true)
	k.Start(engine.Black, at(13*time.Second))
	if d := k.Deadline(); !d.Equal(at(16 * time.Second)) {
		t.Errorf("deadline in byo-yomi %v, want +16s (one period)", d.Sub(t0))
	}
	k = NewClock(gomoku.TimeControl{ByoYomiMS: 3_000}) // byo-yomi only
	k.Start(engine.White, at(time.Second))
	if d := k.Deadline(); !d.Equal(at(4 * time.Second)) {
		t.Errorf("deadline of a byo-yomi-only clock %v, want +4s", d.Sub(t0))
	}
}
