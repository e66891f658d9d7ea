package server_test

import (
	"slices"
	"testing"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
	"github.com/gomokud/gomoku/server"
)

// TestChangePasswordAndDelete: a password is changed with the old one; an
// account is deleted with its password, its name freed, its games kept
// under an anonymous name.
func TestChangePasswordAndDelete(t *testing.T) {
	s := servertest.Start(t, servertest.Options{Config: server.Config{AuthPerIP: 1000, AuthBurst: 1000}})
	a, b := pair(t, s, "alice", "bob")
	a.expectCode(protocol.ChangePassword{OldPassword: "wrong password", NewPassword: "a new password"}, protocol.CodeUnauthorized)
	a.expectCode(protocol.ChangePassword{OldPassword: pw, NewPassword: "short"}, protocol.CodeBadRequest)
	a.call(protocol.ChangePassword{OldPassword: pw, NewPassword: "a new password"})
	c := dial(t, s.URL)
	c.expectCode(protocol.Login{Username: "alice", Password: pw}, protocol.CodeUnauthorized)
	c.call(protocol.Login{Username: "alice", Password: "a new password"})

	// c, a connection of its own: each allows a few password checks at once.
	gid, black, _ := startGame(t, a, b, protocol.Settings{Rule: "freestyle"})
	c.expectCode(protocol.DeleteAccount{Password: "a new password"}, protocol.CodeConflict) // playing
	black.call(protocol.Resign{GameID: gid})
	gameOver(t, a, gid)
	c.expectCode(protocol.DeleteAccount{Password: pw}, protocol.CodeUnauthorized)
	c.call(protocol.DeleteAccount{Password: "a new password"})
	c.expectCode(protocol.GetLobby{}, protocol.CodeUnauthorized) // logged out

	h := b.call(protocol.GetHistory{}).(*protocol.History)
	if len(h.Games) != 1 || h.Games[0].Black.Name == "alice" && h.Games[0].White.Name == "alice" ||
		!slices.ContainsFunc([]string{h.Games[0].Black.Name, h.Games[0].White.Name}, func(n string) bool { return n != "bob" && n != "alice" }) {
		t.Fatalf("bob's history after alice left: %+v", h.Games)
	}
	d := dial(t, s.URL)
	d.expectCode(protocol.Login{Username: "alice", Password: "a new password"}, protocol.CodeUnauthorized)
	d.register("alice", pw) // the name is free again
	g := dial(t, s.URL)
	g.guest("gus")
	g.expectCode(protocol.DeleteAccount{Password: pw}, protocol.CodeNotAllowed)
	g.expectCode(protocol.ChangePassword{OldPassword: pw, NewPassword: "a new password"}, protocol.CodeNotAllowed)
}

// TestBlocks: a block stops challenges both ways and the blocked player's
// lobby chat; unblocking lifts it.
func TestBlocks(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, m := pair(t, s, "alice", "mallory")
	a.call(protocol.Block{Name: "Mallory"})
	a.call(protocol.Block{Name: "mallory"}) // twice: fine
	a.expectCode(protocol.Block{Name: "alice"}, protocol.CodeBadRequest)
	a.expectCode(protocol.Block{Name: "nobody"}, protocol.CodeNotFound)
	if bl := a.call(protocol.GetBlocks{}).(*protocol.Blocks); !slices.Equal(bl.Names, []string{"mallory"}) {
		t.Fatalf("blocks %+v", bl)
	}
	st := protocol.Settings{Rule: "freestyle"}
	m.expectCode(protocol.ChallengeCreate{To: "alice", Settings: st}, protocol.CodeNotAllowed)
	a.expectCode(protocol.ChallengeCreate{To: "mallory", Settings: st}, protocol.CodeNotAllowed)

	// Mallory's lobby line does not reach alice; the next one of
	// someone else does, so alice would have seen it by then.
	m.call(protocol.LobbySay{Text: "spam"})
	o := dial(t, s.URL)
	o.guest("other")
	o.call(protocol.LobbySay{Text: "hello"})
	if line := event[*protocol.LobbyChat](a, nil); line.Text != "hello" {
		t.Fatalf("alice heard %+v first", line)
	}

	a.call(protocol.Unblock{Name: "mallory"})
	ch := m.call(protocol.ChallengeCreate{To: "alice", Settings: st}).(*protocol.Challenge)
	if got := event(a, func(c *protocol.Challenge) bool { return c.ChallengeID == ch.ChallengeID }); got.From != "mallory" {
		t.Fatalf("challenge after unblocking %+v", got)
	}
}
