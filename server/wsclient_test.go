package server_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/gomokud/gomoku/protocol"
)

// wait is how long a test waits for a frame (generous: -race on a busy
// machine is slow).
const wait = 15 * time.Second

// wsc is a raw websocket test client: it sends exactly what a test says and
// keeps the events it reads while waiting for a reply.
type wsc struct {
	t     testing.TB
	ws    *websocket.Conn
	n     int
	inbox []protocol.Message
	name  string
	token string
}

// dial connects without saying hello.
func dialRaw(t testing.TB, url string, header http.Header) *wsc {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(url, header)
	if err != nil {
		t.Fatalf("dial %s: %v", url, err)
	}
	c := &wsc{t: t, ws: ws}
	t.Cleanup(func() { ws.Close() })
	return c
}

// dial connects and says hello.
func dial(t testing.TB, url string) *wsc {
	t.Helper()
	c := dialRaw(t, url, nil)
	c.call(protocol.Hello{Version: protocol.Version, Client: "test"})
	return c
}

// read returns the next frame.
func (c *wsc) read() protocol.Frame {
	c.t.Helper()
	_ = c.ws.SetReadDeadline(time.Now().Add(wait))
	_, data, err := c.ws.ReadMessage()
	if err != nil {
		c.t.Fatalf("%s: read: %v", c.name, err)
	}
	f, err := protocol.Decode(data)
	if err != nil {
		c.t.Fatalf("%s: decode %s: %v", c.name, data, err)
	}
	return f
}

// send sends m with a fresh id and returns the id.
func (c *wsc) send(m protocol.Message) string {
	c.t.Helper()
	c.n++
	id := fmt.Sprint(c.n)
	c.sendRaw(protocol.MustEncode(id, m))
	return id
}

func (c *wsc) sendRaw(frame []byte) {
	c.t.Helper()
	if err := c.ws.WriteMessage(websocket.TextMessage, frame); err != nil {
		c.t.Fatalf("%s: write: %v", c.name, err)
	}
}

// reply reads until the reply to id, keeping events.
func (c *wsc) reply(id string) protocol.Message {
	c.t.Helper()
	for {
		f := c.read()
		if f.ID == id {
			return f.Msg
		}
		c.inbox = append(c.inbox, f.Msg)
	}
}

// call sends m and returns its reply, failing on an error reply.
func (c *wsc) call(m protocol.Message) protocol.Message {
	c.t.Helper()
	r := c.reply(c.send(m))
	if e, ok := r.(*protocol.Error); ok {
		c.t.Fatalf("%s: %s: %v", c.name, m.Type(), e)
	}
	return r
}

// fail sends m and returns its error reply's code, failing on success.
func (c *wsc) fail(m protocol.Message) *protocol.Error {
	c.t.Helper()
	r := c.reply(c.send(m))
	e, ok := r.(*protocol.Error)
	if !ok {
		c.t.Fatalf("%s: %s: want an error, got %s", c.name, m.Type(), r.Type())
	}
	return e
}

// expectCode sends m and checks the error code.
func (c *wsc) expectCode(m protocol.Message, code protocol.Code) *protocol.Error {
	c.t.Helper()
	e := c.fail(m)
	if e.Code != code {
		c.t.Fatalf("%s: %s: got %v, want code %s", c.name, m.Type(), e, code)
	}
	return e
}

// event returns the first event (kept or read next) of type T that pred
// accepts (nil: any), dropping the events before it.
func event[T protocol.Message](c *wsc, pred func(T) bool) T {
	c.t.Helper()
	for len(c.inbox) > 0 {
		m := c.inbox[0]
		c.inbox = c.inbox[1:]
		if v, ok := m.(T); ok && (pred == nil || pred(v)) {
			return v
		}
	}
	for {
		f := c.read()
		if v, ok := f.Msg.(T); ok && (pred == nil || pred(v)) {
			return v
		}
	}
}

// register creates an account and logs in.
func (c *wsc) register(name, password string) protocol.Session {
	c.t.Helper()
	c.name = name
	s := c.call(protocol.Register{Username: name, Password: password}).(*protocol.Session)
	c.token = s.Token
	return *s
}

// guest enters as a guest.
func (c *wsc) guest(name string) protocol.Session {
	c.t.Helper()
	s := c.call(protocol.Guest{Name: name}).(*protocol.Session)
	c.name, c.token = s.Player.Name, s.Token
	return *s
}
