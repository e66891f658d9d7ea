package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// TestOpeningNote: what each opening action says, to its players and to
// a watcher.
func TestOpeningNote(t *testing.T) {
	act := func(s string) opening.Action {
		a, err := opening.ParseAction(s, 15)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	tests := []struct {
		action  string
		by      string
		swapped bool
		done    bool
		me      string
		mine    engine.Color
		want    string
	}{
		{"place h8", "alice", false, false, "alice", engine.Black, ""},
		{"swap", "bob", true, false, "alice", engine.White, "bob swapped: you play white now"},
		{"swap", "bob", true, false, "bob", engine.Black, "you swapped: you play black now"},
		{"swap", "bob", true, false, "carol", engine.Empty, "bob swapped: bob plays black now"},
		{"stay", "bob", false, false, "alice", engine.Black, "bob kept the colours"},
		{"black", "bob", true, true, "alice", engine.White, "bob chose black: you play white now; the opening is over"},
		{"white", "bob", false, true, "alice", engine.Black, "bob chose white; the opening is over"},
		{"two", "bob", false, false, "alice", engine.Black, "bob will place two more stones"},
		{"declare 1", "bob", false, false, "alice", engine.Black, "bob declared 1 fifth move"},
		{"declare 3", "alice", false, false, "alice", engine.White, "you declared 3 fifth moves"},
		{"branch-place", "alice", false, false, "bob", engine.White, "alice will place the 5th move in 9x9"},
		{"branch-offer", "alice", false, false, "bob", engine.White, "alice will offer 10 fifth moves"},
		{"offer g7 o14", "alice", false, false, "bob", engine.White, "alice offered g7 o14"},
		{"choose g7", "bob", false, true, "alice", engine.Black, "bob chose g7; the opening is over"},
	}
	for _, tt := range tests {
		e := client.OpeningActed{Game: 1, By: tt.by, Action: act(tt.action), Swapped: tt.swapped, Done: tt.done, Black: "bob"}
		if got := openingNote(e, tt.me, tt.mine); got != tt.want {
			t.Errorf("%s by %s, read by %s: %q, want %q", tt.action, tt.by, tt.me, got, tt.want)
		}
	}
}

// TestAppFollowsSwap: an opening action that exchanges the colours moves
// the players' sides and my colour with them, and the screen says so;
// the next phase is shown. (The backend's side of it is in the tests
// against the server.)
func TestAppFollowsSwap(t *testing.T) {
	next := &client.Phase{Opening: opening.Taraguchi10, Kind: opening.PlaceStone, Player: "alice", Color: engine.White,
		Area: area(t, "g7-i9"), Stones: pts(t, "h8"), Black: "bob"}
	om := GameOpeningMsg{Game: 42, Phase: next, Swapped: true, Text: "bob swapped: you play white now"}
	a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
	a.now = func() time.Time { return t0 }
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	// The screen of alice, who opened as black: bob to decide.
	a.Update(GameStartMsg{State: decision(opening.Taraguchi10, "h8", opening.SwapChoice, engine.White)(t, engine.Black)})
	a.Update(om)
	s := a.Games[42].State
	if s.Info.Black.Name != "bob" || s.Info.White.Name != "alice" || s.Info.Me != engine.White || !s.MyTurn() {
		t.Fatalf("after the swap: black %s, white %s, me %s, my turn %v", s.Info.Black.Name, s.Info.White.Name, s.Info.Me, s.MyTurn())
	}
	view := a.View()
	for _, want := range []string{"bob swapped: you play white now", "○ white alice (1523) · you ◀", "place the 2nd stone (white) in g7-i9"} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q on the screen:\n%s", want, view)
		}
	}
	// The note stays through the next stone, unlike a stale error.
	a.Update(GameMoveMsg{Game: 42, Move: engine.Move{Point: pts(t, "h9")[0], Color: engine.White}})
	if g := a.Games[42]; g.Message != "bob swapped: you play white now" {
		t.Errorf("after the next stone the message is %q", g.Message)
	}
}

// TestTurnAfterTheOpening: the opening's last action says who moves next
// before the stone it placed arrives; the banner does not show the board's
// stale turn meanwhile.
func TestTurnAfterTheOpening(t *testing.T) {
	s := soosorvChoose(t, engine.White) // white chooses among the offers
	s.ApplyOpening(GameOpeningMsg{Game: 42, Places: true, Turn: engine.White})
	if s.Phase != nil || s.Turn() != engine.White || !s.MyTurn() {
		t.Fatalf("after the choice: phase %v, turn %s", s.Phase, s.Turn())
	}
	if err := s.Apply(engine.Move{Point: pts(t, "g7")[0], Color: engine.Black}); err != nil {
		t.Fatal(err)
	}
	if s.Turn() != engine.White || len(s.Moves()) != 5 {
		t.Fatalf("after the 5th stone: turn %s, %d moves", s.Turn(), len(s.Moves()))
	}
	if err := s.Apply(engine.Move{Point: pts(t, "a1")[0], Color: engine.White}); err != nil || s.Turn() != engine.Black {
		t.Fatalf("after the 6th: turn %s, %v", s.Turn(), err)
	}
}
