// Package sqlite is the embedded gomoku.Store: a single SQLite file (pure Go,
// modernc.org/sqlite), so a LAN host needs no database server.
//
// Concurrency: all writes go through one connection (a pool of size one), so
// writers queue in Go instead of failing with SQLITE_BUSY; reads use a
// separate pool of read-only connections, which WAL mode lets run alongside
// the writer.
//
// Durability: WAL journal with synchronous=NORMAL by default. A committed
// transaction is in the WAL file (the OS page cache) when the call returns, so
// it survives the process being killed (kill -9, a panic, an OOM kill); it
// may be lost only if the machine itself loses power or the kernel crashes
// before the next checkpoint. Options.Synchronous "FULL" fsyncs the WAL on
// every commit for power-loss durability at the cost of one fsync per move
// (see BenchmarkAppendMove).
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
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/internal/groupcommit"
	"github.com/gomokud/gomoku/migrations"
	sqlite3 "modernc.org/sqlite"
	sqlite3lib "modernc.org/sqlite/lib"
)

var _ gomoku.Store = (*DB)(nil)

// writerCacheKiB is the writer connection's page cache. Every running game
// appends to its own leaf pages of the moves table (keyed by game and ply):
// 5,000 games at once touch 5,000 pages and their index parents. SQLite's
// default cache (2 MB) holds a fraction of them, so most moves re-read their
// page from the WAL or the file before writing it; 64 MB holds them all.
// It is a bound, not an allocation: the cache grows to what is touched.
const writerCacheKiB = 64 << 10

// Options tune Open. The zero value is the documented default.
type Options struct {
	// Synchronous is "NORMAL" (default: survives process crashes) or "FULL"
	// (also survives power loss; one fsync per commit).
	Synchronous string
	// BusyTimeout bounds how long a connection waits for a lock held by
	// another process (or a checkpoint). Default 5s.
	BusyTimeout time.Duration
	// MaxReaders is the size of the read-only pool. Default 2*GOMAXPROCS,
	// at least 4.
	MaxReaders int
}

// DB is a gomoku.Store on one SQLite file. Safe for concurrent use.
type DB struct {
	w *sql.DB // one connection: the serialised write path
	r *sql.DB // read-only connections

	appendMove  *sql.Stmt // one move, prepared once on the writer
	lone        loneMoves // a batch's lone moves (lonemoves.go), the writer's
	insertMoves *sql.Stmt // lone moves, prepared once on the writer
	raw         rawMoves  // batches of lone moves on the driver connection (rawmoves.go), the writer's

	// commits group-commits CommitGame on the writer (commit.go).
	commits *groupcommit.Batcher[gameCommit, gomoku.Committed]

	ck         *sql.DB       // one connection: checkpoints (checkpoint.go)
	ckStop     chan struct{} // closed by Close
	ckDone     chan struct{} // closed when checkpointer ends
	ckOnce     sync.Once     // Close stops it once
	caughtUp   atomic.Int64  // writer checkpoints run (tests)
	catchUpDue atomic.Bool   // set by a background pass, cleared by the writer
	walRestart atomic.Int64  // walRestartFrames (smaller in tests)
}

// Open opens (creating it and its directory if needed) the database file at
// path and applies the pending migrations.
func Open(ctx context.Context, path string) (*DB, error) {
	return OpenOptions(ctx, path, Options{})
}

