package match

import (
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// Accessors for the owner: what the screens show and the shell schedules.

// Config returns the game's configuration.
func (m *Match) Config() Config { return m.cfg }

// Moves returns the moves played, oldest first. Read-only; valid until
// the next Apply.
func (m *Match) Moves() []engine.Move { return m.eng.Moves() }

// Turn is the side to move (after the game: whose turn it would be).
// During the opening: the colour of the player who must act.
func (m *Match) Turn() engine.Color { return m.turnColor() }

// Over reports whether the game has ended.
func (m *Match) Over() bool { return m.over }

// Outcome is the engine's result (with the winning line); zero while the
// game runs.
func (m *Match) Outcome() engine.Result { return m.eng.Result() }

// Result is the stored form of the result; zero while the game runs.
func (m *Match) Result() gomoku.GameResult { return m.result }

// Forbidden lists the points black may not play now (renju).
func (m *Match) Forbidden() []engine.Point { return m.eng.ForbiddenPoints() }

// Offer returns the pending offer; Kind is 0 when none.
func (m *Match) Offer() Offer { return m.offer }

// Away reports whether side c is away.
func (m *Match) Away(c engine.Color) bool { return m.seats[side(c)].away }

// Gen counts changes of the board: a bot's search for an older one is
// stale.
func (m *Match) Gen() int { return m.gen }

// Clock returns the clocks (a copy).
func (m *Match) Clock() Clock { return m.clock }

// BotToMove reports whether the AI must move now.
// During the opening it must act (Opening tells what is due).
func (m *Match) BotToMove() bool { return !m.over && m.cfg.Bots[side(m.turnColor())] }

// Paused reports whether the clock waits for the side to move to return.
func (m *Match) Paused() bool { return m.paused }

// PausedClocks are the clocks to save when the owner stops at now, so the
// restored game charges the side to move the time already spent (a crash
// cannot: the clocks stored with the last move are used then).
func (m *Match) PausedClocks(now time.Time) gomoku.PausedClocks {
	k := m.clock // a copy: the game is stopping
	if k.running != engine.Empty {
		if _, ok := k.Charge(now, false); !ok {
			k.left[side(k.running)] = 0 // flagged: the restored clock flags at once
			k.running = engine.Empty
		}
	}
	b, w := k.Stored()
	return gomoku.PausedClocks{Ply: len(m.eng.Moves()), BlackMS: b, WhiteMS: w}
}
