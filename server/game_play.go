package server

import (
	"encoding/json"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/protocol"
)

// Game commands: each runs on the game goroutine and answers the request
// (c, id) itself.

// cmdMove handles a move request.
func (g *game) cmdMove(c *conn, id string, u *user, move string, received time.Time) {
	s, err := g.player(u)
	if err == nil {
		var p engine.Point
		p, err = engine.ParsePoint(move, g.settings.size)
		if err == nil {
			err = g.play(s, p, func() { c.reply(id, protocol.OK{}) })
		}
	}
	if err != nil {
		c.replyErr(id, err)
		return
	}
	g.srv.metrics.moveLatency.Observe(time.Since(received).Seconds())
}

// play makes s's move at p: checked, clock charged, stored with the result
// it makes (one commit: a crash cannot keep one without the other), then
// announced. accepted runs just before the announcement (the mover's reply).
func (g *game) play(s *seat, p engine.Point, accepted func()) error {
	if g.over {
		return errf(protocol.CodeGameOver, "game %d is over", g.id)
	}
	if err := g.eng.Check(s.color, p); err != nil {
		return err
	}
	now := time.Now()
	saved := g.clock
	spent, ok := g.clock.charge(now, true)
	if !ok {
		g.clock = saved
		g.finish(s.color.Opponent(), engine.ReasonTimeout)
		return errf(protocol.CodeGameOver, "your time ran out")
	}
	if err := g.eng.PlayAs(s.color, p); err != nil {
		g.clock = saved
		return err
	}
	bms, wms := g.clock.stored()
	ply := len(g.eng.Moves())
	commit := gomoku.GameCommit{Moves: []gomoku.Move{{Ply: ply, Point: p, Color: s.color,
		BlackClockMS: bms, WhiteClockMS: wms, SpentMS: spent.Milliseconds(), At: now}}}
	res := g.eng.Result()
	if res.Over() {
		r := gomoku.Decide(res.Winner, res.Reason, ply, now)
		commit.Result = &r
	}
	committed, err := g.commit(commit)
	g.srv.metrics.storeAppend.Observe(time.Since(now).Seconds())
	if err != nil {
		_ = g.eng.Undo(1) // the move just played: cannot fail
		g.clock = saved
		return err
	}
	g.gen++
	g.paused = false
	g.srv.metrics.moves.Inc()
	if !res.Over() {
		g.clock.start(s.color.Opponent(), now)
	}
	if accepted != nil {
		accepted()
	}
	g.publish(protocol.GameMove{GameID: g.id, Seq: g.next(), Ply: ply, Color: colorName(s.color),
		Move: p.String(), Clock: g.clock.wire(now), Forbidden: pointList(g.eng.ForbiddenPoints())})
	g.lapseOffer()
	g.updateSummary()
	if res.Over() {
		g.ended(now, commit.Result, committed)
		return nil
	}
	g.arm()
	g.maybeBot()
	return nil
}

// commit stores what a command changed, in one store transaction.
func (g *game) commit(c gomoku.GameCommit) (gomoku.Committed, error) {
	ctx, cancel := storeCtx()
	defer cancel()
	return g.srv.store.CommitGame(ctx, g.id, c)
}

// lapseOffer voids a pending takeback or draw offer after a move.
func (g *game) lapseOffer() {
	if g.offer == nil || g.offer.Kind == protocol.OfferRematch {
		return
	}
	kind := g.offer.Kind
	g.offer = nil
	g.publish(protocol.OfferAnswer{GameID: g.id, Seq: g.next(), Kind: kind})
}

// finish ends the game with a result the server decides (resignation,
// time, agreement, abandonment, abort): stored with the rating update, then
// announced.
func (g *game) finish(winner engine.Color, reason engine.Reason) {
	if err := g.eng.Finish(winner, reason); err != nil {
		g.srv.log.Error("finish", "game", g.id, "err", err)
		return
	}
	now := time.Now()
	r := gomoku.Decide(winner, reason, len(g.eng.Moves()), now)
	committed, err := g.commit(gomoku.GameCommit{Result: &r})
	if err != nil {
		g.srv.log.Error("store result", "game", g.id, "err", err)
	}
	g.ended(now, &r, committed)
}