// OpenOptions is Open with options.
func OpenOptions(ctx context.Context, path string, o Options) (*DB, error) {
	if path == "" || strings.ContainsAny(path, "?#") || strings.HasPrefix(path, ":memory:") {
		return nil, fmt.Errorf("sqlite: unsupported path %q (need a plain file path)", path)
	}
	sync := strings.ToUpper(o.Synchronous)
	switch sync {
	case "":
		sync = "NORMAL"
	case "NORMAL", "FULL":
	default:
		return nil, fmt.Errorf("sqlite: synchronous %q: want NORMAL or FULL", o.Synchronous)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	busy := o.BusyTimeout
	if busy <= 0 {
		busy = 5 * time.Second
	}
	readers := o.MaxReaders
	if readers <= 0 {
		readers = max(4, 2*runtime.GOMAXPROCS(0))
	}
	q := url.Values{}
	q.Set("_busy_timeout", strconv.FormatInt(busy.Milliseconds(), 10))
	q.Set("_foreign_keys", "1")
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", sync)
	q.Set("_txlock", "immediate")
	wq := url.Values{}
	for k, v := range q {
		wq[k] = v
	}
	wq.Add("_pragma", "wal_autocheckpoint(0)") // see checkpoint.go
	wq.Add("_pragma", fmt.Sprintf("journal_size_limit(%d)", walSizeLimit))
	wq.Add("_pragma", fmt.Sprintf("cache_size(%d)", -writerCacheKiB))
	w, err := sql.Open("sqlite", path+"?"+wq.Encode())
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	db := &DB{w: w}
	db.walRestart.Store(walRestartFrames)
	if err := w.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if _, err := migrations.Up(ctx, w, migrations.SQLite); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: %w", err)
	}
	db.appendMove, err = w.PrepareContext(ctx, appendMoveSQL)
	if err == nil {
		db.insertMoves, err = w.PrepareContext(ctx, insertMovesSQL)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: prepare: %w", err)
	}
	db.commits = groupcommit.New(groupcommit.Options{}, db.commitBatch)
	q.Del("_journal_mode") // set once by the writer; persistent in the file
	q.Del("_txlock")
	q.Set("_query_only", "1")
	r, err := sql.Open("sqlite", path+"?"+q.Encode())
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: open readers %s: %w", path, err)
	}
	r.SetMaxOpenConns(readers)
	r.SetMaxIdleConns(readers)
	db.r = r
	q.Del("_query_only")
	ck, err := sql.Open("sqlite", path+"?"+q.Encode())
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: open checkpointer %s: %w", path, err)
	}
	ck.SetMaxOpenConns(1)
	ck.SetMaxIdleConns(1)
	db.ck, db.ckStop, db.ckDone = ck, make(chan struct{}), make(chan struct{})
	go db.checkpointer(ck, db.ckStop, db.ckDone)
	return db, nil
}

// Close closes both pools. In-flight calls finish first.
func (db *DB) Close() error {
	var errs []error
	if db.commits != nil {
		db.commits.Close()
	}
	if db.ck != nil {
		db.ckOnce.Do(func() {
			close(db.ckStop)
			<-db.ckDone
			errs = append(errs, db.ck.Close())
		})
	}
	if db.w != nil {
		db.closeRaw()
	}
	for _, st := range []*sql.Stmt{db.appendMove, db.insertMoves} {
		if st != nil {
			errs = append(errs, st.Close())
		}
	}
	if db.r != nil {
		errs = append(errs, db.r.Close())
	}
	if db.w != nil {
		errs = append(errs, db.w.Close())
	}
	return errors.Join(errs...)
}

// Ping checks that both pools can reach the file.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.w.PingContext(ctx); err != nil {
		return fmt.Errorf("sqlite: ping: %w", err)
	}
	if err := db.r.PingContext(ctx); err != nil {
		return fmt.Errorf("sqlite: ping: %w", err)
	}
	return nil
}

// SchemaVersion reports the applied and latest schema versions.
func (db *DB) SchemaVersion(ctx context.Context) (migrations.Status, error) {
	return migrations.Version(ctx, db.w, migrations.SQLite)
}

// readTx runs fn in a read transaction on the reader pool: one consistent
// snapshot of the database.
func (db *DB) readTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // read-only: nothing to keep
	return fn(tx)
}

// sqliteCode returns the extended result code of a SQLite error, or 0.
func sqliteCode(err error) int {
	var se *sqlite3.Error
	if errors.As(err, &se) {
		return se.Code()
	}
	return 0
}

func isUnique(err error) bool {
	c := sqliteCode(err)
	return c == sqlite3lib.SQLITE_CONSTRAINT_UNIQUE || c == sqlite3lib.SQLITE_CONSTRAINT_PRIMARYKEY
}

func isForeignKey(err error) bool {
	return sqliteCode(err) == sqlite3lib.SQLITE_CONSTRAINT_FOREIGNKEY
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

func fromNullMS(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return fromMS(v.Int64)
}

func limitOr(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}
