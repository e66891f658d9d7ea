package server

import (
	"fmt"
	"testing"

	"github.com/gomokud/gomoku/protocol"
	"github.com/jonboulle/clockwork"
)

// TestLobbyCaps: a busy lobby lists at most MaxLobbyPlayers players, the
// challengeable ones first, and gives the full count.
func TestLobbyCaps(t *testing.T) {
	h := newHub(&env{clock: clockwork.NewFakeClock()}, nil)
	n := protocol.MaxLobbyPlayers + 50
	var me *user
	for i := range n {
		u := h.userLocked(identity{name: fmt.Sprintf("p%d", i), kind: protocol.KindGuest})
		u.conns[&conn{}] = struct{}{}
		if i < n-10 { // all but ten are playing
			u.games[int64(i)] = nil
		}
		me = u
	}
	l := h.lobby(me)
	if len(l.Players) != protocol.MaxLobbyPlayers || l.PlayersOnline != n {
		t.Fatalf("listed %d of %d", len(l.Players), l.PlayersOnline)
	}
	idle := 0
	for _, p := range l.Players[:10] {
		if p.Status == protocol.StatusIdle {
			idle++
		}
	}
	if idle != 10 {
		t.Fatalf("the idle players are not listed first: %+v", l.Players[:10])
	}
}

// TestGuestNames: wished names when free, numbered ones otherwise, never
// two live sessions with one name, and names freed with their sessions.
func TestGuestNames(t *testing.T) {
	h := newHub(&env{clock: clockwork.NewFakeClock()}, nil)
	if n := h.newGuest("t1", "zed").Name; n != "guest:zed" {
		t.Fatalf("got %q", n)
	}
	seen := map[string]bool{"guest:zed": true}
	for i := range 3000 {
		n := h.newGuest(fmt.Sprint("h", i), "zed").Name
		if seen[n] || len(n) < len("guest:1000") {
			t.Fatalf("guest %d got %q", i, n)
		}
		seen[n] = true
	}
	h.dropGuest("t1")
	if n := h.newGuest("t2", "ZED").Name; n != "guest:ZED" {
		t.Fatalf("a freed name is not given again: %q", n)
	}
	if n := h.newGuest("t3", "bad name!").Name; n == "guest:bad name!" {
		t.Fatal("invalid wish accepted")
	}
}

// TestLobbyGamesCap: a busy lobby lists the newest MaxLobbyGames running
// games, newest first, and counts them all; finished games are not listed.
func TestLobbyGamesCap(t *testing.T) {
	h := newHub(&env{clock: clockwork.NewFakeClock()}, nil)
	me := h.userLocked(identity{name: "me", kind: protocol.KindGuest})
	n := 2*protocol.MaxLobbyGames + 50
	for id := int64(1); id <= int64(n)+5; id++ {
		g := &game{id: id}
		g.sum.GameID = id
		if id > int64(n) { // the five newest are over
			g.sum.Result = &protocol.Result{}
		}
		h.games[id] = g
	}
	l := h.lobby(me)
	if l.GamesRunning != n || len(l.Games) != protocol.MaxLobbyGames {
		t.Fatalf("listed %d, counted %d; want %d of %d", len(l.Games), l.GamesRunning, protocol.MaxLobbyGames, n)
	}
	for i, s := range l.Games {
		if want := int64(n - i); s.GameID != want {
			t.Fatalf("game %d listed is %d, want %d (newest running first)", i, s.GameID, want)
		}
	}
}
