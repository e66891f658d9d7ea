package client

import "time"

// firstBackoff is the ceiling of the first reconnection wait.
const firstBackoff = 500 * time.Millisecond

// backoff spaces reconnection attempts with "full jitter": the n-th wait is
// uniform in [0, min(limit, first·2ⁿ)). After a server restart every
// client's retries then spread over the whole window instead of arriving
// together on a doubling schedule (AWS Architecture Blog, "Exponential
// Backoff And Jitter", 2015).
type backoff struct {
	ceiling time.Duration // of the next wait
	limit   time.Duration
	rand    func() float64 // uniform in [0, 1)
}

func newBackoff(first, limit time.Duration, rand func() float64) *backoff {
	if limit < first {
		limit = first
	}
	return &backoff{ceiling: first, limit: limit, rand: rand}
}

// next returns the next wait and doubles the ceiling, up to the limit.
func (b *backoff) next() time.Duration {
	d := time.Duration(b.rand() * float64(b.ceiling))
	b.ceiling = min(b.ceiling*2, b.limit)
	return d
}
