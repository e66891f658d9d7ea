package match

import (
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// A side's clock starts only after its first move, as on lichess: the
// time to find the first move is not charged, so a short game is not lost
// on time before it began. Instead, in a game with a clock, each side has
// Config.FirstMove to make its first move; when that runs out the game is
// aborted (no result, not rated, not counted), which is what waiting for a
// player who never moves comes to.

// startTurn starts the side to move's time at now: its clock once it has
// a stone on the board, else the wait for its first move.
func (m *Match) startTurn(now time.Time) {
	m.firstSince = time.Time{}
	if m.awaitingFirst() {
		if m.clock.Enabled() {
			m.firstSince = now
		}
		return
	}
	m.clock.Start(m.turnColor(), now)
}

// awaitingFirst reports whether the side to move has not moved yet (black
// before the first ply, white before the second); with an opening rule,
// whether the player to act has not acted yet.
func (m *Match) awaitingFirst() bool {
	if m.open.Kind() != opening.None {
		return !m.acted[m.open.ToMove()]
	}
	return len(m.eng.Moves()) < 2
}

// firstMoveAt is when the wait for the side to move's first move ends the
// game; zero when there is none (no clock, no limit, or it has moved).
func (m *Match) firstMoveAt() time.Time {
	if m.firstSince.IsZero() || m.cfg.FirstMove <= 0 {
		return time.Time{}
	}
	return m.firstSince.Add(m.cfg.FirstMove)
}

// FirstMoveLeft is how long the side to move has left at now to make its
// first move before the game is aborted; false when it is not waiting for
// one (no clock, no limit, it has moved, the game is over or paused).
func (m *Match) FirstMoveLeft(now time.Time) (time.Duration, bool) {
	at := m.firstMoveAt()
	if at.IsZero() || m.over {
		return 0, false
	}
	return max(at.Sub(now), 0), true
}

// firstMoveSpent is the time the side that just made its first move took
// over it (its clock did not run: the time is recorded, not charged).
func (m *Match) firstMoveSpent(c engine.Color, now time.Time) time.Duration {
	if m.firstSince.IsZero() || m.clock.Running() == c {
		return 0
	}
	return now.Sub(m.firstSince)
}
