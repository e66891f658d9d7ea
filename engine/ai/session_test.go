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

// BenchmarkSessionGame measures what a kept table buys a bot that searches
// on one thread, as the server's Max bot does: the moves of one side of
// the same line of play (made once with a node limit, so it is the same
// every run) searched at 100 ms each, with a fresh table per move (sized
// to the time, as the server's searches are, or the full 32 MiB) and with
// one session for the game. It reports the completed depth and the nodes
// per move.
func BenchmarkSessionGame(b *testing.B) {
	Warm()
	line := benchLine(b, 40)
	for _, c := range []struct {
		name    string
		ttMiB   int
		session bool
	}{{"fresh", 0, false}, {"fresh-32MiB", 32, false}, {"session", 0, true}} {
		b.Run(c.name, func(b *testing.B) {
			var depth, nodes, searches int64
			for i := 0; i < b.N; i++ {
				var ss *Session
				if c.session {
					ss = NewSession()
				}
				for ply := 4; ply < len(line); ply += 2 {
					r, err := Think(context.Background(), Request{Moves: line[:ply], Level: Max,
						TimeLimit: 100 * time.Millisecond, TTMiB: c.ttMiB, Session: ss})
					if err != nil {
						b.Fatal(err)
					}
					depth += int64(r.Depth)
					nodes += r.Nodes
					searches++
				}
			}
			b.ReportMetric(float64(depth)/float64(searches), "depth/move")
			b.ReportMetric(float64(nodes)/float64(searches), "nodes/move")
		})
	}
}

// benchLine plays Max against itself for n plies from the centre, each
// move found in a fixed number of nodes, so the line is the same each run.
func benchLine(b *testing.B, n int) []engine.Move {
	var moves []engine.Move
	for ply := 0; ply < n; ply++ {
		r, err := Think(context.Background(), Request{Moves: moves, Level: Max,
			TimeLimit: time.Minute, NodeLimit: 20000})
		if err != nil {
			b.Fatal(err)
		}
		c := engine.Black
		if ply%2 == 1 {
			c = engine.White
		}
		moves = append(moves, engine.Move{Point: r.Move, Color: c})
	}
	return moves
}

// TestSessionSize: a search that asks for another table size than the
// session's gets a table of that size, starting afresh; the same size
// keeps the table and its salt. Reserve allocates the table ahead, touched,
// and the first search of that size uses it.
func TestSessionSize(t *testing.T) {
	pos := &position{size: 15, rule: engine.Freestyle, moves: make([]engine.Move, 4), toMove: engine.Black}
	ss := NewSession()
	small, s1 := ss.use(1, pos, Max)
	n1 := len(small.e)
	big, s2 := ss.use(4, pos, Max)
	if n := len(big.e); n != newTableLen(4) || n <= n1 || s2 == s1 {
		t.Fatalf("asked for 4 MiB after 1: %d slots (was %d), salt changed %v", n, n1, s2 != s1)
	}
	if again, s3 := ss.use(4, pos, Max); &again.e[0] != &big.e[0] || s3 != s2 {
		t.Fatal("the same size allocated the table again or started afresh")
	}
	if shrunk, _ := ss.use(1, pos, Max); len(shrunk.e) != n1 {
		t.Fatalf("asked for 1 MiB after 4: %d slots, want %d", len(shrunk.e), n1)
	}

	ss = NewSession()
	ss.Reserve(8)
	first := &ss.tt.e[0]
	ss.Reserve(8)
	if &ss.tt.e[0] != first {
		t.Fatal("Reserve of the size the table has allocated it again")
	}
	tt, _ := ss.use(8, pos, Max)
	if len(tt.e) != newTableLen(8) || &tt.e[0] != first {
		t.Fatal("the first search did not use the reserved table")
	}
}
