package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/sqlite"
	"github.com/gomokud/gomoku/storetest"
)

// factory opens a fresh database file in the test's temp directory; reopen
// opens the same file again, as a restarted server would.
func factory(opts sqlite.Options) storetest.Factory {
	return func(tb testing.TB) (gomoku.Store, func() (gomoku.Store, error)) {
		path := filepath.Join(tb.TempDir(), "data", "gomoku.db") // Open creates data/
		db, err := sqlite.OpenOptions(context.Background(), path, opts)
		if err != nil {
			tb.Fatalf("open %s: %v", path, err)
		}
		return db, func() (gomoku.Store, error) {
			return sqlite.OpenOptions(context.Background(), path, opts)
		}
	}
}

func TestStore(t *testing.T) {
	storetest.Run(t, factory(sqlite.Options{}))
}

func TestStoreSynchronousFull(t *testing.T) {
	if testing.Short() {
		t.Skip("short: the default mode is covered by TestStore")
	}
	storetest.Run(t, factory(sqlite.Options{Synchronous: "full"}))
}

func BenchmarkAppendMove(b *testing.B) {
	b.Run("sync=NORMAL", func(b *testing.B) { storetest.BenchmarkAppendMove(b, factory(sqlite.Options{})) })
	b.Run("sync=FULL", func(b *testing.B) {
		storetest.BenchmarkAppendMove(b, factory(sqlite.Options{Synchronous: "FULL"}))
	})
}
