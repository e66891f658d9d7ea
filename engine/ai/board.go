package ai

import (
	"math/bits"

	"github.com/gomokud/gomoku/engine"
)

// The search board is a one-dimensional array with a border of five wall
// points on every side (rows share their side walls), so the cells along
// the lines through any playing point can be read without bounds checks.
const (
	pad       = halfLine
	maxCells  = (engine.MaxSize + 2*pad + 1) * (engine.MaxSize + pad)
	maxMoves  = engine.MaxSize * engine.MaxSize
	fourWords = (maxCells + 63) / 64
)

// zobrist keys for the search board, from a fixed seed so searches are
// repeatable.
var zobrist = func() (z [maxCells][2]uint64) {
	s := uint64(0x9E3779B97F4A7C15)
	for i := range z {
		for c := range z[i] {
			s += 0x9E3779B97F4A7C15
			x := s
			x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
			x = (x ^ x>>27) * 0x94D049BB133111EB
			z[i][c] = x ^ x>>31
		}
	}
	return z
}()

// board is the search's own position: cells, line words and per-point
// patterns for both sides, kept up to date incrementally along the four lines
// through each placed or removed stone. It is owned by one search.
type board struct {
	n, stride int
	rule      engine.Rule
	renju     bool
	dirs      [4]int
	tab       *ruleTables
	turn      uint8 // side to move: 0 black, 1 white
	reach     int   // how far along a line a stone changes patterns

	cell [maxCells]uint8
	// lines holds every line as a word of cell codes (lines.go); lpos is
	// each playing cell's place in its four lines, keyMask the bits of
	// reach points.
	lines   [maxLines]uint64
	lpos    [maxCells][4]linePos
	keyMask uint32
	pidx    [maxCells][2]uint16 // nibble-packed line patterns per side
	cmb     [maxCells][2]combo
	// occ has a bit per stone (either colour), a word per row, row y at
	// occ[y+2] so that the two rows either side of any row can be read:
	// the candidate moves, the empty points within two of a stone, are a
	// few shifts of it (nearRow).
	occ [engine.MaxSize + 4]uint32
	cnt [2][numCats]int32
	// four has a bit per cell, by side, where that side's category is a
	// four or better (catB4 up): the few cells the threat searches ask for,
	// read a word at a time instead of scanning the board. A bit follows the
	// cell's combo, whether the cell is empty or not (a played cell keeps
	// its last combo), so readers check that the cell is empty.
	four  [2][fourWords]uint64
	words int         // the words of four that hold playing cells
	sum   [2][2]int32 // evaluation (tenths) of the empty points per side, as mover's and as opponent's
	hash  uint64
	moves [maxMoves]int32
	nmove int

	// The undo log: play records the old patterns of every empty cell it
	// changes, and the counts and sums, so undo restores them by copying
	// instead of reading the tables again.
	log      [maxMoves * 8 * halfLine]change
	logLen   int32
	logStart [maxMoves]int32
	cntSave  [maxMoves][2][numCats]int32
	sumSave  [maxMoves][2][2]int32
	fourSave [maxMoves][2][fourWords]uint64

	points []int32 // every playing cell, in order
	eb     *engine.Board
}

// index returns the cell of p.
func (b *board) index(p engine.Point) int {
	return (p.Y+pad)*b.stride + p.X + pad
}

// point returns the point of cell i.
func (b *board) point(i int) engine.Point {
	return engine.Point{X: i%b.stride - pad, Y: i/b.stride - pad}
}

// newBoard returns an empty search board.
func newBoard(size int, rule engine.Rule) *board {
	b := &board{}
	b.reset(size, rule)
	return b
}

func (b *board) reset(size int, rule engine.Rule) {
	b.n, b.rule, b.renju = size, rule, rule == engine.Renju
	b.stride = size + pad
	b.dirs = [4]int{1, b.stride, b.stride + 1, b.stride - 1}
	b.tab = getTables(rule)
	b.reach = b.tab.reach
	b.turn = 0
	b.hash, b.nmove, b.logLen = 0, 0, 0
	b.cnt, b.sum = [2][numCats]int32{}, [2][2]int32{}
	for i := range b.cell {
		b.cell[i] = cWall
	}
	b.occ = [engine.MaxSize + 4]uint32{}
	b.points = b.points[:0]
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			i := b.index(engine.Point{X: x, Y: y})
			b.cell[i] = cEmpty
			b.points = append(b.points, int32(i))
		}
	}
	b.resetLines()
	for _, i := range b.points {
		b.refresh(int(i))
		b.addPoint(int(i))
	}
	b.four = [2][fourWords]uint64{}
	b.words = int(b.points[len(b.points)-1])/64 + 1
	for _, i := range b.points {
		for s := range b.four {
			if b.cmb[i][s].cat >= catB4 {
				b.four[s][i/64] |= 1 << (i % 64)
			}
		}
	}
	if b.renju {
		b.eb, _ = engine.NewBoard(size)
	} else {
		b.eb = nil
	}
}

