package ai

// Threat-space search: VCF (victory by continuous fours) and VCT (fours and
// open threes). Both return the number of plies to the win (0 = no win found)
// and leave the board as they found it. The defender's answers are generated
// exactly: to a four, the one point that stops five; to an open three, every
// move after which the attacker has no legal open four any more, and the
// defender's own fours.

// failCache remembers positions where a threat search failed, tagged with
// the remaining budget, so transpositions are not searched twice.
type failCache struct {
	e    []uint64
	mask uint64
}

func newFailCache(bits uint) failCache {
	return failCache{e: make([]uint64, 1<<bits), mask: 1<<bits - 1}
}

// failed reports whether the position with hash h (tag = h mixed with the
// search's salt and the budget) failed before. The slot depends on h only.
func (c *failCache) failed(h, tag uint64) bool { return c.e[h&c.mask] == tag }
func (c *failCache) mark(h, tag uint64)        { c.e[h&c.mask] = tag }

// vcfTag mixes the search's salt, the remaining depth and the side to move
// into a hash so that a shallow failure does not stand for a deeper search,
// nor one search's for another's, nor one side's for the other's (the hash
// covers the stones only, and a null move breaks the parity).
func vcfTag(h, salt uint64, left, kind int, turn uint8) uint64 {
	return h ^ salt ^ uint64(left+1)*0x9E3779B97F4A7C15 ^ uint64(kind)<<60 ^ uint64(turn)<<63
}

// vcf searches a win by continuous fours for the side to move, with at most
// left fours of its own. When root is set, the first move is kept in s.threatMove.
func (s *searcher) vcf(ply, left int, root bool) int {
	b := s.b
	us := b.turn
	res, blocks, done := s.fourNode(ply, root)
	if done {
		return res
	}
	moves := s.buf[ply][:0]
	switch {
	case len(blocks) > 0:
		moves = append(moves, blocks...)
	default:
		if f := b.flexPoint(us); f >= 0 {
			if root {
				s.threatMove = int32(f)
			}
			return 3
		}
		if left <= 0 || !b.hasFours(us) {
			return 0
		}
		moves = s.fourMoves(moves, us)
	}
	tag := vcfTag(b.hash, s.salt, left, 0, us)
	if s.vcfFail.failed(b.hash, tag) {
		return 0
	}
	s.buf[ply] = moves
	for _, q := range moves {
		if r := s.fourThenBlock(ply, int(q), func() int { return s.vcf(ply+2, left-1, false) }); r > 0 {
			if root {
				s.threatMove = q
			}
			return r
		}
		if s.stopped {
			return 0
		}
	}
	s.vcfFail.mark(b.hash, tag)
	return 0
}

// fourNode opens a node of a search by fours (vcf, leafVCF): it counts the
// node and ends it when the search is stopped or too deep; else threatStart.
func (s *searcher) fourNode(ply int, root bool) (res int, blocks []int32, done bool) {
	s.count()
	if s.stopped || ply >= maxPly-4 {
		return 0, nil, true
	}
	return s.threatStart(ply, root)
}

// threatStart opens a threat-search node the way vcf and vct both must:
// a five of the side to move wins at once (done, 1); fives of the opponent
// that no stone stops end the threat (done, 0); else they must be stopped,
// and only a stop that makes a four keeps the threat going (blocks, else
// done, 0). With no five anywhere, blocks is empty and the node searches
// its own threats.
func (s *searcher) threatStart(ply int, root bool) (res int, blocks []int32, done bool) {
	b := s.b
	us := b.turn
	if b.cnt[us][catFive] > 0 {
		if root {
			s.threatMove = b.fivePoints(s.tmp[ply][:0], us)[0]
		}
		return 1, nil, true
	}
	if b.cnt[us^1][catFive] == 0 {
		return 0, nil, false
	}
	blocks = b.stops(s.tmp[ply][:0])
	k := 0
	for _, q := range blocks {
		if b.cmb[q][us].cat >= catB4 {
			blocks[k] = q
			k++
		}
	}
	return 0, blocks[:k], k == 0
}

// fourThenBlock plays the attacker's four q, the defender's forced block and
// then next; it returns the plies to the win or 0.
func (s *searcher) fourThenBlock(ply, q int, next func() int) int {
	b := s.b
	us := b.turn
	them := us ^ 1
	b.play(q)
	defer b.undo()
	if b.cnt[them][catFive] > 0 {
		return 0 // the defender makes five first
	}
	if b.cnt[us][catFive] == 0 {
		return 0
	}
	// No stop (two fives, or renju black's only block forbidden) wins; else
	// the win must follow every stop.
	worst := 1
	for _, r := range b.stops(s.tmp[ply+1][:0]) {
		b.play(int(r))
		s.count() // the blocked position is searched too
		res := next()
		b.undo()
		if res == 0 {
			return 0
		}
		worst = max(worst, res)
	}
	return worst + 2
}

