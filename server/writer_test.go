package server

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"
	"time"
)

// tcpPair is a loopback TCP connection with small socket buffers, so that
// the server's side fills after a few kilobytes the client does not read.
func tcpPair(t *testing.T) (server, client *net.TCPConn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cc, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	server, client = sc.(*net.TCPConn), cc.(*net.TCPConn)
	t.Cleanup(func() { server.Close(); client.Close() })
	if err := server.SetWriteBuffer(4 << 10); err != nil {
		t.Fatal(err)
	}
	if err := client.SetReadBuffer(4 << 10); err != nil {
		t.Fatal(err)
	}
	return server, client
}

type wsFrame struct {
	op      byte
	payload []byte
}

// readServerFrame parses one unmasked, final frame as a client reads it.
func readServerFrame(t *testing.T, r io.Reader) wsFrame {
	t.Helper()
	var h [2]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		t.Fatal(err)
	}
	if h[0]&0x80 == 0 || h[1]&0x80 != 0 {
		t.Fatalf("frame header %x: want FIN set and no mask", h)
	}
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var l [2]byte
		if _, err := io.ReadFull(r, l[:]); err != nil {
			t.Fatal(err)
		}
		n = uint64(binary.BigEndian.Uint16(l[:]))
	case 127:
		var l [8]byte
		if _, err := io.ReadFull(r, l[:]); err != nil {
			t.Fatal(err)
		}
		n = binary.BigEndian.Uint64(l[:])
	}
	p := make([]byte, n)
	if _, err := io.ReadFull(r, p); err != nil {
		t.Fatal(err)
	}
	return wsFrame{op: h[0] & 0x0f, payload: p}
}

// TestWriterBackpressure queues more than the socket takes while the peer
// does not read: the first write goes out inline and partly, the writer
// goroutine finishes it and writes the rest as the peer reads, and every
// frame arrives whole and in order, with the pong and ping asked for
// meanwhile, whatever its length's encoding.
func TestWriterBackpressure(t *testing.T) {
	sc, cc := tcpPair(t)
	c := &conn{sock: newSock(sc), done: make(chan struct{})}
	sizes := []int{10, 125, 126, 300, 65535, 65536, 70000, 5, 8 << 10, 8 << 10, 1}
	var want [][]byte
	for i, n := range sizes {
		p := bytes.Repeat([]byte{byte('a' + i)}, n)
		want = append(want, p)
		c.sendNow(p)
	}
	c.wmu.Lock()
	if !c.writing {
		t.Fatal("the socket took everything at once: the test's buffers are too large to show backpressure")
	}
	c.wmu.Unlock()
	c.pong("hi")
	c.ping()

	r := bufio.NewReader(cc)
	for i, p := range want {
		f := readServerFrame(t, r)
		if f.op != opText || !bytes.Equal(f.payload, p) {
			t.Fatalf("frame %d: op %d, %d bytes, want a text frame of %d bytes of %q", i, f.op, len(f.payload), len(p), p[:1])
		}
	}
	if f := readServerFrame(t, r); f.op != opPong || string(f.payload) != "hi" {
		t.Fatalf("after the frames: op %d %q, want the pong", f.op, f.payload)
	}
	f := readServerFrame(t, r)
	if f.op != opPing || len(f.payload) != 8 {
		t.Fatalf("then op %d %q, want a stamped ping", f.op, f.payload)
	}
	sent := time.Unix(0, int64(binary.BigEndian.Uint64(f.payload)))
	if d := time.Since(sent); d < 0 || d > time.Minute {
		t.Fatalf("ping stamped %v ago", d)
	}
}

// TestWriteNowInline: with room in the socket, frames queued together
// leave in one write on the caller's goroutine, and no writer stays busy.
func TestWriteNowInline(t *testing.T) {
	sc, cc := tcpPair(t)
	c := &conn{sock: newSock(sc), done: make(chan struct{})}
	var frames []string
	for i := range 3 {
		frames = append(frames, fmt.Sprintf(`{"type":"n","i":%d}`, i))
		if kick := c.enqueue([]byte(frames[i])); kick != (i == 0) {
			t.Fatalf("enqueue %d: kick %v, want it only for the first", i, kick)
		}
	}
	c.writeNow()
	c.wmu.Lock()
	busy, queued := c.writing, len(c.queue)
	c.wmu.Unlock()
	if busy || queued != 0 {
		t.Fatalf("after writeNow: writing %v, %d queued; want all written inline", busy, queued)
	}
	r := bufio.NewReader(cc)
	for i, want := range frames {
		if f := readServerFrame(t, r); string(f.payload) != want {
			t.Fatalf("frame %d: %q, want %q", i, f.payload, want)
		}
	}
	if !c.enqueue([]byte("x")) {
		t.Fatal("after writeNow, the next enqueue must kick again")
	}
}

// waitWriterDone waits for a writer goroutine to end (it ends once its
// queue is empty).
func waitWriterDone(t *testing.T, c *conn) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); {
		c.wmu.Lock()
		busy := c.writing
		c.wmu.Unlock()
		if !busy {
			return
		}
		runtime.Gosched()
	}
	t.Fatal("the writer goroutine did not end")
}