// change is an undo log entry: an empty cell's patterns before a move.
type change struct {
	q    int32
	pidx [2]uint16
	cmb  [2]combo
}

// refresh recomputes every line pattern and the combos of cell i.
func (b *board) refresh(i int) {
	var pb, pw uint16
	for d := 0; d < 4; d++ {
		v := b.tab.line[b.pointIndex(i, d)]
		pb |= uint16(v&15) << (4 * d)
		pw |= uint16(v>>4) << (4 * d)
	}
	b.pidx[i] = [2]uint16{pb, pw}
	b.cmb[i][0] = comboAt(b.tab.kind[0], pb)
	b.cmb[i][1] = comboAt(b.tab.kind[1], pw)
}

func (b *board) addPoint(i int) {
	for s := 0; s < 2; s++ {
		cat := b.cmb[i][s].cat
		m, o := b.cellEval(b.pidx[i][s], &b.cmb[i][s])
		b.cnt[s][cat]++
		b.sum[s][0] += m
		b.sum[s][1] += o
	}
}

func (b *board) removePoint(i int) {
	for s := 0; s < 2; s++ {
		cat := b.cmb[i][s].cat
		m, o := b.cellEval(b.pidx[i][s], &b.cmb[i][s])
		b.cnt[s][cat]--
		b.sum[s][0] -= m
		b.sum[s][1] -= o
	}
}

// cellEval is an empty cell's share of one side's evaluation sums, from
// its patterns idx and combo c: nothing for a renju black foul.
func (b *board) cellEval(idx uint16, c *combo) (mover, opp int32) {
	if c.foul() {
		return 0, 0
	}
	return pointEval(idx, c.cat)
}

// updateLine re-reads the pattern of empty cell q along direction d, whose
// line key is now key.
func (b *board) updateLine(q, d int, key uint32) {
	d &= 3
	v := b.tab.line[key]
	sh := uint(4 * d)
	pi := &b.pidx[q]
	ob, ow := pi[0]>>sh&15, pi[1]>>sh&15
	nb, nw := uint16(v&15), uint16(v>>4)
	if nb == ob && nw == ow {
		return
	}
	// Field by field: a composite literal is built on the stack and copied,
	// and the copy's wide loads stall on the narrow stores just made.
	e := &b.log[b.logLen]
	e.q, e.pidx, e.cmb = int32(q), *pi, b.cmb[q]
	b.logLen++
	if nb != ob {
		old := pi[0]
		pi[0] ^= (nb ^ ob) << sh
		if k := b.tab.kind[0][pi[0]]; kindFoul(k) || b.cmb[q][0].foul() {
			b.setFoul(q, old, ob, nb, k)
		} else {
			setCombo(&b.cmb[q][0], q, ob, nb, k, &b.cnt[0], &b.sum[0], &b.four[0])
		}
	}
	if nw != ow {
		pi[1] ^= (nw ^ ow) << sh
		setCombo(&b.cmb[q][1], q, ow, nw, b.tab.kind[1][pi[1]], &b.cnt[1], &b.sum[1], &b.four[1])
	}
}

// setFoul is setCombo for renju's black where the cell's combo was or
// becomes a foul, worth nothing to the evaluation: the cell's whole share
// goes out with its old patterns old and comes back with its new ones, of
// kind k; the line that changed went from op to np.
func (b *board) setFoul(q int, old, op, np uint16, k uint8) {
	oc := &b.cmb[q][0]
	nc := combo{ord: oc.ord + int16(ordNib[np&15]-ordNib[op&15])}
	nc.setKind(k)
	om, oo := b.cellEval(old, oc)
	nm, no := b.cellEval(b.pidx[q][0], &nc)
	b.sum[0][0] += nm - om
	b.sum[0][1] += no - oo
	if (oc.cat >= catB4) != (nc.cat >= catB4) {
		b.four[0][q/64] ^= 1 << (q % 64)
	}
	b.cnt[0][oc.cat]--
	b.cnt[0][nc.cat]++
	*oc = nc
}

