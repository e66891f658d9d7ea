package server

import (
	"bufio"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gorilla/websocket"
	"golang.org/x/time/rate"

	"github.com/gomokud/gomoku/protocol"
)

// Timing and size limits of a connection (gorilla's chat example).
const (
	writeWait      = 10 * time.Second       // a write must finish within this
	pongWait       = 60 * time.Second       // the peer must send something (a pong at least) within this
	maxMessageSize = protocol.MaxFrameSize  // read limit
	sendQueue      = 64                     // frames waiting for the writer; full -> drop the client
	maxStrikes     = 20                     // rate-limited frames tolerated before closing with 1008
	closeTimeout   = 250 * time.Millisecond // waiting for the writer to send the close frame
	requestTimeout = 10 * time.Second       // database work of one request
	authInterval   = 500 * time.Millisecond // one login/register/guest/resume per this, per connection
	authBurst      = 5                      // ... after a burst of this many
	chatInterval   = time.Second            // one chat line per this, per connection
	chatBurst      = 5                      // ... after a burst of this many
	closeNormal    = websocket.CloseNormalClosure
	tooSlow        = "too slow" // close reason of a peer whose send queue overflowed
)

// conn is one websocket connection. Its reader goroutine (readLoop) reads
// and handles requests in order; one writer at a time owns its writes
// (writer.go): the goroutine that queued frames, writing them at once
// without blocking, or a writer goroutine. Anyone may queue a frame with
// send, which never blocks: when the queue is full the connection is
// closed.
type conn struct {
	env   *env
	lobby *hub
	gate  *gate
	ws    *websocket.Conn
	sock  *sock           // the socket under ws, written by the writer (writer.go)
	br    *bufio.Reader   // ws's read buffer (idleread.go); nil when not ours
	raw   syscall.RawConn // the socket, to wait on while idle; nil when not plain TCP
	ip    string          // the peer's address, for per-address limits (never logged with tokens)
	done  chan struct{}

	// The writer's state (writer.go), under wmu.
	wmu      sync.Mutex
	queue    [][]byte // frames waiting for the writer
	writing  bool     // a writer is busy (writeNow, or a writer goroutine)
	kicked   bool     // a caller of enqueue will call writeNow
	rest     *[]byte  // what writeNow could not write, from restOff on: the writer goroutine's first write
	restOff  int
	pingDue  bool   // the pinger asked for a ping
	wrote    bool   // frames were written since the pinger's last round (ping)
	pongDue  bool   // the peer's ping is to be answered with pongData
	pongData []byte // ... its payload
	closing  bool   // close was called: nothing more is queued
	finished bool   // the last writer has taken over: no writer starts again
	pingSlot int    // which of the pinger's rounds pings this connection (ping.go)
	// readerDone is closed when the reader goroutine ends.
	readerDone chan struct{}

	closeCode int    // set once, before done is closed
	closeText string // ditto

	limiter     *rate.Limiter
	authLimiter *rate.Limiter
	chatLimiter *rate.Limiter

	loggedIn atomic.Bool  // has logged in once (read by the login timer)
	rtt      atomic.Int64 // smoothed round trip in nanoseconds (lag.go)

	// Owned by the reader goroutine.
	greeted   bool
	user      *user
	tokenHash string
	strikes   int
	watching  map[int64]*game
	after     []func() // run once the current request is answered (afterReply)
}

func newConn(g *gate, ws *websocket.Conn, s *sock, br *bufio.Reader, ip string) *conn {
	return &conn{
		env: g.env, lobby: g.lobby, gate: g, ws: ws, sock: s, br: br, raw: s.raw, ip: ip,
		done:        make(chan struct{}),
		readerDone:  make(chan struct{}),
		limiter:     rate.NewLimiter(g.env.cfg.RateLimit, g.env.cfg.RateBurst),
		authLimiter: rate.NewLimiter(rate.Every(authInterval), authBurst),
		chatLimiter: rate.NewLimiter(rate.Every(chatInterval), chatBurst),
	}
}

// reply sends m as the reply to request id, at once (sendNow): replies
// come from the reader, or from a goroutine that answers for it.
func (c *conn) reply(id string, m protocol.Message) {
	c.sendNow(protocol.MustEncode(id, m))
}

