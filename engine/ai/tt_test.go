package ai

import "testing"

// TestTableBucket: a position stored in a full bucket takes the slot worth
// least, so a deep entry outlives the shallow positions that share its
// bucket, an entry of an earlier search goes before one of this search,
// and a position's own slot keeps a deeper bound against a shallower one.
func TestTableBucket(t *testing.T) {
	const salt = 0x51ed2701
	tab := newTable(1)
	tab.keep = true // a Session's table
	buckets := tab.mask + 1
	// All in bucket 7, apart in the high bits that a slot keeps.
	same := func(k int) uint64 { return 7 + uint64(k)*buckets + uint64(k)<<(64-keyBits) }
	tab.newSearch()
	tab.store(same(0), salt, 20, 100, 1, boundExact)
	for k := 1; k <= 50; k++ {
		tab.store(same(k), salt, 1, k, 2, boundLower)
	}
	if e, ok := tab.probe(same(0), salt); !ok || e.depth != 20 || e.score != 100 {
		t.Fatalf("deep entry lost to shallow ones: %+v %v", e, ok)
	}
	if _, ok := tab.probe(same(50), salt); !ok {
		t.Fatal("the last stored position is missing")
	}
	if _, ok := tab.probe(same(1), salt); ok {
		t.Fatal("an old shallow entry survived 49 newer ones in eight slots")
	}

	// Ten searches later the deep entry is worth 20-40, less than any
	// shallow entry of this search: eight new positions leave no old entry.
	for range 10 {
		tab.newSearch()
	}
	for k := 60; k < 60+bucketSlots; k++ {
		tab.store(same(k), salt, 1, 0, 3, boundUpper)
	}
	if _, ok := tab.probe(same(0), salt); ok {
		t.Fatal("a stale deep entry was kept over this search's shallow ones")
	}

	// The position's own slot: a shallower non-exact bound does not
	// replace a deeper one; an exact score does.
	tab.store(same(60), salt, 8, 50, 4, boundLower)
	tab.store(same(60), salt, 2, 60, 5, boundUpper)
	if e, _ := tab.probe(same(60), salt); e.depth != 8 || e.score != 50 {
		t.Fatalf("a shallower bound replaced a deeper one: %+v", e)
	}
	tab.store(same(60), salt, 2, 70, 6, boundExact)
	if e, _ := tab.probe(same(60), salt); e.depth != 2 || e.score != 70 {
		t.Fatalf("an exact score did not replace the entry: %+v", e)
	}
	if n := countSlots(&tab, same(60)^salt); n != 1 {
		t.Fatalf("a position held in %d slots", n)
	}
}

// TestTableOwn: a searcher's own table shows a search none of the entries
// of the searches before it, even one with the same salt, and clears
// itself when the generation field comes round.
func TestTableOwn(t *testing.T) {
	const salt = 0x51ed2701
	tab := newTable(1)
	tab.newSearch()
	tab.store(5, salt, 9, 42, 3, boundExact)
	if e, ok := tab.probe(5, salt); !ok || e.score != 42 || e.depth != 9 || e.move != 3 {
		t.Fatalf("this search's entry: %+v %v", e, ok)
	}
	tab.newSearch()
	if _, ok := tab.probe(5, salt); ok {
		t.Fatal("an earlier search's entry is visible in an own table")
	}
	// The stale slot is taken as an empty one, not kept as a deeper bound.
	tab.store(5, salt, 2, 7, 4, boundLower)
	if e, ok := tab.probe(5, salt); !ok || e.depth != 2 || e.score != 7 {
		t.Fatalf("store over a stale slot: %+v %v", e, ok)
	}
	for range 1<<genBits - 1 {
		tab.newSearch()
	}
	for i := range tab.e {
		if w := tab.e[i].Load(); w != 0 {
			t.Fatalf("slot %d holds %#x after the generation came round", i, w)
		}
	}
}

func countSlots(t *table, key uint64) int {
	n := 0
	for i := range t.e {
		if w := t.e[i].Load(); slotBound(w) != 0 && slotKey(w) == slotKey(key) {
			n++
		}
	}
	return n
}
