package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

func TestHealthURL(t *testing.T) {
	for addr, want := range map[string]string{
		":7878":           "http://127.0.0.1:7878/healthz",
		"0.0.0.0:7878":    "http://127.0.0.1:7878/healthz",
		"[::]:7878":       "http://127.0.0.1:7878/healthz",
		"10.0.0.5:9000":   "http://10.0.0.5:9000/healthz",
		"[::1]:9000":      "http://[::1]:9000/healthz",
		"gomoku.lan:7878": "http://gomoku.lan:7878/healthz",
	} {
		if got := healthURL(addr); got != want {
			t.Errorf("healthURL(%q) = %q, want %q", addr, got, want)
		}
	}
}

// TestHealthcheck runs the command against a server that is healthy, one
// that is not, and an address where nothing listens: exit 0, 1 and 1.
func TestHealthcheck(t *testing.T) {
	var healthy atomic.Bool
	healthy.Store(true)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" || !healthy.Load() {
			http.Error(w, "store unreachable", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("ok\n"))
	}))
	defer hs.Close()
	check := func(addr string) (int, string) {
		var out, errOut bytes.Buffer
		code := run(context.Background(), []string{"healthcheck", "--addr", addr}, &out, &errOut)
		return code, out.String() + errOut.String()
	}
	addr := strings.TrimPrefix(hs.URL, "http://")
	if code, out := check(addr); code != 0 {
		t.Fatalf("healthy server: exit %d, %s", code, out)
	}
	healthy.Store(false)
	if code, out := check(addr); code != 1 || !strings.Contains(out, "503") {
		t.Fatalf("unhealthy server: exit %d, %s", code, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	free := ln.Addr().String()
	ln.Close()
	if code, out := check(free); code != 1 {
		t.Fatalf("nothing listening: exit %d, %s", code, out)
	}
}
