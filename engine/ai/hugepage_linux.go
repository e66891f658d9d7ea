package ai

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// adviseHuge asks the kernel to back the n bytes at p with huge pages where
// it can (madvise MADV_HUGEPAGE; on most systems transparent huge pages are
// given only to memory that asks). A table is read at random, one cache
// line a node: with 4 KiB pages nearly every probe also misses the TLB.
// It is advice only: an error (an old kernel, huge pages off) changes
// nothing but the speed. Tables under two huge pages (4 MiB) are left
// alone: the small tables of the easier levels gain nothing from them.
func adviseHuge(p unsafe.Pointer, n uintptr) {
	const huge = 2 << 20
	if n < 2*huge {
		return
	}
	_ = unix.Madvise(unsafe.Slice((*byte)(p), n), unix.MADV_HUGEPAGE)
}
