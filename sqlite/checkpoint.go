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
// walRestartFrames, the writer itself runs a checkpoint between two
// batches (catchUp): by then the background has copied nearly everything,
// so the writer's share is short, and its next commit restarts the WAL.
const (
	checkpointEvery  = 500 * time.Millisecond
	walRestartFrames = 2000 // ~8 MB of 4 KiB pages
	catchUpEvery     = 100 * time.Millisecond
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

// checkpoint runs one PASSIVE checkpoint on c and records the WAL's size.
// It reports whether it copied the whole WAL. A failure is left for the
// next one: the WAL only grows meanwhile, no data is at risk.
func (db *DB) checkpoint(c *sql.DB) (complete bool) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var busy, frames, copied int
	if err := c.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied); err != nil {
		return false
	}
	db.walFrames.Store(int64(frames))
	return busy == 0 && frames == copied
}

// catchUp runs on the writer (moveWriter, between batches): when the WAL
// has grown past walRestartFrames, a checkpoint with no writer beside it
// copies the rest, so the next commit restarts the WAL.
// Attempts are spaced by catchUpEvery: a reader's old snapshot can keep
// a checkpoint from completing for a moment.
func (db *DB) catchUp() {
	if db.walFrames.Load() < db.walRestart || time.Since(db.caughtUp) < catchUpEvery {
		return
	}
	db.caughtUp = time.Now()
	if db.checkpoint(db.w) {
		db.walFrames.Store(0) // the next commit starts the WAL again
	}
}
