// Package match is the state machine of one live game: a command and the
// time it arrives go in, the events it causes come out. It covers moves
// through the engine, the clocks, takeback / draw / rematch offers and their
// decline rules, abort, resignation, presence (away, back, claiming the win
// after the grace period, abandonment) and the rated and counted decision.
//
// It is pure: no goroutines, no I/O, no reading of the wall clock. Its owner
// (the server's game shell) applies commands one at a time, stores the
// events (Commit) and only then publishes them.
package match

import (
	"fmt"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// Config fixes a game's rules and the policies around it.
type Config struct {
	Rule  engine.Rule
	Size  int
	Clock gomoku.TimeControl
	// Opening is the opening rule played before normal play (opening.go);
	// black's player is its first player.
	Opening opening.Kind
	Rated   bool
	// Bots marks the sides the AI plays (black, white): bots are always
	// present, grant casual takebacks and rematches and decline draws.
	Bots [2]bool
	// Grace is how long a player's opponent waits before claiming the win.
	Grace time.Duration
	// AbandonAfter ends a game both humans have left, with no result.
	AbandonAfter time.Duration
	// FirstMove is how long each side has for its first move in a game
	// with a clock (whose clocks start only after a side's first move);
	// then the game is aborted. 0: no limit.
	FirstMove time.Duration
}

// seat is one side's presence.
type seat struct {
	away  bool
	since time.Time // when it went away
}

// Match is one game's state. Not safe for concurrent use: it has one owner.
type Match struct {
	cfg      Config
	eng      *engine.Game
	clock    Clock
	seats    [2]seat
	offer    Offer
	declined [2][2]int // [kind][from side]: gen+1 when that offer was declined
	gen      int       // bumped at every change of the board
	over     bool
	paused   bool // restored: the clock waits for the side to move
	// firstSince is when the side to move began its first move, whose
	// time is not charged (firstmove.go); zero when not waiting for one.
	firstSince time.Time
	rematch    bool // a rematch was agreed
	result     gomoku.GameResult
	open       opening.State // the opening rule's state: Done at once for none
	acted      [2]bool       // by opening.Player: has acted in the opening
	actions    int           // opening actions applied
	evs        []Event       // Apply's result, reused
}

// New starts a game at now: black to move, its first move awaited (the
// clocks start after each side's first move).
func New(cfg Config, now time.Time) (*Match, error) {
	eng, err := engine.NewGame(engine.Options{Size: cfg.Size, Rule: cfg.Rule})
	if err != nil {
		return nil, fmt.Errorf("new match: %w", err)
	}
	open, err := opening.New(cfg.Opening, cfg.Rule, cfg.Size)
	if err != nil {
		return nil, fmt.Errorf("new match: %w", err)
	}
	m := &Match{cfg: cfg, eng: eng, clock: NewClock(cfg.Clock), open: *open}
	m.startTurn(now)
	return m, nil
}

// Restore brings back a stored running game: the board from its moves,
// the clocks from those saved at a stop (g.PausedNow) or else those stored
// with the last move. Its clock is paused until the side to move is
// present (a Presence command). A game whose last move ended it (a crash
// between the move and its result, stored before both were committed
// together) comes back over: Finished reports the result to store.
func Restore(cfg Config, g gomoku.Game) (*Match, error) {
	eng, err := g.Replay()
	if err != nil {
		return nil, err
	}
	m := &Match{cfg: cfg, eng: eng, clock: NewClock(cfg.Clock), paused: true}
	if err := m.restoreOpening(g); err != nil {
		return nil, err
	}
	if k := len(g.Moves); k > 0 {
		last := g.Moves[k-1]
		m.clock = RestoreClock(cfg.Clock, last.BlackClockMS, last.WhiteClockMS)
	}
	if k := len(g.OpeningLog); k > 0 && g.OpeningLog[k-1].Ply == len(g.Moves) {
		// The last action came after the last move (or placed it): its
		// clocks are newer, and in the colours as they are now.
		last := g.OpeningLog[k-1]
		m.clock = RestoreClock(cfg.Clock, last.BlackClockMS, last.WhiteClockMS)
	}
	if p := g.PausedNow(); p != nil {
		m.clock = RestoreClock(cfg.Clock, p.BlackMS, p.WhiteMS)
	}
	if r := eng.Result(); r.Over() {
		at := g.StartedAt
		if k := len(g.Moves); k > 0 {
			at = g.Moves[k-1].At
		}
		m.over, m.paused = true, false
		m.result = gomoku.Decide(r.Winner, r.Reason, len(g.Moves), at)
	}
	return m, nil
}

// CopyFrom makes m a copy of o, reusing m's storage (the owner keeps a
// spare to roll back a command whose events could not be stored).
func (m *Match) CopyFrom(o *Match) {
	evs := m.evs
	eng := m.eng
	*m = *o
	if eng == nil {
		eng, _ = engine.NewGame(engine.Options{Size: o.eng.Size(), Rule: o.eng.Rule()})
	}
	eng.CopyFrom(o.eng)
	m.eng, m.evs = eng, evs[:0]
}

// emit records an event of the command being applied.
func (m *Match) emit(e Event) { m.evs = append(m.evs, e) }

// Apply carries out cmd arriving at now. It returns the events it caused,
// in order (valid until the next Apply), and the command's refusal, if
// any. Both may be set: a move after the mover's flag fell is refused, and
// the game ends on time. A refused command with no events changed nothing.
// A command naming a side other than black or white is ErrInvalid.
func (m *Match) Apply(cmd Command, now time.Time) ([]Event, error) {
	m.evs = m.evs[:0]
	if c, ok := sideOf(cmd); ok && c != engine.Black && c != engine.White {
		return m.evs, refuse(ErrInvalid, "no side %v", c)
	}
	var err error
	switch c := cmd.(type) {
	case Play:
		err = m.play(c, now)
	case MakeOffer:
		err = m.makeOffer(c.Color, c.Kind, now)
	case Answer:
		err = m.answer(c.Color, c.Kind, c.Accept, now)
	case Resign:
		err = m.resign(c.Color, now)
	case Abort:
		err = m.abort(now)
	case Claim:
		err = m.claim(c.Color, now)
	case Presence:
		m.presence(c.Color, c.Online, now)
	case Act:
		err = m.act(c.Color, c.Action, now)
	case Tick:
		m.tick(now)
	default:
		err = fmt.Errorf("%w: unknown command %T", ErrInvalid, cmd)
	}
	return m.evs, err
}

// Deadline is when the owner must Tick: the running side's flag fall, the
// end of the wait for a first move, a bot's claim against a human who
// left, or the abandonment of a game both humans left; zero when none is
// due. A Tick at the Deadline acts.
func (m *Match) Deadline() time.Time {
	if m.over {
		return time.Time{}
	}
	at := m.clock.Deadline()
	if !at.IsZero() {
		// A side with no time left is still in time; it has flagged at
		// the next instant.
		at = at.Add(time.Nanosecond)
	}
	for _, t := range [...]time.Time{m.firstMoveAt(), m.botClaimAt(), m.abandonAt()} {
		if !t.IsZero() && (at.IsZero() || t.Before(at)) {
			at = t
		}
	}
	return at
}
