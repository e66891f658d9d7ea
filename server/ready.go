package server

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
)

// readiness is whether the server takes players, answered at /readyz and
// enforced at /ws: not while Restore brings the stored games back (a
// player who logged in then would not find their game yet), nor once the
// server drains at shutdown. /healthz, by contrast, only says that the
// process and its store answer, so a long restore does not get a live
// server killed by its supervisor.
type readiness struct {
	restoring atomic.Bool
	draining  atomic.Bool
	restores  sync.WaitGroup // RestoreAsync's goroutine; Shutdown waits for it
}

// notReady returns why the server takes no players now, or "".
func (r *readiness) notReady() string {
	switch {
	case r.draining.Load():
		return "shutting down"
	case r.restoring.Load():
		return "restoring games"
	}
	return ""
}

// retryAfter is the Retry-After, in seconds, of a refusal while not ready.
const retryAfter = "5"

// serveReady answers 200 when the server takes players, 503 otherwise.
func (s *Server) serveReady(w http.ResponseWriter, _ *http.Request) {
	if why := s.ready.notReady(); why != "" {
		w.Header().Set("Retry-After", retryAfter)
		http.Error(w, why, http.StatusServiceUnavailable)
		return
	}
	fmt.Fprintln(w, "ready")
}

// whenReady turns players away with 503 while the server is not ready.
func (s *Server) whenReady(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if why := s.ready.notReady(); why != "" {
			w.Header().Set("Retry-After", retryAfter)
			http.Error(w, why, http.StatusServiceUnavailable)
			return
		}
		next(w, r)
	}
}

// RestoreAsync runs Restore in a goroutine and returns at once, for a
// server that serves its Handler while the stored games come back, so that
// /healthz and /readyz answer during a long restore. From this call until
// Restore returns, /readyz answers 503 and /ws turns players away (503 with
// Retry-After). The channel receives Restore's error (nil on success).
// Shutdown waits for the restore, which stops between two games once the
// server stops or ctx is done.
func (s *Server) RestoreAsync(ctx context.Context) <-chan error {
	s.ready.restoring.Store(true)
	s.ready.restores.Add(1)
	res := make(chan error, 1)
	go func() {
		defer s.ready.restores.Done()
		_, err := s.Restore(ctx)
		res <- err
	}()
	return res
}

// drain marks the server as stopping (so /readyz answers 503) and waits,
// within ctx, for a restore under way, so that no game is launched once the
// games' group is being stopped.
func (s *Server) drain(ctx context.Context) {
	s.ready.draining.Store(true)
	s.env.work.down.Store(true)
	done := make(chan struct{})
	go func() {
		s.ready.restores.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		s.env.log.Warn("shutdown: gave up waiting for the restore", "err", ctx.Err())
	}
}
