package server

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gorilla/websocket"
)

// TestReadFrame: frames of every size around the pooled buffer's first
// capacity come back intact, one after another on reused buffers, and an
// oversized one fails with the read limit.
func TestReadFrame(t *testing.T) {
	sizes := []int{0, 1, 511, 512, 513, 3000, 20}
	got := make(chan []byte, len(sizes))
	errs := make(chan error, 1)
	up := websocket.Upgrader{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer ws.Close()
		ws.SetReadLimit(4096)
		for range sizes {
			_, bp, err := readFrame(ws)
			if err != nil {
				errs <- err
				return
			}
			got <- bytes.Clone(*bp)
			putFrame(bp)
		}
		_, _, err = readFrame(ws)
		errs <- err
	}))
	defer srv.Close()
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	for i, n := range sizes {
		want := bytes.Repeat([]byte{byte('a' + i)}, n)
		if err := ws.WriteMessage(websocket.TextMessage, want); err != nil {
			t.Fatal(err)
		}
		select {
		case b := <-got:
			if !bytes.Equal(b, want) {
				t.Fatalf("frame %d of %d bytes read back as %d bytes %.20q", i, n, len(b), b)
			}
		case err := <-errs:
			t.Fatalf("frame %d: %v", i, err)
		}
	}
	if err := ws.WriteMessage(websocket.TextMessage, make([]byte, 5000)); err != nil {
		t.Fatal(err)
	}
	if err := <-errs; err != websocket.ErrReadLimit {
		t.Fatalf("oversized frame: %v, want the read limit", err)
	}
}
