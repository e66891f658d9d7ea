package server_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/server"
	"github.com/gomokud/gomoku/sqlite"
	"github.com/gorilla/websocket"
)

// heldStore holds ActiveGames, the start of a restore's work, until the
// test lets it go.
type heldStore struct {
	gomoku.Store
	entered chan struct{} // closed when ActiveGames is called
	release chan struct{} // closed by the test
}

func (s *heldStore) ActiveGames(ctx context.Context) ([]gomoku.Game, error) {
	close(s.entered)
	<-s.release
	return s.Store.ActiveGames(ctx)
}

// newHeldServer serves a new server over a SQLite store holding one
// running game between two accounts; its restore is held.
func newHeldServer(t *testing.T) (*server.Server, *heldStore, *httptest.Server, *logBuffer) {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "gomoku.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var ids [2]int64
	for i, name := range []string{"alice", "bob"} {
		a, err := db.CreateAccount(ctx, gomoku.NewAccount{Username: name, PasswordHash: "x"})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = a.ID
	}
	if _, err := db.CreateGame(ctx, gomoku.NewGame{Rule: engine.Freestyle, Size: 15,
		Black: gomoku.Player{AccountID: ids[0]}, White: gomoku.Player{AccountID: ids[1]}}); err != nil {
		t.Fatal(err)
	}
	st := &heldStore{Store: db, entered: make(chan struct{}), release: make(chan struct{})}
	log := &logBuffer{}
	srv := server.New(st, server.Config{Logger: slog.New(slog.NewTextHandler(log, nil))})
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server log:\n%s", log)
		}
	})
	return srv, st, hs, log
}

// logBuffer collects a server's log.
type logBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// status GETs path and returns the status and the Retry-After header.
func status(t *testing.T, base, path string) (int, string) {
	t.Helper()
	resp, err := http.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header.Get("Retry-After")
}

func TestReadyDuringRestore(t *testing.T) {
	srv, st, hs, _ := newHeldServer(t)
	restored := srv.RestoreAsync(context.Background())
	<-st.entered
	if code, retry := status(t, hs.URL, "/readyz"); code != http.StatusServiceUnavailable || retry == "" {
		t.Fatalf("/readyz while restoring: %d (Retry-After %q), want 503 with Retry-After", code, retry)
	}
	if code, _ := status(t, hs.URL, "/healthz"); code != http.StatusOK {
		t.Fatalf("/healthz while restoring: %d, want 200", code)
	}
	ws := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	if _, resp, err := websocket.DefaultDialer.Dial(ws, nil); err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("/ws while restoring: %v, %v; want refused with 503", resp, err)
	}
	close(st.release)
	if err := <-restored; err != nil {
		t.Fatalf("restore: %v", err)
	}
	if code, _ := status(t, hs.URL, "/readyz"); code != http.StatusOK {
		t.Fatalf("/readyz after the restore: %d, want 200", code)
	}
	if got := runningGames(t, hs.URL); got != "1" {
		t.Fatalf("games running after the restore: %s, want the stored one", got)
	}
	dial(t, ws) // and hello is answered
	srv.Shutdown(context.Background())
	if code, _ := status(t, hs.URL, "/readyz"); code != http.StatusServiceUnavailable {
		t.Fatalf("/readyz while shutting down: %d, want 503", code)
	}
}

// TestShutdownDuringRestore: a server stopped while it restores waits for
// the restore, which launches no game once the server stops; the game
// stays stored for the next start.
func TestShutdownDuringRestore(t *testing.T) {
	srv, st, hs, log := newHeldServer(t)
	restored := srv.RestoreAsync(context.Background())
	<-st.entered
	stopped := make(chan struct{})
	go func() {
		srv.Shutdown(context.Background())
		close(stopped)
	}()
	// Let the restore go once Shutdown has begun: /readyz says so.
	for deadline := time.Now().Add(10 * time.Second); readyBody(t, hs.URL) != "shutting down"; {
		if time.Now().After(deadline) {
			t.Fatal("/readyz does not say the server is shutting down")
		}
	}
	close(st.release)
	if err := <-restored; err != nil {
		t.Fatalf("restore: %v", err)
	}
	<-stopped
	if l := log.String(); strings.Contains(l, "game restored") || !strings.Contains(l, "restore stopped") {
		t.Fatalf("a game was launched by a restore that went on after the stop:\n%s", l)
	}
	games, err := st.Store.ActiveGames(context.Background())
	if err != nil || len(games) != 1 {
		t.Fatalf("stored running games after the stop: %d, %v; want the one", len(games), err)
	}
}

// runningGames reads the gomoku_games_running gauge from /metrics.
func runningGames(t *testing.T, base string) string {
	t.Helper()
	return gauge(t, base, "gomoku_games_running")
}

// gauge reads the value of the metric name (with no labels) from /metrics.
func gauge(t *testing.T, base, name string) string {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("no %s in /metrics:\n%s", name, b)
	return ""
}

// readyBody returns what /readyz says.
func readyBody(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Get(base + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}
