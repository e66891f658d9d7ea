package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
)

var t0 = time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)

func mustMoves(tb testing.TB, size int, notation ...string) []engine.Move {
	tb.Helper()
	moves := make([]engine.Move, len(notation))
	for i, s := range notation {
		p, err := engine.ParsePoint(s, size)
		if err != nil {
			tb.Fatalf("move %d: %v", i, err)
		}
		c := engine.Black
		if i%2 == 1 {
			c = engine.White
		}
		moves[i] = engine.Move{Point: p, Color: c}
	}
	return moves
}

// renjuGame is black to move under renju with a double-three at i8:
//
//	10 . . . . . . . . ● . .
//	 9 . . . . . . . . ● . .
//	 8 . . . . . . ● ● × . .
//
// The server measured alice's lag at 42 ms, bob's at 180 ms.
func renjuGame(tb testing.TB, me engine.Color) *GameState {
	tb.Helper()
	info := GameInfo{
		ID: 42, Rule: engine.Renju, Size: 15, Time: "10+5", Rated: true, Me: me,
		Black: Side{Name: "alice", Rating: 1523, Clock: 9*time.Minute + 41*time.Second, Lag: 42 * time.Millisecond},
		White: Side{Name: "bob", Rating: 1480, Clock: 10*time.Minute + 3*time.Second, Lag: 180 * time.Millisecond},
	}
	s, err := NewGameState(info, mustMoves(tb, 15, "h8", "a1", "g8", "a15", "i9", "o1", "i10", "o15"),
		&Clocks{Black: 9*time.Minute + 41*time.Second, White: 10*time.Minute + 3*time.Second, Running: engine.Black, At: t0})
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func newTestGame(tb testing.TB, s *GameState, w, h int, at time.Time) *GameModel {
	tb.Helper()
	m := NewGameModel(s, PlainStyles(), func() time.Time { return at })
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// checkScreen checks the screen fits its size and matches its golden file.
func checkScreen(t *testing.T, name, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) > h {
		t.Errorf("%s: %d lines on a %d-line terminal", name, len(lines), h)
	}
	for i, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Errorf("%s: line %d is %d wide on a %d-column terminal: %q", name, i, ansi.StringWidth(l), w, l)
		}
	}
	checkGolden(t, name, view)
}

func TestGameScreenGolden(t *testing.T) {
	t.Run("renju_black_80x24", func(t *testing.T) {
		s := renjuGame(t, engine.Black)
		m := newTestGame(t, s, 80, 24, t0.Add(12*time.Second))
		m.Chat = []ChatLine{{"bob", "good luck"}, {"alice", "you too"}}
		view := m.View()
		checkScreen(t, "game_renju_black_80x24", view, 80, 24)
		if !strings.Contains(view, "×") {
			t.Error("no forbidden point marked for black under renju")
		}
		if !strings.Contains(view, "9:29") {
			t.Error("black's clock does not run: want 9:41 - 12s = 9:29")
		}
		if !strings.Contains(view, "lag 42 ms   9:29") || !strings.Contains(view, "lag 180 ms  10:03") {
			t.Error("the players' lags are not shown before their clocks, lined up")
		}
	})
	t.Run("renju_white_watching_120x40", func(t *testing.T) {
		s := renjuGame(t, engine.Empty)
		m := newTestGame(t, s, 120, 40, t0)
		checkScreen(t, "game_renju_watch_120x40", m.View(), 120, 40)
	})
	t.Run("freestyle_20x20_over_80x24", func(t *testing.T) {
		info := GameInfo{ID: 7, Rule: engine.Freestyle, Size: 20, Me: engine.White,
			Black: Side{Name: "easy", Bot: true, Lag: time.Millisecond}, White: Side{Name: "carol", Rating: 1610}}
		moves := mustMoves(t, 20, "j10", "k10", "j11", "k11", "j12", "k12", "j13", "a1", "j14")
		s, err := NewGameState(info, moves, nil)
		if err != nil {
			t.Fatal(err)
		}
		line := []engine.Point{{X: 9, Y: 9}, {X: 9, Y: 10}, {X: 9, Y: 11}, {X: 9, Y: 12}, {X: 9, Y: 13}}
		s.Finish(engine.Result{Winner: engine.Black, Reason: engine.ReasonFive, Line: line})
		m := newTestGame(t, s, 80, 24, t0)
		view := m.View()
		checkScreen(t, "game_20x20_over_80x24", view, 80, 24)
		if !strings.Contains(view, "black (easy) wins by five") {
			t.Error("no end-of-game banner")
		}
		if strings.Contains(view, "lag") {
			t.Error("a lag shown for a bot, or for a player not measured")
		}
	})
	t.Run("narrow_60x20", func(t *testing.T) {
		s := renjuGame(t, engine.Black)
		m := newTestGame(t, s, 60, 20, t0)
		view := m.View()
		checkScreen(t, "game_narrow_60x20", view, 60, 20)
		if !strings.Contains(view, "9:41") {
			t.Error("the clock gave way to the name on a narrow panel")
		}
	})
	t.Run("offer_pending_100x30", func(t *testing.T) {
		s := renjuGame(t, engine.White)
		s.Offer = "draw"
		m := newTestGame(t, s, 100, 30, t0)
		m.Error("not_your_turn: it is black's move")
		checkScreen(t, "game_offer_100x30", m.View(), 100, 30)
	})
}

