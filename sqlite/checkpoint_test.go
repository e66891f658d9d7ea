package sqlite

import (
	"context"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// walFramesNow reports the frames in the WAL (a PASSIVE checkpoint's log).
func walFramesNow(t *testing.T, db *DB) (frames, copied int) {
	t.Helper()
	// A pass that meets the background checkpointer's reports busy (-1).
	for range 100 {
		var busy int
		if err := db.ck.QueryRow("PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied); err != nil {
			t.Fatal(err)
		}
		if busy == 0 && frames >= 0 {
			return frames, copied
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no checkpoint pass could read the WAL (last: %d frames)", frames)
	return 0, 0
}

// TestCheckpointsKeepTheWALSmall writes moves without pause for a while, as
// a busy server does: commits must not checkpoint, the background must, and
// the WAL must start again from its beginning now and then rather than grow
// with every commit.
func TestCheckpointsKeepTheWALSmall(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	db.walRestart.Store(200)
	var auto int
	if err := db.w.QueryRow("PRAGMA wal_autocheckpoint").Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("writer wal_autocheckpoint = %d (%v), want 0: commits must not checkpoint", auto, err)
	}
	newGame := func() int64 {
		id, err := db.CreateGame(ctx, gomoku.NewGame{Rule: engine.Freestyle, Size: 15,
			Black: gomoku.Player{Guest: "a"}, White: gomoku.Player{Guest: "b"}})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	commits, ply := 0, 0
	id := newGame()
	// Commit until the writer has caught up twice (the background passes
	// run on the wall clock; the deadline only bounds a broken build).
	for deadline := time.Now().Add(time.Minute); db.caughtUp.Load() < 2; {
		if time.Now().After(deadline) {
			t.Fatalf("the writer caught up %d times in a minute of commits", db.caughtUp.Load())
		}
		if ply++; ply > 200 {
			id, ply = newGame(), 1
			commits++
		}
		m := gomoku.Move{Ply: ply, Point: engine.Point{X: (ply - 1) % 15, Y: (ply - 1) / 15}, Color: engine.Black, At: time.Now()}
		if ply%2 == 0 {
			m.Color = engine.White
		}
		if _, err := db.CommitGame(ctx, id, gomoku.GameCommit{Moves: []gomoku.Move{m}}); err != nil {
			t.Fatal(err)
		}
		commits++
		time.Sleep(100 * time.Microsecond)
	}
	// Every commit adds at least one frame: a WAL never started again
	// would hold at least as many frames as there were commits.
	if frames, _ := walFramesNow(t, db); frames >= commits {
		t.Fatalf("WAL holds %d frames after %d commits: it did not start again", frames, commits)
	} else {
		t.Logf("%d commits; WAL holds %d frames", commits, frames)
	}
	// At rest, a checkpoint copies everything.
	if frames, copied := walFramesNow(t, db); frames != copied {
		t.Fatalf("checkpoint left %d of %d frames", frames-copied, frames)
	}
}
