package ai

import (
	"math/rand/v2"

	"github.com/gomokud/gomoku/engine"
)

// Tuple scores of the seeds (000 and 001): a five-point window holding only
// the mover's stones (m) or only the opponent's (h), by count.
var (
	tupleMine  = [5]int{7, 35, 800, 15000, 800000}
	tupleTheir = [5]int{7, 15, 400, 1800, 100000}
)

// easyMove is the seeds' tuple scorer: every empty point scores the sum of the
// windows of five through it, and the best point wins, at random among equals.
// Black under renju skips forbidden points.
func easyMove(eb *engine.Board, rule engine.Rule, me engine.Color, seed int64) (engine.Point, int) {
	n := eb.Size()
	var score [engine.MaxSize][engine.MaxSize]int
	dirs := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	for _, d := range dirs {
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				ex, ey := x+4*d[0], y+4*d[1]
				if ex < 0 || ex >= n || ey < 0 || ey >= n {
					continue
				}
				mine, their := 0, 0
				for k := 0; k < 5; k++ {
					switch eb.At(engine.Point{X: x + k*d[0], Y: y + k*d[1]}) {
					case engine.Empty:
					case me:
						mine++
					default:
						their++
					}
				}
				v := 0
				switch {
				case mine > 0 && their > 0:
				case their == 0:
					v = tupleMine[mine]
				default:
					v = tupleTheir[their]
				}
				for k := 0; k < 5; k++ {
					score[x+k*d[0]][y+k*d[1]] += v
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	best, ties := -1, 0
	move := engine.NoPoint
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := engine.Point{X: x, Y: y}
			if eb.At(p) != engine.Empty {
				continue
			}
			if rule == engine.Renju && me == engine.Black && eb.ForbiddenAt(p) != engine.NotForbidden {
				continue
			}
			s := score[x][y]
			switch {
			case s > best:
				best, ties, move = s, 1, p
			case s == best:
				ties++
				if rng.IntN(ties) == 0 {
					move = p
				}
			}
		}
	}
	return move, best
}
