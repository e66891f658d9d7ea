package ai

import (
	"context"
	"math"
	"math/bits"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gomokud/gomoku/engine"
)

const (
	maxPly   = 128
	infinity = WinScore + 1
	winBound = WinScore - 1000 // scores beyond this are forced results
)

// searcher is the state of one search. Nothing in it is shared.
type searcher struct {
	b      *board
	p      params
	tt     *table // ownTT, or the table shared by the searchers of one move
	ownTT  table
	killer [maxPly][2]int32
	hist   [2][maxCells]int32
	buf    [maxPly][]int32
	tmp    [maxPly][]int32
	scr    [maxPly][]int32

	vcfFail, vctFail failCache
	threatMove       int32
	rootMoves        []int32 // the root's moves, best first after each iteration
	salt             uint64  // mixed into every hash, unique per search
	extLimit         int     // plies beyond which threat extensions stop
	stamp            [maxCells]uint32
	hits             [maxCells]int32
	gen              uint32
	flexBuf          [maxCells]int32 // defences' scratch list

	nodes     int64
	nodeLimit int64
	// The position, and how many searchers deepen it (this one and
	// threads-1 helpers sharing its table); helperNodes counts theirs.
	pos         *position
	threads     int
	helperNodes int64
	helper      int // 0 for the main searcher, k for the k-th helper (skipDepth)
	aspFails    int // root iterations searched again after an aspiration window failed
	// best is the deepest result of the helpers once they have stopped.
	best     rootResult
	vctStop  int64
	deadline time.Time
	done     <-chan struct{}
	stopped  bool
	timed    bool // stop by the clock (false when a node limit makes it deterministic)
	yield    bool // yield the processor now and then (Request.Dedicated unset)
}

// Searchers are kept on small free lists by table size: a search takes one
// for itself alone and gives it back when done, so memory (up to freeKeep
// idle searchers per size) is reused without being shared, and unlike a
// sync.Pool the lists survive garbage collections, so no move pays for
// allocating and faulting in a fresh table.
const freeKeep = 4

var (
	freeMu sync.Mutex
	free   = map[int]chan *searcher{}
	salts  atomic.Uint64
)

func freeList(ttMiB int) chan *searcher {
	freeMu.Lock()
	defer freeMu.Unlock()
	c := free[ttMiB]
	if c == nil {
		c = make(chan *searcher, freeKeep)
		free[ttMiB] = c
	}
	return c
}

func getSearcher(ttMiB int) *searcher {
	var s *searcher
	select {
	case s = <-freeList(ttMiB):
	default:
		s = newSearcher(ttMiB)
	}
	s.salt = mix64(salts.Add(1))
	s.killer = [maxPly][2]int32{}
	s.hist = [2][maxCells]int32{}
	s.nodes, s.stopped, s.vctStop, s.threatMove = 0, false, 1<<62, -1
	s.helperNodes, s.helper, s.best, s.aspFails = 0, 0, rootResult{}, 0
	s.rootMoves = s.rootMoves[:0]
	s.tt = &s.ownTT
	return s
}

// mix64 is the splitmix64 finaliser: salts unrelated to the multiples of
// the golden ratio used to tag threat-search depths.
func mix64(x uint64) uint64 {
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

func putSearcher(ttMiB int, s *searcher) {
	s.done = nil
	select {
	case freeList(ttMiB) <- s:
	default: // enough idle searchers: let this one go
	}
}

func newSearcher(ttMiB int) *searcher {
	s := &searcher{b: &board{}, ownTT: newTable(ttMiB)}
	for i := range s.buf {
		s.buf[i] = make([]int32, 0, maxMoves)
		s.tmp[i] = make([]int32, 0, 16)
		s.scr[i] = make([]int32, 0, maxMoves)
	}
	s.vcfFail = newFailCache(16)
	s.vctFail = newFailCache(14)
	return s
}

// checkEvery is how many nodes pass between two looks at the clock, the
// context and the node limit: a power of two, about 0.1 ms of search, so a
// search stops within a fraction of a millisecond of its deadline (the clock
// read costs some 25 ns, nothing at this rate).
const checkEvery = 128

// count adds a node and, every checkEvery nodes, checks the clock, the
// context and the node limit. Every node of the main search and of the
// threat searches (VCF, VCT, their forced replies) calls it.
func (s *searcher) count() {
	s.nodes++
	if s.nodes&(checkEvery-1) != 0 {
		return
	}
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.stopped = true
	}
	if !time.Now().Before(s.deadline) {
		s.stopped = true
	}
	select {
	case <-s.done:
		s.stopped = true
	default:
	}
	if s.yield && s.nodes&(yieldEvery-1) == 0 {
		// Let other goroutines of the process run: a server's searches
		// must not delay its move handling by a scheduler time slice.
		runtime.Gosched()
	}
}

