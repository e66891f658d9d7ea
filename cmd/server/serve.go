package main

import (
	"context"
	"crypto/tls"
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
	proxies, err := server.ParseProxies(o.trustedProxies)
	if err != nil {
		return fmt.Errorf("--trusted-proxies: %w", err)
	}
	secure, err := newTLS(o)
	if err != nil {
		return err
	}
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
	srv := server.New(store, server.Config{AllowedOrigins: o.origins, Logger: log, TrustedProxies: proxies})
	scheme := "ws"
	if secure != nil {
		scheme = "wss"
		if o.httpAddr != "" {
			stop, err := servePlain(ctx, o.httpAddr, secure.plain, log)
			if err != nil {
				srv.Shutdown(context.Background())
				return err
			}
			defer stop()
		}
		ln = tls.NewListener(ln, secure.config)
	}
	log.Info("listening", "addr", ln.Addr().String(), "tls", secure != nil)
	served = true
	err = serveRestoring(ctx, srv, ln, scheme, out)
	log.Info("stopped")
	return err
}

// serveRestoring serves on ln until ctx is done while the stored games come
// back: /healthz and /readyz answer at once, players are turned away (503)
// until the restore is done, and then the address is printed. A failed
// restore stops the server, as a failed start.
func serveRestoring(ctx context.Context, srv *server.Server, ln net.Listener, scheme string, out io.Writer) error {
	sctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	restored, announced := srv.RestoreAsync(sctx), make(chan struct{})
	go func() {
		defer close(announced)
		if err := <-restored; err != nil {
			stop(err)
			return
		}
		if sctx.Err() == nil {
			web := "http"
			if scheme == "wss" {
				web = "https"
			}
			fmt.Fprintf(out, "gomoku server on %s: play at %s://%s/ in a browser, or `gomoku --server %s://%s/ws`\n",
				ln.Addr(), web, dialAddr(ln.Addr()), scheme, dialAddr(ln.Addr()))
		}
	}()
	err := srv.Serve(sctx, ln)
	<-announced // Shutdown has waited for the restore
	if ctx.Err() == nil && context.Cause(sctx) != nil {
		return context.Cause(sctx) // the restore failed
	}
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
