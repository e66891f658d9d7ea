// Package migrations holds the versioned SQL schema of both stores, one
// directory per dialect (postgres/, sqlite/), embedded in the binary and
// applied with pressly/goose at start-up. Files are named NNNNN_name.sql and
// never edited once released: a schema change is a new file in both
// directories.
package migrations

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed postgres/*.sql sqlite/*.sql
var files embed.FS

// Dialect names a database family with its own migration directory.
type Dialect string

// The supported dialects.
const (
	Postgres Dialect = "postgres"
	SQLite   Dialect = "sqlite"
)

// ErrUnknownDialect is returned for a Dialect other than Postgres and SQLite.
var ErrUnknownDialect = errors.New("migrations: unknown dialect")

// lockID is the PostgreSQL advisory lock key held while migrating
// (crc32("gomokud migrations")); distinct from goose's default so another
// goose user of the same database does not wait on us.
const lockID int64 = 0x6d1a7c43

// Status is the schema version of a database.
type Status struct {
	Current int64 // highest applied version; 0 for an empty database
	Latest  int64 // highest version embedded in this binary
}

// Pending reports whether migrations remain to be applied.
func (s Status) Pending() bool { return s.Current < s.Latest }

// Up applies every pending migration and returns the versions applied. On
// PostgreSQL it holds a session advisory lock for the duration, so several
// servers starting at once migrate exactly once; the others wait (up to five
// minutes) and then find nothing to do.
func Up(ctx context.Context, db *sql.DB, d Dialect) ([]int64, error) {
	p, err := provider(db, d)
	if err != nil {
		return nil, err
	}
	results, err := p.Up(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate %s: %w", d, err)
	}
	applied := make([]int64, 0, len(results))
	for _, r := range results {
		applied = append(applied, r.Source.Version)
	}
	return applied, nil
}

// Version reports the database's schema version and the latest one known.
func Version(ctx context.Context, db *sql.DB, d Dialect) (Status, error) {
	p, err := provider(db, d)
	if err != nil {
		return Status{}, err
	}
	cur, latest, err := p.GetVersions(ctx)
	if err != nil {
		return Status{}, fmt.Errorf("schema version %s: %w", d, err)
	}
	return Status{Current: cur, Latest: latest}, nil
}

// Latest returns the highest migration version embedded for d.
func Latest(d Dialect) (int64, error) {
	fsys, _, err := source(d)
	if err != nil {
		return 0, err
	}
	entries, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return 0, err
	}
	var latest int64
	for _, m := range goMigrations(d) {
		latest = max(latest, m.Version)
	}
	for _, e := range entries {
		v, err := goose.NumericComponent(e)
		if err != nil {
			return 0, fmt.Errorf("migration %s: %w", e, err)
		}
		latest = max(latest, v)
	}
	return latest, nil
}

func source(d Dialect) (fs.FS, goose.Dialect, error) {
	var gd goose.Dialect
	switch d {
	case Postgres:
		gd = goose.DialectPostgres
	case SQLite:
		gd = goose.DialectSQLite3
	default:
		return nil, "", fmt.Errorf("%w: %q", ErrUnknownDialect, d)
	}
	sub, err := fs.Sub(files, string(d))
	if err != nil {
		return nil, "", fmt.Errorf("migrations for %s: %w", d, err)
	}
	return sub, gd, nil
}

func provider(db *sql.DB, d Dialect) (*goose.Provider, error) {
	fsys, gd, err := source(d)
	if err != nil {
		return nil, err
	}
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true), goose.WithGoMigrations(goMigrations(d)...)}
	if d == Postgres {
		locker, err := lock.NewPostgresSessionLocker(
			lock.WithLockID(lockID),
			lock.WithLockTimeout(1, 300), // retry every second for five minutes
		)
		if err != nil {
			return nil, fmt.Errorf("migration lock: %w", err)
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(gd, db, fsys, opts...)
	if err != nil {
		return nil, fmt.Errorf("migrations for %s: %w", d, err)
	}
	return p, nil
}
