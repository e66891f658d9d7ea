package loadtest

import (
	"slices"
	"sync"
	"time"
)

// samples collects latencies; safe for concurrent use. Every sample is
// kept (a minute at a few thousand moves a second is a few MB), so the
// percentiles are exact.
type samples struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *samples) add(d time.Duration) {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
}

// Latency summarises a set of latencies, in milliseconds.
type Latency struct {
	Count int     `json:"count"`
	Mean  float64 `json:"mean_ms"`
	P50   float64 `json:"p50_ms"`
	P90   float64 `json:"p90_ms"`
	P99   float64 `json:"p99_ms"`
	P999  float64 `json:"p999_ms"`
	Max   float64 `json:"max_ms"`
}

// summary sorts the samples and returns their percentiles (nearest rank).
func (s *samples) summary() Latency {
	s.mu.Lock()
	d := slices.Clone(s.d)
	s.mu.Unlock()
	if len(d) == 0 {
		return Latency{}
	}
	slices.Sort(d)
	var sum time.Duration
	for _, v := range d {
		sum += v
	}
	at := func(q float64) float64 {
		i := int(q*float64(len(d))+0.999999) - 1
		i = min(max(i, 0), len(d)-1)
		return ms(d[i])
	}
	return Latency{Count: len(d), Mean: ms(sum / time.Duration(len(d))),
		P50: at(0.50), P90: at(0.90), P99: at(0.99), P999: at(0.999), Max: ms(d[len(d)-1])}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
