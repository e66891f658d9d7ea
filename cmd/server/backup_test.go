package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/protocol"
)

// TestBackupRestore backs up the SQLite store of a running server with the
// binary's backup command, then starts a server on the copy: the finished
// rated game, the ratings and the running game are all there, and the move
// played after the backup is not.
func TestBackupRestore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server binary and runs it twice")
	}
	bin := buildServer(t)
	r := &rig{bin: bin, args: []string{"--data-dir", t.TempDir()}}
	t.Cleanup(r.stop)
	r.logOnFailure(t)

	done := startDuel(t, r.server(t).url, 0)
	done.playOpening(t)
	done.playWin(t)
	running := startDuel(t, r.server(t).url, 1)
	running.playOpening(t)

	copyDir := t.TempDir()
	backup(t, bin, append(r.args, filepath.Join(copyDir, "gomoku.db"))...)
	// After the copy: on the original only.
	mustReply[*protocol.OK](running.peers[0], protocol.Move{GameID: running.id, Move: winningMove})
	r.kill()

	restored := &rig{bin: bin, args: []string{"--data-dir", copyDir}}
	t.Cleanup(restored.stop)
	restored.logOnFailure(t)
	url := restored.server(t).url
	healthcheck(t, bin, url)
	done.login(t, url)
	done.checkFinished(t, done.observe(t))
	running.login(t, url)
	s := running.observe(t)
	if !slices.Equal(s.moves, openingMoves) {
		t.Fatalf("the copy holds moves [%s], want those stored before the backup: [%s]",
			strings.Join(s.moves, " "), strings.Join(openingMoves, " "))
	}
	running.checkRunning(t, s)
	running.playWin(t)
}

// backup runs `gomoku-server backup` with args while the server runs.
func backup(t *testing.T, bin string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), startWait)
	defer cancel()
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, append([]string{"backup"}, args...)...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("backup %v: %v\n%s", args, err, out.String())
	}
	if !strings.Contains(out.String(), "backed up") {
		t.Fatalf("backup said %q", out.String())
	}
}

// healthcheck runs `gomoku-server healthcheck` against the server at the
// websocket url ws://ADDR/ws, as a container's health check does.
func healthcheck(t *testing.T, bin, url string) {
	t.Helper()
	addr := strings.TrimSuffix(strings.TrimPrefix(url, "ws://"), "/ws")
	out, err := exec.Command(bin, "healthcheck", "--addr", addr).CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("healthcheck --addr %s: %v, %q", addr, err, out)
	}
}

// TestBackupPostgres: the backup command points PostgreSQL users to
// pg_dump rather than copying the wrong store.
func TestBackupPostgres(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"backup", "--database", "postgres://nobody@127.0.0.1:1/none",
		filepath.Join(t.TempDir(), "x.db")}, &out, &errOut)
	if code == 0 || !strings.Contains(errOut.String(), "pg_dump") {
		t.Fatalf("exit %d, %q", code, errOut.String())
	}
}
