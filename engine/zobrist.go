package engine

// zobrist holds one random key per colour and cell. It is filled once at
// package initialisation from a fixed seed and never written again, so hashes
// are the same in every process (useful for opening books and tests).
var zobrist = func() (z [2][numCells]uint64) {
	s := uint64(0x9E3779B97F4A7C15)
	for c := range z {
		for i := range z[c] {
			// splitmix64
			s += 0x9E3779B97F4A7C15
			x := s
			x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
			x = (x ^ (x >> 27)) * 0x94D049BB133111EB
			z[c][i] = x ^ (x >> 31)
		}
	}
	return z
}()
