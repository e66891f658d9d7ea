package main

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/gomokud/gomoku/protocol"
)

// replyWait bounds every wait for a reply or an event: generous, the
// machine may be loaded.
const replyWait = 20 * time.Second

// peer is a synchronous protocol client for the crash test: it writes one
// request and reads frames until its reply, keeping the events it passes,
// so the test knows exactly when a frame went out and what came back.
type peer struct {
	t      *testing.T
	name   string
	ws     *websocket.Conn
	nextID int
	events []protocol.Message // read, not yet consumed by awaitEvent
}

// dialPeer connects and says hello; the peer is not logged in yet.
func dialPeer(t *testing.T, url, name string) *peer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), replyWait)
	defer cancel()
	ws, _, err := websocket.DefaultDialer.DialContext(ctx, url, nil)
	if err != nil {
		t.Fatalf("%s: dial %s: %v", name, url, err)
	}
	t.Cleanup(func() { ws.Close() })
	p := &peer{t: t, name: name, ws: ws}
	mustReply[*protocol.Welcome](p, protocol.Hello{Version: protocol.Version, Client: "crash-test"})
	return p
}

// send writes a request frame and returns its id.
func (p *peer) send(m protocol.Message) string {
	p.t.Helper()
	p.nextID++
	id := strconv.Itoa(p.nextID)
	_ = p.ws.SetWriteDeadline(time.Now().Add(replyWait))
	if err := p.ws.WriteMessage(websocket.TextMessage, protocol.MustEncode(id, m)); err != nil {
		p.t.Fatalf("%s: send %s: %v", p.name, m.Type(), err)
	}
	return id
}

// read returns the next frame the test understands; frames of newer
// message types are skipped.
func (p *peer) read() (protocol.Frame, error) {
	for {
		_, data, err := p.ws.ReadMessage()
		if err != nil {
			return protocol.Frame{}, err
		}
		if f, err := protocol.Decode(data); err == nil {
			return f, nil
		}
	}
}

// await reads frames until the reply to id, within replyWait. An error
// reply is returned as a *protocol.Error.
func (p *peer) await(id string) (protocol.Message, error) {
	_ = p.ws.SetReadDeadline(time.Now().Add(replyWait))
	for {
		f, err := p.read()
		switch {
		case err != nil:
			return nil, err
		case f.ID == "":
			p.events = append(p.events, f.Msg)
		case f.ID == id:
			if e, ok := f.Msg.(*protocol.Error); ok {
				return nil, e
			}
			return f.Msg, nil
		}
	}
}

// call sends a request and waits for its reply.
func (p *peer) call(m protocol.Message) (protocol.Message, error) {
	p.t.Helper()
	return p.await(p.send(m))
}

// mustReply sends a request that must succeed with a reply of type T.
func mustReply[T protocol.Message](p *peer, m protocol.Message) T {
	p.t.Helper()
	r, err := p.call(m)
	if err != nil {
		p.t.Fatalf("%s: %s: %v", p.name, m.Type(), err)
	}
	v, ok := r.(T)
	if !ok {
		p.t.Fatalf("%s: %s: reply %s, want %T", p.name, m.Type(), r.Type(), v)
	}
	return v
}

// awaitEvent returns the first event of type T, already read or new, that
// match accepts; the events before it are dropped.
func awaitEvent[T protocol.Message](p *peer, match func(T) bool) T {
	p.t.Helper()
	var zero T
	for i, m := range p.events {
		if v, ok := m.(T); ok && match(v) {
			p.events = p.events[i+1:]
			return v
		}
	}
	p.events = nil
	_ = p.ws.SetReadDeadline(time.Now().Add(replyWait))
	for {
		f, err := p.read()
		if err != nil {
			p.t.Fatalf("%s: waiting for %T: %v", p.name, zero, err)
		}
		if v, ok := f.Msg.(T); ok && f.ID == "" && match(v) {
			return v
		}
	}
}
