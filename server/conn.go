package server

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
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
// and handles requests in order; its writer goroutine (writeLoop) owns every
// write. Anyone may queue a frame with send, which never blocks: when the
// queue is full the connection is closed.
type conn struct {
	env   *env
	lobby *hub
	gate  *gate
	ws    *websocket.Conn
	cork  *corkConn // the socket under ws when served by Serve; nil otherwise
	ip    string    // the peer's address, for per-address limits (never logged with tokens)
	out   chan []byte
	done  chan struct{}
	once  sync.Once
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

func newConn(g *gate, ws *websocket.Conn, ip string) *conn {
	cork, _ := ws.NetConn().(*corkConn)
	return &conn{
		env: g.env, lobby: g.lobby, gate: g, ws: ws, ip: ip, cork: cork,
		out:         make(chan []byte, sendQueue),
		done:        make(chan struct{}),
		readerDone:  make(chan struct{}),
		limiter:     rate.NewLimiter(g.env.cfg.RateLimit, g.env.cfg.RateBurst),
		authLimiter: rate.NewLimiter(rate.Every(authInterval), authBurst),
		chatLimiter: rate.NewLimiter(rate.Every(chatInterval), chatBurst),
		watching:    map[int64]*game{},
	}
}

// send queues a frame for the writer. It never blocks; a full queue closes
// the connection (the peer is not reading). False when the frame was not
// queued.
func (c *conn) send(frame []byte) bool {
	select {
	case <-c.done:
		return false
	default:
	}
	select {
	case c.out <- frame:
		return true
	default:
		c.env.metrics.dropped.Inc()
		c.close(websocket.ClosePolicyViolation, tooSlow)
		return false
	}
}

// reply sends m as the reply to request id.
func (c *conn) reply(id string, m protocol.Message) {
	c.send(protocol.MustEncode(id, m))
}

// replyErr sends err, mapped to a protocol error, as the reply to id.
func (c *conn) replyErr(id string, err error) {
	pe := wireError(c.env.log, err)
	c.env.metrics.errors.WithLabelValues(string(pe.Code)).Inc()
	c.reply(id, pe)
}

// close ends the connection once with a close code; safe from any goroutine.
func (c *conn) close(code int, text string) {
	c.once.Do(func() {
		c.closeCode, c.closeText = code, text
		close(c.done)
	})
}

// writeLoop owns all writes: queued frames, pings, and the final close frame.
func (c *conn) writeLoop() {
	ticker := time.NewTicker(c.env.cfg.PingInterval)
	defer func() {
		ticker.Stop()
		c.ws.Close() // ends the reader too
	}()
	for {
		select {
		case frame := <-c.out:
			if err := c.writeFrames(frame); err != nil {
				c.close(websocket.CloseAbnormalClosure, "")
				return
			}
		case <-ticker.C:
			if err := c.writePing(time.Now()); err != nil {
				c.close(websocket.CloseAbnormalClosure, "")
				return
			}
		case <-c.done:
			if c.closeCode == websocket.CloseAbnormalClosure {
				return
			}
			if c.closeText != tooSlow { // a peer that does not read gets no more
				c.flush()
			}
			msg := websocket.FormatCloseMessage(c.closeCode, c.closeText)
			_ = c.ws.WriteControl(websocket.CloseMessage, msg, time.Now().Add(closeTimeout))
			// Let the reader see the peer's close reply before the socket
			// closes: closing with unread input would reset the connection
			// and lose the close frame.
			select {
			case <-c.readerDone:
			case <-time.After(closeTimeout):
			}
			return
		}
	}
}

// writeFrames writes frame and whatever else is queued by now, in one
// system call when the socket can be corked.
func (c *conn) writeFrames(frame []byte) error {
	_ = c.ws.SetWriteDeadline(time.Now().Add(writeWait))
	if c.cork == nil {
		return c.ws.WriteMessage(websocket.TextMessage, frame)
	}
	c.cork.cork()
	err := c.ws.WriteMessage(websocket.TextMessage, frame)
more:
	for n := 1; err == nil && n < sendQueue; n++ {
		select {
		case frame = <-c.out:
			err = c.ws.WriteMessage(websocket.TextMessage, frame)
		default:
			break more
		}
	}
	if uerr := c.cork.uncork(); err == nil {
		err = uerr
	}
	return err
}

// flush writes what is still queued (best effort, e.g. a shutdown notice).
func (c *conn) flush() {
	_ = c.ws.SetWriteDeadline(time.Now().Add(closeTimeout))
	for {
		select {
		case frame := <-c.out:
			if c.ws.WriteMessage(websocket.TextMessage, frame) != nil {
				return
			}
		default:
			return
		}
	}
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
	for {
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
