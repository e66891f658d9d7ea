// Package loadtest drives a running gomoku server with scripted clients:
// N websocket connections log in as guests, pairs of them challenge each
// other and play games at a fixed pace (moves that never make five, so the
// games last), the rest stay idle in the lobby. It measures the round trip
// of every move (from sending `move` to its `ok` reply, and to the mover's
// own `game_move` event), the moves per second, errors and dropped
// connections, and reads the server's memory and CPU from its /metrics
// before connecting, with every connection idle, and while playing.
//
// Each connection costs the load tool one reader goroutine; writes are
// serialised by a mutex and moves are timed with time.AfterFunc.
package loadtest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/url"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"

	"github.com/gomokud/gomoku/protocol"
)

// Config describes a run. Zero fields get the defaults documented on them.
type Config struct {
	// URL is the server's websocket, ws://host:port/ws.
	URL string
	// MetricsURL is the server's Prometheus endpoint (default: /metrics on
	// the host of URL). Unreachable metrics only leave the server's figures
	// out of the report.
	MetricsURL string
	// Conns is the number of connections (default 2).
	Conns int
	// Games is the number of games played at once, two connections each;
	// the other connections stay idle. Negative: derived from Idle.
	Games int
	// Idle is the fraction of idle connections when Games is negative.
	Idle float64
	// Rate is the moves per second of each game (default 1).
	Rate float64
	// Duration is the measurement window, after every game has started
	// (default 10s).
	Duration time.Duration
	// Ramp spreads the connections over this time; GameRamp spreads the
	// games' starts (default: Ramp).
	Ramp, GameRamp time.Duration
	// Settle is the wait after the last connection before reading the idle
	// memory (default 2s).
	Settle time.Duration
	// GCWait, if set, waits (at most this long each time) for the server
	// to collect garbage before the base reading (after its start-up) and
	// after Settle (after the last connection); Go forces a collection
	// every two minutes. The live heaps compared are then exact rather
	// than from older collections.
	GCWait time.Duration
	// Size is the board size (default 15); Rule the rule (default
	// freestyle); Clock each side's main time (0: no clock).
	Size  int
	Rule  string
	Clock time.Duration
	// SourceIPs spreads the connections over this many loopback source
	// addresses (127.1.x.y) when the server is on an IPv4 loopback
	// address, so the server's per-address login limit does not throttle
	// the ramp. Negative: one address per 8 connections; 0: off.
	SourceIPs int
	// StartTimeout bounds the wait for the games to start after GameRamp
	// (default 60s); the window starts with the games that did.
	StartTimeout time.Duration
	// AtIdle, if set, is called with the number of connections made, all
	// logged in and idle, after the idle metrics are read and before the
	// games start; the run waits for it (a profiling harness measures the
	// server then).
	AtIdle func(ctx context.Context, conns int) error
	// Logf receives progress lines (default: none).
	Logf func(format string, args ...any)
	// OnSlow, if set, is called (from many goroutines at once) for every
	// move of the window whose round trip to ok is at least SlowOver, with
	// the time it was sent: when the slow moves happen tells bursts (a
	// stall of the server or the machine) from a steady tail.
	OnSlow   func(sent time.Time, rtt time.Duration)
	SlowOver time.Duration
	// Echo drives a bare echo server (EchoServer) instead of a game
	// server, for a baseline: the connections do not log in, and each pair
	// sends a move-sized frame in turn at Rate, timed to its echo (the
	// "ok"). Everything else (ramp, idle connections, window, metrics) is
	// the same.
	Echo bool
}

func (c Config) withDefaults() (Config, error) {
	if c.URL == "" {
		return c, errors.New("no server URL")
	}
	if c.MetricsURL == "" {
		u, err := metricsURL(c.URL)
		if err != nil {
			return c, err
		}
		c.MetricsURL = u
	}
	if c.Conns <= 0 {
		c.Conns = 2
	}
	if c.Games < 0 {
		if c.Idle < 0 || c.Idle > 1 {
			return c, fmt.Errorf("idle fraction %v: want 0 to 1", c.Idle)
		}
		c.Games = int(float64(c.Conns) * (1 - c.Idle) / 2)
	}
	if 2*c.Games > c.Conns {
		return c, fmt.Errorf("%d games need %d connections, not %d", c.Games, 2*c.Games, c.Conns)
	}
	if c.Rate <= 0 {
		c.Rate = 1
	}
	if c.Duration <= 0 {
		c.Duration = 10 * time.Second
	}
	if c.GameRamp <= 0 {
		c.GameRamp = c.Ramp
	}
	if c.Settle <= 0 {
		c.Settle = 2 * time.Second
	}
	if c.Size == 0 {
		c.Size = 15
	}
	if c.Rule == "" {
		c.Rule = "freestyle"
	}
	if c.StartTimeout <= 0 {
		c.StartTimeout = time.Minute
	}
	if c.Logf == nil {
		c.Logf = func(string, ...any) {}
	}
	return c, nil
}

