package ai

// Transposition table bounds.
const (
	boundExact uint8 = 1
	boundLower uint8 = 2
	boundUpper uint8 = 3
)

// ttEntry is one slot: 16 bytes.
type ttEntry struct {
	key   uint64
	score int16
	move  int16
	depth int8
	bound uint8
}

// table is a fixed-size transposition table owned by one search.
type table struct {
	e    []ttEntry
	mask uint64
}

// newTable returns a table of at most mib MiB (at least 1024 entries).
func newTable(mib int) table {
	n := uint64(1024)
	for n*2*16 <= uint64(mib)<<20 {
		n *= 2
	}
	return table{e: make([]ttEntry, n), mask: n - 1}
}

// probe looks up the position with Zobrist hash h. Entries are tagged with
// h^salt, the salt unique per search, so a reused table needs no clearing:
// entries of earlier searches never match. The slot depends on h alone, so
// a search's results do not depend on its salt.
func (t *table) probe(h, salt uint64) (ttEntry, bool) {
	e := t.e[h&t.mask]
	return e, e.key == h^salt && e.bound != 0
}

func (t *table) store(h, salt uint64, depth, score, move int, bound uint8) {
	e := &t.e[h&t.mask]
	key := h ^ salt
	if e.key == key && int(e.depth) > depth && bound != boundExact {
		return
	}
	*e = ttEntry{key: key, score: int16(score), move: int16(move), depth: int8(depth), bound: bound}
}

// Win scores are stored relative to the node, not the root.
func scoreToTT(v, ply int) int {
	switch {
	case v > WinScore-1000:
		return v + ply
	case v < -WinScore+1000:
		return v - ply
	}
	return v
}

func scoreFromTT(v, ply int) int {
	switch {
	case v > WinScore-1000:
		return v - ply
	case v < -WinScore+1000:
		return v + ply
	}
	return v
}

// boundOf is the bound a node's best score is: an upper bound if it did not
// beat the window's alpha, a lower bound if it reached beta, else exact.
func boundOf(best, alpha, beta int) uint8 {
	switch {
	case best <= alpha:
		return boundUpper
	case best >= beta:
		return boundLower
	}
	return boundExact
}
