package client

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/gomokud/gomoku/protocol"
)

// watch waits for cn to drop, fails its pending requests and, with
// Options.Reconnect, reconnects. It is the only goroutine that replaces
// c.conn after Dial.
func (c *Client) watch(cn *conn) {
	for {
		select {
		case <-cn.done:
		case <-c.ctx.Done():
			cn.Close()
			return
		}
		c.mu.Lock()
		if c.conn == cn {
			c.conn = nil
		}
		closed := c.closed
		c.mu.Unlock()
		if closed {
			return
		}
		if !c.opts.Reconnect {
			c.events.push(Disconnected{Err: cn.Err()})
			c.events.finish() // Events closes after the last ones
			return
		}
		next, ok := c.reconnect(cn.Err())
		if !ok {
			return
		}
		cn = next
	}
}

// reconnect redials with backoff until it succeeds or the client closes.
func (c *Client) reconnect(why error) (*conn, bool) {
	b := newBackoff(firstBackoff, c.opts.MaxBackoff, rand.Float64)
	for {
		wait := b.next()
		c.events.push(Disconnected{Err: why, RetryIn: wait})
		select {
		case <-time.After(wait):
		case <-c.ctx.Done():
			return nil, false
		}
		cn, err := c.redial()
		if err == nil {
			return cn, true
		}
		if c.ctx.Err() != nil {
			return nil, false
		}
		why = err
	}
}

// redial connects, resumes the session and resyncs the followed games.
func (c *Client) redial() (*conn, error) {
	ctx, cancel := context.WithTimeout(c.ctx, dialTimeout+writeWait)
	defer cancel()
	cn, err := c.connect(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	token := c.token
	c.mu.Unlock()
	var sess protocol.Session
	if token != "" {
		reply, err := c.request(ctx, cn, protocol.Resume{Token: token})
		if Code(err) == protocol.CodeUnauthorized {
			// The token is gone (expired, or a guest the server forgot):
			// stay connected, logged out (Reconnected.LoggedIn false).
			c.mu.Lock()
			c.token, c.me = "", protocol.Player{}
			c.mu.Unlock()
			return c.install(cn, protocol.Session{})
		}
		if err != nil {
			cn.Close()
			return nil, err
		}
		s, ok := reply.(*protocol.Session)
		if !ok {
			cn.Close()
			return nil, errors.New("resume: unexpected reply " + reply.Type())
		}
		sess = *s
	}
	return c.install(cn, sess)
}

// install makes cn the client's connection and resyncs every followed game
// and every running game of the session.
func (c *Client) install(cn *conn, sess protocol.Session) (*conn, error) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		cn.Close()
		return nil, ErrClosed
	}
	c.conn = cn
	if sess.Token != "" {
		c.token, c.me = sess.Token, sess.Player
	}
	last := make(map[int64]int64, len(c.seqs)+len(sess.Games))
	for id, seq := range c.seqs {
		last[id] = seq
	}
	for _, id := range sess.Games {
		if _, ok := last[id]; !ok {
			last[id] = -1 // not seen: ask for the full state
		}
	}
	c.mu.Unlock()
	c.events.push(Reconnected{LoggedIn: sess.Token != "", Me: playerOf(sess.Player), Games: sess.Games})
	for id, seq := range last {
		go c.resync(id, seq)
	}
	return cn, nil
}