// fourMoves appends side s's legal moves that make a four, strongest first.
func (s *searcher) fourMoves(dst []int32, side uint8) []int32 {
	b := s.b
	n := len(dst)
	dst = b.findAll(dst, side, catB4)
	k := n
	for _, q := range dst[n:] {
		if b.cmb[q][side].cat != catFive && b.legal(int(q), side) {
			dst[k] = q
			k++
		}
	}
	dst = dst[:k]
	// Four-threes first: they are the usual finishers.
	k = n
	for i := n; i < len(dst); i++ {
		if b.cmb[dst[i]][side].cat >= catB4F3 {
			dst[i], dst[k] = dst[k], dst[i]
			k++
		}
	}
	return dst
}

// vct searches a win by fours and open threes for the side to move, with at
// most threes three-moves. It tries VCF first at every node.
func (s *searcher) vct(ply, threes int, root bool) int {
	b := s.b
	us := b.turn
	them := us ^ 1
	s.count()
	if s.stopped || ply >= maxPly-6 || s.nodes > s.vctStop {
		return 0
	}
	if b.cnt[us][catFive] == 0 && b.cnt[them][catFive] > 0 {
		return s.vctBlock(ply, threes, root)
	}
	if res, _, done := s.threatStart(ply, root); done {
		return res
	}
	moves := s.buf[ply][:0]
	if r := s.vcf(ply, s.p.vcfDepth, root); r > 0 {
		return r
	}
	if threes <= 0 {
		return 0
	}
	tag := vcfTag(b.hash, s.salt, threes, 1, us)
	if s.vctFail.failed(b.hash, tag) {
		return 0
	}
	minCat := catF3
	if b.flexPoint(them) >= 0 {
		minCat = catB4 // their open three outruns ours
	}
	for _, q := range b.points {
		c := b.cmb[q][us].cat
		if b.cell[q] == cEmpty && c >= minCat && c != catFive && b.legal(int(q), us) {
			moves = append(moves, q)
		}
	}
	s.buf[ply] = moves
	for _, q := range moves {
		if r := s.vctMove(ply, int(q), threes); r > 0 {
			if root {
				s.threatMove = q
			}
			return r
		}
		if s.stopped {
			return 0
		}
	}
	s.vctFail.mark(b.hash, tag)
	return 0
}

// vctBlock answers the defender's four in a threat sequence. Unlike a VCF,
// the attack survives a block that is not a four when the attacker's open
// three still stands: the defender must then defend it again (or play
// another four). A block that makes a four forces the defender's answer.
func (s *searcher) vctBlock(ply, threes int, root bool) int {
	b := s.b
	us := b.turn
	for _, q := range b.stops(s.tmp[ply][:0]) {
		r := 0
		if b.cmb[q][us].cat >= catB4 {
			r = s.fourThenBlock(ply, int(q), func() int { return s.vct(ply+2, threes, false) })
		} else {
			b.play(int(q))
			s.count()
			if b.flexPoint(us) >= 0 && s.vctDefend(ply+1, threes) {
				r = 5 + 2*threes
			}
			b.undo()
		}
		if r > 0 {
			if root {
				s.threatMove = q
			}
			return r
		}
		if s.stopped {
			return 0
		}
	}
	return 0
}

// vctMove tries the attacker's threat q.
func (s *searcher) vctMove(ply, q, threes int) int {
	b := s.b
	us := b.turn
	if b.cmb[q][us].cat >= catB4 {
		return s.fourThenBlock(ply, q, func() int { return s.vct(ply+2, threes, false) })
	}
	b.play(q)
	defer b.undo()
	if b.flexPoint(us) < 0 {
		return 0 // not a real three
	}
	if s.vctDefend(ply+1, threes-1) {
		return 5 + 2*threes
	}
	return 0
}

// vctDefend reports whether every defence of the side to move against the
// attacker's open four threat loses.
func (s *searcher) vctDefend(ply, threes int) bool {
	b := s.b
	def := b.turn
	att := def ^ 1
	moves := s.defences(s.buf[ply][:0], def)
	s.buf[ply] = moves
	for _, m := range moves {
		b.play(int(m))
		if b.cnt[def][catFive] == 0 && b.flexPoint(att) >= 0 {
			b.undo()
			continue // no defence: the open four still comes
		}
		r := s.vct(ply+1, threes, false)
		b.undo()
		if r == 0 || s.stopped {
			return false
		}
	}
	return true
}

