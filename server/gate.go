package server

import (
	"net/http"
	"sync"

	"github.com/gomokud/gomoku/protocol"
	"github.com/gorilla/websocket"
)

// gate is the transport's front door: it upgrades requests to websockets
// within the connection caps, tracks the open connections and closes them
// all when the server stops. Each connection then hands its requests to the
// routing table (handle.go), which reaches the lobby and the games.
type gate struct {
	env      *env
	lobby    *hub
	authIP   *ipLimiter
	up       websocket.Upgrader
	connWG   sync.WaitGroup // open connections, until their last writer said goodbye
	nextSlot int            // the ping slot of the next connection (ping.go)

	mu       sync.Mutex
	conns    map[*conn]struct{}
	perIP    map[string]int // open connections by address
	slots    int            // open connections and handshakes under way (reserve)
	stopping bool
}

func newGate(e *env, lobby *hub) *gate {
	return &gate{env: e, lobby: lobby, authIP: newIPLimiter(e.cfg.AuthPerIP, e.cfg.AuthBurst),
		conns: map[*conn]struct{}{}, perIP: map[string]int{},
		// Write buffers come from a pool: an idle connection holds none. The
		// read buffer (readBufferSize) is the connection's own, handed to
		// gorilla by hijackReader (idleread.go).
		up: websocket.Upgrader{WriteBufferSize: 1024, WriteBufferPool: &sync.Pool{},
			CheckOrigin: checkOrigin(e.cfg.AllowedOrigins)}}
}

// close stops taking connections, says goodbye to the open ones and closes
// them. It reports whether this was the first call.
func (g *gate) close() (first bool, open int) {
	g.mu.Lock()
	first = !g.stopping
	g.stopping = true
	conns := make([]*conn, 0, len(g.conns))
	for c := range g.conns {
		conns = append(conns, c)
	}
	g.mu.Unlock()
	bye := protocol.MustEncode("", protocol.Shutdown{Message: "the server is restarting; your games are kept"})
	for _, c := range conns {
		c.send(bye)
		c.close(websocket.CloseGoingAway, "server shutting down")
	}
	return first, len(conns)
}

// serveWS upgrades to a websocket and starts the connection's reader (its
// writers start when there is something to write).
func (g *gate) serveWS(w http.ResponseWriter, r *http.Request) {
	ip := g.env.cfg.TrustedProxies.clientIP(r)
	if status, text := g.reserve(ip); status != 0 {
		http.Error(w, text, status)
		return
	}
	hw := &hijackReader{ResponseWriter: w}
	ws, err := g.up.Upgrade(hw, r, nil)
	if err != nil {
		g.mu.Lock()
		g.releaseLocked(ip)
		g.mu.Unlock()
		return // the upgrader has answered
	}
	c := newConn(g, ws, hw.sock, hw.br, ip)
	if !g.track(c) {
		ws.Close()
		return
	}
	g.env.metrics.connections.Inc()
	go c.readLoop()
}

// reserve takes a connection slot for ip, counted against MaxConns and
// MaxConnsPerIP, before the upgrade: handshakes that arrive together cannot
// all pass the caps before any of them is counted. It returns status 0 when
// the slot is taken (then the caller must give it to track, or back with
// releaseLocked), or the HTTP status and text to refuse the request with.
func (g *gate) reserve(ip string) (status int, text string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case g.stopping:
		return http.StatusServiceUnavailable, "shutting down"
	case g.slots >= g.env.cfg.MaxConns:
		return http.StatusServiceUnavailable, "too many connections"
	case g.perIP[ip] >= g.env.cfg.MaxConnsPerIP:
		return http.StatusTooManyRequests, "too many connections from your address"
	}
	g.slots++
	g.perIP[ip]++
	return 0, ""
}

// releaseLocked gives back a slot taken by reserve. g.mu must be held.
func (g *gate) releaseLocked(ip string) {
	g.slots--
	if g.perIP[ip]--; g.perIP[ip] <= 0 {
		delete(g.perIP, ip)
	}
}

// track registers a live connection on the slot reserved for it; false when shutting down (the slot is given back).
// (Adding under the lock that sets stopping keeps connWG.Add before
// Shutdown's Wait.)
func (g *gate) track(c *conn) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.stopping {
		g.releaseLocked(c.ip)
		return false
	}
	g.conns[c] = struct{}{}
	c.pingSlot = g.nextSlot
	g.nextSlot = (g.nextSlot + 1) % pingSlots
	g.connWG.Add(1)
	return true
}

// untrack forgets a tracked connection and frees its slot.
func (g *gate) untrack(c *conn) {
	g.mu.Lock()
	if _, ok := g.conns[c]; ok {
		delete(g.conns, c)
		g.releaseLocked(c.ip)
	}
	g.mu.Unlock()
}
