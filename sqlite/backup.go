package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"time"
)

// Backup writes a consistent copy of the database file src to the new file
// dst while other processes (a running server) read and write src.
//
// The copy is one VACUUM INTO on a read-only connection: it reads a single
// snapshot, so it holds every transaction committed before it began and
// none after, and in WAL mode it neither blocks the writer nor waits for
// it. src is not migrated nor written (an older or newer server may own
// it), and no lock of the server's is taken. The copy is written to a
// temporary file next to dst, checked, synced and renamed, so dst never
// holds half a backup. dst must not exist.
func Backup(ctx context.Context, src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		// Opening a missing file would create an empty database.
		return fmt.Errorf("sqlite backup: %w", err)
	}
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("sqlite backup: %s exists; give a new file name", dst)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("sqlite backup: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), "."+filepath.Base(dst)+".*.tmp")
	if err != nil {
		return fmt.Errorf("sqlite backup: %w", err)
	}
	tmpPath := tmp.Name()
	tmp.Close() // VACUUM INTO accepts an empty file, and it is ours alone (0600)
	done := false
	defer func() {
		if !done {
			os.Remove(tmpPath)
		}
	}()
	if err := vacuumInto(ctx, src, tmpPath); err != nil {
		return fmt.Errorf("sqlite backup of %s: %w", src, err)
	}
	if err := checkCopy(ctx, tmpPath); err != nil {
		return fmt.Errorf("sqlite backup: check the copy: %w", err)
	}
	if err := syncFile(tmpPath); err != nil {
		return fmt.Errorf("sqlite backup: %w", err)
	}
	if err := os.Rename(tmpPath, dst); err != nil {
		return fmt.Errorf("sqlite backup: %w", err)
	}
	done = true
	if runtime.GOOS == "windows" {
		return nil // directories cannot be synced there
	}
	return syncFile(filepath.Dir(dst)) // the rename itself
}

// backupBusyTimeout bounds the wait for a lock: only the recovery of a WAL
// left by a crash, or a schema change, makes a reader wait in WAL mode.
const backupBusyTimeout = 30 * time.Second

// vacuumInto copies src into the empty file dst in one read transaction.
func vacuumInto(ctx context.Context, src, dst string) error {
	q := url.Values{}
	q.Set("mode", "ro")
	q.Set("_busy_timeout", strconv.FormatInt(backupBusyTimeout.Milliseconds(), 10))
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: src}).EscapedPath()+"?"+q.Encode())
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", dst); err != nil {
		return err
	}
	return nil
}

// checkCopy runs SQLite's quick check on the copy.
func checkCopy(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	var res string
	if err := db.QueryRowContext(ctx, "PRAGMA quick_check").Scan(&res); err != nil {
		return err
	}
	if res != "ok" {
		return fmt.Errorf("quick_check: %s", res)
	}
	return nil
}

// syncFile fsyncs a file or a directory: VACUUM INTO does not, and a backup
// is worth little if a power cut can take it.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", path, err)
	}
	return nil
}
