package server

import (
	"time"

	"github.com/gorilla/websocket"
)

// The writer. A connection's writes are owned by one goroutine at a time,
// as in gorilla's chat example, but that goroutine only exists while there
// is something to write: send queues the frame and starts a writer if none
// runs; the writer writes what is queued (in one system call when the
// socket can be corked) and ends when the queue is empty. An idle
// connection then holds one goroutine (its reader), no timer and no send
// buffer: at 10,000 connections that is about 8 KB of stack and 1.5 KB of
// channel each that a parked writer goroutine and its ticker would keep.
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

// send queues a frame for the writer. It never blocks; a full queue closes
// the connection (the peer is not reading). False when the frame was not
// queued.
func (c *conn) send(frame []byte) bool {
	c.wmu.Lock()
	if c.closing {
		c.wmu.Unlock()
		return false
	}
	if len(c.queue) >= sendQueue {
		c.wmu.Unlock()
		c.env.metrics.dropped.Inc()
		c.close(websocket.ClosePolicyViolation, tooSlow)
		return false
	}
	c.queue = append(c.queue, frame)
	c.wakeLocked()
	c.wmu.Unlock()
	return true
}

// ping asks the writer for a stamped ping (lag.go); nothing once closing.
func (c *conn) ping() {
	c.wmu.Lock()
	if !c.closing {
		c.pingDue = true
		c.wakeLocked()
	}
	c.wmu.Unlock()
}

// wakeLocked starts a writer unless one runs. c.wmu must be held.
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
	c.once.Do(func() {
		c.closeCode, c.closeText = code, text
		c.wmu.Lock()
		c.closing = true
		close(c.done)
		c.wakeLocked()
		c.wmu.Unlock()
	})
}

// writeLoop writes what is queued until the queue is empty, then ends; or,
// once the connection is closing, says goodbye.
func (c *conn) writeLoop() {
	var batch [][]byte
	for {
		c.wmu.Lock()
		if c.closing {
			c.finished = true
			c.wmu.Unlock()
			c.goodbye()
			return
		}
		if len(c.queue) == 0 && !c.pingDue {
			c.writing = false
			if cap(c.queue) == 0 && cap(batch) <= spareQueue {
				c.queue = batch[:0] // the next send appends without allocating
			}
			c.wmu.Unlock()
			return
		}
		batch, c.queue = c.queue, batch[:0]
		ping := c.pingDue
		c.pingDue = false
		c.wmu.Unlock()

		err := c.writeFrames(batch, ping)
		clear(batch) // the frames may be large; let them go
		if err != nil {
			c.close(websocket.CloseAbnormalClosure, "")
		}
	}
}

// writeFrames writes frames and, if asked, a ping, in one system call when
// the socket can be corked.
func (c *conn) writeFrames(frames [][]byte, ping bool) error {
	now := time.Now()
	_ = c.ws.SetWriteDeadline(now.Add(writeWait))
	if c.cork != nil {
		c.cork.cork()
	}
	var err error
	for _, f := range frames {
		if err = c.ws.WriteMessage(websocket.TextMessage, f); err != nil {
			break
		}
	}
	if err == nil && ping {
		err = c.writePing(now)
	}
	if c.cork != nil {
		if uerr := c.cork.uncork(); err == nil {
			err = uerr
		}
	}
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
	rest := c.queue
	c.queue = nil
	c.wmu.Unlock()
	if c.closeText != tooSlow {
		_ = c.ws.SetWriteDeadline(time.Now().Add(closeTimeout))
		for _, f := range rest {
			if c.ws.WriteMessage(websocket.TextMessage, f) != nil {
				break
			}
		}
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
