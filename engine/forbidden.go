package engine

// Renju forbidden moves (RIF rules, article 9). Black may not make:
//   - an overline: six or more in a row;
//   - a double-four: two fours at once (in two lines, or in one line as
//     in x.xxx.x or xx.xx.xx);
//   - a double-three: two threes at once.
//
// A move that makes exactly five is never forbidden, whatever else it makes.
// A four is any shape one move from exactly five. A three is a shape that
// becomes a straight four (.xxxx., five on both ends) by a move that is
// itself not forbidden: that is the recursive part, and why a three blocked
// by a forbidden point is a false three and does not count. A straight-four
// point that also makes a five in another line is not forbidden, so a three
// that extends there counts. Several threes or fours are judged together: a
// four with two threes (4-3-3) is a double-three, and two fours with a three
// a double-four; only one four and one three (4-3) is allowed.

// ForbiddenAt reports whether black playing the empty point p would be a
// forbidden move under renju, and of which kind. It returns NotForbidden for a
// point that is off the board or occupied. The board is unchanged on return.
func (b *Board) ForbiddenAt(p Point) Forbidden {
	if !b.Contains(p) {
		return NotForbidden
	}
	i := b.index(p)
	if b.cells[i] != Empty {
		return NotForbidden
	}
	return b.forbidden(i)
}

// forbidden places a black stone on the empty cell i, judges it, and removes it.
func (b *Board) forbidden(i int) Forbidden {
	b.cells[i] = Black
	k := b.judge(i)
	b.cells[i] = Empty
	return k
}

// judge classifies the black stone standing on cell i.
func (b *Board) judge(i int) Forbidden {
	overline := false
	for _, d := range b.dirs {
		n := 1 + b.run(i, d, Black) + b.run(i, -d, Black)
		if n == 5 {
			return NotForbidden
		}
		if n > 5 {
			overline = true
		}
	}
	if overline {
		return Overline
	}
	fours := 0
	var inFour [4]bool
	for k, d := range b.dirs {
		f := b.fours(i, d)
		fours += f
		inFour[k] = f > 0
	}
	if fours >= 2 {
		return DoubleFour
	}
	threes := 0
	for k, d := range b.dirs {
		if !inFour[k] && b.three(i, d) {
			threes++
			if threes >= 2 {
				return DoubleThree
			}
		}
	}
	return NotForbidden
}

// lineShape describes the line through a black stone on cell i in step d:
// the black run through i (left and right of i), the first cell past the run
// on each side (which may be empty) and the black run beyond that cell.
type lineShape struct {
	left, right   int // black stones next to i on each side
	qL, qR        int // first cell past the run on each side
	left2, right2 int // black stones just past qL and qR (when those are empty)
}

func (b *Board) shape(i, d int) lineShape {
	var s lineShape
	s.left = b.run(i, -d, Black)
	s.right = b.run(i, d, Black)
	s.qL = i - (s.left+1)*d
	s.qR = i + (s.right+1)*d
	if b.cells[s.qL] == Empty {
		s.left2 = b.run(s.qL, -d, Black)
	}
	if b.cells[s.qR] == Empty {
		s.right2 = b.run(s.qR, d, Black)
	}
	return s
}

// fours counts black's fours through cell i in step d: 0, 1 or 2. A five
// through i can only be completed on the first empty cell on either side of
// i's run, so there are at most two completion points; a straight four
// (.xxxx.) has two but is one four, while x.xxx.x and xx.xx.xx are two.
func (b *Board) fours(i, d int) int {
	s := b.shape(i, d)
	run := s.left + s.right + 1
	fiveL := b.cells[s.qL] == Empty && run+1+s.left2 == 5
	fiveR := b.cells[s.qR] == Empty && run+1+s.right2 == 5
	switch {
	case fiveL && fiveR && s.left2 == 0:
		return 1 // straight four
	case fiveL && fiveR:
		return 2
	case fiveL || fiveR:
		return 1
	}
	return 0
}

// three reports whether the black stone on cell i makes a three in step d: a
// move on the first empty cell on one side of i's run makes a straight four
// through i, and that move is not itself forbidden.
func (b *Board) three(i, d int) bool {
	s := b.shape(i, d)
	run := s.left + s.right + 1
	// Extend to the left: the new run is left2 + 1 + run stones, from
	// qL-left2*d to qR-d; its ends are eL and qR.
	if b.cells[s.qL] == Empty && s.left2+1+run == 4 {
		eL := s.qL - (s.left2+1)*d
		if b.straightEnds(eL, s.qR, d) && b.forbidden(s.qL) == NotForbidden {
			return true
		}
	}
	if b.cells[s.qR] == Empty && s.right2+1+run == 4 {
		eR := s.qR + (s.right2+1)*d
		if b.straightEnds(s.qL, eR, d) && b.forbidden(s.qR) == NotForbidden {
			return true
		}
	}
	return false
}

// straightEnds reports whether a four-stone run lying strictly between cells
// lo and hi (lo < hi along step d) is a straight four: both ends empty and a
// stone on either makes exactly five (no black stone just beyond).
func (b *Board) straightEnds(lo, hi, d int) bool {
	return b.cells[lo] == Empty && b.cells[hi] == Empty &&
		b.cells[lo-d] != Black && b.cells[hi+d] != Black
}

// AppendForbidden appends to dst every point where black may not play under
// renju, in row-major order from the bottom left, and returns the extended slice.
func (b *Board) AppendForbidden(dst []Point) []Point {
	for y := 0; y < b.size; y++ {
		for x := 0; x < b.size; x++ {
			i := b.index(Point{x, y})
			if b.cells[i] == Empty && b.crowded(i) && b.forbidden(i) != NotForbidden {
				dst = append(dst, Point{x, y})
			}
		}
	}
	return dst
}

// crowded is a cheap filter for AppendForbidden: every forbidden shape needs
// at least four other black stones within four cells along the lines through i.
func (b *Board) crowded(i int) bool {
	n := 0
	for _, d := range b.dirs {
		for _, s := range [2]int{d, -d} {
			j := i
			for k := 0; k < 4; k++ {
				j += s
				c := b.cells[j]
				if c == wall {
					break
				}
				if c == Black {
					n++
				}
			}
		}
	}
	return n >= 4
}
