package postgres

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gomokud/gomoku/server"
)

// Group commit limits.
const (
	moveWriters    = 4   // batches committed at once
	maxMoveBatch   = 256 // moves per transaction
	moveQueueDepth = 1024
	moveTxTimeout  = 10 * time.Second
)

// moveReq is one AppendMove waiting for a move writer.
type moveReq struct {
	ctx    context.Context // a move whose caller gave up before its turn is not stored
	gameID int64
	m      server.Move
	done   chan error // buffered 1
}

// moveQueue group-commits AppendMoves: writers take every waiting move and
// insert them in one transaction, sent as one pipelined batch, so a server
// with thousands of games pays one round trip and one WAL flush per batch
// instead of per move. Each caller is answered after its batch commits.
type moveQueue struct {
	reqs   chan *moveReq
	wg     sync.WaitGroup
	mu     sync.RWMutex // senders hold it shared; close exclusively
	closed bool
}

func (db *DB) startMoveWriters() {
	db.moves = &moveQueue{reqs: make(chan *moveReq, moveQueueDepth)}
	for range moveWriters {
		db.moves.wg.Add(1)
		go db.moveWriter()
	}
}

// stopMoveWriters lets the writers commit what is queued, then stops them.
func (db *DB) stopMoveWriters() {
	q := db.moves
	if q == nil {
		return
	}
	q.mu.Lock()
	if !q.closed {
		q.closed = true
		close(q.reqs)
	}
	q.mu.Unlock()
	q.wg.Wait()
}

// AppendMove implements server.Store. The move is stored only when the
// game runs and m.Ply is the next ply; it is durable when AppendMove
// returns nil.
func (db *DB) AppendMove(ctx context.Context, gameID int64, m server.Move) error {
	what := fmt.Sprintf("append move %d to game %d", m.Ply, gameID)
	if err := m.Validate(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	r := &moveReq{ctx: ctx, gameID: gameID, m: m, done: make(chan error, 1)}
	q := db.moves
	q.mu.RLock()
	if q.closed {
		q.mu.RUnlock()
		return fmt.Errorf("%s: store closed", what)
	}
	select {
	case q.reqs <- r:
		q.mu.RUnlock()
	case <-ctx.Done():
		q.mu.RUnlock()
		return fmt.Errorf("%s: %w", what, ctx.Err())
	}
	// Once queued the move may be committed: wait for the outcome (bounded
	// by the writer's timeout) rather than guess.
	return <-r.done
}

// moveWriter commits batches of queued moves until the queue closes.
func (db *DB) moveWriter() {
	defer db.moves.wg.Done()
	batch := make([]*moveReq, 0, maxMoveBatch)
	for first := range db.moves.reqs {
		batch = append(batch[:0], first)
	drain:
		for len(batch) < maxMoveBatch {
			select {
			case r, ok := <-db.moves.reqs:
				if !ok {
					break drain
				}
				batch = append(batch, r)
			default:
				break drain
			}
		}
		db.commitMoves(batch)
	}
}

// commitMoves inserts a batch in one transaction. Moves the insert refuses
// (finished game, wrong ply) fail alone afterwards; if the transaction
// itself fails (an error aborts every statement after it), each move is
// retried on its own so one bad move cannot fail the others.
func (db *DB) commitMoves(batch []*moveReq) {
	ctx, cancel := context.WithTimeout(context.Background(), moveTxTimeout)
	defer cancel()
	live := batch[:0:0]
	for _, r := range batch {
		if err := r.ctx.Err(); err != nil {
			r.done <- fmt.Errorf("append move %d to game %d: %w", r.m.Ply, r.gameID, err)
			continue
		}
		live = append(live, r)
	}
	if len(live) == 0 {
		return
	}
	if len(live) == 1 {
		live[0].done <- db.appendOne(ctx, live[0].gameID, live[0].m)
		return
	}
	affected := make([]int64, len(live))
	err := db.sendMoves(ctx, live, affected)
	for i, r := range live {
		switch {
		case err != nil:
			r.done <- db.appendOne(ctx, r.gameID, r.m)
		case affected[i] == 1:
			r.done <- nil
		default:
			r.done <- db.whyNotAppended(ctx, r.gameID, fmt.Sprintf("append move %d to game %d", r.m.Ply, r.gameID))
		}
	}
}

// sendMoves inserts live as one pipelined batch ended by a single Sync:
// PostgreSQL runs such a batch as one implicit transaction, committed (and
// flushed to its WAL) before it answers, so the whole batch costs one round
// trip where BEGIN ... COMMIT cost three. An error rolls all of it back.
func (db *DB) sendMoves(ctx context.Context, live []*moveReq, affected []int64) error {
	b := &pgx.Batch{}
	for _, r := range live {
		b.Queue(appendMoveSQL, appendMoveArgs(r.gameID, r.m)...)
	}
	br := db.pool.SendBatch(ctx, b)
	for i := range live {
		tag, err := br.Exec()
		if err != nil {
			br.Close()
			return err
		}
		affected[i] = tag.RowsAffected()
	}
	return br.Close()
}
