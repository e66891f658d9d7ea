package ai

import "math"

// The classical searcher is Max's search below the root: a principal
// variation search that evaluates every node and prunes the way the strong
// alpha-beta gomoku engines do (razoring, futility, move counts, reductions
// for every late move), on an evaluation averaged over the last two plies.
// Measured as a whole against PentaZen (docs/ai.md), it is what made Max
// stronger: its parts transplanted one at a time into the older searcher
// (negamax) each lost, and the same searcher on the older evaluation and
// margins lost too.

const (
	// classicMargin is the razoring and futility margin per ply of depth,
	// in evaluation points (an open three is worth about 360).
	classicMargin = 45
	razorDepth    = 5 // razoring below this depth
	futileDepth   = 7 // futility pruning below this depth
	iidDepth      = 7 // internal iterative deepening from this depth
	maxLeafVCF    = 40
)

// moveCount[quiet][d] is how many moves a node at depth d searches from
// ply 2 on: few while a four or an open three is on the board (quiet 0),
// more in quiet positions, growing with the square root of the depth.
// classicLMR[pv][d][i] is the reduction of the i-th move (from 1) at depth
// d: about ln(d)·ln(i)/2, a ply less at principal-variation nodes.
var (
	moveCount  [2][64]int
	classicLMR [2][64][256]int8
)

func init() {
	for d := 0; d < 64; d++ {
		sq := math.Sqrt(float64(d))
		moveCount[0][d] = min(int(math.Round(5*sq-2)), 8)
		moveCount[1][d] = min(int(math.Round(15*sq-12)), 32)
		for i := 1; i < 256 && d > 0; i++ {
			r := int(math.Round(math.Log(float64(d)) * math.Log(float64(i)) / 2))
			classicLMR[0][d][i] = int8(r)
			classicLMR[1][d][i] = int8(max(r-1, 0))
		}
	}
}

// smoothEval is the static evaluation for the side to move averaged with
// the parent position's from the same side: a position right after one's
// own move looks better than it is, and the mean of two plies cancels that.
func (s *searcher) smoothEval() int {
	b := s.b
	e := b.eval()
	if b.nmove == 0 {
		return e
	}
	us := b.turn
	ps := &b.sumSave[b.nmove-1]
	prev := int(ps[us^1][0]-ps[us][1])/10 + evalTempo
	return (e - prev) / 2
}

// classic is the search of depth plies from the side to move's view. pv
// marks principal-variation nodes; cautious turns off move-count pruning
// (used to verify a win found with it).
func (s *searcher) classic(depth, alpha, beta, ply int, pv, cautious bool) int {
	b := s.b
	us := b.turn
	s.count()
	switch {
	case s.stopped:
		return 0
	case b.cnt[us][catFive] > 0:
		return WinScore - ply
	case ply >= maxPly-8 || b.stones() >= b.n*b.n:
		return b.eval()
	case b.cnt[us^1][catFive] > 0:
		return s.classicStop(depth, alpha, beta, ply, pv, cautious)
	case b.flexPoint(us) >= 0:
		return WinScore - ply - 2
	}
	if a := -(WinScore - ply - 1); alpha < a {
		alpha = a
		if alpha >= beta {
			return alpha
		}
	}
	static := s.smoothEval()
	if depth <= 0 {
		return s.quiesce(ply, static, beta)
	}
	e, hit := s.tt.probe(b.hash, s.salt)
	ttMove := int32(-1)
	if hit {
		ttMove = int32(e.move)
		v := scoreFromTT(int(e.score), ply)
		if !pv && ttCuts(e, v, depth, alpha, beta) {
			return v
		}
		// A bounded score on the right side is better than the evaluation.
		if (v > static && e.bound != boundUpper) || (v < static && e.bound != boundLower) {
			static = v
		}
	}
	if depth < razorDepth && static+classicMargin*depth <= alpha {
		return s.quiesce(ply, static, beta)
	}
	if depth < futileDepth && static-classicMargin*depth >= beta && static < winBound {
		return static
	}
	if depth >= iidDepth && ttMove < 0 {
		s.classic(depth/2, alpha, beta, ply, pv, cautious)
		if e, ok := s.tt.probe(b.hash, s.salt); ok {
			ttMove = int32(e.move)
		}
	}
	return s.classicMoves(depth, alpha, beta, ply, pv, cautious, ttMove, static)
}

