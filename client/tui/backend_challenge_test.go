package tui

import (
	"context"
	"fmt"
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

// TestBackendScreens: the history, a replay, its export, a profile and the
// leaderboard come from the server as screens.
func TestBackendScreens(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	t.Chdir(t.TempDir()) // the export writes here
	s := servertest.Start(t, servertest.Options{})
	alice, _ := newBackend(t, s.URL, "alice")
	ctx := context.Background()
	alice.Do(ctx, ChallengeIntent{Name: "bot:easy", Settings: Settings{Rule: engine.Freestyle, Size: 15, Time: "none", Color: "black", Opening: noOpening}})
	id := nextMsg[GameStartMsg](t, alice, nil).State.Info.ID
	if m := alice.Do(ctx, MoveIntent{Game: id, Point: engine.Point{X: 7, Y: 7}}); m != nil {
		t.Fatalf("move: %+v", m)
	}
	if m := alice.Do(ctx, ResignIntent{Game: id}); m != nil {
		t.Fatalf("resign: %+v", m)
	}
	nextMsg[GameOverMsg](t, alice, nil)

	h, ok := alice.Do(ctx, HistoryIntent{}).(ScreenMsg)
	hs, _ := h.screen.(*historyScreen)
	if !ok || hs == nil || len(hs.games) != 1 || hs.games[0].ID != id || hs.games[0].Result != "white wins by resignation" {
		t.Fatalf("history: %#v", h)
	}
	r, _ := alice.Do(ctx, ReplayIntent{Game: id}).(ScreenMsg)
	if rs, ok := r.screen.(*replayScreen); !ok || len(rs.rec.Moves) < 1 || rs.ply != len(rs.rec.Moves) {
		t.Fatalf("replay: %#v", r)
	}
	if n, ok := alice.Do(ctx, ExportIntent{Game: id, Format: "sgf"}).(NoticeMsg); !ok || n.Error || n.Text != fmt.Sprintf("saved game-%d.sgf", id) {
		t.Fatalf("export: %#v", n)
	}
	if n, ok := alice.Do(ctx, ExportIntent{Game: id, Format: "sgf"}).(NoticeMsg); !ok || !n.Error {
		t.Fatalf("export over an existing file: %#v", n)
	}
	for _, in := range []Intent{ProfileIntent{}, LeaderboardIntent{}} {
		if m, ok := alice.Do(ctx, in).(ScreenMsg); !ok || m.screen == nil {
			t.Fatalf("%T: %#v", in, m)
		}
	}
}
