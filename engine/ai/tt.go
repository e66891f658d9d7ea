package ai

import "sync/atomic"

// Transposition table bounds.
const (
	boundExact uint8 = 1
	boundLower uint8 = 2
	boundUpper uint8 = 3
)

// ttEntry is what a slot holds.
type ttEntry struct {
	key   uint64
	score int16
	move  int16
	depth int8
	bound uint8
}

// ttSlot is one slot: 16 bytes, two words written and read atomically, so
// that the searchers of one move may share the table without a lock. The
// check word is the key xor the data word: a slot torn by two writers
// (one's check, the other's data) fails its check and reads as a miss.
type ttSlot struct {
	check, data atomic.Uint64
}

// table is a fixed-size transposition table, used by one search or shared
// by the searchers of one move (see Request.Threads).
type table struct {
	e    []ttSlot
	mask uint64
}

// newTable returns a table of at most mib MiB (at least 1024 entries).
func newTable(mib int) table {
	n := newTableLen(mib)
	return table{e: make([]ttSlot, n), mask: uint64(n - 1)}
}

// newTableLen is the number of slots of a table of at most mib MiB.
func newTableLen(mib int) int {
	n := 1024
	for n*2*16 <= mib<<20 {
		n *= 2
	}
	return n
}

// packEntry packs a slot's data word: score and move in the low 32 bits,
// then depth and bound; probe unpacks it. A zero bound marks an empty slot.
func packEntry(score, move, depth int, bound uint8) uint64 {
	return uint64(uint16(int16(score))) | uint64(uint16(int16(move)))<<16 |
		uint64(uint8(int8(depth)))<<32 | uint64(bound)<<40
}

// probe looks up the position with Zobrist hash h. Entries are tagged with
// h^salt, the salt unique per search, so a reused table needs no clearing:
// entries of earlier searches never match. The slot depends on h alone, so
// a search's results do not depend on its salt.
func (t *table) probe(h, salt uint64) (ttEntry, bool) {
	sl := &t.e[h&t.mask]
	d := sl.data.Load()
	key := sl.check.Load() ^ d
	bound := uint8(d >> 40)
	if key != h^salt || bound == 0 {
		return ttEntry{}, false
	}
	return ttEntry{key: key, score: int16(d), move: int16(d >> 16), depth: int8(d >> 32), bound: bound}, true
}

func (t *table) store(h, salt uint64, depth, score, move int, bound uint8) {
	sl := &t.e[h&t.mask]
	key := h ^ salt
	if old := sl.data.Load(); sl.check.Load()^old == key && int(int8(old>>32)) > depth && bound != boundExact {
		return
	}
	d := packEntry(score, move, depth, bound)
	sl.data.Store(d)
	sl.check.Store(key ^ d)
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
