package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
)

// Keys typed faster than the terminal is read come as one message of several
// runes; each must still act as a key.
func TestAppSplitsBurstOfKeys(t *testing.T) {
	a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
	a.Lobby.SetPlayers([]client.Player{{Name: "alice"}, {Name: "bob"}})
	a.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("115j")})
	if s := a.Lobby.Settings; s.Rule != engine.Renju || !s.Rated {
		t.Errorf("settings %+v, want renju rated", s)
	}
	if p, _ := a.Lobby.selectedPlayer(); p.Name != "bob" {
		t.Errorf("selected %q, want bob", p.Name)
	}
}

func TestAppOpensNewGames(t *testing.T) {
	a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
	state := func(id int64) *GameState {
		s, err := NewGameState(GameInfo{ID: id, Rule: engine.Freestyle, Size: 15, Me: engine.Black,
			Black: Side{Name: "alice"}, White: Side{Name: "bob"}}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a.Update(GameStartMsg{State: state(1)})
	if a.Current != 1 {
		t.Fatalf("a new game is not shown: current %d", a.Current)
	}
	a.Current = 0 // back to the lobby
	a.Update(GameStartMsg{State: state(1)})
	if a.Current != 0 {
		t.Fatal("a refreshed game took the screen")
	}
	a.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("t")}) // typing a chat line
	a.Update(GameStartMsg{State: state(2)})
	if a.Current != 0 || a.Lobby.Message == "" {
		t.Fatalf("a game opened while typing: current %d, message %q", a.Current, a.Lobby.Message)
	}
}

// TestLobbyMessagesExpire: a lobby message comes with a timer that clears
// it, unless a newer message has replaced it by then.
func TestLobbyMessagesExpire(t *testing.T) {
	a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
	a.Lobby.SetPlayers([]client.Player{{Name: "alice"}, {Name: "bob"}})
	_, cmd := a.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("kc")}) // c on alice: herself
	if a.Lobby.Message == "" || cmd == nil {
		t.Fatalf("message %q, cmd %v: want an error and its timer", a.Lobby.Message, cmd)
	}
	first := a.Lobby.msgSeq
	a.Lobby.Info("newer")
	a.Update(expireMsg{seq: first})
	if a.Lobby.Message != "newer" {
		t.Fatalf("an old timer cleared a newer message: %q", a.Lobby.Message)
	}
	a.Update(expireMsg{seq: a.Lobby.msgSeq})
	if a.Lobby.Message != "" {
		t.Fatalf("message %q not cleared", a.Lobby.Message)
	}
}

// TestGameMessagesExpire: a game screen's message line clears itself too.
func TestGameMessagesExpire(t *testing.T) {
	a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
	s, err := NewGameState(GameInfo{ID: 7, Rule: engine.Freestyle, Size: 15, Me: engine.Black,
		Black: Side{Name: "alice"}, White: Side{Name: "bob"}}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	a.Update(GameStartMsg{State: s})
	g := a.Games[7]
	if g == nil || a.Current != 7 {
		t.Fatalf("game not on screen: current %d", a.Current)
	}
	g.Error("wait 1m16s more for your opponent")
	if _, cmd := a.Update(tea.WindowSizeMsg{Width: 80, Height: 24}); cmd == nil {
		t.Fatal("no timer for the game's message")
	}
	a.Update(expireMsg{game: 7, seq: g.msgSeq})
	if g.Message != "" {
		t.Fatalf("message %q not cleared", g.Message)
	}
}

// TestGameOverClocks: the clocks a finished game shows: the server's final
// clocks when it sends them (the flagged side at 0:00), else the running
// clock stopped where it stood at the end, never the time it had when its
// turn began.
func TestGameOverClocks(t *testing.T) {
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		name       string
		final      *Clocks
		black, wht time.Duration
	}{
		{"the server's final clocks", &Clocks{Black: 0, White: 12 * time.Second}, 0, 12 * time.Second},
		{"none sent: stopped at the end", nil, 4 * time.Second, 12 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			now := start
			a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
			a.now = func() time.Time { return now }
			s, err := NewGameState(GameInfo{ID: 7, Rule: engine.Freestyle, Size: 15, Me: engine.White, Time: "0:12+0",
				Black: Side{Name: "bob"}, White: Side{Name: "alice"}}, nil,
				&Clocks{Black: 12 * time.Second, White: 12 * time.Second, Running: engine.Black, At: start})
			if err != nil {
				t.Fatal(err)
			}
			a.Update(GameStartMsg{State: s})
			now = start.Add(8 * time.Second)
			a.Update(GameOverMsg{Game: 7, Result: engine.Result{Winner: engine.White, Reason: engine.ReasonTimeout}, Clock: tc.final})
			now = start.Add(time.Minute) // the screen is drawn later
			g := a.Games[7].State
			if b, w := g.Remaining(engine.Black, now), g.Remaining(engine.White, now); b != tc.black || w != tc.wht {
				t.Errorf("clocks black %v white %v, want %v %v", b, w, tc.black, tc.wht)
			}
		})
	}
}

// TestFirstMoveCountdown: while the side to move has not made its first
// move (its clock does not run yet), the banner counts down the time it
// has for it, for both players; it goes with the first move's clocks.
func TestFirstMoveCountdown(t *testing.T) {
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, me := range []engine.Color{engine.Black, engine.White} {
		now := start
		s, err := NewGameState(GameInfo{ID: 7, Rule: engine.Freestyle, Size: 15, Me: me, Time: "5+3",
			Black: Side{Name: "bob"}, White: Side{Name: "alice"}}, nil,
			&Clocks{Black: 5 * time.Minute, White: 5 * time.Minute, FirstMove: 30 * time.Second, At: start})
		if err != nil {
			t.Fatal(err)
		}
		g := NewGameModel(s, PlainStyles(), func() time.Time { return now })
		now = start.Add(12 * time.Second)
		if b := g.banner(); !strings.Contains(b, "first move within 0:18, or the game is aborted") {
			t.Errorf("%v: banner %q", me, b)
		}
		for i, c := range []engine.Color{engine.Black, engine.White} {
			if err := s.Apply(engine.Move{Point: engine.Point{X: 7, Y: 7 + i}, Color: c}); err != nil {
				t.Fatal(err)
			}
		}
		s.SetClocks(Clocks{Black: 5 * time.Minute, White: 5 * time.Minute, Running: engine.Black, At: now})
		if b := g.banner(); strings.Contains(b, "first move") {
			t.Errorf("%v: after the first moves, banner %q", me, b)
		}
	}
}

// TestAppTellsSettings: a change of the lobby's settings is told to
// OnSettings (to be kept for the next run), once per change.
func TestAppTellsSettings(t *testing.T) {
	a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
	var told []Settings
	a.OnSettings = func(s Settings) { told = append(told, s) }
	a.saved = a.Lobby.Settings
	run := func(msg tea.Msg) {
		if _, cmd := a.Update(msg); cmd != nil {
			drain(cmd)
		}
	}
	run(keyMsg("1")) // the rule
	run(keyMsg("j")) // no setting
	if len(told) != 1 || told[0].Rule != engine.Standard {
		t.Fatalf("told %+v, want one change to standard", told)
	}
}

// drain runs a command and the commands of the batches it returns.
func drain(cmd tea.Cmd) {
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		for _, c := range b {
			if c != nil {
				drain(c)
			}
		}
	}
}
