package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
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

// TestLobbyOpeningSetting: 6 cycles through the opening rules that go
// with the rule, from the rule's default; changing the rule keeps an
// opening that goes with the new one, else takes its default.
func TestLobbyOpeningSetting(t *testing.T) {
	m := testLobby(t, 80, 24)
	steps := []struct {
		key  string
		rule engine.Rule
		want string // as the settings line shows it
	}{
		{"", engine.Freestyle, "[6] swap2"},
		{"6", engine.Freestyle, "[6] none"},
		{"1", engine.Standard, "[6] none"}, // none goes with every rule
		{"6", engine.Standard, "[6] swap2"},
		{"1", engine.Renju, "[6] soosorv-8"}, // swap2 does not: renju's default
		{"6", engine.Renju, "[6] taraguchi-10"},
		{"6", engine.Renju, "[6] none"},
		{"6", engine.Renju, "[6] soosorv-8"},
		{"6", engine.Renju, "[6] taraguchi-10"},
		{"1", engine.Caro, "[6] swap2"},
	}
	for i, st := range steps {
		if st.key != "" {
			pressLobby(m, st.key)
		}
		line := m.settingsLine()
		if m.Settings.Rule != st.rule || !strings.Contains(line, st.want) {
			t.Fatalf("step %d (%q): rule %s, settings %q, want %s and %q", i, st.key, m.Settings.Rule, line, st.rule, st.want)
		}
		if ansi.StringWidth(line) > 80 {
			t.Errorf("step %d: settings line of %d columns: %q", i, ansi.StringWidth(line), line)
		}
	}
	in, _ := pressLobby(m, "j", "c")
	if ch, ok := in.(ChallengeIntent); !ok || ch.Settings.Opening != (client.OpeningRule{}) {
		t.Fatalf("challenge %#v, want caro with the server's default opening", in)
	}
	pressLobby(m, "6", "6")
	if in, _ := pressLobby(m, "c"); in.(ChallengeIntent).Settings.Opening != client.Opening(opening.Swap2) {
		t.Fatalf("challenge %#v, want caro with swap2 named", in)
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

// TestLobbyBlocks: B blocks the selected player, or unblocks a blocked
// one (marked ⊘); bots, guests and I cannot be blocked. A blocked
// player's game chat is not shown.
func TestLobbyBlocks(t *testing.T) {
	a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
	a.Update(LobbyMsg{Players: []client.Player{{Name: "alice"}, {Name: "Bob"}, {Name: "guest:7", Guest: true}, {Name: "bot:easy", Bot: true}}})
	m := a.Lobby
	if in, _ := pressLobby(m, "B"); in != (BlockIntent{Name: "Bob", On: true}) {
		t.Errorf("B on bob: %#v", in)
	}
	a.Update(BlocksMsg{Names: []string{"Bob"}})
	if in, _ := pressLobby(m, "B"); in != (BlockIntent{Name: "Bob", On: false}) {
		t.Errorf("B on blocked bob: %#v", in)
	}
	if !strings.Contains(m.View(), "Bob ⊘") {
		t.Error("a blocked player is not marked")
	}
	for _, key := range []string{"down", "down"} { // the guest, then the bot
		if in, ok := pressLobby(m, key, "B"); ok || !m.IsError {
			t.Errorf("B on %d: %#v", m.sel, in)
		}
	}
	s, err := NewGameState(GameInfo{ID: 7, Rule: engine.Freestyle, Size: 15, Black: Side{Name: "alice"}, White: Side{Name: "carol"}}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	a.Update(GameStartMsg{State: s})
	a.Update(ChatMsg{Game: 7, Line: ChatLine{From: "bob", Text: "spam"}})
	a.Update(ChatMsg{Game: 7, Line: ChatLine{From: "carol", Text: "hi"}})
	if chat := a.Games[7].Chat; len(chat) != 1 || chat[0].From != "carol" {
		t.Errorf("game chat %+v, want carol's line only", chat)
	}
}
