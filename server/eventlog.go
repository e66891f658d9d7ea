package server

import "github.com/gomokud/gomoku/protocol"

// eventWindow bounds the events kept for resync; a client further behind
// gets the full state.
const eventWindow = 512

// The log's buffer: its first size, and the room left for a frame before
// it doubles (a move event takes about 150 bytes).
const (
	minLogBuf = 2 << 10
	frameRoom = 512
)

// eventLog keeps the frames of a game's last events for resync, back to
// back in one buffer. Frames are encoded straight into it (no allocation
// per event) and handed to the connections as slices of it: the buffer
// only ever grows past what it holds, and trimming copies into a new one,
// so a frame still queued on a connection is never overwritten. Two
// objects per game instead of one per event: at thousands of games that is
// most of the objects the collector would otherwise mark.
//
// Encoding (stage) and keeping (keep) are separate steps: the game stages
// a command's events, answers the requester, then keeps and sends them in
// order.
type eventLog struct {
	buf   []byte  // kept frames, then staged ones
	ends  []int32 // ends[i]: where kept frame i ends in buf
	first int64   // seq of the oldest kept frame
}

// stage encodes m after everything in the log and returns its frame, not
// yet kept.
func (l *eventLog) stage(m protocol.Message) []byte {
	if cap(l.buf)-len(l.buf) < frameRoom {
		// Double: append's own growth is gentler for large slices, and
		// every step is a copy of the whole log.
		l.buf = append(make([]byte, 0, max(2*cap(l.buf), minLogBuf)), l.buf...)
	}
	start := len(l.buf)
	l.buf = protocol.MustAppendEncode(l.buf, "", m)
	return l.buf[start:len(l.buf):len(l.buf)]
}

// keep makes the oldest staged frame, frame, part of the log, dropping
// the older half once the log holds more than eventWindow frames.
func (l *eventLog) keep(frame []byte) {
	l.ends = append(l.ends, l.keptEnd()+int32(len(frame)))
	if len(l.ends) <= eventWindow {
		return
	}
	drop := len(l.ends) - eventWindow/2
	cut := l.ends[drop-1]
	l.buf = append(make([]byte, 0, 2*(len(l.buf)-int(cut))), l.buf[cut:]...)
	ends := make([]int32, 0, eventWindow+1)
	for _, e := range l.ends[drop:] {
		ends = append(ends, e-cut)
	}
	l.ends = ends
	l.first += int64(drop)
}

func (l *eventLog) keptEnd() int32 {
	if len(l.ends) == 0 {
		return 0
	}
	return l.ends[len(l.ends)-1]
}

// newest is the number of the newest kept frame (first-1 when none).
func (l *eventLog) newest() int64 { return l.first + int64(len(l.ends)) - 1 }

// since returns the kept frames after event number last, oldest first;
// false when they are not all kept (last is older than the log or newer
// than its newest).
func (l *eventLog) since(last int64) ([][]byte, bool) {
	newest := l.newest()
	if last < l.first-1 || last > newest {
		return nil, false
	}
	out := make([][]byte, 0, newest-last)
	for i := int(last - l.first + 1); i < len(l.ends); i++ {
		start := int32(0)
		if i > 0 {
			start = l.ends[i-1]
		}
		out = append(out, l.buf[start:l.ends[i]:l.ends[i]])
	}
	return out, true
}
