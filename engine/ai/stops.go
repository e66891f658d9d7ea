package ai

import "github.com/gomokud/gomoku/engine"

// stops appends the legal cells where the side to move stops every five
// point of the opponent. Under most rules that is the one five point, or
// nothing when there are two (one stone blocks one). Under caro a five with
// the side's stones at both ends does not win, so a stone just beyond one
// end of a five blocked at the other also stops it, and one such stone may
// stop two five points (an open four with a stone one point beyond an
// end): the candidates are the first five point and the empty ends of the
// fives it makes, each kept if it leaves the opponent no five point.
func (b *board) stops(dst []int32) []int32 {
	us := b.turn
	them := us ^ 1
	if b.cnt[them][catFive] == 0 {
		return dst
	}
	var buf [8]int32
	fp := b.fivePoints(buf[:0], them)
	if b.rule != engine.Caro {
		if len(fp) == 1 && b.legal(int(fp[0]), us) {
			dst = append(dst, fp[0])
		}
		return dst
	}
	f := int(fp[0])
	n := len(dst)
	dst = b.keepIfStops(dst, n, f)
	own := them + 1
	for d, dd := range b.dirs {
		if uint8(b.pidx[f][them]>>(4*d))&15 != patF5 {
			continue
		}
		for _, step := range [2]int{dd, -dd} {
			e := f + step
			for b.cell[e] == own {
				e += step
			}
			if b.cell[e] == cEmpty {
				dst = b.keepIfStops(dst, n, e)
			}
		}
	}
	return dst
}

// keepIfStops appends cell q to dst (whose entries from n on are the stops
// found so far) if playing it leaves the opponent of the side to move no
// five point.
func (b *board) keepIfStops(dst []int32, n, q int) []int32 {
	for _, x := range dst[n:] {
		if int(x) == q {
			return dst
		}
	}
	b.play(q)
	ok := b.cnt[b.turn][catFive] == 0
	b.undo()
	if ok {
		dst = append(dst, int32(q))
	}
	return dst
}

// stopsFlex reports whether a stone of the side to move on the empty cell q
// leaves the opponent no open-four point, flex being the cells where it has
// one now (catFlex4). A stone changes only the patterns along its four
// lines, and only by blocking, so it is enough to read again, with the stone
// in its line word, the one line through q of every such cell: what playing q
// would do, without playing it. Under renju a black point's legality can
// depend on any stone: where a black cell keeps its open four and its
// patterns say it might be forbidden, the move is played to ask the engine.
func (b *board) stopsFlex(q int, flex []int32) bool {
	stops, unsure := b.readStopsFlex(q, flex)
	if unsure {
		b.play(q)
		stops = b.flexPoint(b.turn) < 0
		b.undo()
	}
	return stops
}

// readStopsFlex is stopsFlex by reading lines: whether q stops every cell of
// flex, or unsure when a renju black cell keeps its open four and may be
// forbidden (only the engine can tell).
func (b *board) readStopsFlex(q int, flex []int32) (stops, unsure bool) {
	us := b.turn
	them := us ^ 1
	for _, f := range flex {
		if int(f) == q {
			continue
		}
		idx := b.pidx[f][them]
		for d, dd := range b.dirs {
			o := (q - int(f)) / dd
			if o == 0 || o < -b.reach || o > b.reach || int(f)+o*dd != q {
				continue
			}
			lp := b.lpos[f][d]
			w := b.lines[lp.line()] | uint64(us+1)<<(lp.bit()+uint(2*o))
			v := b.tab.line[b.lineIndex(w, lp.bit())]
			nib := uint16(v & 15)
			if them == 1 {
				nib = uint16(v >> 4)
			}
			idx = idx&^(15<<(4*d)) | nib<<(4*d)
			break
		}
		k := b.tab.kind[them][idx]
		if kindCat(k) != catFlex4 {
			continue
		}
		if !b.renju || them == 1 || k>>kindFlags&flagCheck == 0 {
			return false, false
		}
		unsure = true
	}
	return !unsure, unsure
}
