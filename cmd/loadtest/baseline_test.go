package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/signal"
	"testing"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/loadtest"
)

// TestMain lets the test binary stand in for the command when --baseline
// starts it as the echo child.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestBaseline runs the same small load against an echo child process and
// the game server in one invocation and reports both with their ratios.
func TestBaseline(t *testing.T) {
	if testing.Short() {
		t.Skip("two load runs take a few seconds")
	}
	s := servertest.Start(t, servertest.Options{})
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"--url", s.URL, "--baseline", "--conns", "12", "--idle", "0.5",
		"--rate", "4", "--size", "9", "--ramp", "500ms", "--duration", "2s", "--settle", "100ms", "--json"},
		&out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), errOut.String())
	}
	var c loadtest.Comparison
	if err := json.Unmarshal(out.Bytes(), &c); err != nil {
		t.Fatalf("report: %v\n%s", err, out.String())
	}
	if c.Baseline == nil || c.Game == nil {
		t.Fatalf("comparison: %s", out.String())
	}
	if c.Baseline.Mode != "echo" || c.Game.Mode != "game" || c.Baseline.Moves == 0 || c.Game.Moves == 0 {
		t.Errorf("baseline %s %d moves, game %s %d moves", c.Baseline.Mode, c.Baseline.Moves, c.Game.Mode, c.Game.Moves)
	}
	if !c.Baseline.Server.Scraped || c.Ratios.P50 <= 0 { // CPU per move can round to 0 at this size
		t.Errorf("baseline server %+v, ratios %+v", c.Baseline.Server, c.Ratios)
	}
}