// setCombo updates the meaning oc of empty cell q for one side, whose
// pattern on one line went from op to np and whose kind is now k, keeping
// that side's counts, sums and four bits.
func setCombo(oc *combo, q int, op, np uint16, k uint8, cnt *[numCats]int32, sum *[2]int32, four *[fourWords]uint64) {
	sum[0] += evalNib[0][np&15] - evalNib[0][op&15]
	sum[1] += evalNib[1][np&15] - evalNib[1][op&15]
	oc.ord += int16(ordNib[np&15] - ordNib[op&15])
	if cat := kindCat(k); oc.cat != cat {
		if (oc.cat >= catB4) != (cat >= catB4) {
			four[q/64] ^= 1 << (q % 64)
		}
		o, n := oc.cat&(numCats-1), cat&(numCats-1)
		cnt[o]--
		cnt[n]++
		sum[0] += evalCat[0][n] - evalCat[0][o]
		sum[1] += evalCat[1][n] - evalCat[1][o]
	}
	oc.setKind(k)
}

// setOcc sets or clears the occupancy bit of cell i.
func (b *board) setOcc(i int, on bool) {
	y, x := i/b.stride-pad+2, i%b.stride-pad
	if on {
		b.occ[y] |= 1 << x
	} else {
		b.occ[y] &^= 1 << x
	}
}

// nearRow returns the empty points of row y that have a stone within two
// points (the 5x5 square around them), as bits by column.
func (b *board) nearRow(y int) uint32 {
	o := b.occ[y : y+5 : y+5]
	m := o[0] | o[1] | o[2] | o[3] | o[4]
	m |= m<<1 | m<<2 | m>>1 | m>>2
	return m &^ o[2] & (1<<b.n - 1)
}

// starRow returns the empty points of row y on a line with a stone at most
// two points away (eight directions, two steps: 16 points a stone, the
// 5x5 square without the eight a knight's move away).
func (b *board) starRow(y int) uint32 {
	o := b.occ[y : y+5 : y+5]
	m := o[2]<<1 | o[2]<<2 | o[2]>>1 | o[2]>>2
	m |= o[1] | o[1]<<1 | o[1]>>1 | o[3] | o[3]<<1 | o[3]>>1
	m |= o[0] | o[0]<<2 | o[0]>>2 | o[4] | o[4]<<2 | o[4]>>2
	return m &^ o[2] & (1<<b.n - 1)
}

// largeRow returns the empty points of row y in the 5x5 square around a
// stone or three points from it along a line (32 points a stone).
func (b *board) largeRow(y int) uint32 {
	m := b.nearRow(y)
	o := b.occ[y+2]
	m |= o<<3 | o>>3
	for _, r := range [2]int{y - 3, y + 3} {
		if r >= 0 && r < b.n {
			o3 := b.occ[r+2]
			m |= o3 | o3<<3 | o3>>3
		}
	}
	return m &^ o & (1<<b.n - 1)
}

// isNear reports whether the empty cell i has a stone within two points.
func (b *board) isNear(i int) bool {
	return b.nearRow(i/b.stride-pad)>>(i%b.stride-pad)&1 != 0
}

// play puts a stone of the side to move on the empty playing cell i.
func (b *board) play(i int) {
	s := b.turn
	c := s + 1
	b.logStart[b.nmove] = b.logLen
	b.cntSave[b.nmove], b.sumSave[b.nmove] = b.cnt, b.sum
	b.fourSave[b.nmove] = b.four
	b.removePoint(i)
	b.cell[i] = c
	b.hash ^= zobrist[i][s]
	b.moves[b.nmove] = int32(i)
	b.nmove++
	b.setOcc(i, true)
	for d, dd := range b.dirs {
		lp := b.lpos[i][d]
		w := &b.lines[lp.line()]
		bit := lp.bit()
		*w |= uint64(c) << bit
		word := *w
		for o := 1; o <= b.reach; o++ {
			if q := i + o*dd; b.cell[q] == cEmpty {
				b.updateLine(q, d, b.lineIndex(word, bit+uint(2*o)))
			}
			if q := i - o*dd; b.cell[q] == cEmpty {
				b.updateLine(q, d, b.lineIndex(word, bit-uint(2*o)))
			}
		}
	}
	if b.eb != nil {
		b.eb.Set(b.point(i), engine.Color(c))
	}
	b.turn ^= 1
}

