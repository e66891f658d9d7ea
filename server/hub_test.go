package server

import (
	"fmt"
	"testing"

	"github.com/gomokud/gomoku/protocol"
)

// TestLobbyCaps: a busy lobby lists at most MaxLobbyPlayers players, the
// challengeable ones first, and gives the full count.
func TestLobbyCaps(t *testing.T) {
	h := newHub(nil)
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