// ttCuts reports whether a table entry with score v settles a node of the
// given depth and window: a proven win always, else a deep enough bound.
func ttCuts(e ttEntry, v, depth, alpha, beta int) bool {
	if v > winBound && e.bound != boundUpper {
		return true
	}
	if int(e.depth) < depth {
		return false
	}
	return e.bound == boundExact ||
		(e.bound == boundLower && v >= beta) ||
		(e.bound == boundUpper && v <= alpha)
}

// classicStop searches the stones that stop the opponent's five at the
// same depth: a forced reply costs none. With none the side to move has lost.
func (s *searcher) classicStop(depth, alpha, beta, ply int, pv, cautious bool) int {
	b := s.b
	st := b.stops(s.tmp[ply][:0])
	if len(st) == 0 {
		return -(WinScore - ply - 1)
	}
	best := -infinity
	for _, q := range st {
		s.tt.prefetch(b.hash ^ zobrist[q][b.turn])
		b.play(int(q))
		v := -s.classic(depth, -beta, -alpha, ply+1, pv, cautious)
		b.undo()
		best, alpha = max(best, v), max(alpha, v)
		if alpha >= beta || s.stopped {
			break
		}
	}
	return best
}

// quiesce ends the search at the horizon: the evaluation, unless a win by
// continuous fours (leafVCF, up to two plies of fours per ply searched)
// beats it.
func (s *searcher) quiesce(ply, static, beta int) int {
	b := s.b
	if static < beta && b.hasFours(b.turn) {
		if r := s.leafVCF(ply, min(2*ply, maxLeafVCF), true); r > 0 {
			return WinScore - ply - r
		}
	}
	return static
}

// classicMoves searches the node's moves, best first, with move-count
// pruning from ply 2 and reductions for late moves, and stores the result.
func (s *searcher) classicMoves(depth, alpha, beta, ply int, pv, cautious bool, ttMove int32, static int) int {
	b := s.b
	us := b.turn
	moves, _, order := s.candidates(ply, s.buf[ply][:0], -1, false)
	if len(moves) == 0 {
		if b.flexPoint(us^1) >= 0 {
			return -(WinScore - ply - 3)
		}
		if s.onlyFouls() {
			return -(WinScore - ply - 1)
		}
		return static
	}
	s.buf[ply] = moves
	sc := s.pickScores(ply, moves, order, ttMove)
	quiet := 0
	if b.cnt[0][catFlex4] == 0 && b.cnt[1][catFlex4] == 0 {
		quiet = 1
	}
	limit := moveCount[quiet][min(depth, 63)]
	// A helper searches the defences against an open three at no cost of
	// depth, as blocking a four costs none: it reads threat sequences
	// twice as deep as the main searcher and shares them in the table.
	childDepth := depth
	if s.helper > 0 && ply < s.extLimit && b.flexPoint(us^1) >= 0 {
		childDepth = depth + 1
	}
	origAlpha, best, bestMove := alpha, -infinity, moves[0]
	for i := range moves {
		if !cautious && ply >= 2 && i >= limit {
			break
		}
		q := pickNext(moves, sc, i)
		quietMove := b.cmb[q][us].cat < catB4 && b.cmb[q][us^1].cat < catF3
		if depth >= 2 {
			s.tt.prefetch(b.hash ^ zobrist[q][us])
		}
		b.play(int(q))
		v := s.classicChild(childDepth, alpha, beta, ply, i, pv, cautious)
		b.undo()
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, q
		}
		alpha = max(alpha, v)
		if alpha >= beta {
			if quietMove {
				s.rememberCut(ply, q, us, depth)
			}
			break
		}
	}
	s.tt.store(b.hash, s.salt, depth, scoreToTT(best, ply), int(bestMove), boundOf(best, origAlpha, beta))
	return best
}

// classicChild searches the i-th move (from 0), just played: late moves
// with a reduced null window first, then at full depth if they beat alpha,
// then with the full window at principal-variation nodes. A win found with
// move-count pruning is verified without it.
func (s *searcher) classicChild(depth, alpha, beta, ply, i int, pv, cautious bool) int {
	nd := depth - 1
	full := !pv || i > 0
	var v int
	if depth >= 3 && i > 0 {
		k := 0
		if pv {
			k = 1
		}
		d := max(nd-int(classicLMR[k][min(depth, 63)][min(i+1, 255)]), 1)
		v = -s.classic(d, -alpha-1, -alpha, ply+1, false, cautious)
		full = v > alpha && d != nd
	}
	if full {
		v = -s.classic(nd, -alpha-1, -alpha, ply+1, false, cautious)
	}
	if pv && (i == 0 || (v > alpha && v < beta)) {
		v = -s.classic(nd, -beta, -alpha, ply+1, true, cautious)
	}
	if pv && ply >= 2 && !cautious && v > winBound && !s.stopped {
		if -s.classic(nd, -winBound, -winBound+1, ply+1, true, true) < winBound {
			v = -s.classic(nd, -beta, -alpha, ply+1, true, true)
		}
	}
	return v
}

