package tui

import (
	"fmt"
	"sort"

	"github.com/gomokud/gomoku/client"
)

// LobbyGame is a running game as the lobby lists it, to watch.
type LobbyGame struct {
	ID           int64
	Black, White client.Player
	Rule         string
	Size         int
	Time         string // "10+5", "" for none
	Rated        bool
	Plies        int
	Watchers     int
}

// lobbyGameOf is a client's lobby game as the lobby shows it.
func lobbyGameOf(g client.LobbyGame) LobbyGame {
	return LobbyGame{ID: g.Game, Black: g.Black, White: g.White, Rule: g.Rule.String(), Size: g.Size,
		Time: timeText(g.Time), Rated: g.Rated, Plies: g.Plies, Watchers: g.Watchers}
}

// sortGames lists the games newest first (the highest numbers).
func sortGames(gs []LobbyGame) []LobbyGame {
	sort.Slice(gs, func(i, j int) bool { return gs[i].ID > gs[j].ID })
	return gs
}

// SetGames replaces the running games, keeping the selection on the same
// game when it is still there.
func (m *LobbyModel) SetGames(gs []LobbyGame) {
	selected := int64(0)
	if g, ok := m.selectedGame(); ok {
		selected = g.ID
	}
	m.Games = sortGames(gs)
	for i, g := range m.Games {
		if g.ID == selected && m.focus == focusGames {
			m.sel = i
		}
	}
	m.clampSel()
}

func (m *LobbyModel) selectedGame() (LobbyGame, bool) {
	if m.focus != focusGames || m.sel >= len(m.Games) {
		return LobbyGame{}, false
	}
	return m.Games[m.sel], true
}

// gameKey acts on the selected game: w or enter watches it (or returns to
// it, when it is mine).
func (m *LobbyModel) gameKey(key string) Intent {
	g, ok := m.selectedGame()
	if !ok || key != "w" && key != "enter" {
		return nil
	}
	if g.ID == m.MyGame {
		return OpenGameIntent{Game: g.ID}
	}
	return WatchIntent{Game: g.ID}
}

// gameLines are the lines of the games list, at most limit of them (the
// selection kept in view).
func (m *LobbyModel) gameLines(limit int) []string {
	st := m.styles
	out := []string{st.Title.Render(fmt.Sprintf("Games (%d)", len(m.Games)))}
	if len(m.Games) == 0 {
		return append(out, st.Dim.Render("  none"))
	}
	from := 0
	if m.focus == focusGames && m.sel >= limit {
		from = m.sel - limit + 1
	}
	for i := from; i < len(m.Games) && i < from+limit; i++ {
		line := gameText(m.Games[i])
		if m.focus == focusGames && i == m.sel {
			out = append(out, st.Selected.Render("> "+line))
		} else {
			out = append(out, "  "+line)
		}
	}
	if n := len(m.Games) - limit; n > 0 && m.focus != focusGames {
		out = append(out, st.Dim.Render(fmt.Sprintf("  … %d more (tab)", n)))
	}
	return out
}

// gameText is one game of the list, what matters first (a narrow column
// cuts the end): "#12 alice–bob · 17 moves · 2 watching · renju 15 10+5".
func gameText(g LobbyGame) string {
	moves := "moves"
	if g.Plies == 1 {
		moves = "move"
	}
	s := fmt.Sprintf("#%d %s–%s · %d %s", g.ID, g.Black.Name, g.White.Name, g.Plies, moves)
	if g.Watchers > 0 {
		s += fmt.Sprintf(" · %d watching", g.Watchers)
	}
	s += fmt.Sprintf(" · %s %d", g.Rule, g.Size)
	if g.Time != "" {
		s += " " + g.Time
	}
	if g.Rated {
		s += " rated"
	}
	return s
}

// setClock sets the settings' clock to one typed ("10+5", "90s+2",
// "30m/60s", "none"), written back the way the lobby writes clocks; a
// clock that does not read is said and changes nothing. Empty: no change.
func (m *LobbyModel) setClock(text string) {
	if text == "" {
		return
	}
	tc, err := client.ParseTimeControl(text)
	if err != nil {
		m.Error("%v", err)
		return
	}
	m.Settings.Time = tc.String()
	m.Info("clock %s", m.Settings.Time)
}
