//go:build !linux

package ai

import "unsafe"

// adviseHuge does nothing where the kernel takes no huge-page advice.
func adviseHuge(p unsafe.Pointer, n uintptr) {}