// defences appends the candidate answers of side def to the attacker's open
// four threats: the points that could spoil every legal open-four point of
// the attacker (a point on a line where that point makes a four, within
// reach, or the point itself), and def's own fours. Callers filter them by
// playing them.
func (s *searcher) defences(dst []int32, def uint8) []int32 {
	b := s.b
	att := def ^ 1
	s.gen++
	gen := s.gen
	flex := b.findAll(s.flexBuf[:0], att, catFlex4)
	k, first := int32(0), -1
	for _, f := range flex {
		if b.cmb[f][att].cat != catFlex4 || !b.legal(int(f), att) {
			continue
		}
		if first < 0 {
			first = int(f)
		}
		s.markLines(int(f), att, gen, k)
		k++
		if k == 8 {
			break
		}
	}
	n := len(dst)
	if first >= 0 {
		// Every cell that all the open-four points counted is on the
		// first one's lines.
		s.lineCells(first, att, func(q int) {
			if s.stamp[q] == gen && s.hits[q] == k && b.cell[q] == cEmpty && b.legal(q, def) {
				dst = append(dst, int32(q))
			}
		})
	}
	for _, q := range b.findAll(s.flexBuf[:0], def, catB4) {
		if b.cmb[q][def].cat != catFive && (s.stamp[q] != gen || s.hits[q] != k) && b.legal(int(q), def) {
			dst = append(dst, q)
		}
	}
	sortCells(dst[n:]) // board order, as a scan gives
	return dst
}

// sortCells sorts a short list of cells in place (insertion sort).
func sortCells(c []int32) {
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j-1] > c[j]; j-- {
			c[j-1], c[j] = c[j], c[j-1]
		}
	}
}

// lineCells calls visit on cell f and on the cells within reach along each
// line where f makes a four or better for side att: the cells that could
// spoil f's open four.
func (s *searcher) lineCells(f int, att uint8, visit func(q int)) {
	b := s.b
	visit(f)
	pat := b.pidx[f][att]
	for d, dd := range b.dirs {
		if p := uint8(pat>>(4*d)) & 15; p < patB4 || p == patOvl {
			continue
		}
		for o := 1; o <= b.reach; o++ {
			visit(f + o*dd)
			visit(f - o*dd)
		}
	}
}

// markLines counts, for the k-th open-four point f, the cells that could
// change it: f and the cells within reach along each line where f makes a
// four or better for side att. A cell keeps its count only if every earlier
// point counted it too.
func (s *searcher) markLines(f int, att uint8, gen uint32, k int32) {
	s.lineCells(f, att, func(q int) {
		switch {
		case k == 0 && s.stamp[q] != gen:
			s.stamp[q], s.hits[q] = gen, 1
		case k > 0 && s.stamp[q] == gen && s.hits[q] == k:
			s.hits[q] = k + 1
		}
	})
}

// leafFours is how many fours a node of leafVCF tries after its first.
const leafFours = 2

// leafVCF is the classical searcher's look for a win by continuous fours at
// its horizon: narrow, as the strong alpha-beta engines make it, because it
// runs at every leaf where the side to move has a four to make. Only fours
// that make a second threat on another line count (a closed three or
// better: a four alone only trades a stone for a stone); after the first
// four, only fours on the lines through the attacker's previous four, and
// at most leafFours of them. Every win it reports is a real one (each of the
// defender's stops is searched); it misses the wins that need a quiet four
// or a four away from the attack, which the root's vcf and vct still find.
// first marks the first attacking move, where every four is a candidate.
func (s *searcher) leafVCF(ply, left int, first bool) int {
	b := s.b
	us := b.turn
	res, blocks, done := s.fourNode(ply, false)
	if done {
		return res
	}
	moves := s.buf[ply][:0]
	switch {
	case len(blocks) > 0:
		moves = append(moves, blocks...)
	case b.flexPoint(us) >= 0:
		return 3
	case left <= 0 || !b.hasFours(us):
		return 0
	case first || b.nmove < 2:
		moves = s.threatFours(moves, s.fourMoves(s.tmp[ply][:0], us), us)
	default:
		near := b.findOnLines(s.tmp[ply][:0], int(b.moves[b.nmove-2]), us, catB4)
		moves = s.threatFours(moves, near, us)
	}
	s.buf[ply] = moves
	for i, q := range moves {
		if !first && i == leafFours {
			break
		}
		if r := s.fourThenBlock(ply, int(q), func() int { return s.leafVCF(ply+2, left-1, false) }); r > 0 || s.stopped {
			return r
		}
	}
	return 0
}

// threatFours appends to dst the legal points of from where side s makes a
// four and a second threat (a closed three or better on another line),
// four-threes and double fours first.
func (s *searcher) threatFours(dst, from []int32, side uint8) []int32 {
	b := s.b
	n := len(dst)
	for _, q := range from {
		if b.cmb[q][side].cat >= catB4 && b.threatLines(q, side) >= 2 && b.legal(int(q), side) {
			dst = append(dst, q)
		}
	}
	k := n
	for i := n; i < len(dst); i++ {
		if b.cmb[dst[i]][side].cat >= catB4F3 {
			dst[i], dst[k] = dst[k], dst[i]
			k++
		}
	}
	return dst
}
