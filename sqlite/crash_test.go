package sqlite_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gomokud/gomoku/server"
	"github.com/gomokud/gomoku/sqlite"
)

const crashEnv = "GOMOKU_SQLITE_CRASH_CHILD"

// TestKill9KeepsAcknowledgedMoves runs a child process that appends moves
// and reports each one AppendMove acknowledged, kills it with SIGKILL in
// the middle of writing, and checks that every acknowledged move is in the
// reopened file: the durability promise of the default synchronous=NORMAL.
func TestKill9KeepsAcknowledgedMoves(t *testing.T) {
	if os.Getenv(crashEnv) != "" {
		t.Skip("inside the child")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	id, err := db.CreateGame(ctx, server.NewGame{Rule: "freestyle", Size: 15,
		Black: server.Player{Guest: "a"}, White: server.Player{Guest: "b"}})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.v")
	cmd.Env = append(os.Environ(), crashEnv+"="+path+","+strconv.FormatInt(id, 10))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	acked := 0
	sc := bufio.NewScanner(out)
	deadline := time.Now().Add(30 * time.Second)
	for sc.Scan() && time.Now().Before(deadline) {
		if n, ok := strings.CutPrefix(sc.Text(), "acked "); ok {
			acked, _ = strconv.Atoi(n)
			if acked >= 150 {
				break
			}
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if acked == 0 {
		t.Fatal("the child acknowledged no move")
	}

	db, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen after kill -9: %v", err)
	}
	defer db.Close()
	g, err := db.GameByID(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if g.Plies < acked {
		t.Fatalf("%d moves acknowledged before kill -9, %d stored after", acked, g.Plies)
	}
	for i, m := range g.Moves {
		if m.Ply != i+1 {
			t.Fatalf("move %d has ply %d", i, m.Ply)
		}
	}
	t.Logf("%d moves acknowledged, %d stored", acked, g.Plies)
}

// TestCrashChild is the child of TestKill9KeepsAcknowledgedMoves: it appends
// moves until killed, printing each acknowledged ply.
func TestCrashChild(t *testing.T) {
	spec := os.Getenv(crashEnv)
	if spec == "" {
		t.Skip("only runs as the child of TestKill9KeepsAcknowledgedMoves")
	}
	path, idStr, _ := strings.Cut(spec, ",")
	id, _ := strconv.ParseInt(idStr, 10, 64)
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	for ply := 1; ply <= 100_000; ply++ {
		c := "black"
		if ply%2 == 0 {
			c = "white"
		}
		if err := db.AppendMove(ctx, id, server.Move{Ply: ply, X: ply % 15, Y: ply / 15 % 15, Color: c}); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("acked %d\n", ply) // unbuffered: written before the next move starts
	}
}