// TestGameChatUsesTheRoom: on a tall terminal the chat takes the rows
// under the record, the newest line at the bottom; pgup scrolls back a
// page, end returns to the newest.
func TestGameChatUsesTheRoom(t *testing.T) {
	s := renjuGame(t, engine.Black)
	m := newTestGame(t, s, 120, 40, t0)
	for i := 1; i <= 40; i++ {
		m.Chat = append(m.Chat, ChatLine{From: "bob", Text: fmt.Sprintf("line %d", i)})
	}
	view := m.View()
	checkScreen(t, "game_chat_120x40", view, 120, 40)
	if !strings.Contains(view, "line 40") || !strings.Contains(view, "line 20") {
		t.Error("the chat does not fill the room under the record")
	}
	press(m, "pgup")
	view = m.View()
	checkScreen(t, "game_chat_scrolled_120x40", view, 120, 40)
	if strings.Contains(view, "line 40") || !strings.Contains(view, "line 5") || !strings.Contains(view, "scrolled back") {
		t.Error("pgup did not scroll the chat back a page")
	}
	press(m, "end")
	if view = m.View(); !strings.Contains(view, "line 40") {
		t.Error("end did not return to the newest line")
	}
}

// TestGameLagFollowsMoves: a move brings the mover's measured lag to the
// screen; a move without one (not measured) keeps what was known.
func TestGameLagFollowsMoves(t *testing.T) {
	a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
	a.now = func() time.Time { return t0 }
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	s := renjuGame(t, engine.White)
	s.Info.Black.Lag, s.Info.White.Lag = 0, 0
	a.Update(GameStartMsg{State: s})
	if v := a.View(); strings.Contains(v, "lag") {
		t.Fatalf("a lag shown before any was measured:\n%s", v)
	}
	a.Update(GameMoveMsg{Game: 42, Move: engine.Move{Point: engine.Point{X: 0, Y: 7}, Color: engine.Black}, Lag: 95 * time.Millisecond})
	a.Update(GameMoveMsg{Game: 42, Move: engine.Move{Point: engine.Point{X: 1, Y: 7}, Color: engine.White}})
	v := a.View()
	if !strings.Contains(v, "alice (1523)") || !strings.Contains(v, "lag 95 ms") || strings.Count(v, "lag") != 1 {
		t.Errorf("after black's move measured at 95 ms and white's unmeasured:\n%s", v)
	}
}

// TestBackendCarriesLag: the lags of a snapshot and of a move reach the
// screen's messages.
func TestBackendCarriesLag(t *testing.T) {
	b := NewClientBackend(nil)
	snap := client.GameSnapshot{Game: 5, Rule: engine.Freestyle, Size: 15, Me: engine.Black,
		Black: client.Player{Name: "alice"}, White: client.Player{Name: "bob"},
		Lag: &client.Lag{Black: 40 * time.Millisecond}}
	start, ok := b.convert(client.GameSynced{GameSnapshot: snap}).(GameStartMsg)
	if !ok || start.State.Info.Black.Lag != 40*time.Millisecond || start.State.Info.White.Lag != 0 {
		t.Fatalf("snapshot: %#v", start)
	}
	mv, ok := b.convert(client.MoveMade{Game: 5, Ply: 1, Color: engine.Black, Point: engine.Point{X: 7, Y: 7},
		Lag: 65 * time.Millisecond, Compensation: 65 * time.Millisecond}).(GameMoveMsg)
	if !ok || mv.Lag != 65*time.Millisecond {
		t.Fatalf("move: %#v", mv)
	}
}
