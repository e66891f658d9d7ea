package client

import (
	"context"
	"testing"
	"time"

	"github.com/gomokud/gomoku/protocol"
)

// newOffline is a Client without a connection: enough to feed frames to
// dispatch and read what Events delivers.
func newOffline(t *testing.T) *Client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	c := &Client{ctx: ctx, cancel: cancel, pending: map[string]*pendingCall{},
		seqs: map[int64]int64{}, resyncing: map[int64]bool{}, opts: Options{}}
	c.events = newQueue(ctx.Done())
	return c
}

func feed(t *testing.T, c *Client, id string, m protocol.Message) {
	t.Helper()
	c.dispatch(protocol.MustEncode(id, m))
}

func next(t *testing.T, c *Client) protocol.Message {
	t.Helper()
	select {
	case m := <-c.Events():
		return m
	case <-time.After(2 * time.Second):
		t.Fatal("no event")
		return nil
	}
}

func noEvent(t *testing.T, c *Client) {
	t.Helper()
	select {
	case m := <-c.Events():
		t.Fatalf("unexpected event %T %+v", m, m)
	case <-time.After(50 * time.Millisecond):
	}
}

func TestGameEventsInOrderWithoutDuplicates(t *testing.T) {
	c := newOffline(t)
	feed(t, c, "", protocol.GameStart{Snapshot: protocol.Snapshot{Game: protocol.GameInfo{GameID: 7}, Seq: 0}})
	if _, ok := next(t, c).(*protocol.GameStart); !ok {
		t.Fatal("game_start not delivered")
	}
	feed(t, c, "", protocol.GameMove{GameID: 7, Seq: 1, Move: "h8"})
	feed(t, c, "", protocol.GameMove{GameID: 7, Seq: 1, Move: "h8"}) // duplicate
	feed(t, c, "", protocol.GameMove{GameID: 7, Seq: 2, Move: "h9"})
	for _, want := range []string{"h8", "h9"} {
		m, ok := next(t, c).(*protocol.GameMove)
		if !ok || m.Move != want {
			t.Fatalf("got %+v, want move %s", m, want)
		}
	}
	noEvent(t, c)

	// A resync reply carries the missed events; they are delivered before
	// the reply, once each.
	call := &pendingCall{ch: make(chan protocol.Message, 1)}
	c.pending["5"] = call
	evs := protocol.GameEvents{GameID: 7}
	for seq, mv := range []string{"h9", "j8", "g8"} {
		evs.Events = append(evs.Events, protocol.MustEncode("", protocol.GameMove{GameID: 7, Seq: int64(seq + 2), Move: mv}))
	}
	feed(t, c, "5", evs)
	for _, want := range []string{"j8", "g8"} {
		m, ok := next(t, c).(*protocol.GameMove)
		if !ok || m.Move != want {
			t.Fatalf("got %+v, want move %s", m, want)
		}
	}
	if _, ok := (<-call.ch).(*protocol.GameEvents); !ok {
		t.Fatal("resync reply not delivered to its request")
	}
	noEvent(t, c)

	// Other games and lobby events pass untouched.
	feed(t, c, "", protocol.LobbyChat{From: "bob", Text: "hi"})
	if m, ok := next(t, c).(*protocol.LobbyChat); !ok || m.Text != "hi" {
		t.Fatalf("lobby chat: %+v", m)
	}
}

func TestUnknownFramesIgnored(t *testing.T) {
	c := newOffline(t)
	c.dispatch([]byte(`{"type":"from_the_future","x":1}`))
	c.dispatch([]byte(`not json`))
	noEvent(t, c)
}

func TestQueueNeverBlocksTheReader(t *testing.T) {
	c := newOffline(t)
	done := make(chan struct{})
	go func() {
		for i := 0; i < 10000; i++ {
			feed(t, c, "", protocol.LobbyChat{From: "x", Text: "spam"})
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("dispatch blocked on an unread event queue")
	}
	for i := 0; i < 10000; i++ {
		next(t, c)
	}
}

func TestCode(t *testing.T) {
	var err error = &protocol.Error{Code: protocol.CodeOccupied, Message: "h8 is taken"}
	if Code(err) != protocol.CodeOccupied {
		t.Fatalf("Code = %q", Code(err))
	}
	if Code(ErrDisconnected) != "" {
		t.Fatal("Code of a non-protocol error")
	}
}
