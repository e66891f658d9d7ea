package server_test

import (
	"context"
	"io"
	"net"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
	"github.com/gomokud/gomoku/server"
)

// delayProxy forwards TCP connections to target, holding every chunk of
// bytes for oneWay in each direction: a player far from the server.
func delayProxy(t *testing.T, target string, oneWay time.Duration) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", target)
			if err != nil {
				in.Close()
				return
			}
			t.Cleanup(func() { in.Close(); out.Close() })
			go delayCopy(out, in, oneWay)
			go delayCopy(in, out, oneWay)
		}
	}()
	return ln.Addr().String()
}

// delayCopy copies src to dst, each chunk written oneWay after it was read,
// in order.
func delayCopy(dst io.WriteCloser, src io.Reader, oneWay time.Duration) {
	type chunk struct {
		b   []byte
		due time.Time
	}
	q := make(chan chunk, 1024)
	go func() {
		defer dst.Close()
		for c := range q {
			time.Sleep(time.Until(c.due))
			if _, err := dst.Write(c.b); err != nil {
				return
			}
		}
	}()
	defer close(q)
	for {
		buf := make([]byte, 32<<10)
		n, err := src.Read(buf)
		if n > 0 {
			q <- chunk{buf[:n], time.Now().Add(oneWay)}
		}
		if err != nil {
			return
		}
	}
}

// TestLagCompensation: a player 400 ms of round trip away gets that time
// back on its moves, within the quota of a 10-second game (gain 200 ms a
// move, 600 ms to start with), and both players see the lag.
func TestLagCompensation(t *testing.T) {
	clk := clockwork.NewFakeClockAt(time.Now())
	s := servertest.Start(t, servertest.Options{Config: server.Config{Clock: clk, PingInterval: 50 * time.Millisecond}})
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	far, err := client.Dial(ctx, "ws://"+delayProxy(t, s.URL[len("ws://"):len(s.URL)-len("/ws")], 200*time.Millisecond)+"/ws", client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer far.Close()
	if _, err := far.Guest(ctx, "far"); err != nil {
		t.Fatal(err)
	}
	near := dial(t, s.URL)
	near.guest("near")
	if _, err := far.Do(ctx, protocol.ChallengeCreate{To: near.name, Settings: protocol.Settings{Opening: "none", Rule: "freestyle",
		Color: protocol.ColorBlack, Time: protocol.TimeControl{MainMS: 10_000}}}); err != nil {
		t.Fatal(err)
	}
	near.call(protocol.ChallengeAccept{ChallengeID: event[*protocol.Challenge](near, nil).ChallengeID})
	gid := event[*protocol.GameStart](near, nil).Game.GameID

	move := func(ply int, mv string) *protocol.GameMove {
		t.Helper()
		if ply%2 == 1 {
			if _, err := far.Do(ctx, protocol.Move{GameID: gid, Move: mv}); err != nil {
				t.Fatalf("far's %s: %v", mv, err)
			}
		} else {
			near.call(protocol.Move{GameID: gid, Move: mv})
		}
		return event(near, func(m *protocol.GameMove) bool { return m.Ply == ply })
	}
	move(1, "h8")
	move(2, "h9") // the clocks start after each side's first move

	for st := (*protocol.GameState)(nil); st == nil || st.Lag == nil || st.Lag.BlackMS < 400; {
		time.Sleep(20 * time.Millisecond) // pings every 50 ms measure the 400 ms round trip
		st = near.call(protocol.Resync{GameID: gid, LastSeq: -1}).(*protocol.GameState)
	}
	var comp [3]int64
	var last *protocol.GameMove
	for i, mv := range []string{"i8", "j8", "k8"} {
		clk.Advance(2 * time.Second) // black thinks 2 s by the server's clock
		last = move(3+2*i, mv)
		if last.LagMS < 400 {
			t.Fatalf("move %s: lag_ms %d, want the 400 ms round trip", mv, last.LagMS)
		}
		comp[i] = last.CompMS
		move(4+2*i, []string{"a1", "a2", "a3"}[i])
	}
	near1 := func(got, want int64) bool { return got >= want-2 && got <= want+2 }
	if comp[0] < 400 || comp[0] > 700 || !near1(comp[1], 800-comp[0]) || !near1(comp[2], 200) {
		t.Fatalf("compensations %v ms: want the lag (>= 400), then what is left of the 600 ms quota plus 200, then the 200 ms gain", comp)
	}
	if !near1(last.Clock.BlackMS, 10_000-3*2_000+comp[0]+comp[1]+comp[2]) {
		t.Fatalf("black's clock %d ms after three 2 s moves compensated %v", last.Clock.BlackMS, comp)
	}
}
