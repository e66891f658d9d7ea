package server

import (
	"errors"
	"testing"

	"github.com/gomokud/gomoku/protocol"
)

// TestRequestsWhileStopping: once Shutdown has begun, requests and posts to
// stopped games get shutting_down (the client reconnects later), not
// not_found as if the game were gone.
func TestRequestsWhileStopping(t *testing.T) {
	e := &env{work: newGroup()}
	g := &game{id: 7, env: e, done: make(chan struct{}), cmds: make(chan func(), 1)}
	close(g.done)
	var pe *protocol.Error
	if err := g.tryPost(func() {}); !errors.As(err, &pe) || pe.Code != protocol.CodeNotFound {
		t.Fatalf("a closed game while running: %v, want not_found", err)
	}
	e.work.down.Store(true)
	if err := g.tryPost(func() {}); !errors.As(err, &pe) || pe.Code != protocol.CodeShuttingDown {
		t.Fatalf("a stopped game while stopping: %v, want shutting_down", err)
	}
	c := &conn{env: e, greeted: true, user: &user{}}
	if _, err := c.serve("1", &protocol.GetLobby{}); !errors.As(err, &pe) || pe.Code != protocol.CodeShuttingDown {
		t.Fatalf("a request while stopping: %v, want shutting_down", err)
	}
}
