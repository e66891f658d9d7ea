package client

import (
	"testing"

	"github.com/gomokud/gomoku/protocol"
)

// TestQueueFinishDeliversTheRest: after the connection ends the consumer
// still gets the buffered events (the server's shutdown notice), then the
// channel closes.
func TestQueueFinishDeliversTheRest(t *testing.T) {
	done := make(chan struct{})
	defer close(done)
	q := newQueue(done)
	q.push(&protocol.Shutdown{Message: "bye"})
	q.push(Disconnected{})
	q.finish()
	var got []string
	for m := range q.out {
		got = append(got, m.Type())
	}
	if len(got) != 2 || got[0] != "shutdown" || got[1] != "client.disconnected" {
		t.Fatalf("got %v", got)
	}
}
