package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/postgres"
	"github.com/gomokud/gomoku/server"
	"github.com/gomokud/gomoku/sqlite"
)

// openStore opens PostgreSQL when a URL is given, else the embedded SQLite
// file in the data directory; both apply pending migrations.
func openStore(ctx context.Context, o *options, log *slog.Logger) (gomoku.Store, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if o.database != "" {
		db, err := postgres.Open(ctx, o.database)
		if err != nil {
			return nil, fmt.Errorf("open PostgreSQL: %w", err)
		}
		log.Info("store: PostgreSQL")
		return db, nil
	}
	path := filepath.Join(o.dataDir, "gomoku.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("open SQLite %s: %w", path, err)
	}
	log.Info("store: embedded SQLite", "path", path)
	return db, nil
}

// serve runs the server until ctx is done (SIGINT, SIGTERM).
func serve(ctx context.Context, o *options, log *slog.Logger, out io.Writer) error {
	// The port first: a taken one fails before the data directory is touched.
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	served := false
	defer func() {
		if !served {
			ln.Close()
		}
	}()
	if o.database == "" {
		release, err := lockDataDir(o.dataDir)
		if err != nil {
			return err
		}
		defer release()
	}
	store, err := openStore(ctx, o, log)
	if err != nil {
		return err
	}
	defer store.Close()
	if o.debugAddr != "" {
		stop, err := listenDebug(ctx, o.debugAddr, log)
		if err != nil {
			return err
		}
		defer stop()
	}
	srv := server.New(store, server.Config{AllowedOrigins: o.origins, Logger: log})
	if _, err := srv.Restore(ctx); err != nil {
		srv.Shutdown(context.Background())
		return err
	}
	log.Info("listening", "addr", ln.Addr().String())
	fmt.Fprintf(out, "gomoku server on %s: play at http://%s/ in a browser, or `gomoku --server ws://%s/ws`\n",
		ln.Addr(), dialAddr(ln.Addr()), dialAddr(ln.Addr()))
	served = true
	err = srv.Serve(ctx, ln)
	log.Info("stopped")
	return err
}

// dialAddr is the address a local client dials for a listener
// (localhost for a wildcard address).
func dialAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || tcp.IP.IsUnspecified() {
		if ok {
			return fmt.Sprintf("localhost:%d", tcp.Port)
		}
		return a.String()
	}
	return tcp.String()
}
