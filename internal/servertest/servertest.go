// Package servertest runs the real server on a loopback port for tests: a
// real store (SQLite in a temporary directory, or PostgreSQL in a fresh
// schema when pgtest.URLEnv is set), real websockets.
package servertest

import (
	"context"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/internal/pgtest"
	"github.com/gomokud/gomoku/postgres"
	"github.com/gomokud/gomoku/server"
	"github.com/gomokud/gomoku/sqlite"
)

// Options choose the store and configure the server.
type Options struct {
	Postgres bool          // PostgreSQL (the test is skipped without pgtest.URLEnv) instead of SQLite
	Config   server.Config // Logger defaults to the test's output at warn level
}

// Server is a running test server.
type Server struct {
	URL   string // ws://127.0.0.1:port/ws
	HTTP  string // http://127.0.0.1:port
	Srv   *server.Server
	Store gomoku.Store

	tb     testing.TB
	opts   Options
	open   func() (gomoku.Store, error)
	cancel context.CancelFunc
	done   chan error
}

// Start starts a server; it stops when the test ends.
func Start(tb testing.TB, opts Options) *Server {
	tb.Helper()
	s := &Server{tb: tb, opts: opts}
	if opts.Postgres {
		cfg := pgtest.FreshSchema(tb)
		s.open = func() (gomoku.Store, error) { return postgres.OpenConfig(context.Background(), cfg.Copy()) }
	} else {
		path := filepath.Join(tb.TempDir(), "gomoku.db")
		s.open = func() (gomoku.Store, error) { return sqlite.Open(context.Background(), path) }
	}
	if s.opts.Config.Logger == nil {
		s.opts.Config.Logger = slog.New(slog.NewTextHandler(tb.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	s.start("127.0.0.1:0")
	tb.Cleanup(s.Stop)
	return s
}

// start opens the store, restores its games and serves on addr.
func (s *Server) start(addr string) {
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
	ln, err := net.Listen("tcp", addr)
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
	s.start("127.0.0.1:0")
}

// RestartSameAddr is Restart on the same address, so URL and HTTP stay: what
// a browser page, which reconnects to its own origin, needs.
func (s *Server) RestartSameAddr() {
	s.tb.Helper()
	s.Stop()
	s.start(strings.TrimPrefix(s.HTTP, "http://"))
}
