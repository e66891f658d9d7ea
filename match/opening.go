package match

import (
	"fmt"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// The opening rule (Config.Opening: swap2, Soosõrv-8, Taraguchi-10) runs
// before normal play, as a pure engine/opening.State beside the engine
// game. The opening tracks players (its first player opens as the
// tentative black); the match, like its owner, names sides by colour. So a
// command's colour is the colour its player holds now, and when the
// players exchange colours (a swap, or a colour choice that gives the
// first player white) everything the match keeps per colour is exchanged
// with them: the clocks, presence, declined offers, which side is a bot
// (Swapped tells the owner to exchange its seats too). Each player keeps
// their own clock through every swap.
//
// Clocks: the acting player's clock runs through each phase; an action
// that ends the player's turn (the next action is the other player's, or
// normal play begins) earns the increment, an action followed by another
// of the same player (placing the 1st of three stones) does not. A
// player's clock starts only after their first action, like a side's
// after its first move (firstmove.go): until then they have
// Config.FirstMove to act, or the game is aborted.
//
// Takebacks are refused until the opening is over, and after it a
// takeback never removes a stone placed in the opening: those stones were
// agreed through the swaps. A draw offer is allowed during the opening;
// the game can be aborted until both players have acted.

// Act is a player's opening action: the colour its player holds now.
type Act struct {
	Color  engine.Color
	Action opening.Action
}

func (Act) command() {}

// OpeningActed: an opening action was applied. Stored is its stored form
// (with the clocks after it); its stones follow as Moved events, then
// Swapped when the players exchanged colours, then OpeningDone.
type OpeningActed struct {
	By     engine.Color // the colour the actor held when acting
	Action opening.Action
	Stored gomoku.OpeningAction
}

// Swapped: the players exchanged colours; the owner exchanges its seats.
type Swapped struct{}

// OpeningDone: the opening is over; normal play goes on.
type OpeningDone struct{}

func (OpeningActed) event() {}
func (Swapped) event()      {}
func (OpeningDone) event()  {}

// errOpeningRuns is why a move is refused while the opening runs.
const errOpeningRuns = "the opening is not over: act with an opening action (%s)"

// act applies the opening action of c's player.
func (m *Match) act(c engine.Color, a opening.Action, now time.Time) error {
	if m.over {
		return refuse(ErrGameOver, "the game is over")
	}
	by := m.open.PlayerOf(c)
	before, black, nStones := m.open, m.open.Black(), len(m.open.Stones())
	if err := m.open.Apply(by, a); err != nil {
		return err
	}
	saved := m.clock
	first := m.firstMoveSpent(c, now)
	endsTurn := m.open.Done() || m.open.ToMove() != by
	spent, ok := m.clock.Charge(now, endsTurn)
	if !ok {
		m.open, m.clock = before, saved
		m.end(c.Opponent(), engine.ReasonTimeout, now)
		return refuse(ErrGameOver, "your time ran out")
	}
	stones := m.open.Stones()[nStones:]
	for _, p := range stones {
		if err := m.eng.Play(p); err != nil { // cannot fail: the opening checked the point
			_ = m.eng.Undo(len(m.eng.Moves()) - nStones)
			m.open, m.clock = before, saved
			return err
		}
	}
	m.acted[by] = true
	m.gen++
	m.paused = false
	swapped := m.open.Black() != black
	if swapped {
		m.swapSides()
	}
	m.startTurn(now)
	m.emitActed(c, a, swapped, spent+first, stones, now)
	return nil
}

// emitActed emits the events of an applied action.
func (m *Match) emitActed(c engine.Color, a opening.Action, swapped bool, spent time.Duration,
	stones []engine.Point, now time.Time) {
	m.actions++
	b, w := m.clock.Stored()
	m.emit(OpeningActed{By: c, Action: a, Stored: gomoku.OpeningAction{Seq: m.actions, Action: a.String(),
		Ply: len(m.eng.Moves()), Swap: swapped, BlackClockMS: b, WhiteClockMS: w, SpentMS: spent.Milliseconds(), At: now}})
	moves := m.eng.Moves()
	for i, p := range stones {
		ply := len(moves) - len(stones) + i + 1
		m.emit(Moved{Move: gomoku.Move{Ply: ply, Point: p, Color: moves[ply-1].Color,
			BlackClockMS: b, WhiteClockMS: w, At: now}})
	}
	if swapped {
		m.emit(Swapped{})
	}
	if m.open.Done() {
		m.emit(OpeningDone{})
	}
}

// swapSides exchanges what the match keeps per colour: the players
// exchanged colours.
func (m *Match) swapSides() {
	k := &m.clock
	k.left[0], k.left[1] = k.left[1], k.left[0]
	k.byo[0], k.byo[1] = k.byo[1], k.byo[0]
	k.out[0], k.out[1] = k.out[1], k.out[0]
	k.lag.left[0], k.lag.left[1] = k.lag.left[1], k.lag.left[0]
	m.seats[0], m.seats[1] = m.seats[1], m.seats[0]
	m.declined[0][0], m.declined[0][1] = m.declined[0][1], m.declined[0][0]
	m.declined[1][0], m.declined[1][1] = m.declined[1][1], m.declined[1][0]
	m.cfg.Bots[0], m.cfg.Bots[1] = m.cfg.Bots[1], m.cfg.Bots[0]
	if m.offer.Kind != 0 {
		m.offer.From = m.offer.From.Opponent()
	}
}

// turnColor is the colour whose player must act or move now.
func (m *Match) turnColor() engine.Color {
	if !m.open.Done() {
		return m.open.ColorOf(m.open.ToMove())
	}
	return m.eng.Turn()
}

// inOpening reports whether the opening still runs.
func (m *Match) inOpening() bool { return !m.open.Done() }

// Opening returns the opening's state (a copy, the owner's to read): its
// phase, who acts, who holds black, the area, the offers.
func (m *Match) Opening() *opening.State {
	o := m.open
	return &o
}

// openingStones is how many moves the opening placed: they cannot be
// taken back.
func (m *Match) openingStones() int { return len(m.open.Stones()) }

// restoreOpening replays the stored opening actions: the phase, who has
// acted, and a check that the stones they placed are the first moves.
func (m *Match) restoreOpening(g gomoku.Game) error {
	s, err := opening.New(g.Opening, g.Rule, g.Size)
	if err != nil {
		return fmt.Errorf("restore game %d: %w", g.ID, err)
	}
	for _, sa := range g.OpeningLog {
		a, err := opening.ParseAction(sa.Action, g.Size)
		if err != nil {
			return fmt.Errorf("restore game %d opening action %d: %w", g.ID, sa.Seq, err)
		}
		by := s.ToMove()
		if err := s.Apply(by, a); err != nil {
			return fmt.Errorf("restore game %d opening action %d: %w", g.ID, sa.Seq, err)
		}
		m.acted[by] = true
	}
	moves := m.eng.Moves()
	for i, p := range s.Stones() {
		if i >= len(moves) || moves[i].Point != p {
			return fmt.Errorf("restore game %d: the opening's stone %d is not the stored move", g.ID, i+1)
		}
	}
	if !s.Done() && len(moves) != len(s.Stones()) {
		return fmt.Errorf("restore game %d: %d moves during the opening, which placed %d", g.ID, len(moves), len(s.Stones()))
	}
	m.open, m.actions = *s, len(g.OpeningLog)
	return nil
}
