package loadtest_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/loadtest"
	"github.com/gomokud/gomoku/server"
)

// TestRunSmallLoad runs 20 connections, 8 games and 4 idle connections
// against the real server for a few seconds: moves are made and answered,
// nothing fails, the server's metrics are read.
func TestRunSmallLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("a load run takes ~10s")
	}
	s := servertest.Start(t, servertest.Options{Config: server.Config{AuthPerIP: 1000, AuthBurst: 1000}})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rep, err := loadtest.Run(ctx, loadtest.Config{
		URL: s.URL, Conns: 20, Games: 8, Rate: 10, Size: 6,
		Ramp: time.Second, Duration: 4 * time.Second, Settle: 200 * time.Millisecond,
		Logf: t.Logf,
	})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	rep.WriteText(&out)
	t.Log("\n" + out.String())
	if p := rep.Problems(); len(p) > 0 {
		t.Errorf("problems: %v", p)
	}
	if rep.Connected != 20 || rep.GamesStarted != 8 || rep.Idle != 4 {
		t.Errorf("connected %d, games %d, idle %d: want 20, 8, 4", rep.Connected, rep.GamesStarted, rep.Idle)
	}
	// 8 games at 10 moves/s for 4s: 320 moves when unloaded; -race on a
	// busy machine makes far fewer, but some.
	if rep.Moves < 8 || rep.Ack.Count != int(rep.Moves) || rep.Echo.Count == 0 {
		t.Errorf("moves %d, ack samples %d, echo samples %d", rep.Moves, rep.Ack.Count, rep.Echo.Count)
	}
	if rep.Ack.P50 <= 0 || rep.Ack.P50 > rep.Ack.P99 || rep.Ack.P99 > rep.Ack.Max {
		t.Errorf("ack latencies out of order: %+v", rep.Ack)
	}
	if !rep.Server.Scraped || rep.Server.Connections < 20 || rep.Server.MovesPerSec <= 0 || rep.Server.SchedLatency.Count <= 0 {
		t.Errorf("server stats: %+v", rep.Server)
	}
	// A 6x6 game lasts 36 moves: at 10 moves/s games end and restart.
	if rep.GamesOver > 0 && rep.Notes["game_over_full-board"] == 0 {
		t.Errorf("games over %d, but not by a full board: %v", rep.GamesOver, rep.Notes)
	}
}