// TestPingRidesOnFrames: a connection that wrote since the pinger's last
// round gets its ping with its next frames; one that did not, or whose
// ping is still waiting, gets it written at once.
func TestPingRidesOnFrames(t *testing.T) {
	sc, cc := tcpPair(t)
	c := &conn{sock: newSock(sc), done: make(chan struct{})}
	r := bufio.NewReader(cc)
	expect := func(op byte, payload string) {
		t.Helper()
		f := readServerFrame(t, r)
		if f.op != op || (op == opText && string(f.payload) != payload) {
			t.Fatalf("got op %d %q, want op %d %q", f.op, f.payload, op, payload)
		}
	}
	c.ping() // wrote nothing yet: at once
	expect(opPing, "")
	waitWriterDone(t, c)
	c.sendNow([]byte("a"))
	expect(opText, "a")
	c.ping() // wrote since: waits for the next frames
	c.wmu.Lock()
	busy := c.writing
	c.wmu.Unlock()
	if busy {
		t.Fatal("a writer started for the ping of a connection that writes anyway")
	}
	c.sendNow([]byte("b"))
	expect(opText, "b")
	expect(opPing, "")
	c.sendNow([]byte("c"))
	expect(opText, "c")
	c.ping() // deferred...
	c.ping() // ...and still waiting a round later: at once
	expect(opPing, "")
}

// TestWriterSharesLargeFrames: a writer goroutine writes a large queued
// frame from where it lies (the lobby's pushes are one frame shared by
// every connection), between the copied small ones, in order, with the
// pong after them.
func TestWriterSharesLargeFrames(t *testing.T) {
	big1 := bytes.Repeat([]byte("L"), sharedFrame)
	big2 := bytes.Repeat([]byte("M"), 70000)
	frames := [][]byte{[]byte("s1"), big1, []byte("s2"), big2, big1}

	c := &conn{done: make(chan struct{})}
	c.queue = append(c.queue, frames...)
	c.pongDue, c.pongData = true, []byte("hi")
	var vec net.Buffers
	buf := c.frameLocked(&vec)
	var want []byte
	for _, f := range frames {
		want = appendFrame(want, opText, f)
	}
	want = appendFrame(want, opPong, []byte("hi"))
	if got := bytes.Join(vec, nil); !bytes.Equal(got, want) {
		t.Fatalf("vec holds %d bytes, want the %d bytes of the frames framed in order", len(got), len(want))
	}
	shared := 0
	for _, p := range vec {
		if len(p) > 0 && (&p[0] == &big1[0] || &p[0] == &big2[0]) {
			shared++
		}
	}
	if shared != 3 {
		t.Fatalf("%d of vec's pieces are the large frames themselves, want 3 (not copies)", shared)
	}
	putFrameBuf(buf)

	sc, cc := tcpPair(t)
	c = &conn{sock: newSock(sc), done: make(chan struct{})}
	for _, f := range frames {
		c.send(f)
	}
	_ = c.pong("hi")
	r := bufio.NewReader(cc)
	for i, p := range frames {
		if f := readServerFrame(t, r); f.op != opText || !bytes.Equal(f.payload, p) {
			t.Fatalf("frame %d: op %d, %d bytes, want a text frame of %d bytes", i, f.op, len(f.payload), len(p))
		}
	}
	if f := readServerFrame(t, r); f.op != opPong || string(f.payload) != "hi" {
		t.Fatalf("after the frames: op %d %q, want the pong", f.op, f.payload)
	}
}

// TestWriterSharesLargeFramesTLS: over TLS (no raw socket: every write is
// a writer goroutine's) the shared pieces go out as TLS records in order.
func TestWriterSharesLargeFramesTLS(t *testing.T) {
	hs := httptest.NewUnstartedServer(http.NotFoundHandler())
	hs.StartTLS() // for its certificate
	defer hs.Close()
	sp, cp := net.Pipe()
	sc := tls.Server(sp, hs.TLS)
	cc := tls.Client(cp, &tls.Config{InsecureSkipVerify: true}) //nolint:gosec // the test's own certificate
	t.Cleanup(func() { sc.Close(); cc.Close() })

	c := &conn{sock: newSock(sc), done: make(chan struct{})}
	if c.sock.raw != nil {
		t.Fatal("a TLS connection has no raw socket to write to")
	}
	frames := [][]byte{[]byte("s1"), bytes.Repeat([]byte("L"), 3<<10), []byte("s2"), bytes.Repeat([]byte("M"), 70000)}
	for _, f := range frames {
		c.send(f)
	}
	r := bufio.NewReader(cc)
	for i, p := range frames {
		if f := readServerFrame(t, r); f.op != opText || !bytes.Equal(f.payload, p) {
			t.Fatalf("frame %d: op %d, %d bytes, want a text frame of %d bytes", i, f.op, len(f.payload), len(p))
		}
	}
}