// runner is the state of one run.
type runner struct {
	cfg      Config
	prefix   string        // guest name prefix of this run
	interval time.Duration // between two moves of a game
	settings protocol.Settings
	ips      []net.IP // source addresses, or none
	bufs     websocket.BufferPool

	stopping  atomic.Bool  // no more moves or challenges
	closing   atomic.Bool  // connections are being closed: read errors are expected
	connected time.Time    // when the last connection was made
	winStart  atomic.Int64 // measurement window, unix ns (0: not yet)
	winEnd    atomic.Int64
	readers   sync.WaitGroup

	ack, echo    samples
	movesAcked   atomic.Int64 // in the window
	gamesStarted atomic.Int64
	pairsStarted atomic.Int64
	gamesOver    atomic.Int64
	dropped      atomic.Int64 // connections ended by the server or the network

	mu     sync.Mutex
	errs   map[string]int // errors by kind
	notes  map[string]int // counted events that are not errors
	closes map[string]int // why connections dropped
}

func (r *runner) inWindow(t time.Time) bool {
	s := r.winStart.Load()
	return s != 0 && t.UnixNano() >= s && t.UnixNano() < r.winEnd.Load()
}

func (r *runner) count(kind string) {
	r.mu.Lock()
	r.errs[kind]++
	r.mu.Unlock()
}

func (r *runner) note(kind string) {
	r.mu.Lock()
	r.notes[kind]++
	r.mu.Unlock()
}

func (r *runner) acked(sent time.Time, d time.Duration, counted bool) {
	if !counted {
		return
	}
	r.movesAcked.Add(1)
	r.ack.add(d)
	if r.cfg.OnSlow != nil && d >= r.cfg.SlowOver {
		r.cfg.OnSlow(sent, d)
	}
}

func (r *runner) echoed(d time.Duration, counted bool) {
	if counted {
		r.echo.add(d)
	}
}

// disconnected records a connection the server (or the network) ended.
func (r *runner) disconnected(err error) {
	reason := "read error"
	var ce *websocket.CloseError
	var ne net.Error
	switch {
	case errors.As(err, &ce):
		reason = fmt.Sprintf("close %d %s", ce.Code, ce.Text)
	case errors.As(err, &ne) && ne.Timeout():
		reason = "timeout"
	}
	r.dropped.Add(1)
	r.mu.Lock()
	r.errs["disconnect"]++
	r.closes[reason]++
	r.mu.Unlock()
}

// dialer returns the websocket dialer of connection i.
func (r *runner) dialer(i int) *websocket.Dialer {
	var ip net.IP
	if len(r.ips) > 0 {
		ip = r.ips[i%len(r.ips)]
	}
	return &websocket.Dialer{
		HandshakeTimeout: 30 * time.Second,
		ReadBufferSize:   2048,
		WriteBufferSize:  1024,
		WriteBufferPool:  r.bufs,
		NetDialContext:   sourceDialer(ip).DialContext,
	}
}

// sourceIPs picks the loopback source addresses for cfg.
func sourceIPs(cfg Config) []net.IP {
	u, err := url.Parse(cfg.URL)
	if err != nil || cfg.SourceIPs == 0 {
		return nil
	}
	ip := net.ParseIP(u.Hostname())
	if ip == nil || !ip.IsLoopback() || ip.To4() == nil {
		return nil
	}
	n := cfg.SourceIPs
	if n < 0 {
		n = (cfg.Conns + 7) / 8
	}
	n = min(n, 250*250)
	ips := make([]net.IP, n)
	for k := range ips {
		ips[k] = net.IPv4(127, 1, byte(k/250), byte(k%250+1))
	}
	return ips
}

