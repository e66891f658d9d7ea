package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
)

func testLobby(tb testing.TB, w, h int) *LobbyModel {
	tb.Helper()
	m := NewLobbyModel("alice", "ws://localhost:7878/ws", PlainStyles())
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Status = "connected"
	m.SetPlayers([]client.Player{
		{Name: "easy", Bot: true, Status: "idle"},
		{Name: "alice", Status: "idle", Rating: 1523},
		{Name: "bob", Status: "playing", Rating: 1480, Game: 12},
		{Name: "max", Bot: true, Status: "idle"},
		{Name: "guest-7", Status: "seeking", Guest: true},
	})
	m.SetChallenges([]Challenge{
		{ID: 3, From: "carol", To: "alice", Incoming: true, Settings: Settings{Rule: engine.Renju, Size: 15, Time: "10+5", Color: "black", Rated: true}},
		{ID: 4, From: "alice", To: "bob", Settings: Settings{Rule: engine.Freestyle, Size: 19, Time: "none", Color: "random"}},
	})
	m.Chat = []ChatLine{{"bob", "anyone for renju?"}, {"carol", "me"}}
	return m
}

func pressLobby(m *LobbyModel, keys ...string) (Intent, bool) {
	var cmd tea.Cmd
	for _, k := range keys {
		cmd = m.Update(keyMsg(k))
	}
	if cmd == nil {
		return nil, false
	}
	in, ok := cmd().(Intent)
	return in, ok
}

func TestLobbyGolden(t *testing.T) {
	for _, sz := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		m := testLobby(t, sz.w, sz.h)
		name := fmt.Sprintf("lobby_%dx%d", sz.w, sz.h)
		checkScreen(t, name, m.View(), sz.w, sz.h)
	}
	m := testLobby(t, 80, 24)
	pressLobby(m, "tab")
	m.Error("not_found: no such player")
	checkScreen(t, "lobby_challenges_80x24", m.View(), 80, 24)
}

func TestLobbyKeys(t *testing.T) {
	defaults := testLobby(t, 80, 24).Settings
	tests := []struct {
		name string
		keys []string
		want Intent
	}{
		{"challenge the selected player", []string{"c"}, ChallengeIntent{Name: "bob", Settings: defaults}},
		{"challenge a bot with enter", []string{"j", "j", "enter"}, ChallengeIntent{Name: "easy", Settings: defaults}},
		{"not myself", []string{"k", "c"}, nil},
		{"watch a playing player", []string{"w"}, WatchIntent{Game: 12}},
		{"not watch an idle one", []string{"k", "w"}, nil},
		{"accept an incoming challenge", []string{"tab", "a"}, AcceptChallengeIntent{ID: 3}},
		{"decline an incoming challenge", []string{"tab", "d"}, DeclineChallengeIntent{ID: 3}},
		{"cancel my challenge", []string{"tab", "j", "x"}, CancelChallengeIntent{ID: 4}},
		{"cannot accept my own challenge", []string{"tab", "j", "a"}, nil},
		{"quick-pair", []string{"p"}, SeekIntent{Settings: defaults}},
		{"chat", []string{"t", "h", "i", "enter"}, ChatIntent{Text: "hi"}},
		{"chat keys are text", []string{"t", "q", "enter"}, ChatIntent{Text: "q"}},
		{"quit", []string{"q"}, QuitIntent{}},
		{"selection stops at the end", []string{"j", "j", "j", "j", "j", "j", "j", "j", "c"}, ChallengeIntent{Name: "max", Settings: defaults}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := testLobby(t, 80, 24)
			got, ok := pressLobby(m, tt.keys...)
			if _, quit := got.(QuitIntent); ok && quit {
				// With a running game, quitting takes a second q.
				m.MyGame = 12
				if _, ok := pressLobby(m, tt.keys...); ok || !m.IsError {
					t.Fatal("one q quits with a running game")
				}
				got, ok = pressLobby(m, tt.keys...)
			}
			if tt.want == nil {
				if ok {
					t.Fatalf("got %#v, want no intent", got)
				}
				return
			}
			if !ok || got != tt.want {
				t.Fatalf("got %#v %v, want %#v", got, ok, tt.want)
			}
		})
	}
}

func TestLobbySettingsKeys(t *testing.T) {
	m := testLobby(t, 80, 24)
	in, _ := pressLobby(m, "1", "1", "2", "3", "4", "5", "k", "c")
	if in != nil {
		t.Fatalf("c on myself gave %#v", in)
	}
	in, _ = pressLobby(m, "j", "c")
	want := Settings{Rule: engine.Renju, Size: 19, Time: "5+3", Color: "black", Rated: true}
	if ch, ok := in.(ChallengeIntent); !ok || ch.Settings != want {
		t.Fatalf("challenge %#v, want one with %+v", in, want)
	}
	m.Seeking = true
	if in, _ := pressLobby(m, "p"); in != (CancelSeekIntent{}) {
		t.Fatalf("p while seeking gave %#v", in)
	}
}

func TestLobbyKeepsSelectionOnUpdate(t *testing.T) {
	m := testLobby(t, 80, 24)
	// bob is selected: the first player other than me
	m.SetPlayers([]client.Player{{Name: "zed"}, {Name: "bob", Status: "idle"}, {Name: "alice"}})
	if in, _ := pressLobby(m, "c"); in != (ChallengeIntent{Name: "bob", Settings: m.Settings}) {
		t.Fatalf("selection moved: %#v", in)
	}
	m.SetPlayers(nil)
	if in, ok := pressLobby(m, "c"); ok {
		t.Fatalf("empty list gave %#v", in)
	}
}

