package loadtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/gomokud/gomoku/protocol"
)

// Client timing.
const (
	writeWait    = 10 * time.Second // a write must finish within this
	loginTimeout = 2 * time.Minute  // hello + guest, rate-limit retries included
	headLen      = 40               // bytes read to find a frame's type
)

// ignored are the lobby pushes a scripted player does not need: their
// bodies are discarded unread (they can be hundreds of KB at thousands of
// players).
var ignored = map[string]bool{"presence": true, "lobby": true, "lobby_games": true, "lobby_chat": true}

// request kinds, to route replies.
type reqKind int

const (
	reqOther reqKind = iota
	reqChallenge
	reqAccept
	reqMove
	reqResign
)

type request struct {
	kind    reqKind
	sent    time.Time
	counted bool // sent inside the measurement window
}

// client is one scripted connection. Its reader goroutine (run) logs in,
// then handles every frame; writes are serialised by wmu and come from the
// reader or from move timers.
type client struct {
	r    *runner
	idx  int
	ws   *websocket.Conn
	name string
	pair *pair // nil for an idle connection
	buf  bytes.Buffer

	wmu sync.Mutex // serialises writes

	mu      sync.Mutex
	nextID  uint64
	pending map[string]request
	gameID  int64
	black   bool
	echo    request // the last move sent, until its game_move comes back
	echoPly int
}

// run dials, logs in as a guest, reports to ready, then reads until the
// connection ends.
func (c *client) run(ctx context.Context, ready func(error)) {
	defer c.r.readers.Done()
	err := c.connect(ctx)
	ready(err)
	if err != nil {
		return
	}
	c.readLoop()
}

// connect dials and logs in (hello, guest), retrying rate-limited logins.
func (c *client) connect(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, loginTimeout)
	defer cancel()
	d := c.r.dialer(c.idx)
	ws, resp, err := d.DialContext(ctx, c.r.cfg.URL, nil)
	if err != nil {
		if resp != nil {
			err = fmt.Errorf("%w (HTTP %s)", err, resp.Status)
		}
		return fmt.Errorf("dial: %w", err)
	}
	c.ws = ws
	if c.r.cfg.Echo {
		return nil // an echo server has no login
	}
	stop := context.AfterFunc(ctx, func() { _ = ws.SetReadDeadline(time.Now()) })
	defer stop()
	if _, err := c.call(protocol.Hello{Version: protocol.Version, Client: "gomoku-loadtest/1"}); err != nil {
		ws.Close()
		return fmt.Errorf("hello: %w", err)
	}
	wish := c.r.prefix + strconv.Itoa(c.idx)
	for backoff := 500 * time.Millisecond; ; backoff = min(backoff*2, 8*time.Second) {
		m, err := c.call(protocol.Guest{Name: wish})
		var pe *protocol.Error
		if errors.As(err, &pe) && pe.Code == protocol.CodeRateLimited {
			c.r.count("login_rate_limited")
			select {
			case <-time.After(backoff):
				continue
			case <-ctx.Done():
				ws.Close()
				return fmt.Errorf("guest: %w", ctx.Err())
			}
		}
		if err != nil {
			ws.Close()
			return fmt.Errorf("guest: %w", err)
		}
		s, ok := m.(*protocol.Session)
		if !ok {
			ws.Close()
			return fmt.Errorf("guest: got %s, want session", m.Type())
		}
		c.name = s.Player.Name
		_ = ws.SetReadDeadline(time.Time{})
		return nil
	}
}

// call sends m and reads frames until its reply (events are dropped): for
// the login only, before the reader loop runs.
func (c *client) call(m protocol.Message) (protocol.Message, error) {
	id := c.newID()
	if err := c.write(id, m); err != nil {
		return nil, err
	}
	for {
		_, body, err := c.next()
		if err != nil {
			return nil, err
		}
		if body == nil {
			continue
		}
		f, err := protocol.Decode(body)
		if err != nil {
			return nil, err
		}
		if f.ID != id {
			continue
		}
		if pe, ok := f.Msg.(*protocol.Error); ok {
			return nil, pe
		}
		return f.Msg, nil
	}
}

func (c *client) newID() string {
	c.mu.Lock()
	c.nextID++
	id := strconv.FormatUint(c.nextID, 36)
	c.mu.Unlock()
	return id
}

// write sends one frame; safe from any goroutine.
func (c *client) write(id string, m protocol.Message) error {
	frame := protocol.MustEncode(id, m)
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_ = c.ws.SetWriteDeadline(time.Now().Add(writeWait))
	return c.ws.WriteMessage(websocket.TextMessage, frame)
}

// send writes a request and remembers it for its reply.
func (c *client) send(kind reqKind, m protocol.Message) {
	id := c.newID()
	now := time.Now()
	c.mu.Lock()
	c.pending[id] = request{kind: kind, sent: now, counted: c.r.inWindow(now)}
	c.mu.Unlock()
	if err := c.write(id, m); err != nil {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		if !c.r.closing.Load() {
			c.r.count("write_failed")
		}
	}
}

