package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/engine"
)

func keyMsg(s string) tea.KeyMsg {
	switch s {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "space":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "right":
		return tea.KeyMsg{Type: tea.KeyRight}
	case "pgup":
		return tea.KeyMsg{Type: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	case "end":
		return tea.KeyMsg{Type: tea.KeyEnd}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// press sends keys in order and returns the intent of the last one, if any.
func press(m *GameModel, keys ...string) (Intent, bool) {
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

func TestGameKeys(t *testing.T) {
	tests := []struct {
		name string
		me   engine.Color
		keys []string
		want Intent // nil: no intent
	}{
		{"enter places at the centre", engine.Black, []string{"enter"}, MoveIntent{Game: 42, Point: engine.Point{X: 7, Y: 7}}},
		{"hjkl move the cursor", engine.Black, []string{"h", "h", "k", "l", "space"}, MoveIntent{Game: 42, Point: engine.Point{X: 6, Y: 8}}},
		{"arrows move the cursor", engine.Black, []string{"up", "up", "right", "down", "enter"}, MoveIntent{Game: 42, Point: engine.Point{X: 8, Y: 8}}},
		{"cursor stops at the edge", engine.Black, []string{"j", "j", "j", "j", "j", "j", "j", "j", "j", "h", "h", "h", "h", "h", "h", "h", "h", "enter"}, MoveIntent{Game: 42, Point: engine.Point{X: 0, Y: 0}}},
		{"typed move", engine.Black, []string{":", "k", "1", "1", "enter"}, MoveIntent{Game: 42, Point: engine.Point{X: 10, Y: 10}}},
		{"typed move with backspace", engine.Black, []string{":", "c", "3", "backspace", "4", "enter"}, MoveIntent{Game: 42, Point: engine.Point{X: 2, Y: 3}}},
		{"typed move off the board", engine.Black, []string{":", "z", "9", "enter"}, nil},
		{"typed move cancelled", engine.Black, []string{":", "h", "8", "esc", "enter"}, MoveIntent{Game: 42, Point: engine.Point{X: 7, Y: 7}}},
		{"chat", engine.White, []string{"t", "h", "i", "space", "!", "enter"}, ChatIntent{Game: 42, Text: "hi !"}},
		{"empty chat sends nothing", engine.White, []string{"t", "enter"}, nil},
		{"takeback", engine.White, []string{"u"}, OfferIntent{Game: 42, Offer: "takeback"}},
		{"draw", engine.White, []string{"d"}, OfferIntent{Game: 42, Offer: "draw"}},
		{"resign needs confirmation", engine.White, []string{"R"}, nil},
		{"resign confirmed", engine.White, []string{"R", "y"}, ResignIntent{Game: 42}},
		{"resign cancelled", engine.White, []string{"R", "x", "y"}, nil},
		{"no rematch while playing", engine.White, []string{"r"}, nil},
		{"no answer without an offer", engine.White, []string{"y"}, nil},
		{"back to the lobby", engine.White, []string{"q"}, LeaveGameIntent{Game: 42}},
		{"spectator cannot place", engine.Empty, []string{"enter"}, nil},
		{"spectator cannot resign", engine.Empty, []string{"R", "y"}, nil},
		{"spectator cannot type moves", engine.Empty, []string{":", "h", "8", "enter"}, nil},
		{"spectator chats", engine.Empty, []string{"t", "o", "k", "enter"}, ChatIntent{Game: 42, Text: "ok"}},
		{"spectator leaves", engine.Empty, []string{"esc"}, LeaveGameIntent{Game: 42}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newTestGame(t, renjuGame(t, tt.me), 80, 24, t0)
			got, ok := press(m, tt.keys...)
			if tt.want == nil {
				if ok {
					t.Fatalf("keys %v: got intent %#v, want none", tt.keys, got)
				}
				return
			}
			if !ok || got != tt.want {
				t.Fatalf("keys %v: got %#v (%v), want %#v", tt.keys, got, ok, tt.want)
			}
		})
	}
}

func TestGameKeysOffers(t *testing.T) {
	s := renjuGame(t, engine.White)
	s.Offer = "takeback"
	m := newTestGame(t, s, 80, 24, t0)
	in, ok := press(m, "y")
	if !ok || in != (AnswerIntent{Game: 42, Offer: "takeback", Accept: true}) {
		t.Fatalf("y on a takeback request: %+v %v", in, ok)
	}
	in, ok = press(m, "n")
	if !ok || in != (AnswerIntent{Game: 42, Offer: "takeback", Accept: false}) {
		t.Fatalf("n on a takeback request: %+v %v", in, ok)
	}

	s.Finish(engine.Result{Winner: engine.Black, Reason: engine.ReasonResign})
	if in, ok := press(m, "enter"); ok {
		t.Fatalf("placing after the end: %+v", in)
	}
	in, ok = press(m, "r")
	if !ok || in != (OfferIntent{Game: 42, Offer: "rematch"}) {
		t.Fatalf("r after the end: %+v %v", in, ok)
	}

	// The opponent's rematch offer is shown with the result, and answered.
	s.MyOffer, s.Offer = "", "rematch"
	if b := m.banner(); !strings.Contains(b, "wins by resignation") || !strings.Contains(b, "offers a rematch") {
		t.Fatalf("banner with a rematch offer: %q", b)
	}
	in, ok = press(m, "y")
	if !ok || in != (AnswerIntent{Game: 42, Offer: "rematch", Accept: true}) {
		t.Fatalf("y on a rematch offer: %+v %v", in, ok)
	}
}

func TestGameTypedMoveErrorShown(t *testing.T) {
	m := newTestGame(t, renjuGame(t, engine.Black), 80, 24, t0)
	press(m, ":", "h", "9", "9", "enter")
	if !m.IsError || m.Message == "" {
		t.Fatalf("bad typed move shows no error: %q", m.Message)
	}
}

func TestGameMouse(t *testing.T) {
	m := newTestGame(t, renjuGame(t, engine.Black), 80, 24, t0)
	// Row 0 of the screen is row 15; column 3 is the glyph of a.
	cmd := m.Update(tea.MouseMsg{X: 3 + 2*4, Y: 15 - 3, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if cmd == nil {
		t.Fatal("click on the board sends no move")
	}
	in, ok := cmd().(MoveIntent)
	if !ok || in.Point.String() != "e3" {
		t.Fatalf("click at e3 gave %#v", in)
	}
	if cmd := m.Update(tea.MouseMsg{X: 60, Y: 3, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}); cmd != nil {
		t.Fatalf("click beside the board: %+v", cmd())
	}
	if cmd := m.Update(tea.MouseMsg{X: 5, Y: 3, Action: tea.MouseActionMotion}); cmd != nil {
		t.Fatal("mouse motion placed a stone")
	}
}

// Abort is offered, and works, only while a side has not moved yet.
func TestGameAbort(t *testing.T) {
	fresh := func(t *testing.T, me engine.Color, moves ...string) *GameModel {
		s, err := NewGameState(GameInfo{ID: 9, Rule: engine.Freestyle, Size: 15, Me: me,
			Black: Side{Name: "alice"}, White: Side{Name: "bob"}}, mustMoves(t, 15, moves...), nil)
		if err != nil {
			t.Fatal(err)
		}
		return newTestGame(t, s, 80, 24, t0)
	}
	for _, moves := range [][]string{nil, {"h8"}} {
		m := fresh(t, engine.White, moves...)
		if !strings.Contains(m.bottomLine(), "A abort") {
			t.Errorf("%d moves: help %q offers no abort", len(moves), m.bottomLine())
		}
		if in, ok := press(m, "A"); ok {
			t.Fatalf("abort without confirmation: %+v", in)
		}
		if in, ok := press(m, "y"); !ok || in != (AbortIntent{Game: 9}) {
			t.Fatalf("A y after %d moves: %+v %v", len(moves), in, ok)
		}
		if in, ok := press(m, "A", "n"); ok || m.Message != "abort cancelled" {
			t.Fatalf("A n: %+v, message %q", in, m.Message)
		}
		press(m, "R")
		if !strings.Contains(m.Message, "A aborts") {
			t.Errorf("resign prompt %q does not offer abort", m.Message)
		}
		if in, ok := press(m, "A"); !ok || in != (AbortIntent{Game: 9}) {
			t.Fatalf("R A: %+v %v", in, ok)
		}
	}

	m := fresh(t, engine.Black, "h8", "h9")
	if strings.Contains(m.bottomLine(), "abort") {
		t.Errorf("help %q offers abort after both moved", m.bottomLine())
	}
	if in, ok := press(m, "A"); ok || !m.IsError {
		t.Fatalf("A after both moved: %+v, message %q", in, m.Message)
	}
	if in, ok := press(fresh(t, engine.Empty), "A", "y"); ok {
		t.Fatalf("a spectator aborted: %+v", in)
	}
}
