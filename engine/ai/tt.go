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
	score int16
	move  int16
	depth int8
	bound uint8
}

// ttSlot is one slot: one word, written and read atomically, so that the
// searchers of one move may share the table without a lock and no read is
// ever torn. It packs the entry's data in its low bits (packEntry) and the
// high keyBits of the position's key above them as a check: a position
// that shares the bucket and those bits reads as a hit (about one probe in
// a million of a position not in the table, whose move then serves only
// as an ordering hint and whose score may cut), the price of two entries
// in the place of a 16-byte slot's one, as the chess engines pay it.
type ttSlot = atomic.Uint64

// The data fields of a slot, from bit 0: score 16 bits, move 10 (a board
// cell), depth 6 (deeper results are kept as 63, maxDepth being 60),
// bound 2 (0 marks an empty slot), generation 7 (a game's own moves, at
// most 113, stay apart in age); the key check takes the other keyBits.
const (
	moveBits  = 10
	depthBits = 6
	genBits   = 7
	dataBits  = 16 + moveBits + depthBits + 2 + genBits
	keyBits   = 64 - dataBits
	maxTTDep  = 1<<depthBits - 1
)

// Every board cell fits in a slot's move field.
var _ = [1<<moveBits - maxCells]struct{}{}

// bucketSlots is how many slots share a bucket: a position may sit in any
// slot of the bucket its hash picks, eight slots being one 64-byte cache
// line. A new position takes the bucket's empty slot, else the one whose
// entry is worth least (shallowest, from the oldest search), so that
// shallow nodes no longer write over a deep entry that shares their slot,
// and the entries of a game's earlier moves (Session) go first.
const bucketSlots = 8

// table is a fixed-size transposition table, used by one search or shared
// by the searchers of one move (see Request.Threads).
type table struct {
	e    []ttSlot
	mask uint64 // of the bucket index
	// gen is the search's generation, kept (its low genBits) in the entries
	// it stores; the main searcher sets it (newSearch) before any helper
	// starts.
	gen uint8
	// keep marks a Session's table, whose earlier searches' entries (the
	// game's earlier moves, the same salt) stay visible. A searcher's own
	// table serves one search at a time under a new salt: there only this
	// search's entries are visible, so that what the key check lets through
	// never depends on earlier searches, and a node-limited search is
	// repeatable as on a fresh table.
	keep bool
}

// newTable returns a table of at most mib MiB (at least 1024 slots).
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
		t.e[i].Store(0)
	}
}

// newTableLen is the number of slots of a table of at most mib MiB.
func newTableLen(mib int) int {
	n := 1024
	for n*2*int(unsafe.Sizeof(ttSlot{})) <= mib<<20 {
		n *= 2
	}
	return n
}

// newSearch starts a search's generation: the entries of earlier searches
// are replaced first, and in a table that does not keep them they are
// gone (cleared when the generation field comes round again).
func (t *table) newSearch() {
	t.gen++
	if !t.keep && t.gen&(1<<genBits-1) == 0 {
		clear(t.e)
	}
}

// live reports whether the slot's word w holds an entry this search may
// read: any entry in a table that keeps them, else this search's own.
func (t *table) live(w uint64) bool {
	return slotBound(w) != 0 && (t.keep || t.slotAge(w) == 0)
}

// packEntry packs a slot's data: score, move, depth, bound and the
// generation's low bits; key is the position's key, whose high keyBits go
// above them. unpack reads it back.
func packEntry(key uint64, score, move, depth int, bound, gen uint8) uint64 {
	return key>>dataBits<<dataBits |
		uint64(gen)&(1<<genBits-1)<<(dataBits-genBits) |
		uint64(bound)<<(16+moveBits+depthBits) |
		uint64(min(max(depth, 0), maxTTDep))<<(16+moveBits) |
		uint64(move)&(1<<moveBits-1)<<16 |
		uint64(uint16(int16(score)))
}

// slotBound is the bound of a slot's word (0: empty); slotKey its key check.
func slotBound(w uint64) uint8 { return uint8(w>>(16+moveBits+depthBits)) & 3 }
func slotKey(w uint64) uint64  { return w >> dataBits }
func slotDepth(w uint64) int   { return int(w>>(16+moveBits)) & maxTTDep }

// slotAge is how many searches ago the slot's entry was stored, modulo
// 1<<genBits.
func (t *table) slotAge(w uint64) int {
	return int(t.gen-uint8(w>>(dataBits-genBits))) & (1<<genBits - 1)
}

// unpack returns the entry a slot's word holds.
func unpack(w uint64) ttEntry {
	return ttEntry{score: int16(w), move: int16(w >> 16 & (1<<moveBits - 1)),
		depth: int8(slotDepth(w)), bound: slotBound(w)}
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
// h^salt, the salt unique per search (or per game with a Session): a
// Session's table needs no clearing between games, the entries of earlier
// games matching only as any other position's might, and a searcher's own
// table shows only the search's own entries (live). The bucket depends on
// h alone, and within a search the key check compares positions' own
// bits, so a search's results do not depend on its salt.
func (t *table) probe(h, salt uint64) (ttEntry, bool) {
	bk := t.bucket(h)
	key := h ^ salt
	for i := range bk {
		if w := bk[i].Load(); slotKey(w) == slotKey(key) && t.live(w) {
			return unpack(w), true
		}
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
	if old := sl.Load(); slotKey(old) == slotKey(key) && t.live(old) &&
		slotDepth(old) > depth && bound != boundExact {
		return
	}
	sl.Store(packEntry(key, score, move, depth, bound, t.gen))
}

// replaceSlot returns the slot of the bucket that holds key, else an empty
// one, else the one whose entry has the least depth less four plies per
// search of age.
func (t *table) replaceSlot(bk *[bucketSlots]ttSlot, key uint64) *ttSlot {
	best, worth := &bk[0], 1<<30
	for i := range bk {
		w := bk[i].Load()
		live := t.live(w)
		if live && slotKey(w) == slotKey(key) {
			return &bk[i]
		}
		v := -1 << 20 // an empty slot
		if live {
			v = slotDepth(w) - 4*t.slotAge(w)
		}
		if v < worth {
			best, worth = &bk[i], v
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
