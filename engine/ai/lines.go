package ai

import "github.com/gomokud/gomoku/engine"

// Line words. Every line of the board (rows, columns and both diagonals)
// is one 64-bit word of 2-bit cell codes, with walls at every position off
// the board, so a stone is one store per direction to play and one to take
// back. The key of a point along a line, the codes of the reach points
// either side of it, is cut out of its line's word with two shifts, and
// two small rank tables turn its halves into the pattern table's index.

// A point's position on a line is its column (rows) or its row (the other
// three directions), plus linePad so that the points reach before it are in
// the word. Positions run up to MaxSize-1+2*linePad, under 32: two bits each
// fit a word.
const (
	linePad  = halfLine
	maxLines = 6 * engine.MaxSize
)

// The last position must be under 32; this fails to compile otherwise.
const _ = uint(31 - (engine.MaxSize - 1 + 2*linePad))

// linePos packs a point's line in one direction and the bit of its code in
// that line's word: line<<6 | bit.
type linePos uint16

func (p linePos) line() int { return int(p >> 6) }
func (p linePos) bit() uint { return uint(p & 63) }

// mkLinePos returns the place of the point at position pos of line line.
func mkLinePos(line, pos int) linePos {
	return linePos(line<<6 | 2*pos)
}

// resetLines makes every line empty, with walls off the board, and records
// each playing point's place in its four lines.
func (b *board) resetLines() {
	for l := range b.lines {
		b.lines[l] = ^uint64(0)
	}
	n := b.n
	for _, i := range b.points {
		p := b.point(int(i))
		x, y := p.X, p.Y
		b.lpos[i] = [4]linePos{
			mkLinePos(y, x+linePad),         // row
			mkLinePos(n+x, y+linePad),       // column
			mkLinePos(3*n-1+x-y, y+linePad), // diagonal, x-y constant
			mkLinePos(4*n-1+x+y, y+linePad), // anti-diagonal, x+y constant
		}
		for _, lp := range b.lpos[i] {
			b.lines[lp.line()] &^= 3 << lp.bit()
		}
	}
	b.keyMask = 1<<(2*b.reach) - 1
}

// lineIndex returns the line table's index (ruleTables.index) of the point
// whose code is at bit of the line word w: of its key, the reach points
// before it in the low bits and the reach points after it above them, the
// point itself left out, as the tables were built (keyShift).
func (b *board) lineIndex(w uint64, bit uint) uint32 {
	r := uint(2 * b.reach)
	lo := uint32(w>>(bit-r)) & b.keyMask
	hi := uint32(w>>(bit+2)) & b.keyMask
	return b.tab.loRank[lo&halfKeys] + b.tab.hiRank[hi&halfKeys]
}

// halfKeys masks a half of a line key: it tells the compiler that the
// rank tables' reads are in bounds.
const halfKeys = 1<<(2*halfLine) - 1

// pointIndex returns the line table's index of playing cell i along
// direction d.
func (b *board) pointIndex(i, d int) uint32 {
	lp := b.lpos[i][d]
	return b.lineIndex(b.lines[lp.line()], lp.bit())
}
