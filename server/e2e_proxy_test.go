package server_test

import (
	"net/http"
	"testing"

	"github.com/gorilla/websocket"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/server"
)

// dialFrom dials with an X-Forwarded-For header and returns the status of
// the answer (101 when upgraded).
func dialFrom(t *testing.T, url, xff string) int {
	t.Helper()
	ws, resp, err := websocket.DefaultDialer.Dial(url, http.Header{"X-Forwarded-For": {xff}})
	if err == nil {
		t.Cleanup(func() { ws.Close() })
	}
	if resp == nil {
		t.Fatalf("dial: %v", err)
	}
	return resp.StatusCode
}

// TestTrustedProxies: behind a trusted proxy each forwarded client has its
// own per-address cap; from anyone else the header is ignored, so a client
// cannot dodge the cap by claiming other addresses.
func TestTrustedProxies(t *testing.T) {
	untrusted := servertest.Start(t, servertest.Options{Config: server.Config{MaxConnsPerIP: 2}})
	got := []int{dialFrom(t, untrusted.URL, "198.51.100.1"), dialFrom(t, untrusted.URL, "198.51.100.2"),
		dialFrom(t, untrusted.URL, "198.51.100.3")}
	if got[0] != 101 || got[1] != 101 || got[2] != http.StatusTooManyRequests {
		t.Fatalf("spoofed addresses from an untrusted peer: %v, want [101 101 429]", got)
	}

	loopback, _ := server.ParseProxies([]string{"127.0.0.1/32", "::1"})
	proxied := servertest.Start(t, servertest.Options{Config: server.Config{MaxConnsPerIP: 2, TrustedProxies: loopback}})
	for _, xff := range []string{"198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.1"} {
		if s := dialFrom(t, proxied.URL, xff); s != 101 {
			t.Fatalf("client %s behind the proxy: status %d", xff, s)
		}
	}
	if s := dialFrom(t, proxied.URL, "6.6.6.6, 198.51.100.1"); s != http.StatusTooManyRequests {
		t.Fatalf("third connection of 198.51.100.1 behind the proxy: status %d, want 429", s)
	}
}
