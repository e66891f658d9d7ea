//go:build race

package ai

// raceEnabled: the race detector slows the search about tenfold, so timed
// tests only check gross errors.
const raceEnabled = true
