package client

import (
	"sync"

	"github.com/gomokud/gomoku/protocol"
)

// queue is an unbounded FIFO of events between the reader goroutine (which
// must never block on a slow or absent consumer) and Events(). One pump
// goroutine owns the buffer; it closes out when done is closed (at once:
// Close), or after finish once the buffer is delivered (the connection
// ended: the consumer still gets the last events, e.g. a shutdown notice).
type queue struct {
	in      chan protocol.Message
	out     chan protocol.Message
	done    <-chan struct{}
	end     chan struct{}
	endOnce sync.Once
}

func newQueue(done <-chan struct{}) *queue {
	q := &queue{in: make(chan protocol.Message), out: make(chan protocol.Message), done: done,
		end: make(chan struct{})}
	go q.pump()
	return q
}

// finish closes out once the buffered events are delivered.
func (q *queue) finish() { q.endOnce.Do(func() { close(q.end) }) }

// push adds an event; it returns at once unless the client is closing.
func (q *queue) push(m protocol.Message) {
	select {
	case q.in <- m:
	case <-q.done:
	}
}

func (q *queue) pump() {
	defer close(q.out)
	var buf []protocol.Message
	end := q.end
	for {
		if end == nil && len(buf) == 0 {
			return
		}
		var out chan protocol.Message
		var head protocol.Message
		if len(buf) > 0 {
			out, head = q.out, buf[0]
		}
		select {
		case m := <-q.in:
			buf = append(buf, m)
		case out <- head:
			buf[0] = nil
			buf = buf[1:]
		case <-end:
			end = nil
		case <-q.done:
			return
		}
	}
}
