package main

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
)

func TestDebugServesProfiles(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	stop := serveDebug(context.Background(), ln, slog.New(slog.DiscardHandler))
	defer stop()
	base := "http://" + ln.Addr().String()
	for path, want := range map[string]string{
		"/debug/pprof/":          "goroutine",
		"/debug/pprof/goroutine": "", // a binary profile
		"/debug/pprof/cmdline":   "",
	} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), want) {
			t.Errorf("GET %s: %s, %d bytes, want 200 with %q", path, resp.Status, len(body), want)
		}
	}
	stop()
	if _, err := http.Get(base + "/debug/pprof/"); err == nil {
		t.Error("debug server still answers after stop")
	}
}

func TestDebugAddrInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if _, err := listenDebug(context.Background(), ln.Addr().String(), slog.New(slog.DiscardHandler)); err == nil ||
		!strings.Contains(err.Error(), "debug listen") {
		t.Fatalf("listenDebug on a taken address: %v, want a debug listen error", err)
	}
}