// next reads one frame. Ignored lobby pushes come back with a nil body,
// unread; the body of the others is valid until the next call.
func (c *client) next() (string, []byte, error) {
	_, rd, err := c.ws.NextReader()
	if err != nil {
		return "", nil, err
	}
	var head [headLen]byte
	n, err := io.ReadFull(rd, head[:])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return "", nil, err
	}
	typ := peekType(head[:n])
	if ignored[typ] {
		_, err := io.Copy(io.Discard, rd)
		return typ, nil, err
	}
	c.buf.Reset()
	c.buf.Write(head[:n])
	if _, err := c.buf.ReadFrom(rd); err != nil {
		return "", nil, err
	}
	return typ, c.buf.Bytes(), nil
}

// peekType reads the type of a frame the server encoded type first
// ({"type":"game_move",...}); "" when it is not so.
func peekType(head []byte) string {
	const pre = `{"type":"`
	if !bytes.HasPrefix(head, []byte(pre)) {
		return ""
	}
	rest := head[len(pre):]
	i := bytes.IndexByte(rest, '"')
	if i < 0 {
		return ""
	}
	return string(rest[:i])
}

// readLoop handles frames until the connection ends.
func (c *client) readLoop() {
	for {
		_, body, err := c.next()
		if err != nil {
			if !c.r.closing.Load() {
				c.r.disconnected(err)
			}
			return
		}
		if body == nil {
			continue
		}
		f, err := protocol.Decode(body)
		if err != nil {
			c.r.count("bad_frame")
			continue
		}
		if f.ID != "" {
			c.reply(f.ID, f.Msg)
			continue
		}
		c.event(f.Msg)
	}
}

// reply routes the reply to a request.
func (c *client) reply(id string, m protocol.Message) {
	now := time.Now()
	c.mu.Lock()
	req, ok := c.pending[id]
	delete(c.pending, id)
	c.mu.Unlock()
	if !ok {
		return
	}
	if pe, isErr := m.(*protocol.Error); isErr {
		c.r.count(string(pe.Code))
		if (req.kind == reqChallenge || req.kind == reqAccept) && c.pair != nil {
			c.pair.retry()
		}
		return
	}
	if req.kind == reqMove {
		c.r.acked(req.sent, now.Sub(req.sent), req.counted)
	}
}

// event handles a pushed event.
func (c *client) event(m protocol.Message) {
	p := c.pair
	if p == nil {
		return
	}
	switch m := m.(type) {
	case *protocol.Challenge:
		if c == p.b && m.From == p.a.name {
			c.send(reqAccept, protocol.ChallengeAccept{ChallengeID: m.ChallengeID})
		}
	case *protocol.ChallengeCancelled, *protocol.ChallengeExpired, *protocol.ChallengeDeclined:
		if c == p.a {
			c.r.count("challenge_lost")
			p.retry()
		}
	case *protocol.GameStart:
		black := m.YourColor == protocol.ColorBlack
		c.mu.Lock()
		c.gameID, c.black = m.Game.GameID, black
		c.mu.Unlock()
		if c == p.a {
			p.started(m.Game.GameID)
		}
		if black && len(m.Moves) == 0 {
			p.schedule(c, m.Game.GameID, 0)
		}
	case *protocol.GameMove:
		c.mu.Lock()
		current, mine := m.GameID == c.gameID, (m.Color == protocol.ColorBlack) == c.black
		echo, echoPly := c.echo, c.echoPly
		if current && mine && m.Ply == echoPly {
			c.echoPly = 0
		}
		c.mu.Unlock()
		switch {
		case !current:
		case mine:
			if m.Ply == echoPly {
				c.r.echoed(time.Since(echo.sent), echo.counted)
			}
		default:
			p.schedule(c, m.GameID, m.Ply)
		}
	case *protocol.GameOver:
		c.mu.Lock()
		current := m.GameID == c.gameID
		if current {
			c.gameID = 0
		}
		c.mu.Unlock()
		if current && c == p.a {
			p.over(m)
		}
	}
}

// move plays the scripted move at ply of game gid, or resigns when the
// script has none left. It does nothing once the game has changed or the
// run is stopping.
func (c *client) move(gid int64, ply int) {
	if c.r.stopping.Load() {
		return
	}
	c.mu.Lock()
	if gid != c.gameID {
		c.mu.Unlock()
		return
	}
	black := c.black
	c.mu.Unlock()
	mv, ok := c.pair.scriptMove(black, ply)
	if !ok {
		c.send(reqResign, protocol.Resign{GameID: gid})
		return
	}
	now := time.Now()
	c.mu.Lock()
	c.echo, c.echoPly = request{kind: reqMove, sent: now, counted: c.r.inWindow(now)}, ply+1
	c.mu.Unlock()
	c.send(reqMove, protocol.Move{GameID: gid, Move: mv})
}

// close sends a close frame and closes the socket.
func (c *client) close() {
	msg := websocket.FormatCloseMessage(websocket.CloseNormalClosure, "")
	_ = c.ws.WriteControl(websocket.CloseMessage, msg, time.Now().Add(time.Second))
	_ = c.ws.Close()
}

// pendingMoves counts moves sent but not answered.
func (c *client) pendingMoves() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, r := range c.pending {
		if r.kind == reqMove {
			n++
		}
	}
	return n
}

// sourceDialer returns a net dialer bound to ip (nil: any).
func sourceDialer(ip net.IP) *net.Dialer {
	d := &net.Dialer{Timeout: 30 * time.Second}
	if ip != nil {
		d.LocalAddr = &net.TCPAddr{IP: ip}
	}
	return d
}
