package gomoku

import (
	"errors"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func TestReplay(t *testing.T) {
	b, w := engine.Black, engine.White
	mv := func(ply, x, y int, c engine.Color) Move {
		return Move{Ply: ply, Point: engine.Point{X: x, Y: y}, Color: c}
	}
	g := Game{ID: 1, Rule: engine.Renju, Size: 15, Moves: []Move{mv(1, 7, 7, b), mv(2, 8, 8, w), mv(3, 6, 6, b)}}
	eg, err := g.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if eg.Rule() != engine.Renju || eg.Size() != 15 || len(eg.Moves()) != 3 || eg.Turn() != engine.White {
		t.Fatalf("replayed %d moves, rule %v, size %d, turn %v", len(eg.Moves()), eg.Rule(), eg.Size(), eg.Turn())
	}
	if eg.At(engine.Point{X: 8, Y: 8}) != engine.White {
		t.Fatal("white stone missing at 8,8")
	}

	free := engine.Freestyle
	bad := []struct {
		name string
		g    Game
		want error
	}{
		{"occupied", Game{Rule: free, Size: 15, Moves: []Move{mv(1, 7, 7, b), mv(2, 7, 7, w)}}, engine.ErrOccupied},
		{"out of turn", Game{Rule: free, Size: 15, Moves: []Move{mv(1, 7, 7, w)}}, engine.ErrNotYourTurn},
		{"off board", Game{Rule: free, Size: 15, Moves: []Move{mv(1, 15, 7, b)}}, engine.ErrOffBoard},
		{"size", Game{Rule: engine.Renju, Size: 99}, engine.ErrBadSize},
	}
	for _, tt := range bad {
		if _, err := tt.g.Replay(); !errors.Is(err, tt.want) {
			t.Errorf("%s: Replay error %v, want %v", tt.name, err, tt.want)
		}
	}
}

// TestParseText checks the text a store keeps for a rule and a result.
func TestParseText(t *testing.T) {
	var g Game
	if err := g.ParseText("renju", "white", "timeout"); err != nil || g.Rule != engine.Renju ||
		g.Winner != engine.White || g.Reason != engine.ReasonTimeout {
		t.Fatalf("ParseText: %+v, %v", g, err)
	}
	if err := g.ParseText("freestyle", "", ""); err != nil || g.Winner != engine.Empty || g.Reason != engine.ReasonNone {
		t.Fatalf("ParseText of a running game: %+v, %v", g, err)
	}
	for _, bad := range [][3]string{{"chess", "", ""}, {"renju", "red", "five"}, {"renju", "black", "checkmate"}} {
		if err := g.ParseText(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("ParseText(%q) accepted", bad)
		}
	}
}
