package server

import (
	"net"
	"sync"
	"syscall"
)

// sock is the socket under a websocket. The server writes its frames to it
// itself (writer.go), framed by appendFrame, not through gorilla's writer:
// a connection's queued frames leave in one system call, and the goroutine
// that queued them (the game's, the reader's) can write them at once
// without blocking, where the socket has room, instead of handing them to
// a writer goroutine. gorilla still writes its rare control frames (a
// close frame after a protocol error) through Write; mu keeps each frame
// whole on the wire.
type sock struct {
	net.Conn
	raw syscall.RawConn // the socket, for writes that must not block; nil when not plain TCP (TLS)

	// mu is held while a frame is on its way: by Write, and by the writer
	// from a write that did not finish at once until its rest is written
	// (a sync.Mutex may be unlocked by another goroutine than the locker).
	mu sync.Mutex

	// tryWrite's call, under mu (sock_unix.go).
	writeFn func(fd uintptr) bool
	wb      []byte
	wn      int
	werr    error
}

// newSock wraps a hijacked connection.
func newSock(c net.Conn) *sock { return &sock{Conn: c, raw: rawConn(c)} }

// Write writes p whole, between the writer's frames.
func (s *sock) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.Conn.Write(p)
}

// rawConn is the socket under c when it can be used without blocking
// (plain TCP; not TLS, whose records are buffered above the socket).
func rawConn(c net.Conn) syscall.RawConn {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return nil
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return raw
}

// WebSocket opcodes of the frames the server writes itself (RFC 6455 5.2).
const (
	opText = 0x1
	opPing = 0x9
	opPong = 0xA
)

// appendFrame appends an unmasked, final websocket frame (a server's) with
// opcode op and payload p.
func appendFrame(b []byte, op byte, p []byte) []byte {
	return append(appendHeader(b, op, len(p)), p...)
}

// appendHeader appends the header of an unmasked, final websocket frame
// with opcode op and an n-byte payload.
func appendHeader(b []byte, op byte, n int) []byte {
	b = append(b, 0x80|op)
	switch {
	case n < 126:
		return append(b, byte(n))
	case n <= 0xFFFF:
		return append(b, 126, byte(n>>8), byte(n))
	}
	return append(b, 127, byte(n>>56), byte(n>>48), byte(n>>40), byte(n>>32),
		byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
}

// frameBufs holds the buffers batches are framed into between uses, so an
// idle connection keeps none.
var frameBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4<<10); return &b }}

// maxPooledBuf is the largest buffer put back in frameBufs: a burst's
// larger one goes.
const maxPooledBuf = 32 << 10

func getFrameBuf() *[]byte { return frameBufs.Get().(*[]byte) }

func putFrameBuf(b *[]byte) {
	if cap(*b) <= maxPooledBuf {
		*b = (*b)[:0]
		frameBufs.Put(b)
	}
}
