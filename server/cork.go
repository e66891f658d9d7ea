package server

import (
	"net"
	"sync"
)

// corkMax bounds what a corked connection gathers before it writes anyway.
const corkMax = 16 << 10

// corkBufs holds the buffers of corked connections between uses, so an idle
// connection keeps none.
var corkBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4<<10); return &b }}

// corkListener wraps every accepted connection in a corkConn.
type corkListener struct{ net.Listener }

func (l corkListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &corkConn{Conn: c}, nil
}

// corkConn lets a websocket's writer gather the frames it has queued into
// one write system call, like TCP_CORK: between cork and uncork, writes are
// buffered; uncork writes them at once. A move reaches the mover as two
// frames (the reply and the move event), so this halves the mover's
// syscalls, the largest share of the server's CPU under load. Uncorked,
// writes go straight through. Safe for concurrent use (gorilla writes pongs
// from the reader goroutine).
type corkConn struct {
	net.Conn
	mu     sync.Mutex
	corked bool
	buf    *[]byte // from corkBufs while corked and holding data
}

func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.corked {
		return c.Conn.Write(p)
	}
	if c.buf != nil && len(*c.buf)+len(p) > corkMax {
		if err := c.flushLocked(); err != nil {
			return 0, err
		}
	}
	if len(p) > corkMax {
		return c.Conn.Write(p)
	}
	if c.buf == nil {
		c.buf = corkBufs.Get().(*[]byte)
	}
	*c.buf = append(*c.buf, p...)
	return len(p), nil
}

// cork starts gathering writes.
func (c *corkConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// uncork writes what was gathered and lets later writes through.
func (c *corkConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	return c.flushLocked()
}

func (c *corkConn) flushLocked() error {
	if c.buf == nil {
		return nil
	}
	b := c.buf
	c.buf = nil
	_, err := c.Conn.Write(*b)
	if cap(*b) <= corkMax*2 {
		*b = (*b)[:0]
		corkBufs.Put(b)
	}
	return err
}
