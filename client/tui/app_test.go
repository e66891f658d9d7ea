package tui

import (
	"context"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/engine"
)

// Keys typed faster than the terminal is read come as one message of several
// runes; each must still act as a key.
func TestAppSplitsBurstOfKeys(t *testing.T) {
	a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
	a.Lobby.SetPlayers([]Player{{Name: "alice"}, {Name: "bob"}})
	a.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("115j")})
	if s := a.Lobby.Settings; s.Rule != engine.Renju || !s.Rated {
		t.Errorf("settings %+v, want renju rated", s)
	}
	if p, _ := a.Lobby.selectedPlayer(); p.Name != "bob" {
		t.Errorf("selected %q, want bob", p.Name)
	}
}
