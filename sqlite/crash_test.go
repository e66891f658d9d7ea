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

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/sqlite"
)

const crashEnv = "GOMOKU_SQLITE_CRASH_CHILD"

// TestKill9KeepsAcknowledgedMoves runs a child process that appends moves
// and reports each one CommitGame acknowledged, kills it with SIGKILL in
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
	id, err := db.CreateGame(ctx, gomoku.NewGame{Rule: engine.Freestyle, Size: 15,
		Black: gomoku.Player{Guest: "a"}, White: gomoku.Player{Guest: "b"}})
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
		c := engine.Black
		if ply%2 == 0 {
			c = engine.White
		}
		m := gomoku.Move{Ply: ply, Point: engine.Point{X: ply % 15, Y: ply / 15 % 15}, Color: c}
		if _, err := db.CommitGame(ctx, id, gomoku.GameCommit{Moves: []gomoku.Move{m}}); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("acked %d\n", ply) // unbuffered: written before the next move starts
	}
}
