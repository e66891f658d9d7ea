package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/engine"
)

func testRecord(t *testing.T) *engine.Record {
	t.Helper()
	r, err := engine.ParseText([]byte("Black: alice\nWhite: bob\nRule: freestyle\nSize: 15\nResult: black wins by five\n" +
		"\n1. [Black] h8\n2. [White] h9\n3. [Black] i8\n4. [White] i9\n5. [Black] j8\n6. [White] j9\n" +
		"7. [Black] k8\n8. [White] k9\n9. [Black] l8\n"))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestScreensGolden: the history list, a replay and the leaderboard at
// 80x24 and 120x40, opened over the lobby and closed with q.
func TestScreensGolden(t *testing.T) {
	history := &historyScreen{name: "alice", games: []HistoryGame{
		{ID: 12, Black: "alice", White: "bob", Settings: "freestyle 15x15 10+5 rated", Plies: 9, Result: "black wins by five", Date: "11-23 08:00"},
		{ID: 9, Black: "bot:easy", White: "alice", Settings: "renju 15x15 none", Plies: 31, Result: "white wins by resignation", Date: "11-22 19:12"},
	}}
	screens := map[string]func() screen{
		"history": func() screen { return history },
		"replay":  func() screen { return &replayScreen{id: 12, rec: testRecord(t), ply: 9, result: "black wins by five"} },
		"leaderboard": func() screen {
			return &textScreen{name: "Leaderboard", lines: []string{"   #  player  rating", "   1  alice    1562"}}
		},
	}
	for name, open := range screens {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
			a.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			lobby := a.View()
			a.Update(ScreenMsg{open()})
			checkScreen(t, fmt.Sprintf("screen_%s_%dx%d", name, sz[0], sz[1]), a.View(), sz[0], sz[1])
			a.Update(keyMsg("q"))
			if a.View() != lobby {
				t.Errorf("%s: q did not go back to the lobby", name)
			}
		}
	}
}

// TestReplaySteps: the replay steps first, back, forward, last, and
// exports in each format.
func TestReplaySteps(t *testing.T) {
	s := &replayScreen{id: 12, rec: testRecord(t), ply: 9}
	for _, tc := range []struct {
		key  string
		ply  int
		want Intent
	}{
		{"home", 0, nil}, {"left", 0, nil}, {"right", 1, nil}, {"l", 2, nil}, {"h", 1, nil},
		{"end", 9, nil}, {"right", 9, nil}, {"g", 0, nil}, {"G", 9, nil},
		{"s", 9, ExportIntent{Game: 12, Format: "sgf"}}, {"p", 9, ExportIntent{Game: 12, Format: "psq"}},
		{"t", 9, ExportIntent{Game: 12, Format: "txt"}},
	} {
		cmd := s.key(tc.key)
		var got Intent
		if cmd != nil {
			got, _ = cmd().(Intent)
		}
		if s.ply != tc.ply || got != tc.want {
			t.Fatalf("%s: ply %d intent %#v, want %d %#v", tc.key, s.ply, got, tc.ply, tc.want)
		}
	}
	s.ply = 3
	if v := s.view(80, 24, PlainStyles()); !strings.Contains(v, "move 3 of 9") || !strings.Contains(v, "last: ● i8") {
		t.Errorf("replay at move 3:\n%s", v)
	}
}

// TestHistoryOpensReplay: enter on a game of the history asks for its
// replay.
func TestHistoryOpensReplay(t *testing.T) {
	s := &historyScreen{name: "alice", games: []HistoryGame{{ID: 12}, {ID: 9}}}
	s.key("down")
	s.key("down") // stays on the last
	if in := s.key("enter")(); in != (ReplayIntent{Game: 9}) {
		t.Errorf("enter: %#v, want the replay of game 9", in)
	}
}
