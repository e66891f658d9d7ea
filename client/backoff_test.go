package client

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestBackoffSpread: a thousand clients dropped at once spread their retries
// over each window instead of retrying together, and the windows double up
// to the limit.
func TestBackoffSpread(t *testing.T) {
	const clients = 1000
	rng := rand.New(rand.NewPCG(1, 2))
	bs := make([]*backoff, clients)
	for i := range bs {
		bs[i] = newBackoff(500*time.Millisecond, 10*time.Second, rng.Float64)
	}
	for attempt, ceiling := range []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second,
		4 * time.Second, 8 * time.Second, 10 * time.Second, 10 * time.Second} {
		var buckets [10]int
		for _, b := range bs {
			d := b.next()
			if d < 0 || d >= ceiling {
				t.Fatalf("attempt %d: wait %v outside [0, %v)", attempt, d, ceiling)
			}
			buckets[int(d*10/ceiling)]++
		}
		for i, n := range buckets { // uniform: 100 each; a lockstep schedule puts 1000 in one
			if n < 60 || n > 140 {
				t.Fatalf("attempt %d: %d of %d waits in tenth %d of the window: not spread %v", attempt, n, clients, i, buckets)
			}
		}
	}
}

func TestBackoffLimitBelowFirst(t *testing.T) {
	b := newBackoff(500*time.Millisecond, 100*time.Millisecond, func() float64 { return 0.999 })
	if d := b.next(); d < 490*time.Millisecond || d >= 500*time.Millisecond {
		t.Fatalf("wait %v: the first window is never shrunk below 500ms", d)
	}
}
