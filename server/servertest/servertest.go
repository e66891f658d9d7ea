// Package servertest runs the real server on a loopback port for tests: a
// real store (SQLite in a temporary directory, or PostgreSQL in a fresh
// schema when GOMOKU_TEST_DATABASE_URL is set), real websockets.
package servertest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/gomokud/gomoku/postgres"
	"github.com/gomokud/gomoku/server"
	"github.com/gomokud/gomoku/sqlite"
)

// URLEnv names the environment variable holding the PostgreSQL test URL.
const URLEnv = "GOMOKU_TEST_DATABASE_URL"

// Options choose the store and configure the server.
type Options struct {
	Postgres bool          // PostgreSQL (the test is skipped without URLEnv) instead of SQLite
	Config   server.Config // Logger defaults to the test's output at warn level
}

// Server is a running test server.
type Server struct {
	URL   string // ws://127.0.0.1:port/ws
	HTTP  string // http://127.0.0.1:port
	Srv   *server.Server
	Store server.Store

	tb     testing.TB
	opts   Options
	open   func() (server.Store, error)
	cancel context.CancelFunc
	done   chan error
}

// Start starts a server; it stops when the test ends.
func Start(tb testing.TB, opts Options) *Server {
	tb.Helper()
	s := &Server{tb: tb, opts: opts}
	if opts.Postgres {
		cfg := FreshSchema(tb)
		s.open = func() (server.Store, error) { return postgres.OpenConfig(context.Background(), cfg.Copy()) }
	} else {
		path := filepath.Join(tb.TempDir(), "gomoku.db")
		s.open = func() (server.Store, error) { return sqlite.Open(context.Background(), path) }
	}
	if s.opts.Config.Logger == nil {
		s.opts.Config.Logger = slog.New(slog.NewTextHandler(tb.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	s.start()
	tb.Cleanup(s.Stop)
	return s
}

// start opens the store, restores its games and serves on a new port.
func (s *Server) start() {
	tb := s.tb
	tb.Helper()
	st, err := s.open()
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	s.Store = st
	s.Srv = server.New(st, s.opts.Config)
	if _, err := s.Srv.Restore(context.Background()); err != nil {
		tb.Fatalf("restore: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("listen: %v", err)
	}
	s.HTTP = "http://" + ln.Addr().String()
	s.URL = "ws://" + ln.Addr().String() + "/ws"
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.done = cancel, make(chan error, 1)
	srv := s.Srv
	go func() { s.done <- srv.Serve(ctx, ln) }()
}

// Stop shuts the server down gracefully and closes its store. Safe to call
// more than once.
func (s *Server) Stop() {
	if s.cancel == nil {
		return
	}
	s.cancel()
	if err := <-s.done; err != nil {
		s.tb.Errorf("serve: %v", err)
	}
	s.cancel = nil
	if err := s.Store.Close(); err != nil {
		s.tb.Errorf("close store: %v", err)
	}
}

// Restart stops the server and starts a new one over the same database, on
// a new port (URL and HTTP change): what an operator's restart does.
func (s *Server) Restart() {
	s.tb.Helper()
	s.Stop()
	s.start()
}

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