// rememberCut records a quiet move that caused a cutoff: as a killer of its
// ply and in the side's history.
func (s *searcher) rememberCut(ply int, q int32, us uint8, depth int) {
	k := &s.killer[ply]
	if k[0] != q {
		k[1], k[0] = k[0], q
	}
	s.hist[us][q] += int32(depth * depth)
}

// Ordering bonuses. The table move goes ahead of every move. A killer
// gains bonusKiller, as PentaZen orders its refutations: ahead of moves
// that make twos (256 a line), behind those that make a three or a four
// (2048), so that with move-count pruning a quiet move that cut elsewhere
// no longer pushes a threat out of the few moves a node searches. Against
// PentaZen (0.5 s a move, 200 games) killers ahead of every threat scored
// 82-7-111 (42.8%), the bonus 100-4-96 (51%; docs/ai.md, session 20).
const (
	bonusTT     = 3 << 28
	bonusKiller = 1536
)

// pickScores returns the picking score of each move (in s.scr[ply]): the
// ordering score when the moves are to be ordered (else 0, keeping their
// order), plus the bonus of the table move or a killer. A node searches few
// of its moves, so pickNext orders them one at a time instead of sorting
// them all.
func (s *searcher) pickScores(ply int, moves []int32, order bool, ttMove int32) []int32 {
	var sc []int32
	if order {
		sc = s.scoreMoves(ply, moves)
	} else {
		sc = s.scr[ply][:0]
		for range moves {
			sc = append(sc, 0)
		}
	}
	k := s.killer[ply]
	for i, q := range moves {
		switch {
		case q == ttMove:
			sc[i] += bonusTT
		case q == k[0] || q == k[1]:
			sc[i] += bonusKiller
		}
	}
	s.scr[ply] = sc
	return sc
}

// pickNext brings the best of moves[i:] by score to index i and returns it.
// The first of equal scores wins and the others keep their order, so moves
// come out as a stable sort would give them.
func pickNext(moves, sc []int32, i int) int32 {
	j := i
	for k := i + 1; k < len(moves); k++ {
		if sc[k] > sc[j] {
			j = k
		}
	}
	q, v := moves[j], sc[j]
	copy(moves[i+1:j+1], moves[i:j])
	copy(sc[i+1:j+1], sc[i:j])
	moves[i], sc[i] = q, v
	return q
}

// orderVal is the classical searcher's ordering value of a line pattern of
// a point, for the mover (what its stone makes there) and for the opponent
// (what the mover's stone takes from it) alike; a point's combo keeps the
// sum over its four lines (combo.ord, at most 24,000). The values rise
// eight- to sixteen-fold from one shape to the next, as the strong
// alpha-beta engines order (PentaZen's ratio): a move that makes an open
// three comes before any number of twos, because with move-count pruning a
// node searches only its first few moves.
var orderVal = [numPats]int32{
	patB1: 1, patF1: 16, patB2: 16, patF2: 256, patB3: 256,
	patF3: 2048, patB4: 2048, patD4: 4096, patF4: 4096, patF5: 6000,
}

// ordNib is orderVal by a line's nibble: codes past the patterns are worth
// nothing.
var ordNib = func() (t [16]int32) {
	copy(t[:], orderVal[:])
	return t
}()

// classicScores returns the ordering score of each move (in s.scr[ply]):
// the mover's shapes there (half again as much) and the opponent's, a
// four-three of either side first, and the side's history.
func (s *searcher) classicScores(ply int, m []int32) []int32 {
	b := s.b
	us := b.turn
	them := us ^ 1
	sc := s.scr[ply][:0]
	hist := &s.hist[us]
	for _, q := range m {
		c := &b.cmb[q]
		// ord and hist are never negative: unsigned halving and shifting.
		v := int32(uint32(c[us].ord)*3/2+uint32(c[them].ord)) + int32(uint32(hist[q])/16)
		switch {
		case c[us].cat >= catB4F3:
			v += 1 << 20
		case c[them].cat >= catB4F3:
			v += 1 << 19
		}
		sc = append(sc, v)
	}
	return sc
}
