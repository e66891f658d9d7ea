package engine

import (
	"math/rand"
	"slices"
	"testing"
)

// This file holds a slow reference implementation of the renju forbidden
// moves, written straight from the definitions of RIF article 3 and 9 with no
// shared code or shortcut from forbidden.go: it enumerates five-windows and
// four-windows point by point on copies of the board. TestForbiddenMatchesReference
// compares Board.ForbiddenAt with it on many random positions.

// refDirs are the four line directions.
var refDirs = [4]Point{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

// refCell is the colour at p + k*d, or wall off the board.
func refCell(b *Board, p, d Point, k int) Color {
	q := Point{p.X + k*d.X, p.Y + k*d.Y}
	if !b.Contains(q) {
		return wall
	}
	return b.At(q)
}

// refForbidden judges black playing the empty point p. recursive selects the
// real definition of a three (its straight-four point must itself be allowed);
// without it every shape three counts, which is what a naive pattern matcher
// does and is wrong.
func refForbidden(b *Board, p Point, recursive bool) Forbidden {
	if !b.Contains(p) || b.At(p) != Empty {
		return NotForbidden
	}
	c := *b
	c.Set(p, Black)
	// Five: an unbroken row of exactly five black stones through p wins, and
	// a winning move is never forbidden.
	overline := false
	for _, d := range refDirs {
		n := 1
		for k := 1; refCell(&c, p, d, k) == Black; k++ {
			n++
		}
		for k := -1; refCell(&c, p, d, k) == Black; k-- {
			n++
		}
		if n == 5 {
			return NotForbidden
		}
		if n >= 6 {
			overline = true
		}
	}
	if overline {
		return Overline
	}
	fours := 0
	for _, d := range refDirs {
		fours += refFours(&c, p, d)
	}
	if fours >= 2 {
		return DoubleFour
	}
	threes := 0
	for _, d := range refDirs {
		if refThree(&c, p, d, recursive) {
			threes++
		}
	}
	if threes >= 2 {
		return DoubleThree
	}
	return NotForbidden
}

// refFours counts the distinct fours through the black stone on p along d. A
// four is a set of four black stones that one more stone turns into exactly
// five; every five-window through p with four black stones, one empty point
// and no black stone just outside it is a way to complete one, and a straight
// four completes the same four stones two ways, so fours are counted by their
// stone sets.
func refFours(b *Board, p, d Point) int {
	var sets []uint16
	for start := -4; start <= 0; start++ {
		black, empty := 0, 0
		var set uint16
		for k := start; k < start+5; k++ {
			switch refCell(b, p, d, k) {
			case Black:
				black++
				set |= 1 << (k + 4)
			case Empty:
				empty++
			}
		}
		if black != 4 || empty != 1 {
			continue
		}
		if refCell(b, p, d, start-1) == Black || refCell(b, p, d, start+5) == Black {
			continue // completing it would make an overline, not five
		}
		if !slices.Contains(sets, set) {
			sets = append(sets, set)
		}
	}
	return len(sets)
}

// refThree reports whether the black stone on p makes a three along d: one
// more black stone on some empty q of the line makes a straight four through
// p and q (four in a row, both ends empty, and a stone on either end makes exactly
// five), and, when recursive, playing q is not itself forbidden.
func refThree(b *Board, p, d Point, recursive bool) bool {
	for k := -4; k <= 4; k++ {
		if k == 0 || refCell(b, p, d, k) != Empty {
			continue
		}
		q := Point{p.X + k*d.X, p.Y + k*d.Y}
		c := *b
		c.Set(q, Black)
		if !refStraightFour(&c, p, d, k) {
			continue
		}
		if !recursive || refForbidden(b, q, true) == NotForbidden {
			return true
		}
	}
	return false
}

// refStraightFour reports whether some four consecutive points through p and
// p+k*d along d are all black with an empty point at each end and no black
// stone just beyond those ends.
func refStraightFour(b *Board, p, d Point, k int) bool {
	for start := -3; start <= 0; start++ {
		if k < start || k >= start+4 {
			continue
		}
		ok := true
		for j := start; j < start+4; j++ {
			if refCell(b, p, d, j) != Black {
				ok = false
				break
			}
		}
		if ok && refCell(b, p, d, start-1) == Empty && refCell(b, p, d, start+4) == Empty &&
			refCell(b, p, d, start-2) != Black && refCell(b, p, d, start+5) != Black {
			return true
		}
	}
	return false
}

// randomRenjuPosition scatters stones densely in a window of the board, so
// that the black shapes that matter (threes, fours, false threes) are common.
func randomRenjuPosition(rng *rand.Rand) *Board {
	size := 9 + rng.Intn(7)
	b, _ := NewBoard(size)
	w := 5 + rng.Intn(size-4)
	x0, y0 := rng.Intn(size-w+1), rng.Intn(size-w+1)
	black := 0.25 + 0.25*rng.Float64()
	white := 0.05 + 0.15*rng.Float64()
	for y := y0; y < y0+w; y++ {
		for x := x0; x < x0+w; x++ {
			switch r := rng.Float64(); {
			case r < black:
				b.Set(Point{x, y}, Black)
			case r < black+white:
				b.Set(Point{x, y}, White)
			}
		}
	}
	return b
}

// TestForbiddenMatchesReference compares ForbiddenAt and AppendForbidden with
// the reference on every empty point of many random positions. It also checks
// that the sample exercised every kind and the recursive rule (points where a
// naive count of shape threes says double-three but a three is false).
func TestForbiddenMatchesReference(t *testing.T) {
	positions := 3000
	if testing.Short() {
		positions = 400
	}
	rng := rand.New(rand.NewSource(20260523))
	var kinds [4]int
	falseThrees := 0
	for n := 0; n < positions; n++ {
		b := randomRenjuPosition(rng)
		h := b.Hash()
		var want []Point
		for y := 0; y < b.Size(); y++ {
			for x := 0; x < b.Size(); x++ {
				p := Point{x, y}
				if b.At(p) != Empty {
					continue
				}
				ref := refForbidden(b, p, true)
				if got := b.ForbiddenAt(p); got != ref {
					t.Fatalf("position %d: ForbiddenAt(%s) = %s, reference %s\n%s", n, p, got, ref, b)
				}
				kinds[ref]++
				if ref != NotForbidden {
					want = append(want, p)
				}
				if ref != DoubleThree && refForbidden(b, p, false) == DoubleThree {
					falseThrees++
				}
			}
		}
		if got := b.AppendForbidden(nil); !slices.Equal(got, want) {
			t.Fatalf("position %d: AppendForbidden = %v, reference %v\n%s", n, got, want, b)
		}
		if b.Hash() != h {
			t.Fatalf("position %d: judging changed the board", n)
		}
	}
	t.Logf("points by kind %v, false-three points %d", kinds, falseThrees)
	for k, c := range kinds {
		if c == 0 {
			t.Errorf("the sample has no %s point", Forbidden(k))
		}
	}
	if falseThrees == 0 {
		t.Errorf("the sample never exercised the recursive definition of a three")
	}
}
