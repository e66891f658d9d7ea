package server

import (
	"context"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// ipIdle is how long an address's limiter is kept after its last use.
const ipIdle = 10 * time.Minute

// ipLimiter limits an action per client address (login, register...): a
// token bucket per address, forgotten when idle.
type ipLimiter struct {
	limit rate.Limit
	burst int

	mu   sync.Mutex
	byIP map[string]*ipEntry
}

type ipEntry struct {
	lim  *rate.Limiter
	last time.Time
}

func newIPLimiter(limit rate.Limit, burst int) *ipLimiter {
	return &ipLimiter{limit: limit, burst: burst, byIP: map[string]*ipEntry{}}
}

// allow takes a token for ip.
func (l *ipLimiter) allow(ip string) bool {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	e := l.byIP[ip]
	if e == nil {
		e = &ipEntry{lim: rate.NewLimiter(l.limit, l.burst)}
		l.byIP[ip] = e
	}
	e.last = now
	return e.lim.AllowN(now, 1)
}

// sweep forgets idle addresses every minute until ctx is done.
func (l *ipLimiter) sweep(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			l.mu.Lock()
			for ip, e := range l.byIP {
				if now.Sub(e.last) > ipIdle {
					delete(l.byIP, ip)
				}
			}
			l.mu.Unlock()
		}
	}
}