// Run performs a load test: connect, measure idle memory, start the games,
// measure for cfg.Duration, disconnect. It returns an error only when the
// run could not take place (bad config, no connection at all, ctx done);
// errors during the run are counted in the report.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	r := &runner{
		cfg: cfg, interval: time.Duration(float64(time.Second) / cfg.Rate),
		prefix: fmt.Sprintf("lt%03d", rand.IntN(1000)), ips: sourceIPs(cfg), bufs: &sync.Pool{},
		errs: map[string]int{}, notes: map[string]int{}, closes: map[string]int{},
		settings: protocol.Settings{Opening: "none", Rule: cfg.Rule, Size: cfg.Size, Color: protocol.ColorBlack,
			Time: protocol.TimeControl{MainMS: cfg.Clock.Milliseconds()}},
	}
	mode := "game"
	if cfg.Echo {
		mode = "echo"
	}
	rep := &Report{URL: cfg.URL, Mode: mode, Conns: cfg.Conns, Games: cfg.Games, Idle: cfg.Conns - 2*cfg.Games,
		Rate: cfg.Rate, SourceIPs: len(r.ips), GOMAXPROCS: runtime.GOMAXPROCS(0)}

	before, err := r.baseMetrics(ctx)
	if err != nil {
		return nil, err
	}
	clients, err := r.connectAll(ctx, rep)
	defer r.closeAll(clients)
	if err != nil {
		return nil, err
	}
	r.connected = time.Now()
	if err := sleep(ctx, cfg.Settle); err != nil {
		return nil, err
	}
	idle, err := r.idleMetrics(ctx, r.connected)
	if err != nil {
		return nil, err
	}
	rep.Client.IdleHeapPerConn = clientHeap() / float64(max(rep.Connected, 1))
	if cfg.AtIdle != nil {
		if err := cfg.AtIdle(ctx, rep.Connected); err != nil {
			return nil, err
		}
	}

	pairs := r.pairUp(clients)
	startPairs := r.startGames
	if cfg.Echo {
		startPairs = r.startEcho
	}
	if err := startPairs(ctx, pairs, rep); err != nil {
		return nil, err
	}

	cfg.Logf("measuring for %s", cfg.Duration)
	start := time.Now()
	r.winEnd.Store(start.Add(cfg.Duration).UnixNano())
	r.winStart.Store(start.UnixNano())
	cpu0 := processCPU()
	winFrom, _ := scrapeMetrics(ctx, cfg.MetricsURL)
	if err := sleep(ctx, cfg.Duration); err != nil {
		return nil, err
	}
	winTo, _ := scrapeMetrics(ctx, cfg.MetricsURL)
	rep.Window = time.Since(start).Seconds()
	rep.Client.CPU = (processCPU() - cpu0) / rep.Window
	r.stopping.Store(true)

	// Let the last moves of the window be answered.
	deadline := time.Now().Add(5 * time.Second)
	for r.unanswered(clients) > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	rep.Unanswered = r.unanswered(clients)
	r.fill(rep, before, idle, winFrom, winTo)
	return rep, nil
}

// baseMetrics reads the metrics before connecting. With cfg.GCWait, a
// freshly started server is given time for a garbage collection after its
// start-up (whose transient allocations would inflate the base live heap).
func (r *runner) baseMetrics(ctx context.Context) (*scrape, error) {
	s, err := scrapeMetrics(ctx, r.cfg.MetricsURL)
	if err != nil {
		r.cfg.Logf("no server metrics: %v", err)
		return nil, nil
	}
	settled := time.Unix(int64(s.get("process_start_time_seconds")), 0).Add(5 * time.Second)
	return r.waitGC(ctx, s, settled)
}

// waitGC returns s, or with cfg.GCWait a later reading taken after the
// server collected garbage at or after t (or when GCWait ran out).
func (r *runner) waitGC(ctx context.Context, s *scrape, t time.Time) (*scrape, error) {
	if r.cfg.GCWait <= 0 || s.gcSince(t) {
		return s, nil
	}
	r.cfg.Logf("waiting up to %s for a garbage collection on the server", r.cfg.GCWait)
	deadline := time.Now().Add(r.cfg.GCWait)
	for time.Now().Before(deadline) {
		if err := sleep(ctx, time.Second); err != nil {
			return nil, err
		}
		if next, err := scrapeMetrics(ctx, r.cfg.MetricsURL); err == nil {
			s = next
			if s.gcSince(t) {
				break
			}
		}
	}
	return s, nil
}

// idleMetrics reads the metrics with every connection idle, after a
// garbage collection that followed the connections when cfg.GCWait allows.
func (r *runner) idleMetrics(ctx context.Context, connected time.Time) (*scrape, error) {
	idle, _ := scrapeMetrics(ctx, r.cfg.MetricsURL)
	if idle == nil {
		return nil, nil
	}
	return r.waitGC(ctx, idle, connected)
}