// yieldEvery is how many nodes pass between two yields of the processor
// (about half a millisecond of search; a yield costs well under a
// microsecond when nothing else waits).
const yieldEvery = 4 * checkEvery

// ttSize scales the table to the time there is to fill it (about 1 MiB per
// 100 ms, in powers of two), up to the level's size: a short search does not
// pay for clearing or faulting in a big table it cannot use.
func ttSize(levelMiB int, budget time.Duration) int {
	mib := 1
	for mib < levelMiB && time.Duration(mib)*100*time.Millisecond < budget {
		mib *= 2
	}
	return min(mib, levelMiB)
}

// search runs the whole move choice for a validated position.
func search(ctx context.Context, pos *position, req Request, deadline time.Time) Reply {
	p := req.Level.params()
	if req.tune != nil {
		p = *req.tune
	}
	threads := 1
	if req.NodeLimit <= 0 && req.Level == Max {
		threads = min(max(req.Threads, 1), MaxThreads)
	}
	sess := req.Session
	if req.NodeLimit > 0 {
		sess = nil // a node-limited search must be repeatable
	}
	// The searcher's own table, unless the session's is used; it fills as
	// fast as the threads search.
	mib := 0
	if sess == nil {
		mib = ttSize(p.ttMiB, time.Until(deadline)*time.Duration(threads))
		if req.TTMiB > 0 {
			mib = req.TTMiB
		}
	}
	s := getSearcher(mib)
	defer putSearcher(mib, s)
	if sess != nil {
		full := p.ttMiB
		if req.TTMiB > 0 {
			full = req.TTMiB
		}
		s.tt, s.salt = sess.use(full, pos, req.Level)
	}
	s.tt.newSearch()
	s.p = p
	s.setup(pos)
	s.deadline, s.done, s.nodeLimit = deadline, ctx.Done(), req.NodeLimit
	s.timed = req.NodeLimit <= 0
	s.pos, s.threads, s.yield = pos, threads, !req.Dedicated
	start := time.Now()
	mv, score, depth := s.root(start)
	return Reply{Move: s.b.point(mv), Score: score, Depth: depth, Nodes: s.nodes + s.helperNodes}
}

// setup puts the position's stones on the searcher's board.
func (s *searcher) setup(pos *position) {
	b := s.b
	b.reset(pos.size, pos.rule)
	for _, m := range pos.moves {
		b.turn = uint8(m.Color - 1)
		b.play(b.index(m.Point))
	}
	b.turn = uint8(pos.toMove - 1)
}

