package match

import (
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// Event is something that happened to the game, in the order it happened.
type Event interface{ event() }

// Moved: a stone was placed (with the clocks after it).
type Moved struct {
	Move    gomoku.Move
	Lag     time.Duration // the mover's measured round trip (Play.Lag)
	LagComp time.Duration // the part of it given back to the mover's clock (lag.go)
}

// TakenBack: the last N moves were taken back.
type TakenBack struct{ N int }

// OfferMade: a side offered something.
type OfferMade struct{ Offer Offer }

// OfferAnswered: the pending offer was accepted or declined by By.
type OfferAnswered struct {
	Kind     OfferKind
	By       engine.Color
	Accepted bool
}

// OfferLapsed: a move voided the pending takeback or draw offer.
type OfferLapsed struct{ Kind OfferKind }

// Ended: the game is over.
type Ended struct {
	Result gomoku.GameResult
	Line   []engine.Point // the five, when it ended with one
}

// WentAway: the side's player left; the opponent may claim after Grace.
type WentAway struct {
	Color engine.Color
	Grace time.Duration
}

// CameBack: the side's player is connected again.
type CameBack struct{ Color engine.Color }

// ClockStarted: a restored game's paused clock runs again.
type ClockStarted struct{}

// RematchAgreed: both sides want a rematch; the owner starts it.
type RematchAgreed struct{}

func (Moved) event()         {}
func (TakenBack) event()     {}
func (OfferMade) event()     {}
func (OfferAnswered) event() {}
func (OfferLapsed) event()   {}
func (Ended) event()         {}
func (WentAway) event()      {}
func (CameBack) event()      {}
func (ClockStarted) event()  {}
func (RematchAgreed) event() {}

// Commit is what a command's events change in the store, to be committed
// in one transaction before the events are published.
func Commit(evs []Event) gomoku.GameCommit {
	var c gomoku.GameCommit
	for _, e := range evs {
		switch e := e.(type) {
		case Moved:
			c.Moves = append(c.Moves, e.Move)
		case TakenBack:
			c.Undo += e.N
		case OpeningActed:
			c.Opening = append(c.Opening, e.Stored)
		case Ended:
			r := e.Result
			c.Result = &r
		}
	}
	return c
}
