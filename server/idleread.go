package server

import (
	"bufio"
	"errors"
	"net"
	"net/http"
)

// An idle connection's reader waits for its next frame in a shallow frame.
// Parked inside gorilla's reader (NextReader, its frame parser, bufio) the
// goroutine's stack stayed at 8 KB, the size new goroutines start with;
// parked in awaitFrame the collector shrinks it to 4 KB or less. At 3,000
// idle connections that took the RSS per connection from 19.2 to 12.0 KB
// (docs/performance.md).
//
// Waiting outside gorilla is safe only when gorilla holds no unread bytes:
// the connection's bufio.Reader is ours (hijackReader), so awaitFrame can
// ask it, and reads straight on when a frame is already buffered.

// readBufferSize is a connection's read buffer: 512 bytes hold a move whole;
// a long chat line takes more reads.
const readBufferSize = 512

// hijackReader is the ResponseWriter the upgrader sees: its Hijack hands
// gorilla a read buffer of readBufferSize that the connection keeps a hold
// of (gorilla reuses a hijacked reader larger than 256 bytes when the
// upgrader's ReadBufferSize is 0).
type hijackReader struct {
	http.ResponseWriter
	sock *sock
	br   *bufio.Reader
}

var errNotHijacker = errors.New("response does not implement http.Hijacker")

func (h *hijackReader) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	hj, ok := h.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errNotHijacker
	}
	conn, brw, err := hj.Hijack()
	if err != nil {
		return conn, brw, err
	}
	h.sock = newSock(conn)
	if brw.Reader.Buffered() > 0 {
		return h.sock, brw, nil // gorilla refuses data sent before the handshake
	}
	h.br = bufio.NewReaderSize(conn, readBufferSize)
	return h.sock, bufio.NewReadWriter(h.br, brw.Writer), nil
}

// awaitFrame returns once the next frame's bytes are there to read (or the
// socket failed, or its read deadline passed: the read that follows reports
// it). Without a socket to wait on, or with bytes already buffered, it
// returns at once.
func (c *conn) awaitFrame() {
	if c.raw == nil || c.br == nil || c.br.Buffered() > 0 {
		return
	}
	waitReadable(c.raw)
}
