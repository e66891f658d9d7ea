package ai

import (
	"context"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// TestSessionSalt: a session keeps its table and salt across the moves of
// one game, starts afresh when the rule, size or level changes, and keeps
// apart positions whose side to move is not the one the stones imply.
func TestSessionSalt(t *testing.T) {
	pos := func(rule engine.Rule, size, stones int, toMove engine.Color) *position {
		return &position{size: size, rule: rule, moves: make([]engine.Move, stones), toMove: toMove}
	}
	ss := NewSession()
	t1, s1 := ss.use(1, pos(engine.Freestyle, 15, 4, engine.Black), Max)
	t2, s2 := ss.use(1, pos(engine.Freestyle, 15, 5, engine.White), Max)
	if t1 != t2 || s1 != s2 {
		t.Fatal("the next move of the same game got another table or salt")
	}
	if _, s := ss.use(1, pos(engine.Freestyle, 15, 5, engine.Black), Max); s == s1 {
		t.Fatal("black to move after five stones shares the salt of white to move")
	}
	for _, c := range []struct {
		p     *position
		level Level
	}{
		{pos(engine.Renju, 15, 4, engine.Black), Max},
		{pos(engine.Renju, 19, 4, engine.Black), Max},
		{pos(engine.Renju, 19, 4, engine.Black), Hard},
	} {
		_, s := ss.use(1, c.p, c.level)
		if s == s1 {
			t.Fatalf("%v %dx%d %v: the session did not start afresh", c.p.rule, c.p.size, c.p.size, c.level)
		}
		s1 = s
	}
}

// TestSessionGame plays a short game with a session and two threads per
// move: every answer is legal, and under -race the table's reuse from move
// to move and its sharing between threads are checked too.
func TestSessionGame(t *testing.T) {
	Warm()
	ss := NewSession()
	eb, _ := engine.NewBoard(15)
	var moves []engine.Move
	for ply := 0; ply < 12; ply++ {
		c := engine.Black
		if ply%2 == 1 {
			c = engine.White
		}
		r, err := Think(context.Background(), Request{Rule: engine.Renju, Moves: moves, Level: Max,
			TimeLimit: 40 * time.Millisecond, Threads: 2, Session: ss})
		if err != nil {
			t.Fatal(err)
		}
		if eb.At(r.Move) != engine.Empty || (c == engine.Black && eb.ForbiddenAt(r.Move) != engine.NotForbidden) {
			t.Fatalf("ply %d: illegal answer %s", ply, r.Move)
		}
		if eb.Set(r.Move, c) != nil || eb.Win(r.Move, engine.Renju) {
			break
		}
		moves = append(moves, engine.Move{Point: r.Move, Color: c})
	}
}
