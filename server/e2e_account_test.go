package server_test

import (
	"strings"
	"testing"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
)

func TestAccounts(t *testing.T) {
	stores(t, func(t *testing.T, opts servertest.Options) {
		s := servertest.Start(t, opts)
		a := dial(t, s.URL)
		sess := a.register("Carol_1", pw)
		if sess.Player.Name != "Carol_1" || sess.Player.Kind != protocol.KindUser || sess.Player.Rating != 1500 {
			t.Fatalf("session %+v", sess)
		}
		event[*protocol.Lobby](a, nil) // pushed after every session

		b := dial(t, s.URL)
		b.expectCode(protocol.Register{Username: "carol_1", Password: pw}, protocol.CodeConflict) // case-insensitive
		b.expectCode(protocol.Register{Username: "x", Password: pw}, protocol.CodeBadRequest)
		b.expectCode(protocol.Register{Username: "bad name!", Password: pw}, protocol.CodeBadRequest)
		b.expectCode(protocol.Register{Username: "dave", Password: "short"}, protocol.CodeBadRequest)
		b.expectCode(protocol.Register{Username: "dave", Password: strings.Repeat("p", 129)}, protocol.CodeBadRequest)
		b.expectCode(protocol.Login{Username: "carol_1", Password: "wrong password"}, protocol.CodeUnauthorized)
		b.expectCode(protocol.Login{Username: "nobody", Password: pw}, protocol.CodeUnauthorized)
		b.expectCode(protocol.Resume{Token: "not a token"}, protocol.CodeUnauthorized)
		b.expectCode(protocol.GetLobby{}, protocol.CodeUnauthorized)

		// Log in with the name in another case; the old token still resumes.
		b.name = "carol_1"
		s2 := b.call(protocol.Login{Username: "CAROL_1", Password: pw}).(*protocol.Session)
		if s2.Player.Name != "Carol_1" || s2.Token == sess.Token {
			t.Fatalf("login session %+v", s2)
		}
		b.expectCode(protocol.Login{Username: "carol_1", Password: pw}, protocol.CodeConflict) // already in
		c := dial(t, s.URL)
		if r := c.call(protocol.Resume{Token: sess.Token}).(*protocol.Session); r.Player.Name != "Carol_1" {
			t.Fatalf("resume %+v", r)
		}
		// Logout kills that token only.
		c.call(protocol.Logout{})
		c.expectCode(protocol.GetLobby{}, protocol.CodeUnauthorized)
		d := dial(t, s.URL)
		d.expectCode(protocol.Resume{Token: sess.Token}, protocol.CodeUnauthorized)
		d.call(protocol.Resume{Token: s2.Token})

		p := d.call(protocol.GetProfile{Name: "carol_1"}).(*protocol.Profile)
		if p.Name != "Carol_1" || p.Rating != 1500 || p.RD != 350 || p.Status != protocol.StatusIdle ||
			p.LastLoginAt == nil || p.CreatedAt.IsZero() {
			t.Fatalf("profile %+v", p)
		}
		d.expectCode(protocol.GetProfile{Name: "nobody"}, protocol.CodeNotFound)
	})
}

func TestGuestsAndPresence(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a := dial(t, s.URL)
	sa := a.guest("zed")
	if sa.Player.Name != "guest:zed" || sa.Player.Kind != protocol.KindGuest {
		t.Fatalf("guest session %+v", sa)
	}
	b := dial(t, s.URL)
	if sb := b.guest("zed"); sb.Player.Name == "guest:zed" || !strings.HasPrefix(sb.Player.Name, "guest:") {
		t.Fatalf("second guest got %q", sb.Player.Name)
	}
	presence(a, b.name, protocol.StatusIdle)
	l := a.call(protocol.GetLobby{}).(*protocol.Lobby)
	if len(l.Players) != 2 || len(l.Bots) != 4 {
		t.Fatalf("lobby %+v", l)
	}
	// Guests play casual games only.
	a.expectCode(protocol.ChallengeCreate{To: b.name, Settings: protocol.Settings{Opening: "none", Rule: "renju", Rated: true}},
		protocol.CodeNotAllowed)
	a.expectCode(protocol.GetProfile{}, protocol.CodeNotFound)
	// A dropped guest resumes with its token while the server runs.
	b.ws.Close()
	presence(a, b.name, protocol.StatusOffline)
	c := dial(t, s.URL)
	if r := c.call(protocol.Resume{Token: b.token}).(*protocol.Session); r.Player.Name != b.name {
		t.Fatalf("guest resume %+v", r)
	}
	// Lobby chat.
	c.call(protocol.LobbySay{Text: "  hello all  "})
	if m := event[*protocol.LobbyChat](a, nil); m.From != b.name || m.Text != "hello all" {
		t.Fatalf("chat %+v", m)
	}
	c.expectCode(protocol.LobbySay{Text: strings.Repeat("x", protocol.MaxChatRunes+1)}, protocol.CodeBadRequest)
	c.expectCode(protocol.LobbySay{Text: "   "}, protocol.CodeBadRequest)
	c.expectCode(protocol.LobbySay{Text: "bell\a"}, protocol.CodeBadRequest)
	var limited bool
	for range 10 {
		if r := c.reply(c.send(protocol.LobbySay{Text: "spam"})); r.Type() == "error" {
			limited = r.(*protocol.Error).Code == protocol.CodeRateLimited
			break
		}
	}
	if !limited {
		t.Fatal("lobby chat is not rate limited")
	}
}

// presence waits until c is told that the named player has the status.
func presence(c *wsc, name, status string) {
	c.t.Helper()
	event(c, func(m *protocol.Presence) bool {
		for _, p := range m.Players {
			if p.Name == name && p.Status == status {
				return true
			}
		}
		return false
	})
}
