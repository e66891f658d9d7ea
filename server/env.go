package server

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jonboulle/clockwork"

	"github.com/gomokud/gomoku"
)

// env is what the parts of the server share: the configuration, the store,
// the clock, the log, the metrics and the group that runs their goroutines.
// Each part (gate, hub, game, botPool) is handed the env and the
// collaborators it uses when it is built; none of them reaches the Server.
type env struct {
	cfg     Config
	store   gomoku.Store
	clock   clockwork.Clock
	log     *slog.Logger
	metrics *metrics
	work    *group
}

// now reads the server's clock. Everything the lobby and the games decide
// (clocks, deadlines, expiries, timestamps) reads it; only the transport's
// socket deadlines and pings use the wall clock.
func (e *env) now() time.Time { return e.clock.Now() }

// requestCtx bounds one store call made for a request.
func (e *env) requestCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(e.work.ctx, requestTimeout)
}

// group runs the server's goroutines (games, lobby loop, sweeps) under one
// context; stop cancels it and wait waits for them.
type group struct {
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// down is set as the server starts to stop, before the cancel: requests
	// other than hello are refused from then on.
	down atomic.Bool
}

func newGroup() *group {
	ctx, cancel := context.WithCancel(context.Background())
	return &group{ctx: ctx, cancel: cancel}
}

// goRun runs f(ctx) in a goroutine that wait waits for.
func (w *group) goRun(f func(ctx context.Context)) {
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		f(w.ctx)
	}()
}

// stopping reports whether the server has begun to stop.
func (w *group) stopping() bool { return w.down.Load() }
