//go:build amd64 || arm64

package ai

// prefetch asks the processor to bring the cache line at addr into its
// caches without waiting for it (PREFETCHT0 on amd64, PRFM on arm64). It
// never faults, whatever addr is.
func prefetch(addr uintptr)
