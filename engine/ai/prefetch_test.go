package ai

import "testing"

// TestPrefetchAnyAddress: a prefetch never faults, whatever the address.
func TestPrefetchAnyAddress(t *testing.T) {
	for _, a := range []uintptr{0, 1, 4096, ^uintptr(0), ^uintptr(0) - 63} {
		prefetch(a)
	}
	tb := newTable(1)
	for h := uint64(0); h < 1<<12; h++ {
		tb.prefetch(h * 0x9E3779B97F4A7C15)
	}
}