// root picks the move: forced answers first, then threat search, then
// iterative deepening.
func (s *searcher) root(start time.Time) (move, score, depth int) {
	b := s.b
	us := b.turn
	them := us ^ 1
	if b.stones() == 0 {
		c := b.n / 2
		return b.index(engine.Point{X: c, Y: c}), 0, 0
	}
	if fp := b.fivePoints(nil, us); len(fp) > 0 {
		return int(fp[0]), WinScore - 1, 1
	}
	if fp := b.fivePoints(nil, them); len(fp) > 0 {
		st := b.stops(nil)
		if len(st) == 1 {
			return int(st[0]), 0, 1
		}
		if len(st) == 0 {
			for _, q := range fp {
				if b.legal(int(q), us) {
					return int(q), -WinScore + 2, 1
				}
			}
			return s.anyLegal(), -WinScore + 2, 1
		}
		// Caro: several stones stop the five; genMoves offers only them.
	}
	if f := b.flexPoint(us); f >= 0 {
		return f, WinScore - 3, 1
	}
	// The helpers start now, not after the threat searches, which run on
	// the main searcher alone: a second core would idle through them.
	stop := s.startHelpers()
	// Shortest VCF first: a short win leaves the opponent the fewest chances.
	for left := 1; left <= s.p.vcfDepth && !s.stopped; left += max(1, left/3) {
		if r := s.vcf(0, left, true); r > 0 {
			stop()
			return int(s.threatMove), WinScore - r, r
		}
	}
	if s.p.vctDepth > 0 && !s.stopped {
		saved := s.deadline
		if s.timed {
			s.deadline = start.Add(saved.Sub(start) / 6)
		}
		for t := 1; t <= s.p.vctDepth && !s.stopped; t++ {
			s.vctStop = s.nodes + s.p.vctNodes
			if r := s.vct(0, t, true); r > 0 {
				stop()
				return int(s.threatMove), WinScore - r, r
			}
		}
		s.deadline, s.stopped = saved, s.stopped && s.timed && !time.Now().Before(saved)
		s.vctStop = 1 << 62
		if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
			s.stopped = true
		}
	}
	return s.deepen(start, stop)
}

// verifyShare is the part of the budget, in percent, kept back from
// iterative deepening for verify: deepening runs to its own deadline
// (stopping mid-iteration with the best move so far), then verify checks
// the chosen move in the time left.
const verifyShare = 15

// deepen runs iterate, to a soft deadline that leaves verify its share of
// the budget if the move is to be verified, then stops the helpers (stop)
// and takes the deepest answer.
func (s *searcher) deepen(start time.Time, stop func()) (move, score, depth int) {
	if !s.timed || s.p.verify == 0 {
		move, score, depth = s.iterate(start)
		stop()
		return s.deepest(move, score, depth)
	}
	hard := s.deadline
	s.deadline = hard.Add(-hard.Sub(start) * verifyShare / 100)
	move, score, depth = s.iterate(start)
	stop()
	move, score, depth = s.deepest(move, score, depth)
	s.deadline = hard
	s.stopped = !time.Now().Before(hard)
	select {
	case <-s.done:
		s.stopped = true
	default:
	}
	if !s.stopped && score > -winBound && score < winBound {
		move = s.verify(s.rootMoves, move)
	}
	return move, score, depth
}

// onlyFouls reports whether every empty point is forbidden to the side to
// move (black under renju, late in a game that fills the board): the move
// it must make loses, as a manager rules a forbidden move, where a search
// that stood on the evaluation would call the position even. A full board
// is a draw, not this.
func (s *searcher) onlyFouls() bool {
	b := s.b
	return b.stones() < b.n*b.n && s.anyLegal() < 0
}

// anyLegal returns some legal point, preferring points near stones.
func (s *searcher) anyLegal() int {
	b := s.b
	best := -1
	for _, q := range b.points {
		if b.cell[q] == cEmpty && b.legal(int(q), b.turn) {
			if b.isNear(int(q)) {
				return int(q)
			}
			if best < 0 {
				best = int(q)
			}
		}
	}
	return best
}

// iterate is the iterative-deepening loop at the root.
func (s *searcher) iterate(start time.Time) (move, score, depth int) {
	b := s.b
	moves := s.genMoves(0, s.buf[0][:0], -1, false)
	if len(moves) == 0 {
		return s.anyLegal(), -WinScore + 4, 0
	}
	rootMoves := append(s.rootMoves[:0], moves...)
	s.rootMoves = rootMoves
	rootScores := make([]int, len(rootMoves))
	move, score = int(rootMoves[0]), 0
	if len(rootMoves) == 1 {
		return move, b.eval(), 0
	}
	for d := 1; d <= s.p.maxDepth; d++ {
		if s.skipDepth(d) {
			continue
		}
		s.extLimit = d + 8
		move, score, depth = s.aspire(d, rootMoves, rootScores, rootResult{move, score, depth})
		if s.stopped || score > winBound || score < -winBound {
			break
		}
	}
	if !s.timed && s.p.verify > 0 && !s.stopped && score > -winBound && score < winBound {
		move = s.verify(rootMoves, move)
	}
	return move, score, depth
}

