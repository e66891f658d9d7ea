package sqlite

import (
	"context"
	"database/sql"
	"time"
)

// Checkpoints: SQLite copies the WAL back into the database file (and
// fsyncs both) in a checkpoint. By default the committing connection does
// it every 1000 pages, inside a commit, so every move queued behind that
// commit waits for the copy and two fsyncs: under load this was the tail
// of the move round trip. Here the writer does not checkpoint on commit
// (wal_autocheckpoint(0)). A goroutine of its own runs PASSIVE checkpoints
// on a connection of its own every checkpointEvery; in WAL mode they copy
// pages alongside the writer without blocking it. But the WAL only starts
// again from its beginning when a checkpoint has copied all of it, which a
// checkpoint racing a busy writer never does; so once the WAL holds
// walRestartFrames, a background pass asks the writer to catch up: right
// after that pass, between two batches, the writer runs a checkpoint of
// its own that has only the frames since then to copy, and its next commit
// restarts the WAL. At 2,500 moves a second that is a pause of a few
// milliseconds every few seconds instead of a checkpoint inside a commit
// every 1000 pages.
const (
	checkpointEvery  = 500 * time.Millisecond
	walRestartFrames = 8000     // ~32 MB of 4 KiB pages
	walSizeLimit     = 64 << 20 // bytes of WAL kept on disk after a restart (journal_size_limit)
)

// checkpointer runs PASSIVE checkpoints on ck every checkpointEvery until
// stop is closed.
func (db *DB) checkpointer(ck *sql.DB, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			db.checkpoint(ck)
		}
	}
}

// checkpoint runs one PASSIVE checkpoint on c; a background pass that
// finds the WAL long asks the writer to catch up. A failure is left for the
// next pass: the WAL only grows meanwhile, no data is at risk.
func (db *DB) checkpoint(c *sql.DB) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var busy, frames, copied int
	if err := c.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied); err != nil {
		return
	}
	if c != db.w && int64(frames) >= db.walRestart.Load() {
		db.catchUpDue.Store(true)
	}
}

// catchUp runs on the writer (moveWriter, between batches). When a
// background pass has asked for it, a checkpoint with no writer beside it
// copies the frames written since, so the next commit restarts the WAL.
func (db *DB) catchUp() {
	if !db.catchUpDue.CompareAndSwap(true, false) {
		return
	}
	db.caughtUp.Add(1)
	db.checkpoint(db.w)
}
