package server

import (
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/match"
	"github.com/gomokud/gomoku/protocol"
)

// The game shell's side of the opening rules (match/opening.go): the
// match names sides by colour, so when the players exchange colours the
// shell exchanges its seats with them, and every frame after says who
// holds black by name.

// swapSeats exchanges the players' colours: the seats, the game's info
// and the lobby's summary.
func (g *game) swapSeats() {
	g.seats[0], g.seats[1] = g.seats[1], g.seats[0]
	g.seats[0].color, g.seats[1].color = engine.Black, engine.White
	g.info.Black, g.info.White = g.seats[0].player, g.seats[1].player
	g.sumMu.Lock()
	g.sum.Black, g.sum.White = g.info.Black, g.info.White
	g.sumMu.Unlock()
}

// swapsIn reports whether the events exchange the players' colours.
func swapsIn(evs []match.Event) bool {
	for _, e := range evs {
		if _, ok := e.(match.Swapped); ok {
			return true
		}
	}
	return false
}

// openingEvent is the frame of an applied opening action; the seats are
// already swapped when the action swapped them.
func (g *game) openingEvent(e match.OpeningActed, swapped bool, now time.Time) protocol.GameOpening {
	actor := e.By
	if swapped {
		actor = e.By.Opponent()
	}
	o := g.m.Opening()
	ev := protocol.GameOpening{GameID: g.id, Seq: g.next(), By: g.seats[actor-1].player.Name, Color: colorName(e.By),
		Action: e.Action.String(), Swapped: swapped, Black: g.seats[0].player.Name, White: g.seats[1].player.Name,
		Done: o.Done(), Turn: colorName(g.m.Turn()), Clock: g.clock(now)}
	ev.Phase = g.phase()
	return ev
}

// phase is the opening's phase for the protocol; nil without an opening or
// once it is over.
func (g *game) phase() *protocol.Phase {
	o := g.m.Opening()
	if o.Done() || g.m.Over() {
		return nil
	}
	c := o.ColorOf(o.ToMove())
	p := &protocol.Phase{Opening: o.Kind().String(), Kind: o.Phase().String(), Player: g.seats[c-1].player.Name,
		Color: colorName(c), Declared: o.Declared(), Count: o.OfferCount(), Stones: pointList(o.Stones()),
		Black: g.seats[0].player.Name}
	for _, k := range o.Allowed() {
		p.Actions = append(p.Actions, k.String())
	}
	if a, ok := o.Area(); ok {
		p.Area = a.String()
	}
	if o.Phase() == opening.ChooseFifth {
		p.Offers = pointList(o.Offers())
	}
	if p.Stones == nil {
		p.Stones = []string{}
	}
	return p
}
