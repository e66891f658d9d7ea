package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/loadtest"
	"github.com/gomokud/gomoku/server/servertest"
)

func TestRunJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("a load run takes a few seconds")
	}
	s := servertest.Start(t, servertest.Options{})
	var out, errOut bytes.Buffer
	// 12 connections: more than the per-address login burst (10), so the
	// loopback source addresses are needed.
	code := run(context.Background(), []string{"--url", s.URL, "--conns", "12", "--idle", "0.5",
		"--rate", "4", "--size", "9", "--ramp", "500ms", "--duration", "2s", "--settle", "100ms", "--json"},
		&out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), errOut.String())
	}
	var rep loadtest.Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("report: %v\n%s", err, out.String())
	}
	if rep.Connected != 12 || rep.Games != 3 || rep.Idle != 6 || rep.Moves == 0 || rep.SourceIPs != 2 {
		t.Errorf("report: %+v", rep)
	}
	if !strings.Contains(errOut.String(), "connected") {
		t.Errorf("no progress on stderr: %q", errOut.String())
	}
}

func TestBadFlags(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"--conns", "4", "--games", "3"}, &out, &errOut); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(errOut.String(), "3 games need 6 connections") {
		t.Errorf("stderr: %q", errOut.String())
	}
}
