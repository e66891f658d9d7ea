package server

import (
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/match"
	"github.com/gomokud/gomoku/protocol"
)

// stage turns the match's events into the frames flush sends, in order, and
// updates what the lobby and the game's players see.
func (g *game) stage(evs []match.Event, c gomoku.Committed, now time.Time) {
	swapped := swapsIn(evs)
	if swapped {
		g.swapSeats() // before any frame: they name who holds black now
	}
	for _, e := range evs {
		switch e := e.(type) {
		case match.OpeningActed:
			g.event(g.openingEvent(e, swapped, now))
		case match.Moved:
			g.env.metrics.moves.Inc()
			mv := e.Move
			g.event(protocol.GameMove{GameID: g.id, Seq: g.next(), Ply: mv.Ply, Color: colorName(mv.Color),
				Move: mv.Point.String(), Clock: g.clock(now), Forbidden: pointList(g.m.Forbidden()),
				LagMS: e.Lag.Milliseconds(), CompMS: e.LagComp.Milliseconds()})
		case match.TakenBack:
			g.event(protocol.GameTakeback{GameID: g.id, Seq: g.next(), Undone: e.N, Plies: len(g.m.Moves()),
				Turn: colorName(g.m.Turn()), Clock: g.clock(now), Forbidden: pointList(g.m.Forbidden())})
		case match.OfferMade:
			g.event(protocol.OfferMade{GameID: g.id, Seq: g.next(), Kind: e.Offer.Kind.String(), From: colorName(e.Offer.From)})
		case match.OfferAnswered:
			g.event(protocol.OfferAnswer{GameID: g.id, Seq: g.next(), Kind: e.Kind.String(), Accepted: e.Accepted,
				By: colorName(e.By)})
		case match.OfferLapsed:
			g.event(protocol.OfferAnswer{GameID: g.id, Seq: g.next(), Kind: e.Kind.String()})
		case match.Ended:
			g.ended(e, c, now)
		case match.WentAway:
			g.event(protocol.PlayerAway{GameID: g.id, Seq: g.next(), Color: colorName(e.Color),
				ClaimAfterMS: e.Grace.Milliseconds()})
		case match.CameBack:
			g.event(protocol.PlayerBack{GameID: g.id, Seq: g.next(), Color: colorName(e.Color)})
			if k := g.clock(now); k != nil {
				g.notice(g.seats[e.Color-1].user, protocol.GameClock{GameID: g.id, Clock: *k})
			}
		case match.ClockStarted:
			if k := g.clock(now); k != nil {
				g.notice(nil, protocol.GameClock{GameID: g.id, Clock: *k})
			}
		case match.RematchAgreed:
			g.rematch = true
		}
	}
	g.updateSummary(now)
}

// ended announces a stored result and frees the players.
func (g *game) ended(e match.Ended, c gomoku.Committed, now time.Time) {
	r := e.Result
	ev := protocol.GameOver{GameID: g.id, Seq: g.next(), Result: protocol.Result{Winner: colorName(r.Winner),
		Reason: r.Reason.String(), Line: pointList(e.Line)}, Clock: g.clock(now)}
	var ratings [2]int
	if g.settings.rated && !r.Unrated && c.BlackRating.After.Rating > 0 {
		ev.BlackRating = ratingChange(c.BlackRating)
		ev.WhiteRating = ratingChange(c.WhiteRating)
		ratings = [2]int{ev.BlackRating.After, ev.WhiteRating.After}
		g.seats[0].player.Rating, g.seats[1].player.Rating = ratings[0], ratings[1]
	}
	g.event(ev)
	g.env.log.Info("game over", "game", g.id, "winner", ev.Winner, "reason", ev.Reason, "plies", len(g.m.Moves()))
	g.linger = now.Add(g.env.cfg.RematchWindow)
	g.dropBotTable() // not kept through the rematch window
	g.updateSummary(now)
	g.lobby.gameEnded(g, ratings)
}

