// Package client is the client library of the gomoku protocol: one websocket
// connection to a server with a reader goroutine, requests correlated with
// their replies by id, a channel of pushed events, and (optionally)
// reconnection with the session token followed by a resync of every followed
// game from the last event number seen, so the event stream of each game has
// no gap and no duplicate. Every method is safe for concurrent use and none
// is tied to a UI loop.
package client

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/gomokud/gomoku/protocol"
)

// Options configure a Client.
type Options struct {
	// Name is sent in hello ("gomoku-tui/1.0").
	Name string
	// Reconnect redials after the connection drops, resumes the session
	// with its token and resyncs followed games. Without it, the Events
	// channel closes when the connection drops.
	Reconnect bool
	// MaxBackoff caps the wait between reconnection attempts (default 10s).
	MaxBackoff time.Duration
	// TLS configures wss:// connections (nil: the system's roots); see
	// LoadCA to trust a private or self-signed certificate.
	TLS *tls.Config
}

// Client is a connection to a gomoku server. Create it with Dial; Close it.
type Client struct {
	url    string
	opts   Options
	ctx    context.Context
	cancel context.CancelFunc
	events *queue

	mu        sync.Mutex
	conn      *conn // nil while reconnecting
	pending   map[string]*pendingCall
	nextID    uint64
	token     string
	me        protocol.Player
	seqs      map[int64]int64 // followed games: last event number seen
	resyncing map[int64]bool
	welcome   protocol.Welcome
	closed    bool
}

type pendingCall struct {
	conn *conn
	ch   chan protocol.Message // buffered 1
}

// Dial connects to the websocket URL and says hello; the client is not
// logged in yet (Login, Register, Guest or Resume next). It fails when the
// server cannot be reached or does not speak protocol.Version.
func Dial(ctx context.Context, url string, opts Options) (*Client, error) {
	if opts.Name == "" {
		opts.Name = userAgent
	}
	if opts.MaxBackoff <= 0 {
		opts.MaxBackoff = 10 * time.Second
	}
	cctx, cancel := context.WithCancel(context.Background())
	c := &Client{
		url: url, opts: opts, ctx: cctx, cancel: cancel,
		pending: map[string]*pendingCall{}, seqs: map[int64]int64{}, resyncing: map[int64]bool{},
	}
	c.events = newQueue(cctx.Done())
	cn, err := c.connect(ctx)
	if err != nil {
		cancel()
		return nil, err
	}
	c.mu.Lock()
	c.conn = cn
	c.mu.Unlock()
	go c.watch(cn)
	return c, nil
}

// connect dials and says hello on the new connection.
func (c *Client) connect(ctx context.Context) (*conn, error) {
	cn, err := dialConn(ctx, c.url, c.opts.TLS, c.dispatch)
	if err != nil {
		return nil, err
	}
	reply, err := c.request(ctx, cn, protocol.Hello{Version: protocol.Version, Client: c.opts.Name})
	if err != nil {
		cn.Close()
		return nil, fmt.Errorf("hello: %w", err)
	}
	w, ok := reply.(*protocol.Welcome)
	if !ok {
		cn.Close()
		return nil, fmt.Errorf("hello: unexpected reply %q", reply.Type())
	}
	c.mu.Lock()
	c.welcome = *w
	c.mu.Unlock()
	return cn, nil
}

// Events delivers the server's events (lobby, challenges, numbered game
// events in order without duplicates, chat) and the client's own
// Disconnected and Reconnected. It is closed by Close, and when the
// connection drops without Options.Reconnect. Events are buffered without
// limit, so a consumer that stops reading never blocks the connection.
// NextEvent reads the same events in engine terms.
func (c *Client) Events() <-chan protocol.Message { return c.events.out }

// Me is the logged-in player (zero before a session, after Logout).
func (c *Client) Me() Player {
	c.mu.Lock()
	defer c.mu.Unlock()
	return playerOf(c.me)
}

// Token is the session token (empty before a session, after Logout).
func (c *Client) Token() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token
}

// Server is the server's name from its welcome.
func (c *Client) Server() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.welcome.Server
}

// Close ends the connection and stops reconnecting; pending requests fail
// with ErrClosed and Events closes. It is idempotent.
func (c *Client) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	cn := c.conn
	c.mu.Unlock()
	c.cancel()
	if cn != nil {
		cn.Close()
	}
	return nil
}

// Do sends a request and waits for its reply. An error reply is returned as
// a *protocol.Error (see Code); a dropped connection as ErrDisconnected.
func (c *Client) Do(ctx context.Context, req protocol.Message) (protocol.Message, error) {
	c.mu.Lock()
	cn, closed := c.conn, c.closed
	c.mu.Unlock()
	switch {
	case closed:
		return nil, ErrClosed
	case cn == nil:
		return nil, ErrDisconnected
	}
	reply, err := c.request(ctx, cn, req)
	if err != nil {
		return nil, err
	}
	c.track(req, reply)
	return reply, nil
}

