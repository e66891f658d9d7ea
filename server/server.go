// Package server is the authoritative gomoku server: the lobby, accounts,
// games with their clocks, AI bots and history, over websockets at /ws,
// with /healthz, /readyz and /metrics next to it.
//
// Ownership: each game is owned by its goroutine (game.run); the lobby (hub)
// by one mutex; each connection by its reader and its writer (writer.go). Every
// accepted move is stored before it is announced.
package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"time"

	"github.com/jonboulle/clockwork"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"golang.org/x/time/rate"

	"github.com/gomokud/gomoku"
)

// Config tunes a Server. The zero value is usable: every zero field gets
// the default documented on it.
type Config struct {
	// Name is sent in welcome ("gomoku-server").
	Name string
	// AllowedOrigins are browser origins ("https://example.org") allowed to
	// open /ws besides the server's own host. Clients that send no Origin
	// (the terminal client) are always allowed.
	AllowedOrigins []string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For,
	// Forwarded and X-Real-IP headers name the client's address for the
	// per-address limits and the logs. Empty: every peer is the client.
	TrustedProxies Proxies
	// RateLimit and RateBurst limit the frames one connection may send
	// (default 20/s, burst 40); beyond them a request gets rate_limited, and
	// a connection that keeps going is closed with 1008.
	RateLimit rate.Limit
	RateBurst int
	// AuthPerIP limits login, register, guest and resume per client address
	// (default 1/s with a burst of 10): password guessing stays slow.
	AuthPerIP rate.Limit
	AuthBurst int
	// ChallengeTTL is how long a challenge waits for an answer (default 2m).
	ChallengeTTL time.Duration
	// RematchWindow is how long a finished game stays open for a rematch
	// offer (default 2m).
	RematchWindow time.Duration
	// Grace fixes how long a disconnected player's opponent waits before it
	// may claim the win; 0 scales it to the time control (20s to 3m).
	Grace time.Duration
	// AbandonAfter ends a game both players have left (neither connected)
	// for this long, with no result and no rating change (default 24h): a
	// game without a clock, or restored with its clock paused, would
	// otherwise wait for them forever.
	AbandonAfter time.Duration
	// FirstMove is how long each side of a game with a clock has for its
	// first move, which its clock does not charge (default 30s); then the
	// game is aborted.
	FirstMove time.Duration
	// SessionTTL is how long a login token lives (default 30 days).
	SessionTTL time.Duration
	// BotWorkers is the number of AI searches run at once (default: the
	// CPUs).
	BotWorkers int
	// MaxConns caps open websocket connections (default 20000), and
	// MaxConnsPerIP those from one address (default 64).
	MaxConns      int
	MaxConnsPerIP int
	// PingInterval is how often each connection is pinged to measure its
	// round trip for lag compensation (default 10s); wall clock.
	PingInterval time.Duration
	// LoginWait is how long a new connection may take to say hello and
	// log in before it is closed (default 30s). Like the socket deadlines
	// and the rate limits it is on the wall clock, not Clock.
	LoginWait time.Duration
	// Logger receives the server's logs (default slog.Default()).
	Logger *slog.Logger
	// Clock is the server's clock (default the wall clock): the games'
	// clocks, deadlines and expiries, the lobby's timers and every timestamp
	// follow it, so tests can move it (clockwork.NewFakeClock).
	Clock clockwork.Clock
}

func (c Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	if c.Name == "" {
		c.Name = "gomoku-server"
	}
	if c.RateLimit <= 0 {
		c.RateLimit, c.RateBurst = 20, 40
	}
	if c.RateBurst <= 0 {
		c.RateBurst = int(c.RateLimit) * 2
	}
	if c.AuthPerIP <= 0 {
		c.AuthPerIP, c.AuthBurst = 1, 10
	}
	if c.AuthBurst <= 0 {
		c.AuthBurst = 10
	}
	def(&c.ChallengeTTL, 2*time.Minute)
	def(&c.RematchWindow, 2*time.Minute)
	def(&c.SessionTTL, 30*24*time.Hour)
	def(&c.AbandonAfter, 24*time.Hour)
	def(&c.FirstMove, 30*time.Second)
	if c.BotWorkers <= 0 {
		c.BotWorkers = runtime.GOMAXPROCS(0)
	}
	if c.MaxConns <= 0 {
		c.MaxConns = 20000
	}
	if c.MaxConnsPerIP <= 0 {
		c.MaxConnsPerIP = 64
	}
	def(&c.LoginWait, 30*time.Second)
	def(&c.PingInterval, 10*time.Second)
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Clock == nil {
		c.Clock = clockwork.NewRealClock()
	}
	return c
}

