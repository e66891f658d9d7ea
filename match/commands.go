package match

import (
	"time"

	"github.com/gomokud/gomoku/engine"
)

// Command is something a player (or the passing of time) asks of a game.
// The owner decides who plays which colour; a command names the side.
type Command interface{ command() }

// Play places the side's stone.
type Play struct {
	Color engine.Color
	Point engine.Point
	// Lag is the mover's measured network round trip, given back within
	// its quota (Clock.Compensate); 0 when unknown.
	Lag time.Duration
}

// MakeOffer offers a takeback or a draw (running game) or a rematch
// (finished game) to the other side.
type MakeOffer struct {
	Color engine.Color
	Kind  OfferKind
}

// Answer accepts or declines the other side's pending offer of Kind.
type Answer struct {
	Color  engine.Color
	Kind   OfferKind
	Accept bool
}

// Resign gives the game to the other side.
type Resign struct{ Color engine.Color }

// Abort calls the game off before both sides have moved.
type Abort struct{ Color engine.Color }

// Claim wins the game against an opponent away for longer than the grace.
type Claim struct{ Color engine.Color }

// Presence reports whether the side's player is connected.
type Presence struct {
	Color  engine.Color
	Online bool
}

// Tick is the passing of time, at the Deadline or later: flag falls,
// claims and abandonment happen on it.
type Tick struct{}

// sideOf is the side a command names; false for Tick (and unknown
// commands).
func sideOf(cmd Command) (engine.Color, bool) {
	switch c := cmd.(type) {
	case Play:
		return c.Color, true
	case MakeOffer:
		return c.Color, true
	case Answer:
		return c.Color, true
	case Resign:
		return c.Color, true
	case Abort:
		return c.Color, true
	case Claim:
		return c.Color, true
	case Presence:
		return c.Color, true
	case Act:
		return c.Color, true
	}
	return engine.Empty, false
}

func (Play) command()      {}
func (MakeOffer) command() {}
func (Answer) command()    {}
func (Resign) command()    {}
func (Abort) command()     {}
func (Claim) command()     {}
func (Presence) command()  {}
func (Tick) command()      {}

// OfferKind is what an offer proposes.
type OfferKind uint8

// The offers.
const (
	Takeback OfferKind = iota + 1
	Draw
	Rematch
)

func (k OfferKind) String() string {
	switch k {
	case Takeback:
		return "takeback"
	case Draw:
		return "draw"
	case Rematch:
		return "rematch"
	}
	return "none"
}

// Offer is a pending offer.
type Offer struct {
	Kind OfferKind // 0: none
	From engine.Color
}
