package migrations_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"

	"github.com/gomokud/gomoku/migrations"
)

var tables = []string{"accounts", "games", "moves", "sessions", "guest_sessions", "opening_actions"}

func TestSQLiteUp(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	latest, err := migrations.Latest(migrations.SQLite)
	if err != nil || latest < 1 {
		t.Fatalf("Latest = %d, %v", latest, err)
	}
	st, err := migrations.Version(ctx, db, migrations.SQLite)
	if err != nil || st.Current != 0 || st.Latest != latest || !st.Pending() {
		t.Fatalf("Version of an empty database = %+v, %v", st, err)
	}
	applied, err := migrations.Up(ctx, db, migrations.SQLite)
	if err != nil || len(applied) != int(latest) || applied[len(applied)-1] != latest {
		t.Fatalf("Up = %v, %v; want versions 1..%d", applied, err, latest)
	}
	again, err := migrations.Up(ctx, db, migrations.SQLite)
	if err != nil || len(again) != 0 {
		t.Fatalf("second Up = %v, %v; want nothing applied", again, err)
	}
	st, err = migrations.Version(ctx, db, migrations.SQLite)
	if err != nil || st.Current != latest || st.Pending() {
		t.Fatalf("Version after Up = %+v, %v", st, err)
	}
	for _, tbl := range tables {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, tbl).Scan(&n); err != nil || n != 1 {
			t.Errorf("table %s: count %d, %v", tbl, n, err)
		}
	}
}

func TestDialectsInStep(t *testing.T) {
	pg, err1 := migrations.Latest(migrations.Postgres)
	lite, err2 := migrations.Latest(migrations.SQLite)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	if pg != lite {
		t.Fatalf("latest postgres migration %d, sqlite %d: a schema change must land in both", pg, lite)
	}
	_, err := migrations.Latest("mysql")
	if !errors.Is(err, migrations.ErrUnknownDialect) {
		t.Fatalf("Latest(mysql) error %v, want ErrUnknownDialect", err)
	}
	_, err = migrations.Up(context.Background(), nil, "mysql")
	if !errors.Is(err, migrations.ErrUnknownDialect) {
		t.Fatalf("Up(mysql) error %v, want ErrUnknownDialect", err)
	}
}

// TestPostgresConcurrentUp starts several "servers" migrating one fresh
// schema at once: the advisory lock lets exactly one apply each version.
func TestPostgresConcurrentUp(t *testing.T) {
	url := os.Getenv("GOMOKU_TEST_DATABASE_URL")
	if url == "" {
		t.Skip("GOMOKU_TEST_DATABASE_URL not set: skipping PostgreSQL migration tests")
	}
	ctx := context.Background()
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	schema := "gomoku_mig_" + hex.EncodeToString(b)
	pcfg, err := pgxpool.ParseConfig(url) // accepts pool_* parameters
	if err != nil {
		t.Fatal(err)
	}
	cfg := pcfg.ConnConfig
	admin, err := pgx.ConnectConfig(ctx, cfg.Copy())
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if _, err := admin.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop schema: %v", err)
		}
	}()
	cfg.RuntimeParams["search_path"] = schema

	const servers = 4
	var mu sync.Mutex
	var all []int64
	var wg sync.WaitGroup
	for range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db := stdlib.OpenDB(*cfg.Copy())
			defer db.Close()
			applied, err := migrations.Up(ctx, db, migrations.Postgres)
			if err != nil {
				t.Errorf("Up: %v", err)
				return
			}
			mu.Lock()
			all = append(all, applied...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	latest, _ := migrations.Latest(migrations.Postgres)
	slices.Sort(all)
	if len(all) != int(latest) || slices.Compact(all)[len(all)-1] != latest {
		t.Fatalf("versions applied across %d servers: %v, want each of 1..%d once", servers, all, latest)
	}
	db := stdlib.OpenDB(*cfg.Copy())
	defer db.Close()
	st, err := migrations.Version(ctx, db, migrations.Postgres)
	if err != nil || st.Current != latest {
		t.Fatalf("Version = %+v, %v", st, err)
	}
	for _, tbl := range tables {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM information_schema.tables
			WHERE table_schema = $1 AND table_name = $2`, schema, tbl).Scan(&n); err != nil || n != 1 {
			t.Errorf("table %s: count %d, %v", tbl, n, err)
		}
	}
}
