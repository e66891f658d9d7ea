package server_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/server"
)

// connCap is the connection cap under test (MaxConnsPerIP's default), and
// burstSize how many handshakes arrive at once, well over it.
const (
	connCap   = 64
	burstSize = 120
)

// TestConnectionCapUnderBurst: handshakes that arrive together must not all
// pass the cap check before any of them is counted. Exactly the cap gets
// through, the rest are refused, and once those connections close their
// slots are free again: the cap admits as many new ones, and no more.
func TestConnectionCapUnderBurst(t *testing.T) {
	for _, tt := range []struct {
		name    string
		cfg     server.Config
		refusal int // the status of a handshake over the cap
	}{
		{"per address", server.Config{MaxConnsPerIP: connCap}, http.StatusTooManyRequests},
		{"global", server.Config{MaxConns: connCap, MaxConnsPerIP: 10 * burstSize}, http.StatusServiceUnavailable},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.LoginWait = time.Hour // no connection is dropped for staying silent while the test runs
			s := servertest.Start(t, servertest.Options{Config: tt.cfg})

			open, refused := burst(t, s.URL, burstSize)
			if len(open) != connCap || refused[tt.refusal] != burstSize-connCap || len(refused) != 1 {
				t.Fatalf("%d handshakes at once: %d accepted, refusals by status %v; want %d accepted and %d refused with %d",
					burstSize, len(open), refused, connCap, burstSize-connCap, tt.refusal)
			}

			for _, ws := range open {
				ws.Close()
			}
			// The server frees a slot when it notices the close: new
			// connections get in as it does, up to the cap again.
			for range connCap {
				dialWhenFree(t, s.URL, tt.refusal)
			}
			ws, resp, err := websocket.DefaultDialer.Dial(s.URL, nil)
			if err == nil {
				ws.Close()
				t.Fatalf("connection %d after the first ones closed was accepted", connCap+1)
			}
			if resp == nil || resp.StatusCode != tt.refusal {
				t.Fatalf("connection %d after the first ones closed: %v, want status %d", connCap+1, err, tt.refusal)
			}
		})
	}
}

// burst makes n websocket handshakes from one address at once: each sends
// its request but for the last byte, and when all n have, the last bytes go
// out together, so the server handles all of them while none has finished.
// It returns the accepted connections (closed when the test ends) and how
// many were refused with each HTTP status; any other failure fails the test.
// (A cap checked before the upgrade and counted after it let 65 to 120
// through in every run tried under -race, as CI runs the tests; without
// -race, Go's scheduler often runs each handshake to its end in one go.)
func burst(t *testing.T, url string, n int) (open []*websocket.Conn, refused map[int]int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	var ready sync.WaitGroup // requests written but for their last byte, or failed before
	ready.Add(n)
	start := make(chan struct{})
	type result struct {
		ws   *websocket.Conn
		resp *http.Response
		err  error
	}
	results := make(chan result, n)
	for range n {
		go func() {
			arrived := sync.OnceFunc(ready.Done)
			defer arrived()
			d := websocket.Dialer{NetDialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
				if err != nil {
					return nil, err
				}
				return &gatedConn{Conn: c, arrived: arrived, start: start}, nil
			}}
			ws, resp, err := d.DialContext(ctx, url, nil)
			results <- result{ws, resp, err}
		}()
	}
	ready.Wait()
	close(start)

	refused = map[int]int{}
	var errs []error
	for range n {
		r := <-results
		switch {
		case r.err == nil:
			t.Cleanup(func() { r.ws.Close() })
			open = append(open, r.ws)
		case errors.Is(r.err, websocket.ErrBadHandshake) && r.resp != nil:
			refused[r.resp.StatusCode]++
		default:
			errs = append(errs, r.err)
		}
	}
	if len(errs) > 0 {
		t.Fatalf("%d of %d handshakes failed without an HTTP answer, first: %v", len(errs), n, errs[0])
	}
	return open, refused
}

// gatedConn holds back the last byte of its first write, the handshake
// request, until start is closed; it calls arrived when the rest is sent.
type gatedConn struct {
	net.Conn
	arrived func()
	start   <-chan struct{}
	sent    bool // the first write has been made
}

func (c *gatedConn) Write(p []byte) (int, error) {
	if c.sent || len(p) < 2 {
		return c.Conn.Write(p)
	}
	c.sent = true
	n, err := c.Conn.Write(p[:len(p)-1])
	c.arrived()
	if err != nil {
		return n, err
	}
	<-c.start
	m, err := c.Conn.Write(p[len(p)-1:])
	return n + m, err
}

// dialWhenFree dials until the server accepts, while it answers with the
// status of a full cap; it fails the test on any other answer or after wait.
func dialWhenFree(t *testing.T, url string, refusal int) *websocket.Conn {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		ws, resp, err := websocket.DefaultDialer.Dial(url, nil)
		if err == nil {
			t.Cleanup(func() { ws.Close() })
			return ws
		}
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		if status != refusal {
			t.Fatalf("dial: %v (status %d)", err, status)
		}
		if time.Now().After(deadline) {
			t.Fatalf("still refused (status %d) %v after the connections closed: slots leaked", status, wait)
		}
		// Poll: nothing outside the server tells when it has freed a slot.
		time.Sleep(5 * time.Millisecond)
	}
}
