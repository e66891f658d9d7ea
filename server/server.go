// Package server is the authoritative gomoku server: the lobby, accounts,
// games with their clocks, AI bots and history, over websockets at /ws,
// with /healthz and /metrics next to it.
//
// Ownership: each game is owned by its goroutine (game.run); the lobby (hub)
// by one mutex; each connection by its reader and writer goroutines. Every
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
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"golang.org/x/time/rate"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/protocol"
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
	// LoginWait is how long a new connection may take to say hello and
	// log in before it is closed (default 30s).
	LoginWait time.Duration
	// Logger receives the server's logs (default slog.Default()).
	Logger *slog.Logger
	// Now is the server's clock (default time.Now); tests move it.
	Now func() time.Time
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
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Server is a gomoku server over a gomoku.Store. Create it with New, restore the
// stored games with Restore, serve Handler (or call Serve), and Shutdown.
type Server struct {
	cfg     Config
	store   gomoku.Store
	log     *slog.Logger
	hub     *hub
	bots    *botPool
	metrics *metrics
	authIP  *ipLimiter
	up      websocket.Upgrader

	ctx    context.Context // cancelled by Shutdown: stops games, bots, sweeps
	cancel context.CancelFunc
	wg     sync.WaitGroup // game goroutines and background loops
	connWG sync.WaitGroup // connection writers (they send the goodbye)

	mu       sync.Mutex
	conns    map[*conn]struct{}
	perIP    map[string]int // open connections by address
	slots    int            // open connections and handshakes under way (reserve)
	stopping bool

	// down is stopping for readers outside mu (every request checks it).
	down atomic.Bool
}

// New returns a server over store. It starts the bot workers and the lobby's
// background work; Shutdown stops them.
func New(store gomoku.Store, cfg Config) *Server {
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{
		cfg: cfg, store: store, log: cfg.Logger, metrics: newMetrics(),
		authIP: newIPLimiter(cfg.AuthPerIP, cfg.AuthBurst),
		ctx:    ctx, cancel: cancel, conns: map[*conn]struct{}{}, perIP: map[string]int{},
	}
	// Write buffers come from a pool: an idle connection holds none.
	s.up = websocket.Upgrader{ReadBufferSize: 1024, WriteBufferSize: 1024, WriteBufferPool: &sync.Pool{},
		CheckOrigin: checkOrigin(cfg.AllowedOrigins)}
	s.hub = newHub(s)
	s.bots = newBotPool(ctx, s, cfg.BotWorkers)
	s.background(s.hub.lobbyLoop)
	s.background(s.sweepSessions)
	s.background(s.authIP.sweep)
	return s
}

// now reads the server's clock.
func (s *Server) now() time.Time { return s.cfg.Now() }

// background runs f(ctx) in a goroutine that Shutdown waits for.
func (s *Server) background(f func(ctx context.Context)) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f(s.ctx)
	}()
}

// Handler serves /ws, /healthz and /metrics.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", s.serveWS)
	mux.HandleFunc("GET /healthz", s.serveHealth)
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s: connect a gomoku client to ws://%s/ws\n", s.cfg.Name, r.Host)
	})
	return mux
}

// Serve serves on ln until ctx is done, then shuts down gracefully: no new
// connections, clients told, games persisted (they are stored move by move)
// and stopped. It returns nil after a clean shutdown.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second,
		ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelWarn)}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(corkListener{ln}) }()
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
	s.mu.Lock()
	first := !s.stopping
	s.stopping = true
	s.down.Store(true)
	conns := make([]*conn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	if first {
		s.hub.mu.Lock()
		_, running := s.hub.listGamesLocked()
		s.hub.mu.Unlock()
		s.log.Info("shutting down", "connections", len(conns), "running games kept", running)
	}
	bye := protocol.MustEncode("", protocol.Shutdown{Message: "the server is restarting; your games are kept"})
	for _, c := range conns {
		c.send(bye)
		c.close(websocket.CloseGoingAway, "server shutting down")
	}
	s.cancel()
	done := make(chan struct{})
	go func() {
		s.connWG.Wait()
		s.wg.Wait()
		s.bots.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		s.log.Warn("shutdown: gave up waiting for games", "err", ctx.Err())
	}
}

// serveWS upgrades to a websocket and runs the connection's two goroutines.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	ip := clientIP(r)
	if status, text := s.reserve(ip); status != 0 {
		http.Error(w, text, status)
		return
	}
	ws, err := s.up.Upgrade(w, r, nil)
	if err != nil {
		s.mu.Lock()
		s.releaseLocked(ip)
		s.mu.Unlock()
		return // the upgrader has answered
	}
	c := newConn(s, ws, ip)
	if !s.track(c) {
		ws.Close()
		return
	}
	s.metrics.connections.Inc()
	go func() {
		defer s.connWG.Done()
		c.writeLoop()
	}()
	go c.readLoop()
}

// reserve takes a connection slot for ip, counted against MaxConns and
// MaxConnsPerIP, before the upgrade: handshakes that arrive together cannot
// all pass the caps before any of them is counted. It returns status 0 when
// the slot is taken (then the caller must give it to track, or back with
// releaseLocked), or the HTTP status and text to refuse the request with.
func (s *Server) reserve(ip string) (status int, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.stopping:
		return http.StatusServiceUnavailable, "shutting down"
	case s.slots >= s.cfg.MaxConns:
		return http.StatusServiceUnavailable, "too many connections"
	case s.perIP[ip] >= s.cfg.MaxConnsPerIP:
		return http.StatusTooManyRequests, "too many connections from your address"
	}
	s.slots++
	s.perIP[ip]++
	return 0, ""
}

// releaseLocked gives back a slot taken by reserve. s.mu must be held.
func (s *Server) releaseLocked(ip string) {
	s.slots--
	if s.perIP[ip]--; s.perIP[ip] <= 0 {
		delete(s.perIP, ip)
	}
}

// track registers a live connection whose writer is about to start, on the
// slot reserved for it; false when shutting down (the slot is given back).
// (Adding under the lock that sets stopping keeps connWG.Add before
// Shutdown's Wait.)
func (s *Server) track(c *conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopping {
		s.releaseLocked(c.ip)
		return false
	}
	s.conns[c] = struct{}{}
	s.connWG.Add(1)
	return true
}

// untrack forgets a tracked connection and frees its slot.
func (s *Server) untrack(c *conn) {
	s.mu.Lock()
	if _, ok := s.conns[c]; ok {
		delete(s.conns, c)
		s.releaseLocked(c.ip)
	}
	s.mu.Unlock()
}

// serveHealth answers 200 when the store answers, 503 otherwise.
func (s *Server) serveHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		s.log.Warn("health check: store unreachable", "err", err)
		http.Error(w, "store unreachable", http.StatusServiceUnavailable)
		return
	}
	fmt.Fprintln(w, "ok")
}

// sweepSessions deletes expired sessions hourly.
func (s *Server) sweepSessions(ctx context.Context) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			sctx, cancel := context.WithTimeout(ctx, requestTimeout)
			n, err := s.store.DeleteExpiredSessions(sctx, time.Now())
			cancel()
			if err != nil {
				s.log.Warn("sweep sessions", "err", err)
			} else if n > 0 {
				s.log.Info("expired sessions deleted", "count", n)
			}
		}
	}
}

// clientIP is the address a request came from (the peer; a reverse proxy's
// headers are not trusted).
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
