package server

import (
	"net"
	"time"

	"github.com/gorilla/websocket"
)

// The writer. A connection's writes are owned by one writer at a time: the
// goroutine that finds no writer busy becomes it. The game's and the
// reader's goroutines write inline (writeNow): the frames they queued leave
// at once, in one system call that never waits; what the socket does not
// take at once goes to a writer goroutine, which waits for room. Others
// (the lobby's pushes to everyone) queue with send, which starts a writer
// goroutine, so a broadcast never waits on thousands of sockets. A writer
// goroutine only exists while there is something to write: an idle
// connection holds one goroutine (its reader), no timer and no buffer.
// Pings come from the gate's pinger (ping.go), which marks a ping due and
// wakes the writer like a frame.
//
// Closing: close marks the connection done and wakes a writer, which
// flushes what is queued (unless the peer is too slow), sends the close
// frame, lets the reader see the peer's reply, closes the socket and tells
// the gate (connWG). No writer starts after that one.

// spareQueue is the largest queue a connection keeps between writers: a
// move's two or three frames fit, a burst's larger slice goes.
const spareQueue = 4

// sharedFrame is the size from which a writer goroutine writes a queued
// frame from where it lies instead of copying it (frameLocked).
const sharedFrame = 1 << 10

// send queues a frame and starts a writer goroutine unless a writer is
// busy. It never blocks; a full queue closes the connection (the peer is
// not reading). False when the frame was not queued.
func (c *conn) send(frame []byte) bool {
	c.wmu.Lock()
	ok := c.enqueueLocked(frame)
	if ok {
		c.wakeLocked()
	}
	c.wmu.Unlock()
	return ok
}

// sendNow is send for the game's and the reader's goroutines: it writes
// the frame on the caller's goroutine, without blocking, when no writer is
// busy.
func (c *conn) sendNow(frame []byte) {
	if c.enqueue(frame) {
		c.writeNow()
	}
}

// enqueue queues a frame for the next write without starting one. True
// when the caller must then call writeNow (after queuing the rest of its
// frames, so they leave together); false when the frame was not queued or
// a caller before it will write it.
func (c *conn) enqueue(frame []byte) (kick bool) {
	c.wmu.Lock()
	if c.enqueueLocked(frame) && !c.kicked {
		c.kicked, kick = true, true
	}
	c.wmu.Unlock()
	return kick
}

func (c *conn) enqueueLocked(frame []byte) bool {
	if c.closing {
		return false
	}
	if len(c.queue) >= sendQueue {
		c.env.metrics.dropped.Inc()
		c.closeLocked(websocket.ClosePolicyViolation, tooSlow)
		return false
	}
	c.queue = append(c.queue, frame)
	return true
}

// ping asks for a stamped ping (lag.go); nothing once closing. A
// connection that wrote since the last round (a player in a game) gets it
// with its next frames, in the same system call, stamped when written; one
// that did not, or whose last ping is still waiting, gets a writer now.
// A ping is so at most one round late.
func (c *conn) ping() {
	c.wmu.Lock()
	if !c.closing {
		wait := c.pingDue || !c.wrote
		c.pingDue, c.wrote = true, false
		if wait {
			c.wakeLocked()
		}
	}
	c.wmu.Unlock()
}

// pong queues the answer to the peer's ping (only the latest is answered,
// as RFC 6455 allows). It runs on the reader: gorilla's own answer would be
// written from there, around the writer's frames.
func (c *conn) pong(data string) error {
	c.wmu.Lock()
	if !c.closing {
		c.pongData = append(c.pongData[:0], data...)
		c.pongDue = true
		c.wakeLocked()
	}
	c.wmu.Unlock()
	return nil
}

// wakeLocked starts a writer goroutine unless a writer is busy. c.wmu must
// be held.
func (c *conn) wakeLocked() {
	if c.writing || c.finished {
		return
	}
	c.writing = true
	go c.writeLoop()
}

// close ends the connection once with a close code; safe from any
// goroutine. A writer says goodbye and closes the socket.
func (c *conn) close(code int, text string) {
	c.wmu.Lock()
	c.closeLocked(code, text)
	c.wmu.Unlock()
}

func (c *conn) closeLocked(code int, text string) {
	if c.closing {
		return
	}
	c.closeCode, c.closeText = code, text
	c.closing = true
	close(c.done)
	c.wakeLocked()
}

// idleLocked reports whether a writer has nothing to do. c.wmu must be
// held.
func (c *conn) idleLocked() bool {
	return len(c.queue) == 0 && !c.pingDue && !c.pongDue && !c.closing
}

// writeNow writes what is queued on the caller's goroutine, unless a writer
// is busy (it writes it) or the socket cannot be written without waiting
// (a writer goroutine does). One system call, which never blocks: what the
// socket does not take, and anything queued meanwhile, is left to a writer
// goroutine.
func (c *conn) writeNow() {
	c.wmu.Lock()
	c.kicked = false
	if c.writing || c.finished || c.idleLocked() {
		c.wmu.Unlock()
		return
	}
	if c.sock == nil || c.sock.raw == nil || c.closing {
		c.wakeLocked()
		c.wmu.Unlock()
		return
	}
	c.writing = true
	buf := c.frameLocked(nil)
	c.wmu.Unlock()

	c.sock.mu.Lock()
	n, err := c.sock.tryWrite(*buf)
	whole := n == len(*buf)
	if err != nil || whole {
		c.sock.mu.Unlock()
		putFrameBuf(buf)
	}
	c.wmu.Lock()
	switch {
	case err != nil:
		c.writing = false
		c.closeLocked(websocket.CloseAbnormalClosure, "")
	case !whole:
		c.rest, c.restOff = buf, n // the socket stays locked for the writer
		go c.writeLoop()
	case c.idleLocked():
		c.writing = false
	default:
		go c.writeLoop()
	}
	c.wmu.Unlock()
}