// replyErr sends err, mapped to a protocol error, as the reply to id.
func (c *conn) replyErr(id string, err error) {
	c.reply(id, c.wireErr(err))
}

// wireErr maps err to the protocol error a client is answered with, and
// counts it.
func (c *conn) wireErr(err error) *protocol.Error {
	pe := wireError(c.env.log, err)
	c.env.metrics.errors.WithLabelValues(string(pe.Code)).Inc()
	return pe
}

// readLoop reads frames until the connection ends, then cleans up. A
// connection that has not logged in within LoginWait is closed.
func (c *conn) readLoop() {
	defer c.cleanup()
	// A transport timeout on the wall clock, like the socket deadlines.
	login := time.AfterFunc(c.env.cfg.LoginWait, func() {
		if !c.loggedIn.Load() {
			c.close(websocket.ClosePolicyViolation, "log in first")
		}
	})
	defer login.Stop()
	c.ws.SetReadLimit(maxMessageSize)
	_ = c.ws.SetReadDeadline(time.Now().Add(pongWait))
	c.ws.SetPongHandler(func(data string) error {
		now := time.Now()
		c.onPong(data, now)
		return c.ws.SetReadDeadline(now.Add(pongWait))
	})
	c.ws.SetPingHandler(c.pong)
	for {
		c.awaitFrame()
		typ, frame, err := readFrame(c.ws)
		if err != nil {
			var ce *websocket.CloseError
			switch {
			case errors.As(err, &ce):
				c.close(closeNormal, "")
			case errors.Is(err, websocket.ErrReadLimit):
				c.close(websocket.CloseMessageTooBig, "frame too large")
			default:
				c.close(websocket.CloseAbnormalClosure, "")
			}
			return
		}
		_ = c.ws.SetReadDeadline(time.Now().Add(pongWait))
		stop := c.serveFrame(typ, *frame)
		putFrame(frame)
		if stop {
			return
		}
	}
}

// serveFrame handles one incoming frame; true when the reader must stop
// (the connection is closing). data is not kept after it returns.
func (c *conn) serveFrame(typ int, data []byte) bool {
	if typ != websocket.TextMessage {
		c.replyErr("", errf(protocol.CodeBadRequest, "text frames only"))
		return false
	}
	if !c.limiter.Allow() {
		c.strikes++
		if c.strikes > maxStrikes {
			c.env.log.Warn("connection closed: rate limit", "addr", c.ip)
			c.close(websocket.ClosePolicyViolation, "rate limit exceeded")
			c.drain()
			return true
		}
		f, _ := protocol.Decode(data)
		c.replyErr(f.ID, errf(protocol.CodeRateLimited, "too many requests"))
		return false
	}
	c.strikes = 0
	c.handle(data)
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

// drain discards input until the peer answers the close frame (or a short
// deadline), so the socket is not closed with unread data.
func (c *conn) drain() {
	_ = c.ws.SetReadDeadline(time.Now().Add(closeTimeout))
	for {
		if _, _, err := c.ws.ReadMessage(); err != nil {
			return
		}
	}
}

// cleanup runs when the reader ends: leave watched games and the lobby.
func (c *conn) cleanup() {
	close(c.readerDone)
	c.close(closeNormal, "")
	for _, g := range c.watching {
		g.post(func() { g.removeWatcher(c) })
	}
	c.watching = nil
	if c.user != nil {
		c.lobby.detach(c, c.user)
		c.user = nil
	}
	c.env.metrics.connections.Dec()
	c.gate.untrack(c)
}

// checkOrigin allows requests without an Origin header (non-browser
// clients), from the same host, or from a configured origin. Never all.
func checkOrigin(allowed []string) func(r *http.Request) bool {
	return func(r *http.Request) bool {
		origin := r.Header.Get("Origin")
		if origin == "" {
			return true
		}
		u, err := url.Parse(origin)
		if err != nil {
			return false
		}
		if strings.EqualFold(u.Host, r.Host) {
			return true
		}
		for _, a := range allowed {
			if strings.EqualFold(strings.TrimRight(a, "/"), origin) {
				return true
			}
		}
		return false
	}
}