// Aspiration windows: from depth aspDepth the root searches a window of
// aspDelta points either side of the last iteration's score (an open three
// is worth about 360); when the best score falls outside, the window opens
// on that side to beyond the score the pass returned, by twice as much each
// time. A narrow window cuts more of every move's tree. Against PentaZen
// (0.5 s a move, three runs of 100 games) it scored 171-6-123 (58%) where
// the full window scored 48-3-49 on the same machine (docs/ai.md, session
// 23). PentaZen has none.
const (
	aspDepth = 5
	aspDelta = 40
)

// aspire searches the root to depth d in an aspiration window around the
// last iteration's answer and returns the new one: last's, unless the
// search found a better move before it completed or stopped. A move that
// failed high when the search stopped is returned with its score, a lower
// bound, and last's depth. It reorders rootMoves (and their rootScores) for
// the next iteration.
func (s *searcher) aspire(d int, rootMoves []int32, rootScores []int, last rootResult) (move, score, depth int) {
	move, score, depth = last.move, last.score, last.depth
	lo, hi, delta := -infinity, infinity, aspDelta
	if d >= aspDepth && depth > 0 && score > -winBound && score < winBound {
		lo, hi = score-delta, score+delta
	}
	for {
		i, v := s.rootIteration(d, lo, hi, rootMoves, rootScores)
		switch {
		case i >= 0 && v >= hi:
			// Failed high: the move goes first, and the window opens
			// above its score (at once to the top for a win).
			move, score = int(rootMoves[i]), v
			toFront(rootMoves, rootScores, i)
			hi = min(v+delta, infinity)
			if v > winBound {
				hi = infinity
			}
			s.aspFails++
		case i < 0:
			// Failed low: v is the best score's upper bound.
			lo = max(v-delta, -infinity)
			s.aspFails++
		case !s.stopped || i > 0 || d == 1:
			move, score = int(rootMoves[i]), v
			if !s.stopped {
				depth = d
			}
			// Best move first, the others by their last scores.
			toFront(rootMoves, rootScores, i)
			sortByScore(rootMoves[1:], rootScores[1:])
			return move, score, depth
		}
		if s.stopped {
			return move, score, depth
		}
		delta *= 2
	}
}

// toFront swaps the i-th root move (and its score) with the first.
func toFront(rootMoves []int32, rootScores []int, i int) {
	rootMoves[0], rootMoves[i] = rootMoves[i], rootMoves[0]
	rootScores[0], rootScores[i] = rootScores[i], rootScores[0]
}

// rootIteration searches the root moves to depth d in the window (lo, hi)
// and returns the index of the best move that beat lo (or -1 if none did)
// and its score; it stops at the first that reaches hi. With no move above
// lo the score is the best of the moves' upper bounds (at most lo), from
// which a wider window starts.
func (s *searcher) rootIteration(d, lo, hi int, rootMoves []int32, rootScores []int) (int, int) {
	b := s.b
	alpha, best, top := lo, -1, -infinity
	for i, q := range rootMoves {
		b.play(int(q))
		v := s.rootChild(d-1, alpha, hi, i)
		b.undo()
		if s.stopped {
			break
		}
		rootScores[i] = v
		top = max(top, v)
		if v > alpha {
			alpha, best = v, i
			if v >= hi {
				break
			}
		} else {
			rootScores[i] = -infinity - i // failed low: keep the order of the rest
		}
	}
	if best < 0 {
		return -1, top
	}
	return best, alpha
}

// rootChild searches the i-th root move (from 0), just played, to depth
// plies: the first with the window (alpha, beta), the others with a null
// window and again with the full one if they beat alpha.
func (s *searcher) rootChild(depth, alpha, beta, i int) int {
	search := func(alpha, beta int, pv bool) int {
		if s.p.classic {
			return -s.classic(depth, -beta, -alpha, 1, pv, false)
		}
		return -s.negamax(depth, -beta, -alpha, 1)
	}
	if i == 0 {
		return search(alpha, beta, true)
	}
	v := search(alpha, alpha+1, false)
	if v > alpha && !s.stopped {
		v = search(alpha, beta, true)
	}
	return v
}