// Server is a gomoku server over a gomoku.Store. Create it with New, restore the
// stored games with Restore, serve Handler (or call Serve), and Shutdown.
//
// It only composes the parts: the gate (transport), the hub (lobby), the
// games (each its own goroutine) and the bot pool, each built with the env
// and the collaborators it uses.
type Server struct {
	env  *env
	gate *gate
	hub  *hub
	bots *botPool

	ready readiness // ready.go
}

// New returns a server over store. It starts the bot workers and the lobby's
// background work; Shutdown stops them.
func New(store gomoku.Store, cfg Config) *Server {
	cfg = cfg.withDefaults()
	e := &env{cfg: cfg, store: store, clock: cfg.Clock, log: cfg.Logger, metrics: newMetrics(), work: newGroup()}
	bots := newBotPool(e, cfg.BotWorkers)
	lobby := newHub(e, bots)
	s := &Server{env: e, gate: newGate(e, lobby), hub: lobby, bots: bots}
	e.work.goRun(lobby.lobbyLoop)
	e.work.goRun(s.sweepSessions)
	e.work.goRun(s.gate.authIP.sweep)
	e.work.goRun(s.gate.pinger)
	return s
}

// Handler serves /ws, /healthz, /readyz, /metrics and the browser app at /,
// and logs each request (accesslog.go).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", s.whenReady(s.gate.serveWS))
	mux.HandleFunc("GET /healthz", s.serveHealth)
	mux.HandleFunc("GET /readyz", s.serveReady)
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.env.metrics.reg, promhttp.HandlerOpts{}))
	s.mountApp(mux)
	return s.accessLog(mux)
}

// Serve serves on ln until ctx is done, then shuts down gracefully: no new
// connections, clients told, games persisted (they are stored move by move)
// and stopped. It returns nil after a clean shutdown.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(s.env.log.Handler(), slog.LevelWarn)}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		s.Shutdown(context.Background())
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := hs.Shutdown(sctx) // hijacked websockets are not waited for
	s.Shutdown(sctx)
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return err
}

// Shutdown tells every client the server stops, closes the connections and
// stops the games (their moves are already stored; Restore brings them back)
// and background work. It does not close the store. Safe to call twice.
func (s *Server) Shutdown(ctx context.Context) {
	s.drain(ctx)
	first, open := s.gate.close()
	if first {
		s.hub.mu.Lock()
		_, running := s.hub.listGamesLocked()
		s.hub.mu.Unlock()
		s.env.log.Info("shutting down", "connections", open, "running games kept", running)
	}
	s.env.work.cancel()
	done := make(chan struct{})
	go func() {
		s.gate.connWG.Wait()
		s.env.work.wg.Wait()
		s.bots.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		s.env.log.Warn("shutdown: gave up waiting for games", "err", ctx.Err())
	}
}

// serveHealth answers 200 when the store answers, 503 otherwise.
func (s *Server) serveHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.env.store.Ping(ctx); err != nil {
		s.env.log.Warn("health check: store unreachable", "err", err)
		http.Error(w, "store unreachable", http.StatusServiceUnavailable)
		return
	}
	fmt.Fprintln(w, "ok")
}

// sweepSessions deletes expired sessions hourly.
func (s *Server) sweepSessions(ctx context.Context) {
	t := s.env.clock.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.Chan():
			sctx, cancel := context.WithTimeout(ctx, requestTimeout)
			n, err := s.env.store.DeleteExpiredSessions(sctx, s.env.now())
			cancel()
			if err != nil {
				s.env.log.Warn("sweep sessions", "err", err)
			} else if n > 0 {
				s.env.log.Info("expired sessions deleted", "count", n)
			}
		}
	}
}
