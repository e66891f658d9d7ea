package web_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/protocol"
)

// termPlayer is the other side of a game played by the terminal client's
// library (package client), as the TUI would: a real websocket client with
// reconnection.
type termPlayer struct {
	t      *testing.T
	c      *client.Client
	ctx    context.Context
	events chan client.Event
	done   atomic.Bool
}

func newTermPlayer(t *testing.T, url, name string) *termPlayer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	c, err := client.Dial(ctx, url, client.Options{Name: "gomoku-tui/test", Reconnect: true, MaxBackoff: 500 * time.Millisecond})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	if _, err := c.Register(ctx, name, "password of "+name); err != nil {
		t.Fatalf("register %s: %v", name, err)
	}
	p := &termPlayer{t: t, c: c, ctx: ctx, events: make(chan client.Event, 256)}
	t.Cleanup(func() { p.done.Store(true); cancel(); c.Close() })
	go func() {
		defer close(p.events)
		for {
			ev, err := c.NextEvent(ctx)
			if errors.Is(err, client.ErrClosed) || errors.Is(err, client.ErrDisconnected) || ctx.Err() != nil {
				return
			}
			if err != nil || ev == nil {
				continue
			}
			select {
			case p.events <- ev:
			case <-ctx.Done():
				return
			}
		}
	}()
	return p
}

func (p *termPlayer) logf(f string, a ...any) {
	if !p.done.Load() {
		p.t.Logf(f, a...)
	}
}

// challenge challenges a browser player with settings, playing color.
func (p *termPlayer) challenge(to, rule, color string) {
	p.t.Helper()
	if _, err := p.c.Challenge(p.ctx, to, protocol.Settings{Rule: rule, Opening: "none", Size: 15, Time: protocol.TimeControl{MainMS: 600000, IncrementMS: 5000}, Color: color}); err != nil {
		p.t.Fatalf("challenge %s: %v", to, err)
	}
}

// autoplay waits for the game to start and then plays moves as me, one
// each time it is my turn, until the game ends. It runs in its own
// goroutine; the returned channel gets the game's result.
func (p *termPlayer) autoplay(me engine.Color, moves []string) <-chan engine.Result {
	out := make(chan engine.Result, 1)
	go func() {
		var game int64
		plies := 0
		played := map[int]bool{}
		for ev := range p.events {
			switch e := ev.(type) {
			case client.GameStarted:
				game, plies = e.Game, len(e.Moves)
			case client.GameSynced:
				if e.Game == game {
					plies = len(e.Moves)
				}
			case client.MoveMade:
				if e.Game != game {
					continue
				}
				plies = e.Ply
			case client.TakenBack:
				if e.Game == game {
					plies = e.Plies
				}
			case client.GameEnded:
				if e.Game == game {
					out <- e.Result
					return
				}
			}
			toMove := engine.Black
			if plies%2 == 1 {
				toMove = engine.White
			}
			if game == 0 || toMove != me || played[plies] || plies/2 >= len(moves) {
				continue
			}
			played[plies] = true
			pt, err := engine.ParsePoint(moves[plies/2], 15)
			if err != nil {
				p.logf("bad move %s: %v", moves[plies/2], err)
				continue
			}
			if err := p.c.Move(p.ctx, game, pt); err != nil {
				p.logf("terminal player: move %s: %v", pt, err)
				played[plies] = false
			}
		}
	}()
	return out
}
