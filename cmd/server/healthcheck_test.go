package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

func TestHealthURL(t *testing.T) {
	for _, tc := range []struct {
		addr   string
		secure bool
		want   string
	}{
		{":7878", false, "http://127.0.0.1:7878/healthz"},
		{"0.0.0.0:7878", false, "http://127.0.0.1:7878/healthz"},
		{"[::]:7878", false, "http://127.0.0.1:7878/healthz"},
		{"10.0.0.5:9000", false, "http://10.0.0.5:9000/healthz"},
		{"[::1]:9000", false, "http://[::1]:9000/healthz"},
		{"gomoku.lan:7878", false, "http://gomoku.lan:7878/healthz"},
		{":443", true, "https://127.0.0.1:443/healthz"},
	} {
		if got := healthURL(tc.addr, tc.secure); got != tc.want {
			t.Errorf("healthURL(%q, %v) = %q, want %q", tc.addr, tc.secure, got, tc.want)
		}
	}
}

// TestHealthcheckTLS: with the TLS flags the check speaks https to the
// server's own address, naming the --domain (automatic certificates are
// chosen by name), and a plain check of a TLS port fails.
func TestHealthcheckTLS(t *testing.T) {
	var sni atomic.Value
	sni.Store("")
	hs := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok\n"))
	}))
	hs.TLS = &tls.Config{GetConfigForClient: func(h *tls.ClientHelloInfo) (*tls.Config, error) {
		sni.Store(h.ServerName)
		return nil, nil
	}}
	hs.Config.ErrorLog = log.New(io.Discard, "", 0) // the plain request's handshake error
	hs.StartTLS()
	defer hs.Close()
	addr := strings.TrimPrefix(hs.URL, "https://")
	check := func(args ...string) (int, string) {
		var out, errOut bytes.Buffer
		code := run(context.Background(), append([]string{"healthcheck", "--addr", addr}, args...), &out, &errOut)
		return code, out.String() + errOut.String()
	}
	if code, out := check("--tls-cert", "cert.pem", "--tls-key", "key.pem"); code != 0 {
		t.Fatalf("certificate files: exit %d, %s", code, out)
	}
	if code, out := check("--domain", "gomoku.example.org,www.gomoku.example.org"); code != 0 || sni.Load() != "gomoku.example.org" {
		t.Fatalf("automatic certificates: exit %d, server name %q, %s", code, sni.Load(), out)
	}
	if code, _ := check(); code != 1 {
		t.Fatalf("plain http to a TLS port: exit %d, want 1", code)
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
