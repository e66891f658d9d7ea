package server

import (
	"encoding/binary"
	"time"

	"github.com/gomokud/gomoku/protocol"
)

// The round trip is measured with the pings the server sends anyway: each
// carries its send time (8 bytes, Unix nanoseconds of the wall clock), and
// the pong echoes it. The estimate is smoothed (each sample weighs 1/4), so
// one slow pong does not give a player a second back.

// appendPing appends a ping frame stamped with now.
func appendPing(b []byte, now time.Time) []byte {
	var stamp [8]byte
	binary.BigEndian.PutUint64(stamp[:], uint64(now.UnixNano()))
	return appendFrame(b, opPing, stamp[:])
}

// onPong records the round trip of a stamped pong; other pongs (a client
// may send unsolicited ones) are ignored.
func (c *conn) onPong(data string, now time.Time) {
	if len(data) != 8 {
		return
	}
	sent := time.Unix(0, int64(binary.BigEndian.Uint64([]byte(data))))
	rtt := now.Sub(sent)
	if rtt < 0 || rtt > pongWait {
		return
	}
	old := time.Duration(c.rtt.Load())
	if old == 0 {
		c.rtt.Store(int64(rtt))
		return
	}
	c.rtt.Store(int64(old + (rtt-old)/4))
}

// lag is the connection's measured round trip (0 before the first pong).
func (c *conn) lag() time.Duration { return time.Duration(c.rtt.Load()) }

// lag is the user's measured round trip: the best of its connections'
// measurements (0 before any).
func (u *user) lag() time.Duration {
	u.mu.Lock()
	defer u.mu.Unlock()
	var best time.Duration
	for c := range u.conns {
		if l := c.lag(); l > 0 && (best == 0 || l < best) {
			best = l
		}
	}
	return best
}

// lagView is the players' lag for a snapshot; nil when neither is known.
func (g *game) lagView() *protocol.Lag {
	var l protocol.Lag
	for i, s := range g.seats {
		if s.user == nil {
			continue
		}
		ms := s.user.lag().Milliseconds()
		if i == 0 {
			l.BlackMS = ms
		} else {
			l.WhiteMS = ms
		}
	}
	if l == (protocol.Lag{}) {
		return nil
	}
	return &l
}
