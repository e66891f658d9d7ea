package tui

import (
	"context"
	"testing"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/internal/servertest"
)

// TestBackendReplacedChallenge: challenging the same player again with
// another clock replaces the open challenge on the challenger's screen too:
// one line, the new one, also once the server's cancellation arrives.
func TestBackendReplacedChallenge(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	s := servertest.Start(t, servertest.Options{})
	alice, _ := newBackend(t, s.URL, "alice")
	bob, _ := newBackend(t, s.URL, "bob")
	nextMsg(t, alice, func(l LobbyMsg) bool { return len(l.Players) > 1 })
	nextMsg(t, bob, func(l LobbyMsg) bool { return len(l.Players) > 1 })
	ctx := context.Background()
	send := func(clock string) LobbyMsg {
		t.Helper()
		msg := alice.Do(ctx, ChallengeIntent{Name: "bob", Settings: Settings{Rule: engine.Freestyle, Size: 15, Time: clock}})
		for _, m := range flatten(msg) {
			if l, ok := m.(LobbyMsg); ok {
				return l
			}
		}
		t.Fatalf("challenge %s: %+v", clock, msg)
		return LobbyMsg{}
	}
	send("5+3")
	l := send("15+10")
	if len(l.Challenges) != 1 || l.Challenges[0].Settings.Time != "15+10" {
		t.Fatalf("alice's challenges after replacing: %+v", l.Challenges)
	}
	// The server's challenge_cancelled for the old one redraws the lobby.
	l = nextMsg[LobbyMsg](t, alice, nil)
	if len(l.Challenges) != 1 || l.Challenges[0].Settings.Time != "15+10" {
		t.Fatalf("alice's challenges after the cancellation: %+v", l.Challenges)
	}
}
