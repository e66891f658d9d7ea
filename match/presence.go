package match

import (
	"time"

	"github.com/gomokud/gomoku/engine"
)

// presence records whether c's player is connected. A restored game's
// clock starts when the side to move is reported online (at the first
// report when a bot is to move): a seat starts out not away, which does
// not mean its player is back.
func (m *Match) presence(c engine.Color, online bool, now time.Time) {
	s := &m.seats[side(c)]
	switch {
	case m.cfg.Bots[side(c)]:
	case online && s.away:
		s.away = false
		if !m.over {
			m.emit(CameBack{Color: c})
		}
	case !online && !s.away:
		s.away, s.since = true, now
		if !m.over {
			m.emit(WentAway{Color: c, Grace: m.cfg.Grace})
		}
	}
	turn := m.turnColor()
	if m.paused && !m.over && (m.cfg.Bots[side(turn)] || turn == c && online) {
		m.paused = false
		m.startTurn(now)
		if m.clock.Enabled() {
			m.emit(ClockStarted{})
		}
	}
}

// claim wins for c against an opponent away for longer than the grace.
func (m *Match) claim(c engine.Color, now time.Time) error {
	opp := m.seats[side(c.Opponent())]
	switch {
	case m.over:
		return refuse(ErrGameOver, "the game is over")
	case !opp.away:
		return refuse(ErrConflict, "your opponent is connected")
	case now.Sub(opp.since) < m.cfg.Grace:
		return refuse(ErrConflict, "wait %s more for your opponent", (m.cfg.Grace - now.Sub(opp.since)).Round(time.Second))
	}
	m.end(c, engine.ReasonAbandon, now)
	return nil
}

// tick ends the game when time says so: a flag fall, a bot claiming
// against a human who left, or a game both humans left.
func (m *Match) tick(now time.Time) {
	if m.over {
		return
	}
	if m.clock.Flagged(now) {
		m.end(m.clock.running.Opponent(), engine.ReasonTimeout, now)
		return
	}
	if at := m.firstMoveAt(); !at.IsZero() && !now.Before(at) {
		m.end(engine.Empty, engine.ReasonAborted, now)
		return
	}
	if at := m.botClaimAt(); !at.IsZero() && !now.Before(at) {
		for i, bot := range m.cfg.Bots {
			if bot {
				m.end(engine.Color(i+1), engine.ReasonAbandon, now)
				return
			}
		}
	}
	if at := m.abandonAt(); !at.IsZero() && !now.Before(at) {
		m.end(engine.Empty, engine.ReasonAborted, now)
	}
}

// abandonAt is when a game both humans have left ends without a result:
// AbandonAfter after the later of them left. Zero while either is here (a
// bot always is).
func (m *Match) abandonAt() time.Time {
	var last time.Time
	for i, s := range m.seats {
		if m.cfg.Bots[i] || !s.away {
			return time.Time{}
		}
		if s.since.After(last) {
			last = s.since
		}
	}
	return last.Add(m.cfg.AbandonAfter)
}

// botClaimAt is when a bot claims the win against a human who left: the
// end of the grace period. Zero when no bot plays or its opponent is here.
func (m *Match) botClaimAt() time.Time {
	for i, bot := range m.cfg.Bots {
		if opp := m.seats[1-i]; bot && !m.cfg.Bots[1-i] && opp.away {
			return opp.since.Add(m.cfg.Grace)
		}
	}
	return time.Time{}
}
