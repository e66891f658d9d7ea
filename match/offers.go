package match

import (
	"time"

	"github.com/gomokud/gomoku/engine"
)

// makeOffer makes c's offer of kind; a bot answers at once.
func (m *Match) makeOffer(c engine.Color, kind OfferKind, now time.Time) error {
	if err := m.checkOffer(c, kind); err != nil {
		return err
	}
	m.offer = Offer{Kind: kind, From: c}
	m.emit(OfferMade{Offer: m.offer})
	if opp := c.Opponent(); m.cfg.Bots[side(opp)] {
		// Bots grant casual takebacks and rematches, and decline draws.
		m.resolve(opp, kind != Draw, now)
	}
	return nil
}

// checkOffer is the offers' rules.
func (m *Match) checkOffer(c engine.Color, kind OfferKind) error {
	switch {
	case kind < Takeback || kind > Rematch:
		return refuse(ErrInvalid, "no such offer")
	case kind == Rematch && !m.over:
		return refuse(ErrConflict, "a rematch is offered after the game")
	case kind != Rematch && m.over:
		return refuse(ErrGameOver, "the game is over")
	case kind == Rematch && m.rematch:
		return refuse(ErrConflict, "the rematch has started already")
	case m.offer.Kind != 0:
		return refuse(ErrConflict, "a %s offer is pending", m.offer.Kind)
	case kind == Takeback && m.inOpening():
		return refuse(ErrNotAllowed, "no takebacks during the opening")
	case kind == Takeback && m.takebackCount(c) == 0:
		return refuse(ErrConflict, "you have no move to take back")
	case kind == Takeback && m.cfg.Rated && m.cfg.Bots[side(c.Opponent())]:
		return refuse(ErrNotAllowed, "no takebacks in rated games against bots")
	case kind != Rematch && m.declined[kind-1][side(c)] == m.gen+1:
		// Asking again before the board changed would only pester.
		return refuse(ErrConflict, "your %s offer was declined; you may offer again after the next move", kind)
	}
	return nil
}

// answer is c's answer to the other side's pending offer of kind.
func (m *Match) answer(c engine.Color, kind OfferKind, accept bool, now time.Time) error {
	if kind == Rematch && m.rematch {
		return refuse(ErrConflict, "the rematch has started already")
	}
	if m.offer.Kind == 0 || m.offer.Kind != kind || m.offer.From == c {
		return refuse(ErrConflict, "no %s offer to answer", kind)
	}
	m.resolve(c, accept, now)
	return nil
}

// resolve answers the pending offer on behalf of by and carries it out.
func (m *Match) resolve(by engine.Color, accept bool, now time.Time) {
	kind, from := m.offer.Kind, by.Opponent()
	m.offer = Offer{}
	m.emit(OfferAnswered{Kind: kind, By: by, Accepted: accept})
	switch {
	case !accept && kind != Rematch:
		m.declined[kind-1][side(from)] = m.gen + 1
	case !accept:
	case kind == Draw:
		m.end(engine.Empty, engine.ReasonAgreement, now)
	case kind == Takeback:
		m.takeback(m.takebackCount(from), now)
	case kind == Rematch:
		m.rematch = true
		m.emit(RematchAgreed{})
	}
}
