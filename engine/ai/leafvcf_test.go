package ai

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// TestLeafVCF: the horizon's narrow VCF finds a four-three at once, finds
// nothing where the side to move has no four, and leaves the board as it
// found it.
func TestLeafVCF(t *testing.T) {
	for _, c := range []struct {
		name    string
		diagram string
		want    bool
	}{
		{"four-three", `
		 9 . . . . . . . . .
		 8 . . . . . . . . .
		 7 . . . . x . . . .
		 6 . . . . x . . . .
		 5 o x x x . . . . o
		 4 . . . . . . . o .
		 3 . . . . o . o . .
		 2 . . . . . . . . .
		 1 . . . . . . . . .
		   a b c d e f g h i`, true},
		{"no four to make", `
		 9 . . . . . . . . .
		 8 . . . . . . . . .
		 7 . . . . x . . . .
		 6 . . . . . . . . .
		 5 . x x . . . . . o
		 4 . . . . . . . o .
		 3 . . . . . . o . .
		 2 . . . . . . . . .
		 1 . . . . . . . . .
		   a b c d e f g h i`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := maxSearcherFor(t, c.diagram)
			h := s.b.hash
			got := s.leafVCF(0, 10, true) > 0
			if got != c.want {
				t.Errorf("leafVCF found a win: %v, want %v", got, c.want)
			}
			if s.b.hash != h {
				t.Error("board not restored")
			}
		})
	}
}

// TestLeafVCFSound: every win the narrow VCF reports is one the full VCF
// finds with the same number of fours, over random middle-game positions;
// and it finds some, so the check is not empty.
func TestLeafVCFSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 15))
	s := newSearcher(1)
	s.p = Max.params()
	wins, tried := 0, 0
	for g := 0; g < 3000 && (tried < 300 || wins < 20); g++ {
		s.b.reset(15, engine.Freestyle)
		s.deadline, s.timed, s.stopped = time.Now().Add(time.Minute), true, false
		randomPosition(s.b, rng, 20+rng.IntN(30))
		if s.b.cnt[s.b.turn][catFive] > 0 || s.b.cnt[s.b.turn^1][catFive] > 0 || !s.b.hasFours(s.b.turn) {
			continue
		}
		tried++
		if s.leafVCF(0, 12, true) == 0 {
			continue
		}
		wins++
		if s.vcf(0, 12, false) == 0 {
			t.Fatalf("position %d: leafVCF reports a win the full VCF does not find", g)
		}
	}
	if wins == 0 {
		t.Fatalf("no win found in %d positions with fours to make", tried)
	}
	t.Logf("%d wins in %d positions with fours to make", wins, tried)
}

// randomPosition plays n random moves in the board's centre, none of them
// a five.
func randomPosition(b *board, rng *rand.Rand, n int) {
	for k := 0; k < n; k++ {
		for try := 0; try < 50; try++ {
			q := b.index(engine.Point{X: 3 + rng.IntN(9), Y: 3 + rng.IntN(9)})
			if b.cell[q] == cEmpty && b.cmb[q][b.turn].cat != catFive {
				b.play(q)
				break
			}
		}
	}
}
