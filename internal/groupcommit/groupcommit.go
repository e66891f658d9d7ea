// Package groupcommit batches concurrent writes: callers queue a request
// and wait; workers take every request waiting and commit them together, so
// a server with thousands of games pays one transaction (one fsync, one
// round trip) per batch instead of one per write. Both stores use it.
package groupcommit

import (
	"context"
	"errors"
	"sync"
)

// ErrClosed is returned by Do after Close.
var ErrClosed = errors.New("store closed")

// Request is one queued write: its input and, once committed, its outcome.
type Request[In, Out any] struct {
	Ctx  context.Context // a caller that gave up before its batch is not committed
	In   In
	out  Out
	err  error
	done chan struct{} // one token per Finish; the request is reused
}

// Finish records the request's outcome. The commit function calls it
// exactly once for every request of its batch, and does not touch the
// request afterwards: Do reuses it for a later write.
func (r *Request[In, Out]) Finish(out Out, err error) {
	r.out, r.err = out, err
	r.done <- struct{}{}
}

// Options size a Batcher. Zero fields get the defaults noted.
type Options struct {
	Workers  int // batches committed at once (default 1)
	MaxBatch int // requests per batch (default 256)
	Queue    int // requests waiting before Do blocks (default 1024)
}

// Batcher runs the group commit. Create it with New; Close it once.
type Batcher[In, Out any] struct {
	reqs   chan *Request[In, Out]
	commit func(batch []*Request[In, Out])
	max    int
	wg     sync.WaitGroup
	mu     sync.RWMutex // Do holds it shared while queueing; Close exclusively
	closed bool
	// free holds finished requests for reuse: thousands of writes a second
	// would otherwise each allocate a request and its channel.
	free sync.Pool
}

// New starts the workers. commit receives each batch (one or more
// requests, in queue order) and must Finish every request in it.
func New[In, Out any](o Options, commit func(batch []*Request[In, Out])) *Batcher[In, Out] {
	o.Workers = max(o.Workers, 1)
	if o.MaxBatch <= 0 {
		o.MaxBatch = 256
	}
	if o.Queue <= 0 {
		o.Queue = 1024
	}
	b := &Batcher[In, Out]{reqs: make(chan *Request[In, Out], o.Queue), commit: commit, max: o.MaxBatch}
	for range o.Workers {
		b.wg.Add(1)
		go b.work()
	}
	return b
}

// Do queues in and waits for the batch holding it to commit. It returns
// ErrClosed after Close, or ctx's error if ctx ends before in is queued.
// Once queued, the write may commit: Do then waits for the outcome (the
// commit function bounds it) rather than guess.
func (b *Batcher[In, Out]) Do(ctx context.Context, in In) (Out, error) {
	r, _ := b.free.Get().(*Request[In, Out])
	if r == nil {
		r = &Request[In, Out]{done: make(chan struct{}, 1)}
	}
	r.Ctx, r.In = ctx, in
	var zero Out
	if err := b.queue(ctx, r); err != nil {
		b.release(r)
		return zero, err
	}
	<-r.done
	out, err := r.out, r.err
	b.release(r)
	return out, err
}

// queue hands r to the workers, waiting for room unless ctx ends first.
func (b *Batcher[In, Out]) queue(ctx context.Context, r *Request[In, Out]) error {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if b.closed {
		return ErrClosed
	}
	select {
	case b.reqs <- r: // the usual case, without making ctx's Done channel
		return nil
	default:
	}
	select {
	case b.reqs <- r:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// release clears a finished (or never queued) request and keeps it for
// reuse.
func (b *Batcher[In, Out]) release(r *Request[In, Out]) {
	var zeroIn In
	var zeroOut Out
	r.Ctx, r.In, r.out, r.err = nil, zeroIn, zeroOut, nil
	b.free.Put(r)
}

// Close commits what is queued, then stops the workers. Safe to call twice.
func (b *Batcher[In, Out]) Close() {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.reqs)
	}
	b.mu.Unlock()
	b.wg.Wait()
}

// work commits batches of every waiting request until the queue closes.
func (b *Batcher[In, Out]) work() {
	defer b.wg.Done()
	batch := make([]*Request[In, Out], 0, b.max)
	for first := range b.reqs {
		batch = append(batch[:0], first)
	drain:
		for len(batch) < b.max {
			select {
			case r, ok := <-b.reqs:
				if !ok {
					break drain
				}
				batch = append(batch, r)
			default:
				break drain
			}
		}
		b.commit(batch)
		clear(batch) // let the finished requests go
	}
}
