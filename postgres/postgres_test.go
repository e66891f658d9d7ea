package postgres_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gomokud/gomoku/postgres"
	"github.com/gomokud/gomoku/server"
	"github.com/gomokud/gomoku/server/storetest"
)

const urlEnv = "GOMOKU_TEST_DATABASE_URL"

// testURL returns the test database URL or skips the test.
func testURL(tb testing.TB) string {
	tb.Helper()
	url := os.Getenv(urlEnv)
	if url == "" {
		tb.Skip(urlEnv + " not set: skipping PostgreSQL store tests")
	}
	return url
}

// freshSchema creates a uniquely named schema, dropped when the test ends,
// and returns a pool config whose connections use it as search_path, so
// parallel and repeated runs never see each other's tables.
func freshSchema(tb testing.TB, url string) *pgxpool.Config {
	tb.Helper()
	ctx := context.Background()
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	schema := "gomoku_test_" + hex.EncodeToString(b)
	cfg, err := pgxpool.ParseConfig(url) // accepts pool_* parameters, unlike pgx.Connect
	if err != nil {
		tb.Fatalf("parse %s: %v", urlEnv, err)
	}
	admin := func(sql string) error {
		conn, err := pgx.ConnectConfig(ctx, cfg.ConnConfig.Copy())
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		_, err = conn.Exec(ctx, sql)
		return err
	}
	if err := admin("CREATE SCHEMA " + schema); err != nil {
		tb.Fatalf("create schema: %v", err)
	}
	tb.Cleanup(func() {
		if err := admin("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			tb.Errorf("drop schema %s: %v", schema, err)
		}
	})
	cfg.ConnConfig.RuntimeParams["search_path"] = schema
	return cfg
}

func factory(tb testing.TB) (server.Store, func() (server.Store, error)) {
	url := testURL(tb)
	cfg := freshSchema(tb, url)
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