// undo takes back the last stone.
func (b *board) undo() {
	b.nmove--
	i := int(b.moves[b.nmove])
	b.turn ^= 1
	s := b.turn
	b.cell[i] = cEmpty
	b.hash ^= zobrist[i][s]
	b.setOcc(i, false)
	for _, lp := range b.lpos[i] {
		b.lines[lp.line()] &^= 3 << lp.bit()
	}
	// The cell's own patterns were left as they were when it was played.
	for k := b.logLen - 1; k >= b.logStart[b.nmove]; k-- {
		e := &b.log[k]
		b.pidx[e.q], b.cmb[e.q] = e.pidx, e.cmb
	}
	b.logLen = b.logStart[b.nmove]
	b.cnt, b.sum = b.cntSave[b.nmove], b.sumSave[b.nmove]
	b.four = b.fourSave[b.nmove]
	if b.eb != nil {
		b.eb.Clear(b.point(i))
	}
}

// lastMove returns the last stone's cell, or -1.
func (b *board) lastMove() int {
	if b.nmove == 0 {
		return -1
	}
	return int(b.moves[b.nmove-1])
}

// forbidden reports whether the empty cell i is forbidden for black. It asks
// the engine only when the patterns say it might be.
func (b *board) forbidden(i int) bool {
	if !b.renju || !b.cmb[i][0].check() {
		return false
	}
	return b.eb.ForbiddenAt(b.point(i)) != engine.NotForbidden
}

// legal reports whether side s may play the empty cell i.
func (b *board) legal(i int, s uint8) bool {
	return s == 1 || !b.forbidden(i)
}

// findCat appends the empty cells where side s has category cat or better,
// looking only along the lines through cell from (or everywhere if from < 0).
func (b *board) findOnLines(dst []int32, from int, s uint8, cat uint8) []int32 {
	for _, dd := range b.dirs {
		for o := -halfLine; o <= halfLine; o++ {
			q := from + o*dd
			if b.cell[q] == cEmpty && b.cmb[q][s].cat >= cat {
				dst = appendUnique(dst, int32(q))
			}
		}
	}
	return dst
}

func appendUnique(dst []int32, q int32) []int32 {
	for _, x := range dst {
		if x == q {
			return dst
		}
	}
	return append(dst, q)
}

// findAll appends every empty cell where side s has category cat or
// better, in board order.
func (b *board) findAll(dst []int32, s uint8, cat uint8) []int32 {
	if cat >= catB4 {
		for w, word := range b.four[s][:b.words] {
			for ; word != 0; word &= word - 1 {
				q := int32(w*64 + bits.TrailingZeros64(word))
				if b.cell[q] == cEmpty && b.cmb[q][s].cat >= cat {
					dst = append(dst, q)
				}
			}
		}
		return dst
	}
	for _, q := range b.points {
		if b.cell[q] == cEmpty && b.cmb[q][s].cat >= cat {
			dst = append(dst, q)
		}
	}
	return dst
}

// fivePoints returns the cells where side s would make five. They all lie on
// the lines through the last stone unless the position was set up; then the
// whole board is searched.
func (b *board) fivePoints(dst []int32, s uint8) []int32 {
	if b.cnt[s][catFive] == 0 {
		return dst
	}
	n := len(dst)
	if lm := b.lastMove(); lm >= 0 {
		dst = b.findOnLines(dst, lm, s, catFive)
	}
	if int32(len(dst)-n) < b.cnt[s][catFive] {
		dst = dst[:n]
		dst = b.findAll(dst, s, catFive)
	}
	return dst
}

// flexPoint returns a cell where side s makes an open four or double four
// legally, or -1.
func (b *board) flexPoint(s uint8) int {
	if b.cnt[s][catFlex4] == 0 {
		return -1
	}
	for w, word := range b.four[s][:b.words] {
		for ; word != 0; word &= word - 1 {
			q := w*64 + bits.TrailingZeros64(word)
			if b.cell[q] == cEmpty && b.cmb[q][s].cat == catFlex4 && b.legal(q, s) {
				return q
			}
		}
	}
	return -1
}

// hasFours reports whether side s has any move that makes a four.
func (b *board) hasFours(s uint8) bool {
	c := &b.cnt[s]
	return c[catB4]+c[catB4F3]+c[catFlex4] > 0
}

// eval is the static evaluation for the side to move.
func (b *board) eval() int {
	s := b.turn
	return int(b.sum[s][0]-b.sum[s^1][1])/10 + evalTempo
}

// stones is the number of stones on the board.
func (b *board) stones() int { return b.nmove }

// threatLines counts the lines on which side s's stone at the empty cell q
// makes a closed three or better (a four on its next move at least).
func (b *board) threatLines(q int32, s uint8) int {
	idx := b.pidx[q][s]
	n := 0
	for d := 0; d < 4; d++ {
		if p := uint8(idx>>(4*d)) & 15; p >= patB3 && p < numPats && p != patOvl {
			n++
		}
	}
	return n
}