// verify makes sure the chosen move does not leave the opponent a win by
// fours and threes, which the search may be too shallow to see: it checks
// the best few root moves in order and returns the first that leaves no
// such win, or best if none (or time runs out).
func (s *searcher) verify(rootMoves []int32, best int) int {
	b := s.b
	for i, q := range rootMoves {
		if i == s.p.verify {
			break
		}
		b.play(int(q))
		s.vctStop = s.nodes + s.p.vctNodes/4
		lost := s.vct(1, 2, false) > 0
		b.undo()
		if s.stopped {
			s.stopped = !time.Now().Before(s.deadline) || (s.nodeLimit > 0 && s.nodes >= s.nodeLimit)
			return best
		}
		if !lost {
			return int(q)
		}
	}
	return best
}

func sortByScore(m []int32, sc []int) {
	sort.Stable(byScore{m, sc})
}

type byScore struct {
	m  []int32
	sc []int
}

func (x byScore) Len() int           { return len(x.m) }
func (x byScore) Less(i, j int) bool { return x.sc[i] > x.sc[j] }
func (x byScore) Swap(i, j int) {
	x.m[i], x.m[j] = x.m[j], x.m[i]
	x.sc[i], x.sc[j] = x.sc[j], x.sc[i]
}

// negamax is a principal-variation alpha-beta search of depth plies from the
// view of the side to move.
func (s *searcher) negamax(depth, alpha, beta, ply int) int {
	b := s.b
	us := b.turn
	them := us ^ 1
	s.count()
	if s.stopped {
		return 0
	}
	if b.cnt[us][catFive] > 0 {
		return WinScore - ply
	}
	if ply >= maxPly-8 || b.stones() >= b.n*b.n {
		return b.eval()
	}
	if b.cnt[them][catFive] > 0 {
		return s.forcedStop(depth, alpha, beta, ply)
	}
	if b.flexPoint(us) >= 0 {
		return WinScore - ply - 2
	}
	if depth <= 0 {
		// Threat extension: an open three of the opponent is not quiet;
		// the defences are searched (few and exact) before evaluating.
		if !s.p.threatExt || ply >= s.extLimit || b.cnt[them][catFlex4] == 0 || b.flexPoint(them) < 0 {
			return s.leaf(ply)
		}
		if s.p.leafVCF > 0 && b.hasFours(us) {
			if r := s.vcf(ply, s.p.leafVCF, false); r > 0 {
				return WinScore - ply - r
			}
		}
		depth = 1
	}
	// Mate distance pruning.
	if a := -(WinScore - ply - 1); alpha < a {
		alpha = a
		if alpha >= beta {
			return alpha
		}
	}
	key := b.hash
	ttMove := int32(-1)
	if e, ok := s.tt.probe(key, s.salt); ok {
		ttMove = int32(e.move)
		if int(e.depth) >= depth {
			v := scoreFromTT(int(e.score), ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && v >= beta,
				e.bound == boundUpper && v <= alpha:
				return v
			}
		}
	}
	// Answering an open three leaves a handful of exact defences: searching
	// them costs no depth, so threat lines are read twice as deep.
	defending := b.flexPoint(them) >= 0
	if s.p.defendExt && ply < s.extLimit && defending {
		depth++
	}
	// Within threatOnly plies of the horizon only threats are searched, and
	// the side to move may instead stand on the evaluation.
	threats := !defending && depth <= s.p.threatOnly
	if threats && s.oppVCF(ply) {
		// Standing on the evaluation would ignore the opponent's win by
		// fours: every move is searched instead.
		threats = false
	}
	moves := s.genMoves(ply, s.buf[ply][:0], depth, threats)
	origAlpha := alpha
	best := -infinity
	if threats {
		best = b.eval()
		if best >= beta || len(moves) == 0 {
			return best
		}
		alpha = max(alpha, best)
	}
	if len(moves) == 0 {
		if defending {
			return -(WinScore - ply - 3)
		}
		if s.onlyFouls() {
			return -(WinScore - ply - 1)
		}
		return b.eval()
	}
	s.orderFirst(moves, ttMove, ply)
	s.buf[ply] = moves
	bestMove := moves[0]
	for i, q := range moves {
		quiet := b.cmb[q][us].cat < catB4 && b.cmb[q][them].cat < catF3
		b.play(int(q))
		var v int
		switch {
		case i == 0:
			v = -s.negamax(depth-1, -beta, -alpha, ply+1)
		default:
			r := s.reduction(depth, i, quiet)
			v = -s.negamax(depth-1-r, -alpha-1, -alpha, ply+1)
			if v > alpha && (r > 0 || v < beta) && !s.stopped {
				v = -s.negamax(depth-1, -beta, -alpha, ply+1)
			}
		}
		b.undo()
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, q
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			if quiet {
				s.rememberCut(ply, q, us, depth)
			}
			break
		}
	}
	s.tt.store(key, s.salt, depth, scoreToTT(best, ply), int(bestMove), boundOf(best, origAlpha, beta))
	return best
}

