package server_test

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
	"github.com/gomokud/gomoku/server"
)

// rawReply sends a raw frame and returns the reply with the given id.
func (c *wsc) rawError(frame string, id string) *protocol.Error {
	c.t.Helper()
	c.sendRaw([]byte(frame))
	r := c.reply(id)
	e, ok := r.(*protocol.Error)
	if !ok {
		c.t.Fatalf("%s: want an error, got %s", frame, r.Type())
	}
	return e
}

// closeCode reads until the server closes the connection and returns the
// close code.
func (c *wsc) closeCode() int {
	c.t.Helper()
	for {
		_ = c.ws.SetReadDeadline(time.Now().Add(wait))
		if _, _, err := c.ws.ReadMessage(); err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Code
			}
			c.t.Fatalf("read: %v (no close frame)", err)
		}
	}
}

func TestBadFrames(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	c := dialRaw(t, s.URL, nil)
	if e := c.fail(protocol.GetLobby{}); e.Code != protocol.CodeBadRequest || !strings.Contains(e.Message, "hello") {
		t.Fatalf("before hello: %v", e)
	}
	c.expectCode(protocol.Hello{Version: 99}, protocol.CodeUnsupportedVersion)
	c.call(protocol.Hello{Version: protocol.Version})
	for frame, id := range map[string]string{
		`{"type":"move","id":"7","game_id":"x"}`:  "7",
		`{"type":"nope","id":"8"}`:                "8",
		`{"id":"9"}`:                              "9",
		`[1,2,3]`:                                 "",
		`{"type":"welcome","id":"10"}`:            "10",
		`{"type":"login","id":"11","username":5}`: "11",
		`not json at all`:                         "",
	} {
		if e := c.rawError(frame, id); e.Code != protocol.CodeBadRequest {
			t.Errorf("%s: %v", frame, e)
		}
	}
	if err := c.ws.WriteMessage(websocket.BinaryMessage, []byte{1, 2}); err != nil {
		t.Fatal(err)
	}
	if e := c.reply("").(*protocol.Error); e.Code != protocol.CodeBadRequest {
		t.Fatalf("binary frame: %v", e)
	}
	c.expectCode(protocol.Move{GameID: 1, Move: "h8"}, protocol.CodeUnauthorized)
	c.guest("g")
	c.expectCode(protocol.Move{GameID: 12345, Move: "h8"}, protocol.CodeNotFound)
}

func TestOversizedFrameCloses(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	c := dial(t, s.URL)
	c.sendRaw([]byte(`{"type":"lobby_say","text":"` + strings.Repeat("x", protocol.MaxFrameSize) + `"}`))
	if code := c.closeCode(); code != websocket.CloseMessageTooBig {
		t.Fatalf("close code %d, want %d", code, websocket.CloseMessageTooBig)
	}
}

func TestFloodCloses(t *testing.T) {
	s := servertest.Start(t, servertest.Options{Config: server.Config{RateLimit: 5, RateBurst: 5}})
	c := dial(t, s.URL)
	for range 60 {
		if c.ws.WriteMessage(websocket.TextMessage, protocol.MustEncode("p", protocol.Ping{})) != nil {
			break
		}
	}
	var limited bool
	for {
		_ = c.ws.SetReadDeadline(time.Now().Add(wait))
		_, data, err := c.ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != websocket.ClosePolicyViolation {
				t.Fatalf("want close 1008, got %v", err)
			}
			break
		}
		if f, _ := protocol.Decode(data); f.Msg != nil && f.Msg.Type() == "error" {
			limited = limited || f.Msg.(*protocol.Error).Code == protocol.CodeRateLimited
		}
	}
	if !limited {
		t.Fatal("no rate_limited reply before the close")
	}
}

func TestLoginRateLimit(t *testing.T) {
	s := servertest.Start(t, servertest.Options{Config: server.Config{AuthPerIP: 0.01, AuthBurst: 3}})
	for range 3 {
		c := dial(t, s.URL)
		c.expectCode(protocol.Login{Username: "nobody", Password: pw}, protocol.CodeUnauthorized)
	}
	c := dial(t, s.URL) // a new connection does not reset the address's budget
	c.expectCode(protocol.Login{Username: "nobody", Password: pw}, protocol.CodeRateLimited)
	c.expectCode(protocol.Guest{}, protocol.CodeRateLimited)
}

func TestOriginCheck(t *testing.T) {
	s := servertest.Start(t, servertest.Options{Config: server.Config{AllowedOrigins: []string{"https://play.example.org"}}})
	_, resp, err := websocket.DefaultDialer.Dial(s.URL, http.Header{"Origin": {"https://evil.example.com"}})
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("foreign origin: err %v, resp %v", err, resp)
	}
	dialRaw(t, s.URL, http.Header{"Origin": {"https://play.example.org"}})
	dialRaw(t, s.URL, http.Header{"Origin": {s.HTTP}}) // same host
}

func TestNotYourGame(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	gid, black, _ := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle"})
	x := dial(t, s.URL)
	x.guest("mallory")
	for _, m := range []protocol.Message{protocol.Move{GameID: gid, Move: "h8"}, protocol.Resign{GameID: gid},
		protocol.Abort{GameID: gid}, protocol.DrawOffer{GameID: gid}, protocol.Takeback{GameID: gid},
		protocol.ClaimWin{GameID: gid}, protocol.GameSay{GameID: gid, Text: "hi"}} {
		x.expectCode(m, protocol.CodeNotAllowed)
	}
	black.expectCode(protocol.DrawAnswer{GameID: gid, Accept: true}, protocol.CodeConflict) // no offer
	black.expectCode(protocol.RematchOffer{GameID: gid}, protocol.CodeConflict)             // not over
	x.expectCode(protocol.GetHistory{Limit: 1000}, protocol.CodeBadRequest)
	x.expectCode(protocol.GetRecord{GameID: gid, Format: "pdf"}, protocol.CodeBadRequest)
	x.expectCode(protocol.GetRecord{GameID: 999999, Format: "sgf"}, protocol.CodeNotFound)
	x.expectCode(protocol.GetLeaderboard{Limit: -1}, protocol.CodeBadRequest)
}

func TestHealthAndMetrics(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	for path, want := range map[string]string{"/healthz": "ok", "/metrics": "gomoku_connections"} {
		resp, err := http.Get(s.HTTP + path)
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		_, _ = io.Copy(&sb, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(sb.String(), want) {
			t.Fatalf("%s: %d %q", path, resp.StatusCode, sb.String()[:min(200, sb.Len())])
		}
	}
}

func TestConnectionLimits(t *testing.T) {
	s := servertest.Start(t, servertest.Options{Config: server.Config{MaxConnsPerIP: 3, LoginWait: 300 * time.Millisecond}})
	idle := dialRaw(t, s.URL, nil) // says nothing
	a, b := dial(t, s.URL), dial(t, s.URL)
	if _, resp, err := websocket.DefaultDialer.Dial(s.URL, nil); err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("fourth connection from one address: err %v, resp %v", err, resp)
	}
	a.guest("ann")
	if code := idle.closeCode(); code != websocket.ClosePolicyViolation {
		t.Fatalf("silent connection closed with %d", code)
	}
	if code := b.closeCode(); code != websocket.ClosePolicyViolation { // hello alone is not enough
		t.Fatalf("greeted connection closed with %d", code)
	}
	// b, which dialled after a, has been closed: a's login timer has fired.
	a.call(protocol.Ping{}) // logged in in time: still here
	dial(t, s.URL)          // slots freed
}
