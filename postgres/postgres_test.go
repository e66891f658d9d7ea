package postgres_test

import (
	"context"
	"os"
	"testing"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/internal/pgtest"
	"github.com/gomokud/gomoku/postgres"
	"github.com/gomokud/gomoku/storetest"
)

// testURL returns the test database URL or skips the test.
func testURL(tb testing.TB) string {
	tb.Helper()
	url := os.Getenv(pgtest.URLEnv)
	if url == "" {
		tb.Skip(pgtest.URLEnv + " not set: skipping PostgreSQL store tests")
	}
	return url
}

func factory(tb testing.TB) (gomoku.Store, func() (gomoku.Store, error)) {
	cfg := pgtest.FreshSchema(tb)
	db, err := postgres.OpenConfig(context.Background(), cfg.Copy())
	if err != nil {
		tb.Fatalf("open: %v", err)
	}
	return db, func() (gomoku.Store, error) {
		return postgres.OpenConfig(context.Background(), cfg.Copy())
	}
}

func TestStore(t *testing.T) {
	testURL(t)
	storetest.Run(t, factory)
}

func BenchmarkAppendMove(b *testing.B) {
	testURL(b)
	storetest.BenchmarkAppendMove(b, factory)
}
