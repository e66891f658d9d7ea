// Package postgres is the gomoku.Store on PostgreSQL, through a pgx/v5
// connection pool. Open applies the embedded migrations under a session
// advisory lock, so several servers may start at once.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/internal/groupcommit"
	"github.com/gomokud/gomoku/migrations"
)

var _ gomoku.Store = (*DB)(nil)

// DB is a gomoku.Store on a PostgreSQL database. Safe for concurrent use.
type DB struct {
	pool    *pgxpool.Pool
	commits *groupcommit.Batcher[gameCommit, gomoku.Committed] // CommitGame's group commit (commit.go)
}

// Open connects to the database at url (a postgres:// URL or key=value DSN;
// pool settings such as pool_max_conns may be given in it) and applies the
// pending migrations.
//
// Without pool_max_conns the pool holds up to 32 connections: each move is
// a commit that waits for the WAL flush, and PostgreSQL flushes concurrent
// commits together, so moves of many games need many connections (pgx's
// default of max(4, CPUs) capped a 2-core server near 1,300 moves/s).
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres: parse url: %w", err)
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = defaultMaxConns
	}
	return OpenConfig(ctx, cfg)
}

// defaultMaxConns is the pool size when the URL does not set one.
const defaultMaxConns = 32

// OpenConfig is Open with a prepared pool configuration (e.g. with
// RuntimeParams["search_path"] set).
func OpenConfig(ctx context.Context, cfg *pgxpool.Config) (*DB, error) {
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	db := &DB{pool: pool}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	if err := db.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	db.commits = groupcommit.New(groupcommit.Options{Workers: commitWorkers}, db.commitBatch)
	return db, nil
}

func (db *DB) migrate(ctx context.Context) error {
	sqlDB := stdlib.OpenDBFromPool(db.pool)
	defer sqlDB.Close() // does not close the pool
	if _, err := migrations.Up(ctx, sqlDB, migrations.Postgres); err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	return nil
}

// SchemaVersion reports the applied and latest schema versions.
func (db *DB) SchemaVersion(ctx context.Context) (migrations.Status, error) {
	sqlDB := stdlib.OpenDBFromPool(db.pool)
	defer sqlDB.Close()
	return migrations.Version(ctx, sqlDB, migrations.Postgres)
}

// Pool exposes the connection pool (for metrics).
func (db *DB) Pool() *pgxpool.Pool { return db.pool }

// Ping implements gomoku.Store.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.pool.Ping(ctx); err != nil {
		return fmt.Errorf("postgres: ping: %w", err)
	}
	return nil
}

// Close implements gomoku.Store: it waits for acquired connections to be
// released and closes the pool.
func (db *DB) Close() error {
	if db.commits != nil {
		db.commits.Close()
	}
	db.pool.Close()
	return nil
}

func pgCode(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// PostgreSQL error codes the store maps to sentinels.
const (
	uniqueViolation     = "23505"
	foreignKeyViolation = "23503"
)

// wrap describes err, mapping pgx.ErrNoRows to gomoku.ErrNotFound; nil
// stays nil.
func wrap(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	what := fmt.Sprintf(format, args...)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, gomoku.ErrNotFound)
	}
	return fmt.Errorf("%s: %w", what, err)
}

func utc(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return t.UTC()
}

func utcPtr(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

func nullID(id int64) *int64 {
	if id <= 0 {
		return nil
	}
	return &id
}

func limitOr(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}
