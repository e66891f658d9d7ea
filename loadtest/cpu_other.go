//go:build !unix

package loadtest

// processCPU is not measured on this system.
func processCPU() float64 { return 0 }
