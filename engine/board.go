package engine

// The board is a one-dimensional array with a border of wall cells: one wall
// column (x = -1) shared by the left edge of a row and the right edge of the
// one below, a wall row below and above, and one more cell at the very end. A scan along any of the four directions from a
// playing cell therefore stops at a wall before leaving the array, with no
// bounds checks on the hot path.
const numCells = (MaxSize+2)*(MaxSize+1) + 1

// Board is a position: which stones stand where. It holds no pointers, so a
// copy is an independent board. The zero value is not usable: use NewBoard or
// ParseBoard.
//
// A Board is not safe for concurrent use; ForbiddenAt places stones
// temporarily while it looks.
type Board struct {
	cells  [numCells]Color
	size   int
	stride int
	dirs   [4]int // index steps: along a row, a column, and both diagonals
	stones int
	hash   uint64
}

// NewBoard returns an empty board of size x size points.
func NewBoard(size int) (*Board, error) {
	if err := CheckSize(size); err != nil {
		return nil, err
	}
	b := &Board{}
	b.init(size)
	return b, nil
}

func (b *Board) init(size int) {
	b.size = size
	b.stride = size + 1
	b.dirs = [4]int{1, b.stride, b.stride + 1, b.stride - 1}
	for i := range b.cells {
		b.cells[i] = wall
	}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			b.cells[b.index(Point{x, y})] = Empty
		}
	}
	b.stones, b.hash = 0, 0
}

// Size returns the number of points along a side.
func (b *Board) Size() int { return b.size }

// Contains reports whether p is on the board.
func (b *Board) Contains(p Point) bool { return p.Valid(b.size) }

func (b *Board) index(p Point) int { return (p.Y+1)*b.stride + p.X + 1 }

func (b *Board) point(i int) Point { return Point{X: i%b.stride - 1, Y: i/b.stride - 1} }

// At returns what stands on p: Empty for an empty point or a point off the board.
func (b *Board) At(p Point) Color {
	if !b.Contains(p) {
		return Empty
	}
	return b.cells[b.index(p)]
}

// Set puts a stone of colour c (Black or White) on p, replacing nothing: p must
// be on the board and empty, else Set returns ErrOffBoard or ErrOccupied. It
// checks no rule; Game.Play does.
func (b *Board) Set(p Point, c Color) error {
	if !b.Contains(p) {
		return ErrOffBoard
	}
	if c != Black && c != White {
		return ErrBadColor
	}
	i := b.index(p)
	if b.cells[i] != Empty {
		return ErrOccupied
	}
	b.cells[i] = c
	b.stones++
	b.hash ^= zobrist[c-1][i]
	return nil
}

// Clear removes the stone on p, if any.
func (b *Board) Clear(p Point) {
	if !b.Contains(p) {
		return
	}
	i := b.index(p)
	if c := b.cells[i]; c == Black || c == White {
		b.cells[i] = Empty
		b.stones--
		b.hash ^= zobrist[c-1][i]
	}
}

// Hash returns the Zobrist hash of the position: equal positions on boards of
// the same size have equal hashes, whatever the order the stones were placed in.
func (b *Board) Hash() uint64 { return b.hash }

// Stones returns the number of stones on the board.
func (b *Board) Stones() int { return b.stones }

// Full reports whether every point is taken.
func (b *Board) Full() bool { return b.stones == b.size*b.size }

// run counts the stones of colour c next to cell i going in step d, not
// counting i itself.
func (b *Board) run(i, d int, c Color) int {
	n := 0
	for j := i + d; b.cells[j] == c; j += d {
		n++
	}
	return n
}

// Win reports whether the stone on p makes a winning line under rule r. Only
// the four lines through p are looked at, so call it after each move. Under
// Caro a five with the opponent's stones at both ends is no win.
func (b *Board) Win(p Point, r Rule) bool {
	_, ok := b.winDir(p, r)
	return ok
}

func (b *Board) winDir(p Point, r Rule) (int, bool) {
	if !b.Contains(p) {
		return 0, false
	}
	i := b.index(p)
	c := b.cells[i]
	if c != Black && c != White {
		return 0, false
	}
	exact := r.exact(c)
	for _, d := range b.dirs {
		fwd, back := b.run(i, d, c), b.run(i, -d, c)
		n := 1 + fwd + back
		if n > 5 && !exact {
			return d, true
		}
		if n == 5 && (r != Caro || !b.blockedBoth(i+(fwd+1)*d, i-(back+1)*d, c)) {
			return d, true
		}
	}
	return 0, false
}

// blockedBoth reports whether the cells j and k just beyond the two ends of
// a row of colour c both hold the opponent's stones (caro's blocked five). A
// wall is no stone, so the board's edge never blocks.
func (b *Board) blockedBoth(j, k int, c Color) bool {
	o := c.Opponent()
	return b.cells[j] == o && b.cells[k] == o
}

// WinningLine returns the stones of the winning line through p, from one end
// to the other, and whether there is one. It allocates; call it once a game is won.
func (b *Board) WinningLine(p Point, r Rule) ([]Point, bool) {
	d, ok := b.winDir(p, r)
	if !ok {
		return nil, false
	}
	i := b.index(p)
	c := b.cells[i]
	start := i - b.run(i, -d, c)*d
	n := 1 + b.run(i, d, c) + b.run(i, -d, c)
	line := make([]Point, n)
	for k := range line {
		line[k] = b.point(start + k*d)
	}
	return line, true
}