// event stages a numbered game event (kept for resync).
func (g *game) event(m protocol.Message) {
	g.out = append(g.out, outFrame{frame: g.events.stage(m), logged: true})
}

// notice stages an unnumbered frame for one user, or for everyone in the
// game when to is nil.
func (g *game) notice(to *user, m protocol.Message) {
	g.out = append(g.out, outFrame{frame: protocol.MustEncode("", m), to: to})
}

// next returns the number of the next event.
func (g *game) next() int64 {
	g.seq++
	return g.seq
}

// clock is the clocks as of now for the protocol; nil without a clock.
func (g *game) clock(now time.Time) *protocol.Clock {
	k := g.m.Clock()
	v, ok := k.View(now)
	if !ok {
		return nil
	}
	out := &protocol.Clock{BlackMS: v.BlackMS, WhiteMS: v.WhiteMS, BlackByoYomi: v.BlackByoYomi,
		WhiteByoYomi: v.WhiteByoYomi, Running: colorName(v.Running)}
	if left, ok := g.m.FirstMoveLeft(now); ok {
		out.FirstMoveMS = max(left.Milliseconds(), 1) // 0 would read as no wait
	}
	return out
}

// snapshot is the full state as u sees it (u nil or not a player: watcher).
func (g *game) snapshot(u *user) protocol.Snapshot {
	now := g.env.now()
	s := protocol.Snapshot{Game: g.info, Seq: g.seq, Moves: points(g.m.Moves()),
		Clock: g.clock(now), Watchers: len(g.watchers), Forbidden: pointList(g.m.Forbidden()), Lag: g.lagView(),
		Phase: g.phase()}
	if o := g.m.Offer(); o.Kind != 0 {
		s.Offer = &protocol.Offer{Kind: o.Kind.String(), From: colorName(o.From)}
	}
	if st := g.seatOfUser(u); st != nil {
		s.YourColor = colorName(st.color)
	}
	if g.m.Over() {
		s.Result = wireResult(g.m.Outcome())
	} else {
		s.Turn = colorName(g.m.Turn())
	}
	for _, st := range g.seats {
		if g.m.Away(st.color) {
			s.Away = colorName(st.color)
		}
	}
	return s
}

// updateSummary publishes the lobby's view of the game.
func (g *game) updateSummary(now time.Time) {
	g.sumMu.Lock()
	defer g.sumMu.Unlock()
	g.sum.Plies = len(g.m.Moves())
	g.sum.Black.Rating, g.sum.White.Rating = g.seats[0].player.Rating, g.seats[1].player.Rating
	if g.m.Over() && g.sum.Result == nil {
		g.sum.Result = wireResult(g.m.Outcome())
		end := now.UTC().Truncate(time.Millisecond)
		g.sum.EndedAt = &end
	}
}

// summary is the lobby's view of the game.
func (g *game) summary() protocol.GameSummary {
	g.sumMu.Lock()
	defer g.sumMu.Unlock()
	return g.sum
}

// points returns the moves in notation.
func points(moves []engine.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.Point.String()
	}
	return out
}

func pointList(ps []engine.Point) []string {
	if len(ps) == 0 {
		return nil
	}
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

func wireResult(r engine.Result) *protocol.Result {
	return &protocol.Result{Winner: colorName(r.Winner), Reason: r.Reason.String(), Line: pointList(r.Line)}
}

func ratingChange(r gomoku.RatingChange) *protocol.RatingChange {
	return &protocol.RatingChange{Before: roundRating(r.Before.Rating), After: roundRating(r.After.Rating)}
}

func roundRating(r float64) int { return int(r + 0.5) }

// colorName is the wire name of a colour; "" for Empty.
func colorName(c engine.Color) string {
	switch c {
	case engine.Black:
		return protocol.ColorBlack
	case engine.White:
		return protocol.ColorWhite
	}
	return ""
}
