// Package pgtest gives tests a PostgreSQL database of their own: a fresh
// schema in the database named by URLEnv, or a skip when it is unset.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// URLEnv names the environment variable holding the PostgreSQL test URL.
const URLEnv = "GOMOKU_TEST_DATABASE_URL"

// FreshSchema returns a pool configuration for the PostgreSQL test database
// whose connections use a new schema, dropped when the test ends, so
// parallel and repeated runs never see each other's tables. It skips the
// test when URLEnv is unset.
func FreshSchema(tb testing.TB) *pgxpool.Config {
	tb.Helper()
	url := os.Getenv(URLEnv)
	if url == "" {
		tb.Skip(URLEnv + " not set: skipping PostgreSQL tests")
	}
	ctx := context.Background()
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	schema := "gomoku_test_" + hex.EncodeToString(b)
	cfg, err := pgxpool.ParseConfig(url) // accepts pool_* parameters, unlike pgx.Connect
	if err != nil {
		tb.Fatalf("parse %s: %v", URLEnv, err)
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
