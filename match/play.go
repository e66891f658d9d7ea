package match

import (
	"fmt"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// play makes the move: checked by the engine, the clock charged less the
// lag compensation.
func (m *Match) play(cmd Play, now time.Time) error {
	c, p := cmd.Color, cmd.Point
	if m.over {
		return refuse(ErrGameOver, "the game is over")
	}
	if m.inOpening() {
		return &opening.RefusalError{Reason: opening.WrongAction, Action: opening.Place,
			Detail: fmt.Sprintf(errOpeningRuns, m.open.Phase())}
	}
	if err := m.eng.Check(c, p); err != nil {
		return err
	}
	saved := m.clock
	first := m.firstMoveSpent(c, now)
	comp := time.Duration(0)
	if !m.clock.Flagged(now) {
		comp = m.clock.Compensate(c, cmd.Lag, now)
	}
	spent, ok := m.clock.Charge(now, true)
	if !ok {
		m.clock = saved
		m.end(c.Opponent(), engine.ReasonTimeout, now)
		return refuse(ErrGameOver, "your time ran out")
	}
	if err := m.eng.PlayAs(c, p); err != nil {
		m.clock = saved
		return err
	}
	m.gen++
	m.paused = false
	b, w := m.clock.Stored()
	res := m.eng.Result()
	if !res.Over() {
		m.startTurn(now)
	}
	m.emit(Moved{Move: gomoku.Move{Ply: len(m.eng.Moves()), Point: p, Color: c,
		BlackClockMS: b, WhiteClockMS: w, SpentMS: (spent + first).Milliseconds(), At: now}, Lag: cmd.Lag, LagComp: comp})
	m.lapseOffer()
	if res.Over() {
		m.ended(res, now)
	}
	return nil
}

// lapseOffer voids a pending takeback or draw offer after a move.
func (m *Match) lapseOffer() {
	if m.offer.Kind == 0 || m.offer.Kind == Rematch {
		return
	}
	kind := m.offer.Kind
	m.offer = Offer{}
	m.emit(OfferLapsed{Kind: kind})
}

// end ends the game with a result decided off the board.
func (m *Match) end(winner engine.Color, reason engine.Reason, now time.Time) {
	_ = m.eng.Finish(winner, reason) // the game runs and the reason is one Finish takes
	m.ended(m.eng.Result(), now)
}

// ended stops the clocks and records the result. A side whose time ran
// out keeps a clock at zero.
func (m *Match) ended(r engine.Result, now time.Time) {
	if _, ok := m.clock.Charge(now, false); !ok {
		m.clock.Flag()
	}
	m.clock.Stop()
	m.firstSince = time.Time{}
	m.over = true
	m.offer = Offer{}
	m.result = gomoku.Decide(r.Winner, r.Reason, len(m.eng.Moves()), now)
	m.emit(Ended{Result: m.result, Line: r.Line})
}

func (m *Match) resign(c engine.Color, now time.Time) error {
	if m.over {
		return refuse(ErrGameOver, "the game is over")
	}
	m.end(c.Opponent(), engine.ReasonResign, now)
	return nil
}

func (m *Match) abort(now time.Time) error {
	switch {
	case m.over:
		return refuse(ErrGameOver, "the game is over")
	case m.open.Kind() != opening.None && m.acted[0] && m.acted[1]:
		return refuse(ErrConflict, "both players have acted: resign instead")
	case m.open.Kind() == opening.None && len(m.eng.Moves()) >= 2:
		return refuse(ErrConflict, "both sides have moved: resign instead")
	}
	m.end(engine.Empty, engine.ReasonAborted, now)
	return nil
}

// takebackCount is how many moves a takeback by c removes: c's last move,
// and the opponent's reply when made. 0 when c has no move to take back.
func (m *Match) takebackCount(c engine.Color) int {
	n := len(m.eng.Moves()) - m.openingStones() // the opening's stones stay
	switch {
	case m.eng.Turn() == c && n >= 2:
		return 2
	case m.eng.Turn() != c && n >= 1:
		return 1
	}
	return 0
}

// takeback removes the last n moves; a takeback gives no one time.
func (m *Match) takeback(n int, now time.Time) {
	moves := m.eng.Moves()
	var undone [2]engine.Color
	for i := range n {
		undone[i] = moves[len(moves)-n+i].Color
	}
	if m.eng.Undo(n) != nil { // cannot fail: n moves are there, the game runs
		return
	}
	m.gen++
	m.clock.Charge(now, false)
	m.clock.Refund(undone[:n])
	m.startTurn(now)
	m.paused = false
	m.emit(TakenBack{N: n})
}
