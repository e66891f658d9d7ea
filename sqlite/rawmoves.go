package sqlite

import (
	"context"
	"database/sql/driver"
	"errors"

	"github.com/gomokud/gomoku"
)

// rawMoves commits the common batch, lone moves and nothing else, on the
// writer's driver connection: BEGIN, one insert (appendMoveSQL for one
// move, insertMovesSQL for more), COMMIT, with statements prepared once.
// Through database/sql each batch cost a transaction (its context and
// goroutine), a statement per transaction, and argument and result
// conversions: about half of the bytes the server allocated per move at
// 10,000 players, and so half of its collections.
//
// Anything else, or a move the insert refuses, is rolled back and left to
// the general path (commit.go), which gives each request its own answer.
// Owned by the writer: batches are committed one at a time.
type rawMoves struct {
	dc    any // the driver connection the statements belong to
	begin driver.Stmt
	end   driver.Stmt // COMMIT
	undo  driver.Stmt // ROLLBACK
	one   driver.Stmt // appendMoveSQL
	many  driver.Stmt // insertMovesSQL
	args  [9]driver.NamedValue
}

var errNoExecContext = errors.New("sqlite: driver statement without ExecContext")

// commitLoneMoves commits batch on the driver connection when it holds
// only lone moves whose callers still wait, and finishes its requests;
// false when it did not (nothing was stored and no request finished).
func (db *DB) commitLoneMoves(batch []*commitReq) bool {
	for _, r := range batch {
		if !r.In.c.LoneMove() || r.Ctx.Err() != nil {
			return false
		}
	}
	ctx := context.Background()
	conn, err := db.w.Conn(ctx)
	if err != nil {
		return false
	}
	defer conn.Close()
	stored := false
	_ = conn.Raw(func(dc any) error {
		stored = db.raw.commit(ctx, dc, batch, &db.lone)
		return nil
	})
	if !stored {
		return false
	}
	for _, r := range batch {
		r.Finish(gomoku.Committed{}, nil)
	}
	return true
}

// commit inserts the batch's moves in one transaction on dc; false, rolled
// back, when anything failed or a move was refused.
func (m *rawMoves) commit(ctx context.Context, dc any, batch []*commitReq, lone *loneMoves) bool {
	if m.prepare(ctx, dc) != nil || m.exec(ctx, m.begin, nil) != nil {
		return false
	}
	n, err := m.insert(ctx, batch, lone)
	if err == nil && n == int64(len(batch)) {
		err = m.exec(ctx, m.end, nil)
		if err == nil {
			return true
		}
	}
	_ = m.exec(ctx, m.undo, nil) // no transaction left open on the pool's connection
	return false
}

// insert runs the batch's insert and returns the number of moves stored.
func (m *rawMoves) insert(ctx context.Context, batch []*commitReq, lone *loneMoves) (int64, error) {
	var (
		res driver.Result
		err error
	)
	if len(batch) == 1 {
		res, err = m.execOne(ctx, batch[0].In.gameID, batch[0].In.c.Moves[0])
	} else {
		lone.reset()
		for _, r := range batch {
			lone.add(r.In.gameID, r.In.c.Moves[0])
		}
		lone.buf = append(lone.buf, ']')
		m.args[0] = driver.NamedValue{Ordinal: 1, Value: string(lone.buf)} // text: a blob would read as JSONB
		res, err = m.many.(driver.StmtExecContext).ExecContext(ctx, m.args[:1])
	}
	clear(m.args[:])
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// execOne runs appendMoveSQL for one move.
func (m *rawMoves) execOne(ctx context.Context, gameID int64, mv gomoku.Move) (driver.Result, error) {
	vals := [...]driver.Value{gameID, int64(mv.Ply), int64(mv.Point.X), int64(mv.Point.Y), gomoku.ColorName(mv.Color),
		mv.BlackClockMS, mv.WhiteClockMS, mv.SpentMS, ms(gomoku.OrNow(mv.At))}
	for i, v := range vals {
		m.args[i] = driver.NamedValue{Ordinal: i + 1, Value: v}
	}
	return m.one.(driver.StmtExecContext).ExecContext(ctx, m.args[:])
}

func (m *rawMoves) exec(ctx context.Context, st driver.Stmt, args []driver.NamedValue) error {
	_, err := st.(driver.StmtExecContext).ExecContext(ctx, args)
	return err
}

// prepare prepares the statements on dc, once per driver connection. The
// pool keeps its one writer connection for good; should it ever replace it,
// the old statements go with the old connection.
func (m *rawMoves) prepare(ctx context.Context, dc any) error {
	if m.dc == dc {
		return nil
	}
	pc, ok := dc.(driver.ConnPrepareContext)
	if !ok {
		return errNoExecContext
	}
	fresh := rawMoves{dc: dc}
	for _, p := range []struct {
		st  *driver.Stmt
		sql string
	}{{&fresh.begin, "BEGIN IMMEDIATE"}, {&fresh.end, "COMMIT"}, {&fresh.undo, "ROLLBACK"},
		{&fresh.one, appendMoveSQL}, {&fresh.many, insertMovesSQL}} {
		st, err := pc.PrepareContext(ctx, p.sql)
		if err != nil {
			fresh.close()
			return err
		}
		if _, ok := st.(driver.StmtExecContext); !ok {
			_ = st.Close()
			fresh.close()
			return errNoExecContext
		}
		*p.st = st
	}
	*m = fresh
	return nil
}

// close finalizes the statements; on their connection, not in use.
func (m *rawMoves) close() {
	for _, st := range []driver.Stmt{m.begin, m.end, m.undo, m.one, m.many} {
		if st != nil {
			_ = st.Close()
		}
	}
	*m = rawMoves{}
}

// closeRaw finalizes the raw statements before the writer closes.
func (db *DB) closeRaw() {
	ctx := context.Background()
	conn, err := db.w.Conn(ctx)
	if err != nil {
		return
	}
	defer conn.Close()
	_ = conn.Raw(func(dc any) error {
		if db.raw.dc == dc {
			db.raw.close()
		}
		return nil
	})
}
