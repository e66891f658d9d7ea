package opening

import (
	"testing"

	"github.com/gomokud/gomoku/engine"
)

func pts(tb testing.TB, s ...string) []engine.Point {
	tb.Helper()
	out := make([]engine.Point, len(s))
	for i, x := range s {
		p, err := engine.ParsePoint(x, RenjuSize)
		if err != nil {
			tb.Fatal(err)
		}
		out[i] = p
	}
	return out
}

func TestSymmetricMoves(t *testing.T) {
	for _, tc := range []struct {
		name   string
		stones []string
		p, q   string
		want   bool
	}{
		{"same point", []string{"h8", "i9", "j7"}, "a1", "a1", true},
		{"lone centre stone: rotation", []string{"h8"}, "h9", "i8", true},
		{"lone centre stone: direct vs diagonal", []string{"h8"}, "h9", "i9", false},
		{"empty board: any corner", nil, "a1", "o15", true},
		{"column: mirror", []string{"h8", "h9", "h10", "h6"}, "g5", "i5", true},
		{"column: not a mirror image", []string{"h8", "h9", "h10", "h6"}, "g5", "i6", false},
		{"diagonal: transpose", []string{"h8", "i9", "j10", "g7"}, "b1", "a2", true},
		{"colours break the mirror", []string{"h8", "g8", "i8"}, "g9", "i9", false},
		{"colours keep the other mirror", []string{"h8", "g8", "i8"}, "g9", "g7", true},
		{"asymmetric position", []string{"h8", "i9", "j7", "g6"}, "a1", "o15", false},
	} {
		st := pts(t, tc.stones...)
		p, q := pts(t, tc.p)[0], pts(t, tc.q)[0]
		if got := SymmetricMoves(RenjuSize, st, p, q); got != tc.want {
			t.Errorf("%s: SymmetricMoves(%s, %s) = %v", tc.name, tc.p, tc.q, got)
		}
		if got := SymmetricMoves(RenjuSize, st, q, p); got != tc.want {
			t.Errorf("%s: not symmetric in its arguments", tc.name)
		}
	}
	// The eight symmetries are distinct and each is its own kind of map:
	// applying all of them to an asymmetric point gives eight images.
	seen := map[engine.Point]bool{}
	for g := symmetry(0); g < 8; g++ {
		seen[g.apply(engine.Point{X: 1, Y: 4}, 15)] = true
	}
	if len(seen) != 8 {
		t.Errorf("%d distinct images, want 8", len(seen))
	}
}
