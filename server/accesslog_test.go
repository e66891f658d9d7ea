package server_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/server"
)

// accessLine is one access log line, as the JSON handler writes it.
type accessLine struct {
	Msg, Method, Path, Client string
	Status                    int
	Duration                  int64 // nanoseconds
}

// TestAccessLog: one line per request and per websocket upgrade, with the
// method, path, status, duration and client address, and never the query
// string or the headers, where tokens travel.
func TestAccessLog(t *testing.T) {
	const secret = "s3cret-token"
	log := &logBuffer{}
	s := servertest.Start(t, servertest.Options{Config: server.Config{
		Logger: slog.New(slog.NewJSONHandler(log, nil))}})
	resp, err := http.Get(s.HTTP + "/healthz?token=" + secret)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	resp, err = http.Get(s.HTTP + "/no-such-page")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	hdr := http.Header{"Authorization": {"Bearer " + secret}}
	ws, _, err := websocket.DefaultDialer.Dial(s.URL+"?token="+secret, hdr)
	if err != nil {
		t.Fatal(err)
	}
	ws.Close()
	// The upgrade's line is written when the handler returns, which neither
	// the handshake nor a shutdown waits for (the connection is hijacked).
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(log.String(), `"path":"/ws"`); {
		if time.Now().After(deadline) {
			t.Fatalf("no access line for the upgrade:\n%s", log)
		}
		time.Sleep(time.Millisecond)
	}

	want := map[string]int{"/healthz": http.StatusOK, "/no-such-page": http.StatusNotFound, "/ws": http.StatusSwitchingProtocols}
	got := map[string]int{}
	for line := range strings.Lines(log.String()) {
		if strings.Contains(line, secret) {
			t.Errorf("a secret in the log: %s", line)
		}
		var l accessLine
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		if l.Msg != "http" {
			continue
		}
		if l.Method != http.MethodGet || l.Client != "127.0.0.1" || l.Duration <= 0 {
			t.Errorf("access line %s", line)
		}
		if _, dup := got[l.Path]; dup {
			t.Errorf("two lines for %s", l.Path)
		}
		got[l.Path] = l.Status
	}
	for path, status := range want {
		if got[path] != status {
			t.Errorf("%s logged with status %d, want %d\nlog:\n%s", path, got[path], status, log)
		}
	}
}
