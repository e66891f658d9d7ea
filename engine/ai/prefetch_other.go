//go:build !amd64 && !arm64

package ai

// prefetch does nothing where no prefetch instruction is wired in.
func prefetch(addr uintptr) {}
