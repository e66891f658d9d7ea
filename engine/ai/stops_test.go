package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

// TestStopsFlex checks the open-four stop test that reads lines against
// playing the stone: on random positions of every rule where the opponent
// has an open-four point, every empty point must get the same answer.
func TestStopsFlex(t *testing.T) {
	checked := 0
	for _, rule := range engine.Rules {
		rng := rand.New(rand.NewPCG(11, uint64(rule)))
		for game := 0; game < 300; game++ {
			// Sizes from 7 to 20 put the stones against every wall.
			b := newBoard([]int{15, 20, 7}[game%3], rule)
			for k := 0; k < 10+rng.IntN(30); k++ {
				q := int(b.points[rng.IntN(len(b.points))])
				if b.cell[q] != cEmpty || b.cmb[q][b.turn].cat == catFive || !b.legal(q, b.turn) {
					continue
				}
				b.play(q)
				if b.cnt[0][catFive]+b.cnt[1][catFive] > 0 {
					break
				}
			}
			them := b.turn ^ 1
			if b.cnt[b.turn][catFive]+b.cnt[them][catFive] > 0 || b.flexPoint(them) < 0 {
				continue
			}
			flex := b.findAll(nil, them, catFlex4)
			for _, q := range b.points {
				if b.cell[q] != cEmpty {
					continue
				}
				b.play(int(q))
				want := b.flexPoint(them) < 0
				b.undo()
				if got := b.stopsFlex(int(q), flex); got != want {
					t.Fatalf("%v game %d: stone at %v stops the open four: %v, playing it says %v",
						rule, game, b.point(int(q)), got, want)
				}
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d points checked: the positions are too quiet", checked)
	}
	t.Logf("%d points checked", checked)
}
