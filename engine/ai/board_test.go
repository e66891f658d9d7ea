package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

// TestBoardIncremental checks that the incrementally kept line words, patterns,
// counts, sums and four bits equal a board rebuilt from scratch after random play and
// takebacks, for every rule, renju's black fouls (worth nothing) included.
func TestBoardIncremental(t *testing.T) {
	fouls := 0
	for _, rule := range engine.Rules {
		for _, size := range []int{15, 20, 7} {
			rng := rand.New(rand.NewPCG(uint64(size), uint64(rule)))
			b := newBoard(size, rule)
			for step := 0; step < 400; step++ {
				if b.nmove > 0 && (rng.IntN(3) == 0 || b.nmove > size*size/2) {
					b.undo()
				} else {
					for {
						q := int(b.points[rng.IntN(len(b.points))])
						if b.cell[q] == cEmpty {
							b.play(q)
							break
						}
					}
				}
				if step%37 == 0 {
					fouls += compareFresh(t, b)
				}
			}
			fouls += compareFresh(t, b)
		}
	}
	if fouls == 0 {
		t.Fatal("no renju foul on any board checked")
	}
}

// compareFresh fails t unless b equals a board rebuilt from its stones; it
// returns how many renju black fouls it checked.
func compareFresh(t *testing.T, b *board) (fouls int) {
	t.Helper()
	f := newBoard(b.n, b.rule)
	for k := 0; k < b.nmove; k++ {
		q := int(b.moves[k])
		f.turn = b.cell[q] - 1
		f.play(q)
	}
	f.turn = b.turn
	if f.hash != b.hash || f.cnt != b.cnt || f.sum != b.sum {
		t.Fatalf("%v size %d after %d moves: hash/cnt/sum differ\n%v\n%v", b.rule, b.n, b.nmove, f.cnt, b.cnt)
	}
	for _, q := range b.points {
		if b.cell[q] != f.cell[q] {
			t.Fatalf("cell %d differs", q)
		}
		for d, dd := range b.dirs {
			// The key from the cells, as the tables were built (keyShift).
			var k uint32
			for o := -halfLine; o <= halfLine; o++ {
				if o != 0 {
					k |= uint32(b.cell[int(q)+o*dd]) << keyShift(o)
				}
			}
			got, want := b.pointIndex(int(q), d), b.tab.index((k>>b.tab.shift)&b.tab.mask)
			if b.cell[q] == cEmpty && got != want {
				t.Fatalf("point %v direction %d: line index %x, from the cells %x", b.point(int(q)), d, got, want)
			}
		}
		if b.cell[q] == cEmpty && b.pidx[q] != f.pidx[q] {
			t.Fatalf("point %v: patterns differ", b.point(int(q)))
		}
	}
	if b.eb != nil && b.eb.Hash() != f.eb.Hash() {
		t.Fatalf("engine boards differ")
	}
	// The candidate bits, and the sums, read from scratch off the patterns;
	// renju's black fouls are worth nothing.
	var sum [2][2]int32
	for _, q := range b.points {
		want := false
		for dy := -2; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				c := b.cell[int(q)+dy*b.stride+dx]
				want = want || c == cBlack || c == cWhite
			}
		}
		want = want && b.cell[q] == cEmpty
		if got := b.cell[q] == cEmpty && b.isNear(int(q)); got != want {
			t.Fatalf("point %v: candidate bit %v, want %v", b.point(int(q)), got, want)
		}
		if b.cell[q] != cEmpty {
			continue
		}
		for s := 0; s < 2; s++ {
			if got, want := b.four[s][q/64]>>(q%64)&1 == 1, b.cmb[q][s].cat >= catB4; got != want {
				t.Fatalf("point %v side %d: four bit %v, category %d", b.point(int(q)), s, got, b.cmb[q][s].cat)
			}
			if c := makeCombo(int(b.pidx[q][s]), b.rule == engine.Renju && s == 0); c != b.cmb[q][s] {
				t.Fatalf("point %v side %d: combo %+v, want %+v", b.point(int(q)), s, b.cmb[q][s], c)
			}
			m, o := pointEval(b.pidx[q][s], b.cmb[q][s].cat)
			if b.cmb[q][s].foul() {
				if b.rule != engine.Renju || s != 0 {
					t.Fatalf("point %v side %d: a foul under %v", b.point(int(q)), s, b.rule)
				}
				m, o, fouls = 0, 0, fouls+1
			}
			sum[s][0] += m
			sum[s][1] += o
		}
	}
	if sum != b.sum {
		t.Fatalf("sums %v, from the patterns %v (%d fouls)", b.sum, sum, fouls)
	}
	return fouls
}

// TestLinePatterns checks the line classifier on shapes named in the
// literature, black to play at the centre of the row.
func TestLinePatterns(t *testing.T) {
	cases := []struct {
		row  string // 11 points, the centre (index 5) is where black plays
		rule engine.Rule
		want uint8
	}{
		{"...xx.x....", engine.Freestyle, patF4}, // xx(x)x with both ends open
		{"..xxx......", engine.Freestyle, patF4}, // .xxxx. after the move
		{".oxxx......", engine.Freestyle, patB4}, // oxxxx. after the move
		{"...xx.x....", engine.Freestyle, patF4}, // xx(x)x with both ends open
		{"...x..x....", engine.Freestyle, patF3}, // ..x.xx.. makes a split three
		{"..ox..x....", engine.Freestyle, patB3},
		{"....x......", engine.Freestyle, patF2},
		{"xxxxx......", engine.Freestyle, patF5}, // six in a row: freestyle five
		{"xxxxx......", engine.Renju, patOvl},    // renju black: overline
		{"xxxxx......", engine.Standard, patOvl}, // exact five: no win
		{"x.xxx......", engine.Renju, patB4},     // x.xxxx: only the gap... makes six
		{"..xx.......", engine.Freestyle, patF3},
		{"..x.x.x.x..", engine.Freestyle, patD4}, // x.x(x)x.x: two fours in one line
		{"...........", engine.Freestyle, patF1},
		{"oooo.oooooo", engine.Freestyle, patDead},
	}
	for _, c := range cases {
		if got := linePattern(c.row, c.rule); got != c.want {
			t.Errorf("%s (%v): pattern %d, want %d", c.row, c.rule, got, c.want)
		}
	}
}
