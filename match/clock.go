package match

import (
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// Clock is the pair of clocks of one game, owned by its game goroutine.
// Main time with a Fischer increment, main time then byo-yomi (one period
// per move, reset after every move), or no clock at all (every method is
// then a no-op and nothing ever flags).
type Clock struct {
	tc      gomoku.TimeControl
	left    [2]time.Duration // main time left; in byo-yomi 0
	byo     [2]bool          // the side's main time is spent
	out     [2]bool          // the side ran out of time: its clock reads zero for good
	running engine.Color     // Empty when stopped
	since   time.Time        // when the running side's turn began
}

// NewClock returns stopped clocks with the full main time each.
func NewClock(tc gomoku.TimeControl) Clock {
	m := time.Duration(tc.MainMS) * time.Millisecond
	k := Clock{tc: tc, left: [2]time.Duration{m, m}}
	if tc.MainMS == 0 && tc.ByoYomiMS > 0 {
		k.byo = [2]bool{true, true}
	}
	return k
}

// RestoreClock returns stopped clocks with the stored main times left; a
// side with no main time left in a byo-yomi game is in byo-yomi.
func RestoreClock(tc gomoku.TimeControl, blackMS, whiteMS int64) Clock {
	k := NewClock(tc)
	for i, ms := range [2]int64{blackMS, whiteMS} {
		k.left[i] = time.Duration(ms) * time.Millisecond
		k.byo[i] = tc.ByoYomiMS > 0 && ms <= 0
	}
	return k
}

// Enabled reports whether the game has a clock.
func (k *Clock) Enabled() bool { return k.tc.MainMS > 0 || k.tc.ByoYomiMS > 0 }

// Start runs c's clock from now.
func (k *Clock) Start(c engine.Color, now time.Time) {
	if !k.Enabled() {
		return
	}
	k.running, k.since = c, now
}

// Stop stops the clocks without charging anyone (used when the game ends
// after charge).
func (k *Clock) Stop() { k.running = engine.Empty }

// Remaining returns c's time left at now (main time, or the byo-yomi
// period's remainder) and whether it is in byo-yomi. Negative means flagged.
func (k *Clock) Remaining(c engine.Color, now time.Time) (time.Duration, bool) {
	i := side(c)
	left, byo := k.left[i], k.byo[i]
	if k.out[i] {
		return 0, byo
	}
	if k.running != c {
		if byo {
			return time.Duration(k.tc.ByoYomiMS) * time.Millisecond, true
		}
		return left, false
	}
	spent := now.Sub(k.since)
	period := time.Duration(k.tc.ByoYomiMS) * time.Millisecond
	if byo {
		return period - spent, true
	}
	if spent <= left || period == 0 {
		return left - spent, false
	}
	return period - (spent - left), true
}

// Deadline is when the running side's time runs out: its main time and
// then, in a byo-yomi game, one period (it has flagged just after: see
// Flagged). Zero when no clock runs.
func (k *Clock) Deadline() time.Time {
	if k.running == engine.Empty {
		return time.Time{}
	}
	i := side(k.running)
	left := time.Duration(k.tc.ByoYomiMS) * time.Millisecond
	if !k.byo[i] {
		left += k.left[i]
	}
	return k.since.Add(left)
}

// Flagged reports whether the running side is out of time at now.
func (k *Clock) Flagged(now time.Time) bool {
	if k.running == engine.Empty {
		return false
	}
	left, _ := k.Remaining(k.running, now)
	return left < 0
}

// Charge ends the running side's turn at now (a move: with the increment
// when moved is true) and returns the time it spent. It reports false, and
// changes nothing, when the side had flagged.
func (k *Clock) Charge(now time.Time, moved bool) (time.Duration, bool) {
	c := k.running
	if c == engine.Empty {
		return 0, true
	}
	spent := now.Sub(k.since)
	left, byo := k.Remaining(c, now)
	if left < 0 {
		return spent, false
	}
	i := side(c)
	switch {
	case byo:
		k.left[i], k.byo[i] = 0, true
	default:
		k.left[i] = left
		if moved {
			k.left[i] += time.Duration(k.tc.IncrementMS) * time.Millisecond
		}
	}
	k.running = engine.Empty
	return spent, true
}

// Flag stops the running side's clock at zero: it ran out of time (its
// Charge failed). A flagged side's clock reads zero from then on, so the
// final screen shows why the game ended, not the time it had before its
// turn.
func (k *Clock) Flag() {
	if k.running == engine.Empty {
		return
	}
	i := side(k.running)
	k.left[i], k.out[i] = 0, true
	k.running = engine.Empty
}

// Refund takes back the increments earned by undone moves (of the given
// colours): a takeback gives no one time. Main time never drops below
// zero here; a side left with none flags at once.
func (k *Clock) Refund(undone []engine.Color) {
	inc := time.Duration(k.tc.IncrementMS) * time.Millisecond
	for _, c := range undone {
		if i := side(c); !k.byo[i] {
			k.left[i] = max(k.left[i]-inc, 0)
		}
	}
}

// Stored returns the main times to store with a move.
func (k *Clock) Stored() (blackMS, whiteMS int64) {
	return k.left[0].Milliseconds(), k.left[1].Milliseconds()
}

// View is the clocks as of one instant, for the screens.
type View struct {
	BlackMS, WhiteMS           int64 // time left (main, or the byo-yomi period's remainder); never negative
	BlackByoYomi, WhiteByoYomi bool
	Running                    engine.Color // Empty when stopped
}

// View returns the clocks as of now; false without a clock.
func (k *Clock) View(now time.Time) (View, bool) {
	if !k.Enabled() {
		return View{}, false
	}
	b, bb := k.Remaining(engine.Black, now)
	w, wb := k.Remaining(engine.White, now)
	return View{BlackMS: max(b.Milliseconds(), 0), WhiteMS: max(w.Milliseconds(), 0),
		BlackByoYomi: bb, WhiteByoYomi: wb, Running: k.running}, true
}

// Running is the side whose clock runs; Empty when stopped.
func (k *Clock) Running() engine.Color { return k.running }

func side(c engine.Color) int { return int(c) - 1 }
