package client

import "github.com/gomokud/gomoku/protocol"

// queue is an unbounded FIFO of events between the reader goroutine (which
// must never block on a slow or absent consumer) and Events(). One pump
// goroutine owns the buffer; it closes out when done is closed.
type queue struct {
	in   chan protocol.Message
	out  chan protocol.Message
	done <-chan struct{}
}

func newQueue(done <-chan struct{}) *queue {
	q := &queue{in: make(chan protocol.Message), out: make(chan protocol.Message), done: done}
	go q.pump()
	return q
}

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
	for {
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
		case <-q.done:
			return
		}
	}
}
