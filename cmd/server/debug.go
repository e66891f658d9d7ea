package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// listenDebug serves Go's profiles (/debug/pprof/) on addr until the
// returned stop is called. It is off unless --debug-addr is given, and apart
// from the game port so an operator can keep it on a private address.
func listenDebug(ctx context.Context, addr string, log *slog.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("debug listen: %w", err)
	}
	return serveDebug(ctx, ln, log), nil
}

// serveDebug serves the profiles on ln until stop is called.
func serveDebug(ctx context.Context, ln net.Listener, log *slog.Logger) (stop func()) {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warn("debug server stopped", "err", err)
		}
	}()
	log.Info("debug profiles", "url", "http://"+ln.Addr().String()+"/debug/pprof/")
	return func() {
		hs.Close()
		<-done
	}
}
