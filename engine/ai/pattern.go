package ai

import (
	"sync"

	"github.com/gomokud/gomoku/engine"
)

// Line patterns. A pattern describes what one side's stone on an empty point
// makes along one line, looking at most five points either way. The codes
// are ordered so that a larger code is a stronger shape, except the special
// codes ovl and dbl4 which only matter to renju's black.
const (
	patDead uint8 = iota // nothing can ever be made here
	patB1                // one stone, one more step short of a closed two
	patF1                // one stone that can grow into an open two
	patB2                // closed two: can become a closed three
	patF2                // open two: can become an open three
	patB3                // closed three: can become a four
	patF3                // open three: can become an open (straight) four
	patB4                // four: exactly one point makes five
	patD4                // two fours in one line (x.xxx.x): wins, but renju black may not
	patF4                // straight four: two points make five
	patOvl               // overline for a side that needs exactly five
	patF5                // five
	numPats
)

// Cell codes in the 2-bit line keys.
const (
	cEmpty uint8 = 0
	cBlack uint8 = 1
	cWhite uint8 = 2
	cWall  uint8 = 3
)

// halfLine is how far a key looks either way from its point.
const halfLine = 5

// Side-relative cells of the line evaluator.
const (
	lEmpty = 0
	lOwn   = 1
	lStop  = 2 // opponent stone, or a wall except under caro
	lWall  = 3 // caro only: the board's edge, which blocks no five
)

const lineLen = 2*halfLine + 1 // 11 points, the centre at index halfLine

// lineEval classifies lines for one side: exact reports whether the side
// needs exactly five; caro that a five with the opponent's stones at both
// ends does not count, so a wall (lWall) differs from an opponent's stone.
// memo caches the classification of every line with an own stone at the
// centre, indexed by the code of the 10 other points in base 3 (base 4
// under caro).
type lineEval struct {
	exact, caro bool
	memo        []uint8 // 0 = not yet computed, else pattern+1
}

func (e *lineEval) base() int {
	if e.caro {
		return 4
	}
	return 3
}

func (e *lineEval) index(l *[lineLen]uint8) int {
	idx, base := 0, e.base()
	for i := 0; i < lineLen; i++ {
		if i == halfLine {
			continue
		}
		idx = idx*base + int(l[i])
	}
	return idx
}