// frameLocked takes what is queued, framed, into a buffer from frameBufs:
// the queued frames, then the pong and the ping if due. c.wmu must be held.
//
// With vec, a frame of sharedFrame bytes or more is not copied: its header
// goes in the buffer and vec lists the buffer's pieces and the frame itself,
// in order, for one vectored write. A lobby push is one frame shared by
// every connection; copied, each connection's copy was garbage a moment
// later (a gigabyte a second while thousands of games started). With vec,
// vec is the whole write (the buffer only holds its copied pieces).
func (c *conn) frameLocked(vec *net.Buffers) *[]byte {
	c.wrote = true
	buf := getFrameBuf()
	b := *buf
	mark := 0 // the start of what vec does not list yet
	for _, f := range c.queue {
		if vec == nil || len(f) < sharedFrame {
			b = appendFrame(b, opText, f)
			continue
		}
		b = appendHeader(b, opText, len(f))
		// Should b grow later, this piece keeps the old array: still intact.
		*vec = append(*vec, b[mark:len(b):len(b)], f)
		mark = len(b)
	}
	clear(c.queue) // the frames may be large; let them go
	if cap(c.queue) > spareQueue {
		c.queue = nil // a burst's queue goes
	} else {
		c.queue = c.queue[:0] // the next frames are queued without allocating
	}
	if c.pongDue {
		b = appendFrame(b, opPong, c.pongData)
		c.pongDue = false
	}
	if c.pingDue {
		b = appendPing(b, time.Now())
		c.pingDue = false
	}
	if vec != nil && len(b) > mark {
		*vec = append(*vec, b[mark:])
	}
	*buf = b
	return buf
}

// writeLoop is a writer goroutine: it finishes a write that writeNow left
// (the socket still locked), then writes what is queued, waiting for the
// socket, until the queue is empty; or, once the connection is closing,
// says goodbye.
func (c *conn) writeLoop() {
	c.wmu.Lock()
	rest, off := c.rest, c.restOff
	c.rest = nil
	c.wmu.Unlock()
	if rest != nil {
		err := c.writeAll((*rest)[off:])
		c.sock.mu.Unlock()
		putFrameBuf(rest)
		if err != nil {
			c.close(websocket.CloseAbnormalClosure, "")
		}
	}
	var vec net.Buffers
	for {
		c.wmu.Lock()
		if c.closing {
			c.finished = true
			c.wmu.Unlock()
			c.goodbye()
			return
		}
		if c.idleLocked() {
			c.writing = false
			c.wmu.Unlock()
			return
		}
		buf := c.frameLocked(&vec)
		c.wmu.Unlock()

		c.sock.mu.Lock()
		err := c.writeVec(vec)
		clear(vec) // the shared frames may go
		vec = vec[:0]
		c.sock.mu.Unlock()
		putFrameBuf(buf)
		if err != nil {
			c.close(websocket.CloseAbnormalClosure, "")
		}
	}
}

// writeAll writes b whole, waiting up to writeWait for the peer to make
// room. c.sock.mu must be held. The deadline is cleared afterwards: a
// write that must not wait (tryWrite) fails once a deadline has passed.
func (c *conn) writeAll(b []byte) error {
	_ = c.sock.SetWriteDeadline(time.Now().Add(writeWait))
	_, err := c.sock.Conn.Write(b)
	_ = c.sock.SetWriteDeadline(time.Time{})
	return err
}

// writeVec writes vec's pieces in order, whole, as writeAll does: one
// writev where the socket is plain TCP. It empties vec's entries as they
// are written; vec's length is the caller's.
func (c *conn) writeVec(vec net.Buffers) error {
	_ = c.sock.SetWriteDeadline(time.Now().Add(writeWait))
	_, err := vec.WriteTo(c.sock.Conn)
	_ = c.sock.SetWriteDeadline(time.Time{})
	return err
}

// goodbye runs once, on the last writer: it flushes what is still queued
// (a shutdown notice, say; not to a peer that does not read), sends the
// close frame, waits briefly for the reader to see the peer's reply, and
// closes the socket.
func (c *conn) goodbye() {
	defer c.gate.connWG.Done()
	defer c.ws.Close() // ends the reader too
	if c.closeCode == websocket.CloseAbnormalClosure {
		return
	}
	c.wmu.Lock()
	var buf *[]byte
	if c.closeText != tooSlow && len(c.queue) > 0 {
		buf = c.frameLocked(nil)
	}
	c.queue = nil
	c.wmu.Unlock()
	if buf != nil {
		c.sock.mu.Lock()
		_ = c.sock.SetWriteDeadline(time.Now().Add(closeTimeout))
		_, _ = c.sock.Conn.Write(*buf)
		c.sock.mu.Unlock()
		putFrameBuf(buf)
	}
	msg := websocket.FormatCloseMessage(c.closeCode, c.closeText)
	_ = c.ws.WriteControl(websocket.CloseMessage, msg, time.Now().Add(closeTimeout))
	// Let the reader see the peer's close reply before the socket closes:
	// closing with unread input would reset the connection and lose the
	// close frame.
	t := time.NewTimer(closeTimeout)
	defer t.Stop()
	select {
	case <-c.readerDone:
	case <-t.C:
	}
}
