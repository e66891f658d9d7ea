package groupcommit

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
)

// TestBatches checks that concurrent requests are committed in batches,
// each caller gets its own outcome, and Close commits what is queued.
func TestBatches(t *testing.T) {
	var mu sync.Mutex
	var sizes []int
	release := make(chan struct{})
	b := New(Options{MaxBatch: 8}, func(batch []*Request[int, int]) {
		<-release
		mu.Lock()
		sizes = append(sizes, len(batch))
		mu.Unlock()
		for _, r := range batch {
			if r.In < 0 {
				r.Finish(0, errors.New("negative"))
				continue
			}
			r.Finish(r.In*2, nil)
		}
	})
	const n = 20
	var wg sync.WaitGroup
	errs := make([]error, n)
	outs := make([]int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in := i
			if i == 7 {
				in = -1
			}
			outs[i], errs[i] = b.Do(context.Background(), in)
		}()
	}
	close(release)
	wg.Wait()
	b.Close()
	for i := range n {
		switch {
		case i == 7 && errs[i] == nil:
			t.Errorf("request %d: no error", i)
		case i != 7 && (errs[i] != nil || outs[i] != 2*i):
			t.Errorf("request %d: got %d, %v", i, outs[i], errs[i])
		}
	}
	total := 0
	for _, s := range sizes {
		if s > 8 {
			t.Errorf("batch of %d over MaxBatch 8", s)
		}
		total += s
	}
	if total != n {
		t.Errorf("committed %d requests, want %d", total, n)
	}
	if _, err := b.Do(context.Background(), 1); !errors.Is(err, ErrClosed) {
		t.Errorf("Do after Close: %v, want ErrClosed", err)
	}
	b.Close() // twice is fine
}

// TestCancelledBeforeQueued checks a caller whose context is done while
// the queue is full gets the context's error and queues nothing.
func TestCancelledBeforeQueued(t *testing.T) {
	started, block := make(chan struct{}, 1), make(chan struct{})
	b := New(Options{Queue: 1, MaxBatch: 1}, func(batch []*Request[int, int]) {
		started <- struct{}{}
		<-block
		for _, r := range batch {
			r.Finish(r.In, nil)
		}
	})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); _, _ = b.Do(context.Background(), 1) }()
	<-started // the worker holds request 1
	go func() { defer wg.Done(); _, _ = b.Do(context.Background(), 2) }()
	for len(b.reqs) == 0 { // request 2 fills the queue
		runtime.Gosched()
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.Do(ctx, 3); !errors.Is(err, context.Canceled) {
		t.Errorf("Do with a full queue and a cancelled context: %v", err)
	}
	close(block)
	<-started
	wg.Wait()
	b.Close()
}