// reduction is how many plies less the i-th move (from 0) is searched at
// first: late quiet moves a ply at depth 3 and more; with deepLMR, more
// plies the later the move and the deeper the node, as a gomoku position
// rarely has more than a few good moves.
func (s *searcher) reduction(depth, i int, quiet bool) int {
	if depth < 3 || i < 4 || !quiet {
		return 0
	}
	if !s.p.deepLMR {
		return 1
	}
	r := lmrTable[min(depth, 31)][min(i, 31)]
	return min(r, depth-2)
}

// lmrTable[d][i] is the deepLMR reduction at depth d of move i:
// about ln(d)*ln(i)/2, at least 1.
var lmrTable = func() (t [32][32]int) {
	for d := 1; d < 32; d++ {
		for i := 1; i < 32; i++ {
			t[d][i] = max(1, int(math.Log(float64(d))*math.Log(float64(i))/2))
		}
	}
	return t
}()

// leaf evaluates a quiet position, looking for a VCF of the side to move.
func (s *searcher) leaf(ply int) int {
	b := s.b
	if s.p.leafVCF > 0 && b.hasFours(b.turn) {
		if r := s.vcf(ply, s.p.leafVCF, false); r > 0 {
			return WinScore - ply - r
		}
	}
	return b.eval()
}

// oppVCF reports whether the opponent of the side to move would win by
// continuous fours if the side to move passed.
func (s *searcher) oppVCF(ply int) bool {
	b := s.b
	if s.p.leafVCF == 0 || !b.hasFours(b.turn^1) {
		return false
	}
	b.turn ^= 1
	r := s.vcf(ply, s.p.leafVCF, false)
	b.turn ^= 1
	return r > 0
}

// orderFirst moves the table move and the killers to the front.
func (s *searcher) orderFirst(moves []int32, ttMove int32, ply int) {
	front := 0
	for _, want := range [3]int32{ttMove, s.killer[ply][0], s.killer[ply][1]} {
		if want < 0 {
			continue
		}
		for i := front; i < len(moves); i++ {
			if moves[i] == want {
				copy(moves[front+1:i+1], moves[front:i])
				moves[front] = want
				front++
				break
			}
		}
	}
}

// forcedStop searches the moves that stop the opponent's five, at the same
// depth: forced replies cost no depth. With none the side to move has lost.
func (s *searcher) forcedStop(depth, alpha, beta, ply int) int {
	b := s.b
	st := b.stops(s.tmp[ply][:0])
	if len(st) == 0 {
		return -(WinScore - ply - 1)
	}
	best := -infinity
	for _, q := range st {
		b.play(int(q))
		v := -s.negamax(depth, -beta, -alpha, ply+1)
		b.undo()
		best, alpha = max(best, v), max(alpha, v)
		if alpha >= beta || s.stopped {
			break
		}
	}
	return best
}