// connectAll opens the connections spread over the ramp and logs each in.
// It returns the clients that did, and fails only when none did.
func (r *runner) connectAll(ctx context.Context, rep *Report) ([]*client, error) {
	cfg := r.cfg
	cfg.Logf("connecting %d clients over %s (%d source addresses)", cfg.Conns, cfg.Ramp, len(r.ips))
	type result struct {
		c   *client
		err error
	}
	ready := make(chan result, cfg.Conns)
	start := time.Now()
	go func() {
		for i := range cfg.Conns {
			at := start.Add(time.Duration(int64(cfg.Ramp) * int64(i) / int64(cfg.Conns)))
			if err := sleep(ctx, time.Until(at)); err != nil {
				ready <- result{err: err}
				continue
			}
			c := &client{r: r, idx: i, pending: map[string]request{}}
			r.readers.Add(1)
			go c.run(ctx, func(err error) { ready <- result{c, err} })
		}
	}()
	tick := time.NewTicker(5 * time.Second)
	defer tick.Stop()
	var clients []*client
	var failed int
	var firstErr error
	for done := 0; done < cfg.Conns; {
		select {
		case res := <-ready:
			done++
			if res.err == nil {
				clients = append(clients, res.c)
				continue
			}
			failed++
			if !errors.Is(res.err, context.Canceled) {
				r.count("connect")
			}
			if firstErr == nil {
				firstErr = res.err
			}
		case <-tick.C:
			cfg.Logf("  %d/%d connected, %d failed", len(clients), cfg.Conns, failed)
		}
	}
	if err := ctx.Err(); err != nil {
		return clients, err
	}
	rep.Connected = len(clients)
	rep.ConnectSeconds = time.Since(start).Seconds()
	cfg.Logf("%d connected in %.1fs", rep.Connected, rep.ConnectSeconds)
	if firstErr != nil {
		cfg.Logf("%d connections failed, first: %v", failed, firstErr)
		rep.FirstError = firstErr.Error()
	}
	if rep.Connected == 0 {
		return clients, fmt.Errorf("no connection: %w", firstErr)
	}
	return clients, nil
}

// pairUp makes the pairs of players among the connected clients.
func (r *runner) pairUp(clients []*client) []*pair {
	ok := clients
	n := min(r.cfg.Games, len(ok)/2)
	pairs := make([]*pair, n)
	for i := range pairs {
		p := &pair{r: r, a: ok[2*i], b: ok[2*i+1], rng: rand.New(rand.NewPCG(uint64(i), 42))}
		p.a.pair, p.b.pair = p, p
		pairs[i] = p
	}
	return pairs
}

// startGames sends the challenges spread over GameRamp and waits for the
// games to start (or StartTimeout).
func (r *runner) startGames(ctx context.Context, pairs []*pair, rep *Report) error {
	cfg := r.cfg
	cfg.Logf("starting %d games over %s", len(pairs), cfg.GameRamp)
	start := time.Now()
	for i, p := range pairs {
		at := start.Add(time.Duration(int64(cfg.GameRamp) * int64(i) / int64(len(pairs))))
		if err := sleep(ctx, time.Until(at)); err != nil {
			return err
		}
		p.challenge()
	}
	deadline := time.Now().Add(cfg.StartTimeout)
	last := time.Now()
	for int(r.pairsStarted.Load()) < len(pairs) && time.Now().Before(deadline) {
		if n := r.dropped.Load(); n >= int64(rep.Connected) {
			cfg.Logf("the server dropped every connection (%d)", n)
			break
		}
		if err := sleep(ctx, 50*time.Millisecond); err != nil {
			return err
		}
		if time.Since(last) > 5*time.Second {
			cfg.Logf("  %d/%d games started", r.pairsStarted.Load(), len(pairs))
			last = time.Now()
		}
	}
	rep.GamesStarted = int(r.pairsStarted.Load())
	rep.GameStartSeconds = time.Since(start).Seconds()
	cfg.Logf("%d games started in %.1fs", rep.GamesStarted, rep.GameStartSeconds)
	return nil
}

// unanswered counts the moves still waiting for their reply.
func (r *runner) unanswered(clients []*client) int {
	n := 0
	for _, c := range clients {
		n += c.pendingMoves()
	}
	return n
}

// closeAll closes every connection and waits (a while) for the readers.
func (r *runner) closeAll(clients []*client) {
	r.stopping.Store(true)
	r.closing.Store(true)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 64)
	for _, c := range clients {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			c.close()
			<-sem
		}()
	}
	wg.Wait()
	done := make(chan struct{})
	go func() {
		r.readers.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
	}
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// clientHeap is the load tool's own heap and stacks in use, in bytes.
func clientHeap() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapInuse + m.StackInuse)
}
