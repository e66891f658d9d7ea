package server

import (
	"context"
	"time"
)

// pingSlots spreads the pings: the pinger wakes pingSlots times per
// PingInterval and pings one slot's connections each time, so 10,000
// connections get 1,000 pings a second rather than 10,000 at once every
// ten seconds, and no connection needs a ticker of its own.
const pingSlots = 10

// pinger pings every connection once per PingInterval (stamped pings that
// measure the round trip, lag.go, and keep idle connections' read deadlines
// alive) until ctx ends. A transport timer: the wall clock.
func (g *gate) pinger(ctx context.Context) {
	t := time.NewTicker(max(g.env.cfg.PingInterval/pingSlots, time.Millisecond))
	defer t.Stop()
	var round []*conn // reused
	for slot := 0; ; slot = (slot + 1) % pingSlots {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			round = g.pingSlot(slot, round[:0])
		}
	}
}

// pingSlot pings the connections of one slot (gathered into round, which
// it returns for reuse), outside the gate's lock.
func (g *gate) pingSlot(slot int, round []*conn) []*conn {
	g.mu.Lock()
	for c := range g.conns {
		if c.pingSlot == slot {
			round = append(round, c)
		}
	}
	g.mu.Unlock()
	for _, c := range round {
		c.ping()
	}
	clear(round) // no closed connection stays reachable from here
	return round
}
