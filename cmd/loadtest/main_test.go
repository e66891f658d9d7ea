package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/loadtest"
)

func TestRunJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("a load run takes a few seconds")
	}
	s := servertest.Start(t, servertest.Options{})
	var out, errOut bytes.Buffer
	slow := filepath.Join(t.TempDir(), "slow.txt")
	// 12 connections: more than the per-address login burst (10), so the
	// loopback source addresses are needed. Every move is "slow" (over 0s):
	// the slow log lists the window's moves.
	code := run(context.Background(), []string{"--url", s.URL, "--conns", "12", "--idle", "0.5",
		"--rate", "4", "--size", "9", "--ramp", "500ms", "--duration", "2s", "--settle", "100ms", "--json",
		"--slow-log", slow, "--slow-over", "0s"},
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
	data, err := os.ReadFile(slow)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != rep.Ack.Count {
		t.Fatalf("slow log has %d lines for %d moves", len(lines), rep.Ack.Count)
	}
	var ms float64
	if _, err := time.Parse("15:04:05.000", strings.Fields(lines[0])[0]); err != nil {
		t.Errorf("slow log line %q: %v", lines[0], err)
	} else if _, err := fmt.Sscan(strings.Fields(lines[0])[1], &ms); err != nil || ms <= 0 {
		t.Errorf("slow log line %q: round trip %v, %v", lines[0], ms, err)
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
