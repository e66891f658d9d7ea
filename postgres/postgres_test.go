package postgres_test

import (
	"context"
	"os"
	"testing"

	"github.com/gomokud/gomoku/postgres"
	"github.com/gomokud/gomoku/server"
	"github.com/gomokud/gomoku/server/servertest"
	"github.com/gomokud/gomoku/server/storetest"
)

// testURL returns the test database URL or skips the test.
func testURL(tb testing.TB) string {
	tb.Helper()
	url := os.Getenv(servertest.URLEnv)
	if url == "" {
		tb.Skip(servertest.URLEnv + " not set: skipping PostgreSQL store tests")
	}
	return url
}

func factory(tb testing.TB) (server.Store, func() (server.Store, error)) {
	cfg := servertest.FreshSchema(tb)
	db, err := postgres.OpenConfig(context.Background(), cfg.Copy())
	if err != nil {
		tb.Fatalf("open: %v", err)
	}
	return db, func() (server.Store, error) {
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