// genMoves appends the moves worth searching at a node with depth plies
// left (-1 at the root, which keeps them all), best first (see candidates).
func (s *searcher) genMoves(ply int, dst []int32, depth int, threats bool) []int32 {
	m, width, order := s.candidates(ply, dst, depth, threats)
	if !order {
		return m
	}
	return s.sortMoves(ply, m, width)
}

// candidates appends the moves worth searching at a node with depth plies
// left (-1 at the root): with threats, only the moves that make a three or
// better or stop the opponent's double threats. Against an open three (the
// opponent has a legal open-four point) only exact defences and own fours
// are generated; against a four, the stones that stop its five, in board
// order (order is false: they are not to be sorted). width is how many of
// the best the node searches.
func (s *searcher) candidates(ply int, dst []int32, depth int, threats bool) (m []int32, width int, order bool) {
	b := s.b
	us := b.turn
	them := us ^ 1
	if b.cnt[them][catFive] > 0 {
		m = b.stops(dst)
		return m, len(m), false
	}
	if b.flexPoint(them) >= 0 {
		cand := s.defences(s.scr[ply][:0], us)
		flex := b.findAll(s.tmp[ply][:0], them, catFlex4)
		for _, q := range cand {
			if b.cmb[q][us].cat >= catB4 || b.stopsFlex(int(q), flex) {
				dst = append(dst, q)
			}
		}
		return dst, len(dst), true
	}
	for y := 0; y < b.n; y++ {
		row := int32((y+pad)*b.stride + pad)
		for x := s.nearRow(y, ply); x != 0; x &= x - 1 {
			q := row + int32(bits.TrailingZeros32(x))
			if b.legal(int(q), us) &&
				(!threats || b.cmb[q][us].cat >= catF3 || b.cmb[q][them].cat >= catF3x2) {
				dst = append(dst, q)
			}
		}
	}
	width = s.p.width
	switch {
	case depth < 0: // the root: every move
		width = len(dst)
	case s.p.narrow > 0:
		// Near the leaves only the few best moves by pattern matter; more
		// depth left earns more width.
		width = min(width, s.p.narrow+depth)
	}
	return dst, width, true
}

// nearRow returns the candidate points of row y at ply. The classical
// searcher takes PentaZen's: the points on a line with a stone at most two
// points away, and at the first two plies of a position of fewer than five
// stones (the first move out of a three-stone opening) the 5x5 square and
// the points three along a line. Negamax keeps the 5x5 square.
func (s *searcher) nearRow(y, ply int) uint32 {
	b := s.b
	switch {
	case !s.p.classic:
		return b.nearRow(y)
	case ply < 2 && b.stones() < 5:
		return b.largeRow(y)
	}
	return b.starRow(y)
}

// sortMoves orders moves by pattern value and history and keeps the best width.
func (s *searcher) sortMoves(ply int, m []int32, width int) []int32 {
	sc := s.scoreMoves(ply, m)
	// Insertion sort: lists are short.
	for i := 1; i < len(m); i++ {
		q, v := m[i], sc[i]
		j := i
		for ; j > 0 && sc[j-1] < v; j-- {
			m[j], sc[j] = m[j-1], sc[j-1]
		}
		m[j], sc[j] = q, v
	}
	s.scr[ply] = sc
	if width < len(m) {
		m = m[:width]
	}
	return m
}

// scoreMoves returns the ordering score of each move (in s.scr[ply]): its
// pattern values for both sides, its category and the side's history. The
// classical searcher orders by its own values (classicScores).
func (s *searcher) scoreMoves(ply int, m []int32) []int32 {
	if s.p.classic {
		return s.classicScores(ply, m)
	}
	b := s.b
	us := b.turn
	them := us ^ 1
	sc := s.scr[ply][:0]
	for _, q := range m {
		a, d := b.cmb[q][us], b.cmb[q][them]
		v := comboVal(b.pidx[q][us], a.cat)*3/2 + comboVal(b.pidx[q][them], d.cat) + s.hist[us][q]/16
		switch {
		case a.cat >= catB4F3:
			v += 20000
		case d.cat >= catB4F3:
			v += 10000
		case a.cat >= catB4:
			v += 1000
		}
		sc = append(sc, v)
	}
	return sc
}
