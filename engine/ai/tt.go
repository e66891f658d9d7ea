package ai

import (
	"sync/atomic"
	"unsafe"
)

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

// bucketSlots is how many slots share a bucket: a position may sit in any
// slot of the bucket its hash picks, four slots being one 64-byte cache
// line. A new position takes the bucket's empty slot, else the one whose
// entry is worth least (shallowest, from the oldest search), so that
// shallow nodes no longer write over a deep entry that shares their slot,
// and the entries of a game's earlier moves (Session) go first.
const bucketSlots = 4

// table is a fixed-size transposition table, used by one search or shared
// by the searchers of one move (see Request.Threads).
type table struct {
	e    []ttSlot
	mask uint64 // of the bucket index
	// gen is the search's generation, kept in the entries it stores; the
	// main searcher sets it (newSearch) before any helper starts.
	gen uint8
}

// newTable returns a table of at most mib MiB (at least 1024 entries).
func newTable(mib int) table {
	n := newTableLen(mib)
	e := make([]ttSlot, n)
	adviseHuge(unsafe.Pointer(&e[0]), uintptr(n)*unsafe.Sizeof(e[0]))
	return table{e: e, mask: uint64(n/bucketSlots - 1)}
}

// touch writes a slot of every 4 KiB page of an empty table, so that the
// kernel maps all of its memory now rather than in a search.
func (t *table) touch() {
	const perPage = 4096 / int(unsafe.Sizeof(ttSlot{}))
	for i := 0; i < len(t.e); i += perPage {
		t.e[i].check.Store(0)
	}
}

// newTableLen is the number of slots of a table of at most mib MiB.
func newTableLen(mib int) int {
	n := 1024
	for n*2*16 <= mib<<20 {
		n *= 2
	}
	return n
}

// newSearch starts a search's generation: the entries of earlier searches
// stay readable but are replaced first.
func (t *table) newSearch() { t.gen++ }

// packEntry packs a slot's data word: score and move in the low 32 bits,
// then depth, bound and generation; probe unpacks it. A zero bound marks
// an empty slot.
func packEntry(score, move, depth int, bound, gen uint8) uint64 {
	return uint64(uint16(int16(score))) | uint64(uint16(int16(move)))<<16 |
		uint64(uint8(int8(depth)))<<32 | uint64(bound)<<40 | uint64(gen)<<48
}

// bucket returns the slots where the position with hash h may be.
func (t *table) bucket(h uint64) *[bucketSlots]ttSlot {
	i := (h & t.mask) * bucketSlots
	return (*[bucketSlots]ttSlot)(t.e[i : i+bucketSlots])
}

// prefetch starts loading the bucket of the position with hash h into the
// caches without waiting for it. The search calls it with a move's hash
// before playing the move, so that the child's probe, otherwise a miss to
// memory at nearly every node, overlaps the board's update.
func (t *table) prefetch(h uint64) {
	prefetch(uintptr(unsafe.Pointer(&t.e[(h&t.mask)*bucketSlots])))
}

// probe looks up the position with Zobrist hash h. Entries are tagged with
// h^salt, the salt unique per search (or per game with a Session), so a
// reused table needs no clearing: entries of other searches never match.
// The bucket depends on h alone, so a search's results do not depend on
// its salt.
func (t *table) probe(h, salt uint64) (ttEntry, bool) {
	bk := t.bucket(h)
	key := h ^ salt
	for i := range bk {
		d := bk[i].data.Load()
		if bk[i].check.Load()^d != key || uint8(d>>40) == 0 {
			continue
		}
		return ttEntry{key: key, score: int16(d), move: int16(d >> 16), depth: int8(d >> 32), bound: uint8(d >> 40)}, true
	}
	return ttEntry{}, false
}

// store records a search result. The position's own slot keeps a deeper
// bound unless the new result is exact; a new position takes the slot
// replaceSlot picks.
func (t *table) store(h, salt uint64, depth, score, move int, bound uint8) {
	bk := t.bucket(h)
	key := h ^ salt
	sl := t.replaceSlot(bk, key)
	if old := sl.data.Load(); sl.check.Load()^old == key && uint8(old>>40) != 0 &&
		int(int8(old>>32)) > depth && bound != boundExact {
		return
	}
	d := packEntry(score, move, depth, bound, t.gen)
	sl.data.Store(d)
	sl.check.Store(key ^ d)
}

// replaceSlot returns the slot of the bucket that holds key, else an empty
// one, else the one whose entry has the least depth less four plies per
// search of age.
func (t *table) replaceSlot(bk *[bucketSlots]ttSlot, key uint64) *ttSlot {
	best, worth := &bk[0], 1<<30
	for i := range bk {
		d := bk[i].data.Load()
		if bk[i].check.Load()^d == key {
			return &bk[i]
		}
		w := -1 << 20 // an empty slot
		if uint8(d>>40) != 0 {
			w = int(int8(d>>32)) - 4*int(t.gen-uint8(d>>48))
		}
		if w < worth {
			best, worth = &bk[i], w
		}
	}
	return best
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