// five reports whether the line has a winning five through the centre.
func (e *lineEval) five(l *[lineLen]uint8) bool {
	for s := 1; s <= halfLine; s++ {
		ok := true
		for i := s; i < s+5; i++ {
			if l[i] != lOwn {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if e.caro && l[s-1] == lStop && l[s+5] == lStop {
			continue // caro: blocked at both ends
		}
		if !e.exact || (l[s-1] != lOwn && l[s+5] != lOwn) {
			return true
		}
	}
	return false
}

// overline reports whether the run through the centre is six or longer.
func overline(l *[lineLen]uint8) bool {
	n := 1
	for i := halfLine - 1; i >= 0 && l[i] == lOwn; i-- {
		n++
	}
	for i := halfLine + 1; i < lineLen && l[i] == lOwn; i++ {
		n++
	}
	return n >= 6
}

// classify returns the pattern of the line l, whose centre holds an own stone.
func (e *lineEval) classify(l *[lineLen]uint8) uint8 {
	idx := e.index(l)
	if m := e.memo[idx]; m != 0 {
		return m - 1
	}
	p := e.compute(l)
	e.memo[idx] = p + 1
	return p
}

func (e *lineEval) compute(l *[lineLen]uint8) uint8 {
	if e.five(l) {
		return patF5
	}
	if e.exact && overline(l) {
		return patOvl
	}
	fives, first, last := e.fivePoints(l)
	if fives >= 2 && e.caro && e.oneStopsAll(l) {
		return patB4 // caro: one stone blocks them all, like a four
	}
	if fives >= 2 {
		straight := last-first == 5
		for i := first + 1; straight && i < last; i++ {
			straight = l[i] == lOwn
		}
		if straight {
			return patF4
		}
		return patD4
	}
	if fives == 1 {
		return patB4
	}
	best := patDead
	for q := 1; q < lineLen-1; q++ {
		if l[q] != lEmpty {
			continue
		}
		l[q] = lOwn
		next := e.classify(l)
		l[q] = lEmpty
		var p uint8
		switch next {
		case patF4, patD4:
			p = patF3
		case patB4:
			p = patB3
		case patF3:
			p = patF2
		case patB3:
			p = patB2
		case patF2:
			p = patF1
		case patB2:
			p = patB1
		}
		if p > best {
			best = p
		}
	}
	return best
}

// fivePoints counts the empty points of l where an own stone makes five
// through the centre, and the first and last of them.
func (e *lineEval) fivePoints(l *[lineLen]uint8) (n, first, last int) {
	first, last = -1, -1
	for q := 1; q < lineLen-1; q++ {
		if l[q] != lEmpty {
			continue
		}
		l[q] = lOwn
		if e.five(l) {
			n++
			if first < 0 {
				first = q
			}
			last = q
		}
		l[q] = lEmpty
	}
	return n, first, last
}

// oneStopsAll reports whether one opponent stone leaves l without a five
// point: under caro it may block the far end of a five already blocked at
// the other, so ".xxxx." with an opponent's stone one point beyond is no
// straight four.
func (e *lineEval) oneStopsAll(l *[lineLen]uint8) bool {
	for q := 0; q < lineLen; q++ {
		if l[q] != lEmpty {
			continue
		}
		l[q] = lStop
		n, _, _ := e.fivePoints(l)
		l[q] = lEmpty
		if n == 0 {
			return true
		}
	}
	return false
}

// Line evaluators: free, exact five, caro.
var (
	evalOnce  [3]sync.Once
	lineEvals [3]*lineEval
)

// getLineEval returns the shared, immutable-after-build evaluator.
func getLineEval(exact, caro bool) *lineEval {
	i := 0
	switch {
	case caro:
		i = 2
	case exact:
		i = 1
	}
	evalOnce[i].Do(func() {
		e := &lineEval{exact: exact || caro, caro: caro}
		base := e.base()
		size := 1
		for range lineLen - 1 {
			size *= base
		}
		e.memo = make([]uint8, size)
		// Fill the whole memo so that it is read-only afterwards.
		var l [lineLen]uint8
		for idx := 0; idx < size; idx++ {
			v := idx
			for j := lineLen - 1; j >= 0; j-- {
				if j == halfLine {
					continue
				}
				l[j] = uint8(v % base)
				v /= base
			}
			l[halfLine] = lOwn
			e.classify(&l)
		}
		lineEvals[i] = e
	})
	return lineEvals[i]
}

// keyShift returns the bit position in a point's line key of the point at
// offset o (-5..5, not 0) along the line.
func keyShift(o int) uint {
	if o < 0 {
		return uint(2 * (o + halfLine))
	}
	return uint(2 * (o + halfLine - 1))
}

// Point categories: the combination of a point's four line patterns for one
// side, ordered by strength.
const (
	catNone  uint8 = iota
	catLow         // twos and closed threes
	catF3          // one open three
	catF3x2        // double three
	catB4          // a four
	catB4F3        // four-three
	catFlex4       // open four or double four: wins next move
	catFive        // five
	numCats
)

// combo is what a point means to one side: its category, its value for
// the classical searcher's ordering, and for renju's black whether the
// engine must be asked if the point is forbidden (flagCheck) and whether it
// most likely is (flagFoul). Four bytes: the undo log stays small. The
// tables hold only the category and flags (a kind, one byte), so each
// side's table is 64 KiB and stays in the cache; the board keeps ord as a
// sum, one line's share at a time.
type combo struct {
	cat   uint8
	flags uint8
	ord   int16 // for the classical searcher's move ordering: orderVal summed
}

// A kind is a combo's category and flags in one byte: the category in the
// low bits, the flags from kindFlags up.
const kindFlags = 4

// kindOf returns the kind of c.
func kindOf(c combo) uint8 { return c.cat | c.flags<<kindFlags }

// kindCat and kindFoul read a kind's category and its foul flag.
func kindCat(k uint8) uint8 { return k & (1<<kindFlags - 1) }
func kindFoul(k uint8) bool { return k>>kindFlags&flagFoul != 0 }

// setKind sets c's category and flags from kind k.
func (c *combo) setKind(k uint8) { c.cat, c.flags = kindCat(k), k>>kindFlags }

// comboAt returns the combo of the nibble-packed patterns idx of one side,
// from that side's kind table.
func comboAt(kind *[1 << 16]uint8, idx uint16) combo {
	var c combo
	c.setKind(kind[idx])
	for d := 0; d < 4; d++ {
		c.ord += int16(ordNib[idx>>(4*d)&15])
	}
	return c
}

// comboVal is the negamax levels' ordering value of a point for one side,
// from its patterns idx and category: patVal summed, with catVal.
func comboVal(idx uint16, cat uint8) int32 {
	v := int32(catVal[cat&(numCats-1)])
	for d := 0; d < 4; d++ {
		if p := idx >> (4 * d) & 15; p < uint16(numPats) {
			v += int32(patVal[p])
		}
	}
	return v
}

// combo flags, for renju's black only.
const (
	flagCheck uint8 = 1 << iota // might be forbidden: ask the engine
	flagFoul                    // a double three, double four or overline
)

func (c *combo) check() bool { return c.flags&flagCheck != 0 }
func (c *combo) foul() bool  { return c.flags&flagFoul != 0 }

// Its evaluation is not in the combo but summed from its parts (pointEval):
// the board adds and takes away one line's share at a time.

// evalNib is evalPat by a line's nibble: codes past the patterns are worth
// nothing. Rows are the roles (as the mover's point, as the opponent's).
var evalNib = func() (t [2][16]int32) {
	for role := range t {
		copy(t[role][:], evalPat[role][:])
	}
	return t
}()

// pointEval is a point's evaluation for one side (in tenths) in both roles,
// from its four nibble-packed line patterns and its category.
func pointEval(idx uint16, cat uint8) (mover, opp int32) {
	mover, opp = evalCat[0][cat], evalCat[1][cat]
	for d := 0; d < 4; d++ {
		p := idx >> (4 * d) & 15
		mover += evalNib[0][p]
		opp += evalNib[1][p]
	}
	return mover, opp
}

// patVal is the worth of one line pattern for the negamax levels' move
// ordering (comboVal); the evaluation's worths are evalPat.
var patVal = [numPats]int16{
	patDead: 0, patB1: 1, patF1: 3, patB2: 6, patF2: 16, patB3: 20,
	patF3: 60, patB4: 70, patD4: 300, patF4: 300, patOvl: 0, patF5: 2000,
}

var catVal = [numCats]int16{
	catNone: 0, catLow: 0, catF3: 0, catF3x2: 200, catB4: 0, catB4F3: 400,
	catFlex4: 800, catFive: 4000,
}

// ruleTables are the immutable lookup tables of one rule set.
type ruleTables struct {
	rule engine.Rule
	// reach is how many points either way of a point its patterns look:
	// freestyle needs four, the exact-five rules five to see overlines. A
	// point's line key is the 2-bit codes of the reach points before it
	// (low bits, the farthest lowest) and after it (high bits, the nearest
	// lowest); shift and mask cut that key out of a key of five points
	// either way (keyShift).
	reach       int
	shift, mask uint32
	// line maps a line key's index (index) to the patterns it gives black
	// (low nibble) and white (high nibble). A line leaves the board once,
	// so a half of a key has walls only beyond all its other points: 121
	// of 256 halves can occur in freestyle, 364 of 1,024 under the
	// exact-five rules. Indexed by the two halves' ranks, the table is 14
	// KiB and 129 KiB where the whole keys took 64 KiB and 1 MiB, and a
	// stone's dozens of reads stay in the cache.
	line []uint8
	// loRank is a before-half's rank times the number of after-halves,
	// hiRank an after-half's rank: a key's index is their sum. A half that
	// cannot occur has rank 0.
	loRank, hiRank [1 << (2 * halfLine)]uint32
	// kind maps four nibble-packed patterns of one side to their combo's
	// category and flags.
	kind [2]*[1 << 16]uint8
}

// index returns the line table's index of a line key.
func (t *ruleTables) index(key uint32) uint32 {
	half := uint32(1)<<(2*t.reach) - 1
	return t.loRank[key&half] + t.hiRank[key>>(2*t.reach)&half]
}

// rankHalves numbers the halves of a line key that can occur and returns
// them, before-halves and after-halves, in the order of their ranks.
func (t *ruleTables) rankHalves() (lo, hi []uint32) {
	for h := uint32(0); h < 1<<(2*t.reach); h++ {
		if canOccur(h, t.reach, true) {
			lo = append(lo, h)
		}
		if canOccur(h, t.reach, false) {
			hi = append(hi, h)
		}
	}
	for i, h := range lo {
		t.loRank[h] = uint32(i * len(hi))
	}
	for i, h := range hi {
		t.hiRank[h] = uint32(i)
	}
	return lo, hi
}

// canOccur reports whether half h of a line key, of reach points, the
// half before its point or after it, has no point on the board beyond a
// wall.
func canOccur(h uint32, reach int, before bool) bool {
	wall := false
	for k := 0; k < reach; k++ { // from the nearest point out
		pos := k
		if before {
			pos = reach - 1 - k
		}
		c := uint8(h>>(2*pos)) & 3
		if wall && c != cWall {
			return false
		}
		wall = c == cWall
	}
	return true
}

var (
	tablesOnce [len(engine.Rules)]sync.Once
	tables     [len(engine.Rules)]*ruleTables
)

// getTables returns the shared tables for rule r, building them once.
func getTables(r engine.Rule) *ruleTables {
	tablesOnce[r].Do(func() { tables[r] = buildTables(r) })
	return tables[r]
}

func exactFor(r engine.Rule, c engine.Color) bool {
	switch r {
	case engine.Standard, engine.Caro:
		return true
	case engine.Renju:
		return c == engine.Black
	}
	return false
}

func buildTables(r engine.Rule) *ruleTables {
	t := &ruleTables{rule: r, reach: halfLine, mask: 1<<20 - 1}
	if r == engine.Freestyle {
		t.reach, t.shift, t.mask = halfLine-1, 2, 1<<16-1
	}
	lo, hi := t.rankHalves()
	t.line = make([]uint8, len(lo)*len(hi))
	caro := r == engine.Caro
	evB := getLineEval(exactFor(r, engine.Black), caro)
	evW := getLineEval(exactFor(r, engine.White), caro)
	var lb, lw [lineLen]uint8
	for _, l := range lo {
		for _, h := range hi {
			key := l | h<<(2*t.reach)
			full := key << t.shift
			for o := -halfLine; o <= halfLine; o++ {
				if o == 0 {
					continue
				}
				c := uint8(full>>keyShift(o)) & 3
				lb[o+halfLine], lw[o+halfLine] = sideCell(c, cBlack, caro), sideCell(c, cWhite, caro)
			}
			lb[halfLine], lw[halfLine] = lOwn, lOwn
			pb := evB.memo[evB.index(&lb)] - 1
			pw := evW.memo[evW.index(&lw)] - 1
			t.line[t.index(key)] = pb | pw<<4
		}
	}
	for side := 0; side < 2; side++ {
		renjuBlack := r == engine.Renju && side == 0
		t.kind[side] = new([1 << 16]uint8)
		for idx := range t.kind[side] {
			t.kind[side][idx] = kindOf(makeCombo(idx, renjuBlack))
		}
	}
	return t
}

func sideCell(c, own uint8, caro bool) uint8 {
	switch {
	case c == cEmpty:
		return lEmpty
	case c == own:
		return lOwn
	case c == cWall && caro:
		return lWall
	}
	return lStop
}

// makeCombo classifies a point from its four packed line patterns.
func makeCombo(idx int, renjuBlack bool) combo {
	var n [numPats]int
	ord := int16(0)
	for d := 0; d < 4; d++ {
		p := uint8(idx>>(4*d)) & 15
		if p >= numPats {
			p = patDead
		}
		n[p]++
		ord += int16(orderVal[p])
	}
	var c combo
	fours := n[patB4] + 2*n[patD4]
	switch {
	case n[patF5] > 0:
		c.cat = catFive
	case n[patF4] > 0 || fours >= 2:
		c.cat = catFlex4
	case fours == 1 && n[patF3] > 0:
		c.cat = catB4F3
	case fours == 1:
		c.cat = catB4
	case n[patF3] >= 2:
		c.cat = catF3x2
	case n[patF3] == 1:
		c.cat = catF3
	case n[patB3]+n[patF2]+n[patB2] > 0:
		c.cat = catLow
	}
	if renjuBlack && c.cat != catFive {
		check := n[patOvl] > 0 || fours >= 2 || n[patF3] >= 2 || n[patF4] > 1 ||
			(n[patF4] > 0 && n[patF3]+n[patB4]+n[patD4] > 0)
		if check {
			c.flags |= flagCheck
		}
		// Checked and not a four-three with an open four (legal): black
		// cannot play it, so the evaluation counts it as nothing.
		if check && !(n[patF4] == 1 && fours == 0 && n[patOvl] == 0 && n[patF3] < 2) {
			c.flags |= flagFoul
		}
	}
	c.ord = ord
	return c
}