// Code returns the protocol error code of err, or "" when err is not an
// error reply.
func Code(err error) protocol.Code {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// ReplyText is the text of an error reply, as a person should read it: the
// server's message, or the whole reply ("not_found: ...") when it has none.
// ok is false when err is not an error reply.
func ReplyText(err error) (text string, ok bool) {
	var pe *protocol.Error
	if !errors.As(err, &pe) {
		return "", false
	}
	if pe.Message != "" {
		return pe.Message, true
	}
	return pe.Error(), true
}

// request sends req on cn and waits for the reply with its id.
func (c *Client) request(ctx context.Context, cn *conn, req protocol.Message) (protocol.Message, error) {
	c.mu.Lock()
	c.nextID++
	id := strconv.FormatUint(c.nextID, 10)
	call := &pendingCall{conn: cn, ch: make(chan protocol.Message, 1)}
	c.pending[id] = call
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}()

	frame, err := protocol.Encode(id, req)
	if err != nil {
		return nil, err
	}
	if err := cn.send(frame); err != nil {
		return nil, fmt.Errorf("%s: %w", req.Type(), err)
	}
	select {
	case reply := <-call.ch:
		if e, ok := reply.(*protocol.Error); ok {
			return nil, e
		}
		return reply, nil
	case <-cn.done:
		if errors.Is(cn.Err(), ErrClosed) {
			return nil, ErrClosed
		}
		return nil, fmt.Errorf("%s: %w", req.Type(), ErrDisconnected)
	case <-ctx.Done():
		return nil, fmt.Errorf("%s: %w", req.Type(), ctx.Err())
	}
}

// track keeps what the client needs to resume: the session and the games
// it follows.
func (c *Client) track(req, reply protocol.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if r, ok := reply.(*protocol.Session); ok {
		c.token, c.me = r.Token, r.Player
	}
	switch q := req.(type) {
	case protocol.Logout:
		c.token, c.me = "", protocol.Player{}
	case protocol.Unwatch:
		delete(c.seqs, q.GameID)
	}
}

// Forget stops following a game: it is no longer resynced after a
// reconnect. (Unwatch does this for watched games.)
func (c *Client) Forget(gameID int64) {
	c.mu.Lock()
	delete(c.seqs, gameID)
	c.mu.Unlock()
}

// dispatch runs on the reader goroutine for every frame: replies go to their
// request, events to the queue.
func (c *Client) dispatch(data []byte) {
	f, err := protocol.Decode(data)
	if err != nil {
		// A newer server's message this client does not know: skip it.
		return
	}
	if f.ID == "" {
		c.event(f.Msg)
		return
	}
	switch r := f.Msg.(type) {
	case *protocol.GameEvents:
		for _, raw := range r.Events {
			if ef, err := protocol.Decode(raw); err == nil {
				c.event(ef.Msg)
			}
		}
	case *protocol.GameState:
		// The reply to watch or resync: delivered as an event here, on the
		// reader, so it comes before the game's later events.
		c.event(r)
	}
	c.mu.Lock()
	call := c.pending[f.ID]
	c.mu.Unlock()
	if call != nil {
		select {
		case call.ch <- f.Msg:
		default: // a second reply to one id: ignore
		}
	}
}

// event passes an event on, keeping each game's numbered events in order: a
// duplicate is dropped, a gap triggers a resync that brings the missing ones.
func (c *Client) event(m protocol.Message) {
	switch e := m.(type) {
	case *protocol.GameStart:
		c.mu.Lock()
		c.seqs[e.Game.GameID] = e.Seq
		c.mu.Unlock()
	case *protocol.GameState:
		c.mu.Lock()
		c.seqs[e.Game.GameID] = e.Seq
		c.mu.Unlock()
	case protocol.GameEvent:
		id, seq := e.Ref()
		c.mu.Lock()
		last, followed := c.seqs[id]
		switch {
		case !followed:
		case seq <= last:
			c.mu.Unlock()
			return
		case seq > last+1:
			if !c.resyncing[id] {
				c.resyncing[id] = true
				go c.resync(id, last)
			}
			c.mu.Unlock()
			return
		default:
			c.seqs[id] = seq
		}
		c.mu.Unlock()
	}
	c.events.push(m)
}

// Follow subscribes to a running game of mine (from Session.Games) or
// refreshes one: its full state arrives on Events as a GameState, then its
// events, and it is resynced after a reconnect. It returns once the server
// has answered.
func (c *Client) Follow(ctx context.Context, gameID int64) error {
	_, err := c.Do(ctx, protocol.Resync{GameID: gameID, LastSeq: -1})
	return err
}

// resync asks for the events of a game after last; their replay, or the full
// state, goes through event like any other (see dispatch).
func (c *Client) resync(id, last int64) {
	defer func() {
		c.mu.Lock()
		delete(c.resyncing, id)
		c.mu.Unlock()
	}()
	ctx, cancel := context.WithTimeout(c.ctx, 30*time.Second)
	defer cancel()
	_, _ = c.Do(ctx, protocol.Resync{GameID: id, LastSeq: last})
}