// ended announces a stored result and frees the players.
func (g *game) ended(now time.Time, r *gomoku.GameResult, c gomoku.Committed) {
	g.clock.charge(now, false)
	g.clock.stop()
	g.over = true
	g.offer = nil
	ev := protocol.GameOver{GameID: g.id, Seq: g.next(), Result: *wireResult(g.eng.Result())}
	var ratings [2]int
	if g.settings.rated && !r.Unrated && c.BlackRating.After.Rating > 0 {
		ev.BlackRating = ratingChange(c.BlackRating)
		ev.WhiteRating = ratingChange(c.WhiteRating)
		ratings = [2]int{ev.BlackRating.After, ev.WhiteRating.After}
		g.seats[0].player.Rating, g.seats[1].player.Rating = ratings[0], ratings[1]
	}
	g.publish(ev)
	g.srv.log.Info("game over", "game", g.id, "winner", ev.Winner, "reason", ev.Reason, "plies", len(g.eng.Moves()))
	g.linger = now.Add(g.srv.cfg.RematchWindow)
	g.updateSummary()
	g.srv.hub.gameEnded(g, ratings)
	g.arm()
}

func ratingChange(r gomoku.RatingChange) *protocol.RatingChange {
	return &protocol.RatingChange{Before: roundRating(r.Before.Rating), After: roundRating(r.After.Rating)}
}

func roundRating(r float64) int { return int(r + 0.5) }

// cmdResign, cmdAbort, cmdClaim end the game at a player's request.
func (g *game) cmdResign(c *conn, id string, u *user) {
	s, err := g.player(u)
	if err == nil && g.over {
		err = errf(protocol.CodeGameOver, "game %d is over", g.id)
	}
	if err == nil {
		c.reply(id, protocol.OK{})
		g.finish(s.color.Opponent(), engine.ReasonResign)
		return
	}
	c.replyErr(id, err)
}

func (g *game) cmdAbort(c *conn, id string, u *user) {
	_, err := g.player(u)
	switch {
	case err != nil:
	case g.over:
		err = errf(protocol.CodeGameOver, "game %d is over", g.id)
	case len(g.eng.Moves()) >= 2:
		err = errf(protocol.CodeConflict, "both sides have moved: resign instead")
	}
	if err != nil {
		c.replyErr(id, err)
		return
	}
	c.reply(id, protocol.OK{})
	g.finish(engine.Empty, engine.ReasonAborted)
}

func (g *game) cmdClaim(c *conn, id string, u *user) {
	s, err := g.player(u)
	if err == nil {
		opp := g.other(s)
		g.presenceChanged()
		switch {
		case g.over:
			err = errf(protocol.CodeGameOver, "game %d is over", g.id)
		case !opp.away:
			err = errf(protocol.CodeConflict, "your opponent is connected")
		case time.Since(opp.awaySince) < g.grace:
			err = errf(protocol.CodeConflict, "wait %s more for your opponent",
				(g.grace - time.Since(opp.awaySince)).Round(time.Second))
		}
	}
	if err != nil {
		c.replyErr(id, err)
		return
	}
	c.reply(id, protocol.OK{})
	g.finish(s.color, engine.ReasonAbandon)
}

// cmdSay is a chat line from a player or watcher.
func (g *game) cmdSay(c *conn, id string, u *user, text string) {
	_, watching := g.watchers[c]
	if g.seatOfUser(u) == nil && !watching {
		c.replyErr(id, errf(protocol.CodeNotAllowed, "watch game %d to chat in it", g.id))
		return
	}
	c.reply(id, protocol.OK{})
	g.publish(protocol.GameChat{GameID: g.id, Seq: g.next(), From: u.name, Text: text,
		At: time.Now().UTC().Truncate(time.Millisecond)})
}

// cmdWatch subscribes c and replies with the state.
func (g *game) cmdWatch(c *conn, id string, u *user) {
	if g.seatOfUser(u) == nil {
		g.watchers[c] = struct{}{}
	}
	c.reply(id, protocol.GameState{Snapshot: g.snapshot(u)})
}

func (g *game) removeWatcher(c *conn) { delete(g.watchers, c) }

// cmdResync answers with the events after last, or the full state.
func (g *game) cmdResync(c *conn, id string, u *user, last int64) {
	if g.seatOfUser(u) == nil {
		g.watchers[c] = struct{}{}
	}
	if last < g.firstSeq-1 || last > g.seq || last < 0 {
		c.reply(id, protocol.GameState{Snapshot: g.snapshot(u)})
		return
	}
	ev := protocol.GameEvents{GameID: g.id, Events: make([]json.RawMessage, 0, g.seq-last)}
	for _, f := range g.events[last-(g.firstSeq-1):] {
		ev.Events = append(ev.Events, f)
	}
	c.reply(id, ev)
	if k := g.clock.wire(time.Now()); k != nil {
		c.send(protocol.MustEncode("", protocol.GameClock{GameID: g.id, Clock: *k}))
	}
}
