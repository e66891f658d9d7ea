package ai

import (
	"math/rand"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

// TestNeighbourhoods checks the row masks of candidate moves against their
// definitions, point by point, on random positions of several sizes: the
// 5x5 square (nearRow), the star of two steps along the lines (starRow),
// and the square with the points three steps along a line (largeRow).
func TestNeighbourhoods(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, size := range []int{15, 19, engine.MaxSize} {
		for trial := 0; trial < 40; trial++ {
			b := newBoard(size, engine.Freestyle)
			stones := map[engine.Point]bool{}
			for k := 0; k < 1+rng.Intn(12); k++ {
				p := engine.Point{X: rng.Intn(size), Y: rng.Intn(size)}
				if !stones[p] {
					stones[p] = true
					b.play(b.index(p))
				}
			}
			checkRows(t, b, stones, "near", b.nearRow, func(dx, dy int) bool { return abs(dx) <= 2 && abs(dy) <= 2 })
			checkRows(t, b, stones, "star", b.starRow, func(dx, dy int) bool { return onLine(dx, dy) && max(abs(dx), abs(dy)) <= 2 })
			checkRows(t, b, stones, "large", b.largeRow, func(dx, dy int) bool {
				return (abs(dx) <= 2 && abs(dy) <= 2) || (onLine(dx, dy) && max(abs(dx), abs(dy)) == 3)
			})
		}
	}
}

func onLine(dx, dy int) bool { return dx == 0 || dy == 0 || abs(dx) == abs(dy) }

// checkRows compares row(y)'s bits with the empty points that have a stone
// at an offset in (dx, dy) from them.
func checkRows(t *testing.T, b *board, stones map[engine.Point]bool, name string, row func(int) uint32, in func(dx, dy int) bool) {
	t.Helper()
	for y := 0; y < b.n; y++ {
		got := row(y)
		for x := 0; x < b.n; x++ {
			want := false
			if !stones[engine.Point{X: x, Y: y}] {
				for s := range stones {
					if (s.X != x || s.Y != y) && in(s.X-x, s.Y-y) {
						want = true
					}
				}
			}
			if got>>x&1 == 1 != want {
				t.Fatalf("%s: size %d, point (%d,%d): got %v, want %v (stones %v)", name, b.n, x, y, !want, want, stones)
			}
		}
	}
}
