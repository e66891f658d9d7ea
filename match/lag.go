package match

import (
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// MaxLagComp caps the time given back for one move's network lag.
const MaxLagComp = time.Second

// lagQuota is how much network lag each side may still have given back,
// after lichess's lag tracker (lila, modules/game LagTracker): every move
// earns gain, a move is compensated up to its measured lag but no more than
// the quota (and MaxLagComp), and the quota never exceeds its ceiling. A
// steady lag is then compensated move after move, while a player cannot
// bank lag to buy a long think later.
type lagQuota struct {
	left      [2]time.Duration
	gain, max time.Duration
}

// newLagQuota sizes the quota to the time control: gain = 1 s a move for
// games of three minutes or more (main time + 40 increments), 0.2 s for
// 15 s or less, linear between; it starts at 3 gains and is capped at 7.
func newLagQuota(tc gomoku.TimeControl) lagQuota {
	total := time.Duration(tc.MainMS+40*(tc.IncrementMS+tc.ByoYomiMS)) * time.Millisecond
	var gain time.Duration
	switch secs := int64(total / time.Second); {
	case secs >= 180:
		gain = time.Second
	case secs <= 15:
		gain = 200 * time.Millisecond
	default:
		gain = time.Duration(secs/4+30) * 10 * time.Millisecond
	}
	return lagQuota{left: [2]time.Duration{3 * gain, 3 * gain}, gain: gain, max: 7 * gain}
}

// take returns the compensation of c's move with the measured lag, the
// move having taken spent on the clock, and updates c's quota.
func (q *lagQuota) take(c engine.Color, lag, spent time.Duration) time.Duration {
	i := side(c)
	comp := max(min(lag, MaxLagComp, q.left[i], spent), 0)
	q.left[i] = min(q.left[i]+q.gain-comp, q.max)
	return comp
}

// Compensate gives c's move back the network lag it measured (lag is the
// connection's round trip: the opponent's move travelled to the player and
// the answer back), within c's quota, and returns what it gave. Call it
// before Charge, on a running clock that has not flagged at now: the
// compensation lowers the time charged for a move made in time; it never
// saves a flag.
func (k *Clock) Compensate(c engine.Color, lag time.Duration, now time.Time) time.Duration {
	if k.running != c {
		return 0
	}
	comp := k.lag.take(c, max(lag, 0), now.Sub(k.since))
	k.since = k.since.Add(comp)
	return comp
}
