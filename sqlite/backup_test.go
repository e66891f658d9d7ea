package sqlite_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/sqlite"
)

// TestBackupWhileWriting backs the store up several times while a writer
// keeps creating accounts: every copy opens, passes as a store, and holds at
// least every account whose creation had returned before the backup began.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "gomoku.db")
	db, err := sqlite.Open(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	var created atomic.Int64
	stop, done, going := make(chan struct{}), make(chan error, 1), make(chan struct{})
	go func() {
		for i := 0; ; i++ {
			if i == 20 {
				close(going) // the backups start on a store with data
			}
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			if _, err := db.CreateAccount(ctx, gomoku.NewAccount{Username: fmt.Sprintf("p%d", i), PasswordHash: "x"}); err != nil {
				done <- err
				return
			}
			created.Add(1)
		}
	}()
	select {
	case <-going:
	case err := <-done:
		t.Fatalf("writer: %v", err)
	}
	for i := range 3 {
		before := created.Load()
		dst := filepath.Join(dir, fmt.Sprintf("backup%d", i), "gomoku.db")
		if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := sqlite.Backup(ctx, src, dst); err != nil {
			t.Fatalf("backup %d: %v", i, err)
		}
		if n := countAccounts(t, dst); n < before {
			t.Fatalf("backup %d holds %d accounts, %d were created before it began", i, n, before)
		}
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatalf("writer: %v", err)
	}
	t.Logf("%d accounts created during the backups", created.Load())
}

// countAccounts opens the copy as a store (as a server started on it
// would) and counts its accounts.
func countAccounts(t *testing.T, path string) int64 {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatalf("open the copy: %v", err)
	}
	defer db.Close()
	var n int64
	for {
		if _, err := db.AccountByName(context.Background(), fmt.Sprintf("p%d", n)); err != nil {
			return n
		}
		n++
	}
}

func TestBackupRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "gomoku.db")
	db, err := sqlite.Open(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	t.Run("missing source", func(t *testing.T) {
		missing := filepath.Join(dir, "none.db")
		if err := sqlite.Backup(ctx, missing, filepath.Join(dir, "copy.db")); err == nil {
			t.Fatal("backup of a missing file succeeded")
		}
		if _, err := os.Stat(missing); !os.IsNotExist(err) {
			t.Fatalf("the missing source was created: %v", err)
		}
	})
	t.Run("existing destination", func(t *testing.T) {
		dst := filepath.Join(dir, "taken.db")
		if err := os.WriteFile(dst, []byte("keep me"), 0o600); err != nil {
			t.Fatal(err)
		}
		err := sqlite.Backup(ctx, src, dst)
		if err == nil || !strings.Contains(err.Error(), "exists") {
			t.Fatalf("backup over an existing file: %v", err)
		}
		if b, _ := os.ReadFile(dst); string(b) != "keep me" {
			t.Fatalf("existing file changed: %q", b)
		}
	})
	t.Run("no temporary files left", func(t *testing.T) {
		if err := sqlite.Backup(ctx, src, filepath.Join(dir, "ok.db")); err != nil {
			t.Fatal(err)
		}
		tmps, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
		if len(tmps) > 0 {
			t.Fatalf("temporary files left: %v", tmps)
		}
	})
}
