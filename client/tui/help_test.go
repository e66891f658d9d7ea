package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// TestHelpScreens: ? opens a help screen listing the keys of the screen
// shown (the lobby, a game as a player or as a watcher); ?, esc or q close
// it, and no other key acts meanwhile.
func TestHelpScreens(t *testing.T) {
	for _, tc := range []struct {
		name   string
		inGame bool
		me     engine.Color // in a game: Empty when watching
		wants  []string
		// opening: the game is in its opening (a Soosõrv-8 offer of mine).
		opening bool
	}{
		{"lobby", false, engine.Empty, []string{"Keys · lobby", "challenge the selected", "quick pairing"}, false},
		{"game", true, engine.Black, []string{"Keys · game 42", "take back", "resign"}, false},
		{"watch", true, engine.Empty, []string{"you are watching", "game chat"}, false},
		{"opening", true, engine.Black, []string{"1 2 3", "declare how many", "offer the marked", "abort (until both players"}, true},
	} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			name := fmt.Sprintf("help_%s_%dx%d", tc.name, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
				a.Lobby.SetPlayers([]client.Player{{Name: "alice"}, {Name: "bob"}})
				a.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				switch {
				case tc.opening:
					a.Update(GameStartMsg{State: decision(opening.Soosorv8, "h8 h9 j10 i8", opening.OfferFifths, engine.Black)(t, tc.me)})
				case tc.inGame:
					a.Update(GameStartMsg{State: renjuGame(t, tc.me)})
				}
				before := a.View()
				a.Update(keyMsg("?"))
				view := a.View()
				checkScreen(t, name, view, size[0], size[1])
				for _, w := range tc.wants {
					if !strings.Contains(view, w) {
						t.Errorf("help lacks %q", w)
					}
				}
				a.Update(keyMsg("c")) // swallowed: no challenge, no setting changed
				a.Update(keyMsg("q"))
				if a.help || a.View() != before {
					t.Error("q did not close the help, or a key acted under it")
				}
			})
		}
	}
}
