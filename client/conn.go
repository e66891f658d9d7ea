package client

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Timing and size limits of a connection.
const (
	writeWait      = 10 * time.Second    // a write must finish within this
	pongWait       = 60 * time.Second    // the server must answer pings (or send) within this
	pingPeriod     = pongWait * 9 / 10   // how often the client pings
	maxMessageSize = 1 << 20             // the largest frame the client reads (full game states)
	sendQueue      = 64                  // frames waiting for the writer
	dialTimeout    = 10 * time.Second    // connecting, before the handshake
	closeGrace     = 1 * time.Second     // waiting for the server's close frame
	userAgent      = "gomoku-client/1.0" // sent with the upgrade request
)

// ErrClosed is returned for requests on a client closed by Close.
var ErrClosed = errors.New("connection closed")

// ErrDisconnected is returned for requests made, or waiting for a reply,
// while the connection is down; the client may reconnect.
var ErrDisconnected = errors.New("disconnected from the server")

// conn is one websocket connection: a reader goroutine that hands every
// frame to onFrame, a writer goroutine that owns all writes. It stops when
// either side fails or Close is called; done is closed then, and err says why.
type conn struct {
	ws      *websocket.Conn
	out     chan []byte
	done    chan struct{}
	once    sync.Once
	mu      sync.Mutex
	err     error
	onFrame func([]byte)
}

// dialConn connects to url and starts the connection's goroutines. onFrame
// runs on the reader goroutine for every text frame.
func dialConn(ctx context.Context, url string, tlsConf *tls.Config, onFrame func([]byte)) (*conn, error) {
	d := websocket.Dialer{HandshakeTimeout: dialTimeout, Proxy: http.ProxyFromEnvironment, TLSClientConfig: tlsConf}
	h := http.Header{"User-Agent": {userAgent}}
	ws, resp, err := d.DialContext(ctx, url, h)
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("connect to %s: %w (HTTP %s)", url, err, resp.Status)
		}
		return nil, fmt.Errorf("connect to %s: %w", url, err)
	}
	c := &conn{ws: ws, out: make(chan []byte, sendQueue), done: make(chan struct{}), onFrame: onFrame}
	ws.SetReadLimit(maxMessageSize)
	go c.readLoop()
	go c.writeLoop()
	return c, nil
}

// stop ends the connection once, recording the first reason.
func (c *conn) stop(err error) {
	c.once.Do(func() {
		c.mu.Lock()
		c.err = err
		c.mu.Unlock()
		close(c.done)
	})
}

// Err is why the connection stopped (nil while it runs).
func (c *conn) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// send queues a frame. It fails when the connection is down or the queue is
// full (the server is not reading: the connection is dropped).
func (c *conn) send(frame []byte) error {
	select {
	case <-c.done:
		return ErrDisconnected
	default:
	}
	select {
	case c.out <- frame:
		return nil
	case <-c.done:
		return ErrDisconnected
	default:
		c.stop(errors.New("send queue full"))
		return ErrDisconnected
	}
}

// Close says goodbye and ends the connection; it returns at once.
func (c *conn) Close() {
	c.stop(ErrClosed)
}

func (c *conn) readLoop() {
	defer c.ws.Close()
	_ = c.ws.SetReadDeadline(time.Now().Add(pongWait))
	c.ws.SetPongHandler(func(string) error {
		return c.ws.SetReadDeadline(time.Now().Add(pongWait))
	})
	for {
		kind, data, err := c.ws.ReadMessage()
		if err != nil {
			c.stop(fmt.Errorf("read: %w", err))
			return
		}
		_ = c.ws.SetReadDeadline(time.Now().Add(pongWait))
		if kind == websocket.TextMessage {
			c.onFrame(data)
		}
	}
}

func (c *conn) writeLoop() {
	ping := time.NewTicker(pingPeriod)
	defer ping.Stop()
	for {
		select {
		case frame := <-c.out:
			_ = c.ws.SetWriteDeadline(time.Now().Add(writeWait))
			if err := c.ws.WriteMessage(websocket.TextMessage, frame); err != nil {
				c.stop(fmt.Errorf("write: %w", err))
				return
			}
		case <-ping.C:
			if err := c.ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(writeWait)); err != nil {
				c.stop(fmt.Errorf("ping: %w", err))
				return
			}
		case <-c.done:
			msg := websocket.FormatCloseMessage(websocket.CloseNormalClosure, "bye")
			_ = c.ws.WriteControl(websocket.CloseMessage, msg, time.Now().Add(writeWait))
			// Give the reader a moment to see the server's close, then cut.
			time.AfterFunc(closeGrace, func() { c.ws.Close() })
			return
		}
	}
}
