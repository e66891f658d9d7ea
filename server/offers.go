package server

import (
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/protocol"
)

// takebackCount is how many moves a takeback by s removes: s's last move,
// and the opponent's reply when made. 0 when s has no move to take back.
func (g *game) takebackCount(s *seat) int {
	n := len(g.eng.Moves())
	if g.eng.Turn() == s.color {
		if n >= 2 {
			return 2
		}
		return 0
	}
	if n >= 1 {
		return 1
	}
	return 0
}

// cmdOffer handles takeback and draw_offer (running game) and
// rematch_offer (finished game).
func (g *game) cmdOffer(c *conn, id string, u *user, kind string) {
	s, err := g.player(u)
	if err == nil {
		err = g.checkOffer(s, kind)
	}
	if err != nil {
		c.replyErr(id, err)
		return
	}
	c.reply(id, protocol.OK{})
	g.offer = &protocol.Offer{Kind: kind, From: colorName(s.color)}
	g.publish(protocol.OfferMade{GameID: g.id, Seq: g.next(), Kind: kind, From: g.offer.From})
	if g.other(s).isBot() {
		// Bots grant casual takebacks and rematches, and decline draws.
		g.resolveOffer(g.other(s), kind != protocol.OfferDraw)
	}
}

func (g *game) checkOffer(s *seat, kind string) error {
	switch {
	case kind == protocol.OfferRematch && !g.over:
		return errf(protocol.CodeConflict, "a rematch is offered after the game")
	case kind != protocol.OfferRematch && g.over:
		return errf(protocol.CodeGameOver, "game %d is over", g.id)
	case g.offer != nil:
		return errf(protocol.CodeConflict, "a %s offer is pending", g.offer.Kind)
	case kind == protocol.OfferTakeback && g.takebackCount(s) == 0:
		return errf(protocol.CodeConflict, "you have no move to take back")
	case kind == protocol.OfferTakeback && g.settings.rated && g.other(s).isBot():
		return errf(protocol.CodeNotAllowed, "no takebacks in rated games against bots")
	case g.wasDeclined(s, kind):
		return errf(protocol.CodeConflict, "your %s offer was declined; you may offer again after the next move", kind)
	}
	return nil
}

// declined names an offer turned down: of this kind, by the other side.
type declined struct {
	kind string
	from engine.Color
}

// wasDeclined reports whether s's offer of kind was turned down since the
// board last changed: asking again at once would only pester.
func (g *game) wasDeclined(s *seat, kind string) bool {
	gen, ok := g.declined[declined{kind, s.color}]
	return ok && gen == g.gen
}

// cmdAnswer handles takeback_answer, draw_answer and rematch_answer.
func (g *game) cmdAnswer(c *conn, id string, u *user, kind string, accept bool) {
	s, err := g.player(u)
	if err == nil && (g.offer == nil || g.offer.Kind != kind || g.offer.From == colorName(s.color)) {
		err = errf(protocol.CodeConflict, "no %s offer to answer", kind)
	}
	if err != nil {
		c.replyErr(id, err)
		return
	}
	c.reply(id, protocol.OK{})
	g.resolveOffer(s, accept)
}

// resolveOffer answers the pending offer on behalf of s and carries it out.
func (g *game) resolveOffer(s *seat, accept bool) {
	kind := g.offer.Kind
	from := g.other(s)
	g.offer = nil
	g.publish(protocol.OfferAnswer{GameID: g.id, Seq: g.next(), Kind: kind, Accepted: accept,
		By: colorName(s.color)})
	if !accept {
		if kind != protocol.OfferRematch {
			if g.declined == nil {
				g.declined = map[declined]int{}
			}
			g.declined[declined{kind, from.color}] = g.gen
		}
		return
	}
	switch kind {
	case protocol.OfferDraw:
		g.finish(engine.Empty, engine.ReasonAgreement)
	case protocol.OfferTakeback:
		g.takeback(g.takebackCount(from))
	case protocol.OfferRematch:
		g.rematch()
	}
}

// takeback removes the last n moves from the store and the board.
func (g *game) takeback(n int) {
	if n == 0 || g.over {
		return
	}
	if _, err := g.commit(gomoku.GameCommit{Undo: n}); err != nil {
		g.srv.log.Error("store takeback", "game", g.id, "err", err)
		return
	}
	undone := g.eng.Moves()[len(g.eng.Moves())-n:]
	var colors []engine.Color
	for _, m := range undone {
		colors = append(colors, m.Color)
	}
	if err := g.eng.Undo(n); err != nil {
		g.srv.log.Error("engine takeback", "game", g.id, "err", err)
		return
	}
	g.gen++
	now := time.Now()
	g.clock.charge(now, false)
	g.clock.refund(colors)
	g.clock.start(g.eng.Turn(), now)
	g.paused = false
	g.publish(protocol.GameTakeback{GameID: g.id, Seq: g.next(), Undone: n, Plies: len(g.eng.Moves()),
		Turn: colorName(g.eng.Turn()), Clock: g.clock.wire(now), Forbidden: pointList(g.eng.ForbiddenPoints())})
	g.updateSummary()
	g.arm()
	g.maybeBot()
}

// rematch starts the same game with colours swapped.
func (g *game) rematch() {
	specs := [2]seatSpec{}
	for i, s := range g.seats {
		specs[1-i] = seatSpec{user: s.user, bot: s.bot}
	}
	if _, err := g.srv.hub.startGame(g.settings, specs[0], specs[1]); err != nil {
		pe := wireError(g.srv.log, err)
		for _, s := range g.seats {
			if s.user != nil {
				s.user.send(protocol.MustEncode("", pe))
			}
		}
	}
}