// TestLobbyHelpFits80: with a game running, the lobby's help line still
// ends with how to quit on an 80-column terminal.
func TestLobbyHelpFits80(t *testing.T) {
	m := testLobby(t, 80, 24)
	m.MyGame = 12
	lines := strings.Split(m.View(), "\n")
	help := lines[len(lines)-1]
	if !strings.HasPrefix(help, "g game") || !strings.HasSuffix(help, "q quit") {
		t.Fatalf("help line at 80 columns: %q", help)
	}
	m = testLobby(t, 120, 24)
	if lines := strings.Split(m.View(), "\n"); !strings.Contains(lines[len(lines)-1], "c challenge · w watch") {
		t.Fatalf("help line at 120 columns: %q", lines[len(lines)-1])
	}
}

// TestLobbyFocusAfterLastChallenge: when the challenge list empties while
// it has the focus (the challenge was accepted), the cursor goes back to
// the players, on someone one can challenge; so does tab.
func TestLobbyFocusAfterLastChallenge(t *testing.T) {
	m := testLobby(t, 80, 24)
	pressLobby(m, "tab")
	m.SetChallenges(nil)
	if p, ok := m.selectedPlayer(); !ok || p.Name == "alice" {
		t.Fatalf("after the last challenge went: selected %+v, %v; want another player", p, ok)
	}
	if in, ok := pressLobby(m, "c"); !ok || in != (ChallengeIntent{Name: "bob", Settings: m.Settings}) {
		t.Fatalf("c gave %#v, %v; want a challenge to bob", in, ok)
	}
	m = testLobby(t, 80, 24)
	pressLobby(m, "tab", "tab")
	if p, ok := m.selectedPlayer(); !ok || p.Name != "bob" {
		t.Fatalf("tab back to the players selected %+v, %v; want bob", p, ok)
	}
}

// TestLobbySettingsLockedWhileSeeking: the seek went with the settings of
// the moment; changing them while seeking would show settings the server
// does not have, so the keys are refused until p stops the seek.
func TestLobbySettingsLockedWhileSeeking(t *testing.T) {
	m := testLobby(t, 80, 24)
	before := m.Settings
	m.Seeking = true
	pressLobby(m, "3", "1")
	if m.Settings != before || !m.IsError || !strings.Contains(m.Message, "p stops") {
		t.Fatalf("settings %+v (was %+v), message %q", m.Settings, before, m.Message)
	}
	m.Seeking = false
	pressLobby(m, "3")
	if m.Settings == before {
		t.Fatal("settings keys do nothing after the seek stopped")
	}
}

// TestLobbyGames: the running games are listed with their players, rule,
// moves and watchers; tab selects them and w (or enter) watches one, or
// returns to my own.
func TestLobbyGames(t *testing.T) {
	games := []LobbyGame{
		{ID: 12, Black: client.Player{Name: "bob"}, White: client.Player{Name: "dave"}, Rule: "renju", Size: 15, Time: "10+5", Rated: true, Plies: 17, Watchers: 2},
		{ID: 14, Black: client.Player{Name: "alice"}, White: client.Player{Name: "bot:easy"}, Rule: "freestyle", Size: 19, Plies: 3},
	}
	for _, sz := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		m := testLobby(t, sz.w, sz.h)
		m.MyGame = 14
		m.SetGames(games)
		pressLobby(m, "tab")
		name := fmt.Sprintf("lobby_games_%dx%d", sz.w, sz.h)
		view := m.View()
		checkScreen(t, name, view, sz.w, sz.h)
		if !strings.Contains(view, "#12 bob–dave · 17 moves · 2 watching") {
			t.Errorf("%s: the game line is missing", name)
		}
	}
	m := testLobby(t, 80, 24)
	m.MyGame = 14
	m.SetGames(games)
	if in, _ := pressLobby(m, "tab", "w"); in != (OpenGameIntent{Game: 14}) {
		t.Errorf("w on my own game: %#v, want to open it", in)
	}
	if in, _ := pressLobby(m, "down", "enter"); in != (WatchIntent{Game: 12}) {
		t.Errorf("enter on game 12: %#v, want to watch it", in)
	}
	if pressLobby(m, "tab"); m.focus != focusChallenges {
		t.Errorf("tab from the games: focus %v, want the challenges", m.focus)
	}
}

// TestLobbyTypedClock: T types a clock of one's own; a clock that does not
// read changes nothing and says why.
func TestLobbyTypedClock(t *testing.T) {
	for _, tc := range []struct {
		typed, want string
		err         bool
	}{
		{"3+2", "3+2", false},
		{"90s+1", "90s+1", false},
		{"45m/30s", "45m/30s", false},
		{"none", "none", false},
		{"ten", "10+5", true},
		{"", "10+5", false},
	} {
		m := testLobby(t, 80, 24)
		keys := []string{"T"}
		for _, r := range tc.typed {
			keys = append(keys, string(r))
		}
		pressLobby(m, append(keys, "enter")...)
		if m.Settings.Time != tc.want || m.IsError != tc.err || m.chatting {
			t.Errorf("typed %q: clock %q (error %v %q), want %q (error %v)", tc.typed, m.Settings.Time, m.IsError, m.Message, tc.want, tc.err)
		}
	}
}
