package loadtest

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Histograms read from /metrics.
const (
	moveHistogram  = "gomoku_move_seconds"
	storeHistogram = "gomoku_store_append_seconds"
	schedHistogram = "go_sched_latencies_seconds" // runtime/metrics' /sched/latencies
)

// scrape is one reading of the server's /metrics: every sample without
// labels by name, and the buckets of the latency histograms.
type scrape struct {
	at      time.Time
	values  map[string]float64
	buckets map[string][]bucket // by histogram, by upper bound
	errors  map[string]float64
}

type bucket struct {
	le    float64 // upper bound in seconds (+Inf last)
	count float64 // cumulative
}

// metricsURL derives http://host/metrics from a ws://host/ws URL.
func metricsURL(wsURL string) (string, error) {
	u, err := url.Parse(wsURL)
	if err != nil {
		return "", fmt.Errorf("server URL: %w", err)
	}
	switch u.Scheme {
	case "ws":
		u.Scheme = "http"
	case "wss":
		u.Scheme = "https"
	default:
		return "", fmt.Errorf("server URL %q: want ws:// or wss://", wsURL)
	}
	u.Path, u.RawQuery = "/metrics", ""
	return u.String(), nil
}

// scrapeMetrics reads the Prometheus text format of addr.
func scrapeMetrics(ctx context.Context, addr string) (*scrape, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("scrape %s: %w", addr, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("scrape %s: %s", addr, resp.Status)
	}
	s := &scrape{at: time.Now(), values: map[string]float64{}, errors: map[string]float64{},
		buckets: map[string][]bucket{}}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		s.parseLine(sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("scrape %s: %w", addr, err)
	}
	for _, bs := range s.buckets {
		slices.SortFunc(bs, func(a, b bucket) int {
			switch {
			case a.le < b.le:
				return -1
			case a.le > b.le:
				return 1
			}
			return 0
		})
	}
	return s, nil
}

// parseLine reads `name value` or `name{labels} value` (comments skipped).
func (s *scrape) parseLine(line string) {
	if line == "" || line[0] == '#' {
		return
	}
	sp := strings.LastIndexByte(line, ' ')
	if sp < 0 {
		return
	}
	v, err := strconv.ParseFloat(line[sp+1:], 64)
	if err != nil {
		return
	}
	name, labels := line[:sp], ""
	if i := strings.IndexByte(name, '{'); i >= 0 {
		name, labels = name[:i], strings.TrimSuffix(name[i+1:], "}")
	}
	switch {
	case labels == "":
		s.values[name] = v
	case name == moveHistogram+"_bucket" || name == storeHistogram+"_bucket" || name == schedHistogram+"_bucket":
		le, ok := label(labels, "le")
		if !ok {
			return
		}
		f, err := strconv.ParseFloat(le, 64)
		if le == "+Inf" {
			f, err = math.Inf(1), nil
		}
		if err == nil {
			h := strings.TrimSuffix(name, "_bucket")
			s.buckets[h] = append(s.buckets[h], bucket{le: f, count: v})
		}
	case name == "gomoku_errors_total":
		if code, ok := label(labels, "code"); ok {
			s.errors[code] = v
		}
	}
}

// label finds key="value" in a label list.
func label(labels, key string) (string, bool) {
	for _, kv := range strings.Split(labels, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if ok && strings.TrimSpace(k) == key {
			return strings.Trim(v, `"`), true
		}
	}
	return "", false
}

func (s *scrape) get(name string) float64 {
	if s == nil {
		return 0
	}
	return s.values[name]
}

// gcSince reports whether the server's last garbage collection came after t.
func (s *scrape) gcSince(t time.Time) bool {
	return s.get("go_memstats_last_gc_time_seconds") >= float64(t.UnixNano())/1e9
}

// liveHeap is the heap marked live by the last garbage collection: the
// next collection's goal divided by 1 + GOGC/100 (0 when GC is off).
func (s *scrape) liveHeap() float64 {
	gogc := s.get("go_gc_gogc_percent")
	if gogc <= 0 {
		return 0
	}
	return s.get("go_memstats_next_gc_bytes") / (1 + gogc/100)
}

// ServerLatency is the server's own view of a latency (move handling:
// validation, storage, broadcast; or storage alone), from its histogram
// over the measurement window: each percentile is the upper bound of its
// bucket (-1: beyond the last bucket).
type ServerLatency struct {
	Count float64 `json:"count"`
	Mean  float64 `json:"mean_ms"`
	P50   float64 `json:"p50_le_ms"`
	P99   float64 `json:"p99_le_ms"`
}

// serverLatency subtracts histogram h of a from b's.
func serverLatency(a, b *scrape, h string) ServerLatency {
	if a == nil || b == nil || len(a.buckets[h]) != len(b.buckets[h]) || len(b.buckets[h]) == 0 {
		return ServerLatency{}
	}
	n := b.get(h+"_count") - a.get(h+"_count")
	if n <= 0 {
		return ServerLatency{}
	}
	sum := b.get(h+"_sum") - a.get(h+"_sum")
	ab := a.buckets[h]
	at := func(q float64) float64 {
		for i, bk := range b.buckets[h] {
			if bk.count-ab[i].count >= q*n {
				if math.IsInf(bk.le, 1) {
					return -1 // beyond the last bound
				}
				return bk.le * 1000
			}
		}
		return -1
	}
	return ServerLatency{Count: n, Mean: sum / n * 1000, P50: at(0.5), P99: at(0.99)}
}
