package server_test

import (
	"fmt"
	"testing"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
)

// TestReplacedChallengeToldToBoth: a new challenge to the same player
// replaces the open one, and both sides are told, the challenger too
// (whose list would otherwise keep the old one for good).
func TestReplacedChallengeToldToBoth(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	st := protocol.Settings{Opening: "none", Rule: "freestyle", Time: protocol.TimeControl{MainMS: 300_000, IncrementMS: 3000}}
	first := a.call(protocol.ChallengeCreate{To: b.name, Settings: st}).(*protocol.Challenge)
	st.Time = protocol.TimeControl{MainMS: 900_000, IncrementMS: 10_000}
	second := a.call(protocol.ChallengeCreate{To: b.name, Settings: st}).(*protocol.Challenge)
	for _, c := range []*wsc{a, b} {
		got := event(c, func(m *protocol.ChallengeCancelled) bool { return m.ChallengeID == first.ChallengeID })
		if got.Reason != "replaced by a new challenge" {
			t.Errorf("%s: cancelled %+v", c.name, got)
		}
	}
	l := a.call(protocol.GetLobby{}).(*protocol.Lobby)
	if len(l.Challenges) != 1 || l.Challenges[0].ChallengeID != second.ChallengeID {
		t.Fatalf("ann's open challenges %+v, want only %d", l.Challenges, second.ChallengeID)
	}
	a.expectCode(protocol.ChallengeCancel{ChallengeID: first.ChallengeID}, protocol.CodeNotFound)
}

// TestWatchersCountedAndTakenToRematch: the players and the lobby see how
// many watch a game; a watcher is told of the rematch, to watch it too.
func TestWatchersCountedAndTakenToRematch(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle"})
	w := dial(t, s.URL)
	w.guest("watcher")
	w.call(protocol.Watch{GameID: gid})
	for _, c := range []*wsc{black, white} {
		if n := event(c, func(m *protocol.GameWatchers) bool { return m.GameID == gid }); n.Watchers != 1 {
			t.Fatalf("%s: watchers %+v", c.name, n)
		}
	}
	l := a.call(protocol.GetLobby{}).(*protocol.Lobby)
	if len(l.Games) != 1 || l.Games[0].Watchers != 1 {
		t.Fatalf("lobby games %+v", l.Games)
	}
	black.call(protocol.Resign{GameID: gid})
	gameOver(t, w, gid)
	white.call(protocol.RematchOffer{GameID: gid})
	black.call(protocol.RematchAnswer{GameID: gid, Accept: true})
	next := event[*protocol.GameStart](black, nil).Game.GameID
	if r := event[*protocol.RematchStarted](w, nil); r.GameID != gid || r.NewGameID != next {
		t.Fatalf("rematch told the watcher %+v, want %d -> %d", r, gid, next)
	}
	if st := w.call(protocol.Watch{GameID: next}).(*protocol.GameState); st.Game.GameID != next || st.Watchers != 1 {
		t.Fatalf("watching the rematch %+v", st.Snapshot)
	}
	w.call(protocol.Unwatch{GameID: next})
	if n := event(white, func(m *protocol.GameWatchers) bool { return m.GameID == next && m.Watchers == 0 }); n == nil {
		t.Fatal("no watcher count after unwatch")
	}
}

// TestLobbyChatHistory: a player entering the lobby gets its recent chat
// lines with the lobby, oldest first (the cap: TestChatLogKeepsTheLast).
func TestLobbyChatHistory(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a := dial(t, s.URL)
	a.guest("talker")
	for i := 1; i <= 3; i++ {
		a.call(protocol.LobbySay{Text: fmt.Sprintf("line %d", i)})
	}
	b := dial(t, s.URL)
	b.guest("late")
	l := b.call(protocol.GetLobby{}).(*protocol.Lobby)
	if len(l.Chat) != 3 || l.Chat[0].Text != "line 1" || l.Chat[2].Text != "line 3" || l.Chat[0].From != a.name {
		t.Fatalf("chat history: %+v", l.Chat)
	}
}
