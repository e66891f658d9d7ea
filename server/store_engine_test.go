package server

import (
	"errors"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

func TestReplay(t *testing.T) {
	mv := func(ply, x, y int, c string) Move { return Move{Ply: ply, X: x, Y: y, Color: c} }
	g := Game{ID: 1, Rule: "renju", Size: 15, Moves: []Move{
		mv(1, 7, 7, "black"), mv(2, 8, 8, "white"), mv(3, 6, 6, "black"),
	}}
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

	bad := []struct {
		name string
		g    Game
		want error
	}{
		{"occupied", Game{Rule: "freestyle", Size: 15, Moves: []Move{mv(1, 7, 7, "black"), mv(2, 7, 7, "white")}}, engine.ErrOccupied},
		{"out of turn", Game{Rule: "freestyle", Size: 15, Moves: []Move{mv(1, 7, 7, "white")}}, engine.ErrNotYourTurn},
		{"off board", Game{Rule: "freestyle", Size: 15, Moves: []Move{mv(1, 15, 7, "black")}}, engine.ErrOffBoard},
		{"rule", Game{Rule: "chess", Size: 15}, engine.ErrBadRule},
		{"size", Game{Rule: "renju", Size: 99}, engine.ErrBadSize},
	}
	for _, tt := range bad {
		if _, err := tt.g.Replay(); !errors.Is(err, tt.want) {
			t.Errorf("%s: Replay error %v, want %v", tt.name, err, tt.want)
		}
	}
}
