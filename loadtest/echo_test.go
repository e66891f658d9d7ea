package loadtest_test

import (
	"bytes"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/loadtest"
)

// TestEchoBaseline drives the bare echo server as the baseline mode does:
// 12 connections, 4 pairs sending in turn, 4 idle; every frame comes back
// and the echo server's own metrics are read.
func TestEchoBaseline(t *testing.T) {
	if testing.Short() {
		t.Skip("a load run takes a few seconds")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- loadtest.NewEchoServer().Serve(ctx, ln) }()

	rep, err := loadtest.Run(ctx, loadtest.Config{
		URL: "ws://" + ln.Addr().String() + "/ws", Echo: true, Conns: 12, Games: 4, Rate: 10,
		Ramp: 200 * time.Millisecond, Duration: 2 * time.Second, Settle: 100 * time.Millisecond, Logf: t.Logf,
	})
	if err != nil {
		t.Fatal(err)
	}
	if p := rep.Problems(); len(p) > 0 {
		t.Errorf("problems: %v", p)
	}
	// 4 pairs at 10 frames/s for 2s: about 80.
	if rep.Mode != "echo" || rep.Moves < 20 || rep.Ack.Count != int(rep.Moves) || rep.Unanswered != 0 {
		t.Errorf("mode %q, moves %d, samples %d, unanswered %d", rep.Mode, rep.Moves, rep.Ack.Count, rep.Unanswered)
	}
	if !rep.Server.Scraped || rep.Server.RSSIdle <= 0 || rep.Server.GoroutinesPerConn < 1.5 {
		t.Errorf("echo server stats: %+v", rep.Server)
	}
	cmp := loadtest.Compare(rep, rep)
	if cmp.Ratios.P50 != 1 || cmp.Ratios.IdleRSSPerConn != 1 {
		t.Errorf("ratios of a run with itself: %+v", cmp.Ratios)
	}
	var out bytes.Buffer
	cmp.WriteText(&out)
	if !strings.Contains(out.String(), "echo baseline against") || !strings.Contains(out.String(), "round trip p99") {
		t.Errorf("comparison text:\n%s", out.String())
	}
	cancel()
	if err := <-served; err != nil {
		t.Errorf("echo server: %v", err)
	}
}
