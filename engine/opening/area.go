package opening

import "github.com/gomokud/gomoku/engine"

// Area is a rectangle of the board, corners included: where the next stone
// may go. The renju openings' areas are centred squares (3x3, 5x5, 7x7,
// 9x9); elsewhere it is the whole board.
type Area struct {
	Min, Max engine.Point
}

// Contains reports whether p lies in the area.
func (a Area) Contains(p engine.Point) bool {
	return p.X >= a.Min.X && p.X <= a.Max.X && p.Y >= a.Min.Y && p.Y <= a.Max.Y
}

// String writes the corners, "f6-j10".
func (a Area) String() string { return a.Min.String() + "-" + a.Max.String() }

// wholeBoard is the area of a size x size board.
func wholeBoard(size int) Area {
	return Area{Max: engine.Point{X: size - 1, Y: size - 1}}
}

// centreSquare is the (2r+1)x(2r+1) square around the centre point of an
// odd-sized board, clipped to the board.
func centreSquare(size, r int) Area {
	c := size / 2
	lo, hi := max(c-r, 0), min(c+r, size-1)
	return Area{Min: engine.Point{X: lo, Y: lo}, Max: engine.Point{X: hi, Y: hi}}
}

// symmetry is one of the 8 symmetries of the square board (the dihedral
// group of order 8), acting on points about the board's centre: bit 0
// mirrors x, bit 1 mirrors y, bit 2 exchanges x and y (applied last).
type symmetry uint8

func (g symmetry) apply(p engine.Point, size int) engine.Point {
	if g&1 != 0 {
		p.X = size - 1 - p.X
	}
	if g&2 != 0 {
		p.Y = size - 1 - p.Y
	}
	if g&4 != 0 {
		p.X, p.Y = p.Y, p.X
	}
	return p
}

// keeps reports whether g maps the position (stones in alternating colours,
// black first) onto itself: every stone onto a stone of its own colour.
func (g symmetry) keeps(stones []engine.Point, size int) bool {
	for i, p := range stones {
		q := g.apply(p, size)
		j := indexOf(stones, q)
		if j < 0 || j%2 != i%2 {
			return false
		}
	}
	return true
}

func indexOf(pts []engine.Point, p engine.Point) int {
	for i, q := range pts {
		if q == p {
			return i
		}
	}
	return -1
}

// SymmetricMoves reports whether the moves p and q are equivalent in the
// position of stones (alternating colours, black first) on a size x size
// board: some symmetry of the board that keeps every stone on a stone of its
// colour maps p onto q. A point is symmetric to itself. This is the RIF's
// rule for offered fifth moves: no two may be symmetric.
func SymmetricMoves(size int, stones []engine.Point, p, q engine.Point) bool {
	for g := symmetry(0); g < 8; g++ {
		if g.apply(p, size) == q && g.keeps(stones, size) {
			return true
		}
	}
	return false
}
