package server

import (
	"encoding/json"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/match"
	"github.com/gomokud/gomoku/protocol"
)

// request is a player's or watcher's request to a game: the message, who
// sent it, and where the answer goes.
type request struct {
	c        *conn
	u        *user
	id       string
	msg      protocol.Message
	received time.Time
}

// handle serves one request on the game goroutine: the answer first, then
// the events it caused (both written by flush, after safely ran it).
func (g *game) handle(r request) {
	reply, err := g.serve(r)
	if err != nil {
		g.queueTo(r.c, protocol.MustEncode(r.id, r.c.wireErr(err)))
		return
	}
	g.queueTo(r.c, protocol.MustEncode(r.id, reply))
	if _, ok := r.msg.(*protocol.Move); ok {
		g.env.metrics.moveLatency.Observe(g.env.now().Sub(r.received).Seconds())
	}
}

// serve carries out a request and returns its answer.
func (g *game) serve(r request) (protocol.Message, error) {
	switch m := r.msg.(type) {
	case *protocol.GameSay:
		return g.say(r, m.Text)
	case *protocol.Watch:
		return g.watch(r), nil
	case *protocol.Resync:
		return g.resync(r, m.LastSeq), nil
	}
	s := g.seatOfUser(r.u)
	if s == nil {
		return nil, errf(protocol.CodeNotAllowed, "you do not play game %d", g.id)
	}
	cmd, err := g.command(s, r.msg)
	if err != nil {
		return nil, err
	}
	if p, ok := cmd.(match.Play); ok {
		p.Lag = r.c.lag()
		cmd = p
	}
	if _, ok := cmd.(match.Claim); ok {
		g.presenceChanged() // the claim judges the presence as it is now
	}
	if err := g.exec(cmd); err != nil {
		return nil, err
	}
	return protocol.OK{}, nil
}

// command is the match command of a player's request.
func (g *game) command(s *seat, msg protocol.Message) (match.Command, error) {
	c := s.color
	switch m := msg.(type) {
	case *protocol.Move:
		p, err := engine.ParsePoint(m.Move, g.settings.size)
		if err != nil {
			return nil, err
		}
		if p.String() != m.Move { // the wire takes exactly "h8": no spaces, no capitals
			return nil, errf(protocol.CodeBadRequest, "move %q: write it like %q", m.Move, p.String())
		}
		return match.Play{Color: c, Point: p}, nil
	case *protocol.Takeback:
		return match.MakeOffer{Color: c, Kind: match.Takeback}, nil
	case *protocol.DrawOffer:
		return match.MakeOffer{Color: c, Kind: match.Draw}, nil
	case *protocol.RematchOffer:
		return match.MakeOffer{Color: c, Kind: match.Rematch}, nil
	case *protocol.TakebackAnswer:
		return match.Answer{Color: c, Kind: match.Takeback, Accept: m.Accept}, nil
	case *protocol.DrawAnswer:
		return match.Answer{Color: c, Kind: match.Draw, Accept: m.Accept}, nil
	case *protocol.RematchAnswer:
		return match.Answer{Color: c, Kind: match.Rematch, Accept: m.Accept}, nil
	case *protocol.Resign:
		return match.Resign{Color: c}, nil
	case *protocol.Abort:
		return match.Abort{Color: c}, nil
	case *protocol.ClaimWin:
		return match.Claim{Color: c}, nil
	case *protocol.OpeningAction:
		a, err := opening.ParseAction(m.Action, g.settings.size)
		if err != nil {
			return nil, errf(protocol.CodeBadRequest, "opening action %q: %v", m.Action, err)
		}
		return match.Act{Color: c, Action: a}, nil
	}
	return nil, errf(protocol.CodeBadRequest, "%s is not a game command", msg.Type())
}

// say is a chat line from a player or watcher.
func (g *game) say(r request, text string) (protocol.Message, error) {
	_, watching := g.watchers[r.c]
	if g.seatOfUser(r.u) == nil && !watching {
		return nil, errf(protocol.CodeNotAllowed, "watch game %d to chat in it", g.id)
	}
	g.event(protocol.GameChat{GameID: g.id, Seq: g.next(), From: r.u.name, Text: text,
		At: g.env.now().UTC().Truncate(time.Millisecond)})
	return protocol.OK{}, nil
}

// watch subscribes the connection and answers with the state.
func (g *game) watch(r request) protocol.Message {
	if g.seatOfUser(r.u) == nil {
		g.addWatcher(r.c)
	}
	return protocol.GameState{Snapshot: g.snapshot(r.u)}
}

// resync answers with the events after last, or the full state.
func (g *game) resync(r request, last int64) protocol.Message {
	if g.seatOfUser(r.u) == nil {
		g.addWatcher(r.c)
	}
	frames, ok := g.events.since(last)
	if !ok || last < 0 {
		return protocol.GameState{Snapshot: g.snapshot(r.u)}
	}
	ev := protocol.GameEvents{GameID: g.id, Events: make([]json.RawMessage, 0, len(frames))}
	for _, f := range frames {
		ev.Events = append(ev.Events, f)
	}
	if k := g.clock(g.env.now()); k != nil {
		g.out = append(g.out, outFrame{frame: protocol.MustEncode("", protocol.GameClock{GameID: g.id, Clock: *k}), conn: r.c})
	}
	return ev
}

// seatOfUser returns u's seat, or nil for a non-player.
func (g *game) seatOfUser(u *user) *seat {
	for _, s := range g.seats {
		if u != nil && s.user == u {
			return s
		}
	}
	return nil
}
