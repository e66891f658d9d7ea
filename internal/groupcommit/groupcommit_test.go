package groupcommit

import (
	"context"
	"errors"
	"fmt"
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

// TestReusedRequests: requests are recycled between writes; under many
// concurrent callers each still gets its own outcome, and a caller whose
// context ended before queueing leaves nothing behind.
func TestReusedRequests(t *testing.T) {
	b := New(Options{MaxBatch: 16, Queue: 4}, func(batch []*Request[int, int]) {
		for _, r := range batch {
			r.Finish(r.In*2, nil)
		}
	})
	defer b.Close()
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				in := g*100000 + i
				ctx := context.Background()
				if i%97 == 0 {
					ctx = cancelled // may or may not be queued: both are fine
				}
				out, err := b.Do(ctx, in)
				if err == nil && out != 2*in {
					errs <- fmt.Errorf("Do(%d) = %d, want %d", in, out, 2*in)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}
