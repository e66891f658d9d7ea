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
