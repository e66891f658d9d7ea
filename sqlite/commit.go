package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/internal/groupcommit"
)

// commitReq is one CommitGame waiting for the writer.
type commitReq = groupcommit.Request[gameCommit, gomoku.Committed]

type gameCommit struct {
	gameID int64
	c      gomoku.GameCommit
}

// appendMoveSQL inserts the move only if the game runs and the ply is next.
const appendMoveSQL = `INSERT INTO moves
	(game_id, ply, x, y, color, black_clock_ms, white_clock_ms, spent_ms, at)
	SELECT g.id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 FROM games g
	WHERE g.id = ?1 AND g.finished = 0
	AND ?2 = 1 + coalesce((SELECT max(ply) FROM moves WHERE game_id = ?1), 0)`

// CommitGame implements gomoku.Store. Concurrent calls are group-committed:
// the writer applies every waiting commit in one transaction, each inside a
// savepoint of its own (so it succeeds or fails alone), and each call
// returns once that transaction has committed (or failed).
func (db *DB) CommitGame(ctx context.Context, gameID int64, c gomoku.GameCommit) (gomoku.Committed, error) {
	if err := c.Validate(); err != nil {
		return gomoku.Committed{}, fmt.Errorf("commit to game %d: %w", gameID, err)
	}
	if err := ctx.Err(); err != nil {
		return gomoku.Committed{}, fmt.Errorf("commit to game %d: %w", gameID, err)
	}
	out, err := db.commits.Do(ctx, gameCommit{gameID: gameID, c: c})
	if errors.Is(err, groupcommit.ErrClosed) || err != nil && err == ctx.Err() {
		return out, fmt.Errorf("commit to game %d: %w", gameID, err)
	}
	return out, err
}

// commitBatch applies a batch in one transaction, then lets a due WAL
// checkpoint run (checkpoint.go).
//
// The statements run without a deadline: with a cancellable context the
// driver starts a watcher goroutine per statement, which at thousands of
// moves a second cost more than the insert. Nothing here can wait long: the
// writer is the only one writing (busy_timeout bounds a lock held by a
// checkpoint or another process) and each step is a few B-tree operations.
func (db *DB) commitBatch(batch []*commitReq) {
	defer db.catchUp()
	if db.commitLoneMoves(batch) {
		return
	}
	ctx := context.Background()
	outs := make([]gomoku.Committed, len(batch))
	errs := make([]error, len(batch))
	done := make([]bool, len(batch))
	tx, err := db.w.BeginTx(ctx, nil)
	if err == nil {
		err = db.insertLoneMoves(ctx, tx, batch, done)
	}
	if err == nil {
		var stmt *sql.Stmt // prepared in tx when a move needs it
		for i, r := range batch {
			if done[i] {
				continue
			}
			if stmt == nil {
				stmt = tx.StmtContext(ctx, db.appendMove)
			}
			outs[i], errs[i] = db.applyOne(ctx, tx, stmt, r)
		}
		err = tx.Commit()
	} else if tx != nil {
		_ = tx.Rollback()
	}
	for i, r := range batch {
		if err != nil {
			r.Finish(gomoku.Committed{}, fmt.Errorf("commit to game %d: %w", r.In.gameID, err))
			continue
		}
		r.Finish(outs[i], errs[i])
	}
}

// applyOne applies one commit of a batch: a lone move as one statement,
// anything more inside a savepoint rolled back on failure.
func (db *DB) applyOne(ctx context.Context, tx *sql.Tx, stmt *sql.Stmt, r *commitReq) (gomoku.Committed, error) {
	in := r.In
	if err := r.Ctx.Err(); err != nil {
		return gomoku.Committed{}, fmt.Errorf("commit to game %d: %w", in.gameID, err)
	}
	if in.c.LoneMove() {
		return gomoku.Committed{}, db.insertMove(ctx, tx, stmt, in.gameID, in.c.Moves[0])
	}
	if _, err := tx.ExecContext(ctx, `SAVEPOINT game_commit`); err != nil {
		return gomoku.Committed{}, fmt.Errorf("commit to game %d: %w", in.gameID, err)
	}
	out, err := db.applyCommit(ctx, tx, stmt, in)
	if err != nil {
		if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO game_commit`); rerr != nil {
			return gomoku.Committed{}, errors.Join(err, rerr)
		}
	}
	if _, rerr := tx.ExecContext(ctx, `RELEASE game_commit`); rerr != nil && err == nil {
		err = fmt.Errorf("commit to game %d: %w", in.gameID, rerr)
	}
	return out, err
}

// applyCommit applies c's parts in order inside tx.
func (db *DB) applyCommit(ctx context.Context, tx *sql.Tx, stmt *sql.Stmt, in gameCommit) (gomoku.Committed, error) {
	if in.c.Undo > 0 {
		if err := undoMoves(ctx, tx, in.gameID, in.c.Undo); err != nil {
			return gomoku.Committed{}, err
		}
	}
	for _, m := range in.c.Moves {
		if err := db.insertMove(ctx, tx, stmt, in.gameID, m); err != nil {
			return gomoku.Committed{}, err
		}
	}
	for _, a := range in.c.Opening {
		if err := insertOpening(ctx, tx, in.gameID, a); err != nil {
			return gomoku.Committed{}, err
		}
	}
	if in.c.Result == nil {
		return gomoku.Committed{}, nil
	}
	return finishGame(ctx, tx, in.gameID, *in.c.Result)
}

// insertMove inserts one move. Its error message is built only on
// failure: this runs for every move.
func (db *DB) insertMove(ctx context.Context, tx *sql.Tx, stmt *sql.Stmt, gameID int64, m gomoku.Move) error {
	what := func() string { return fmt.Sprintf("append move %d to game %d", m.Ply, gameID) }
	res, err := stmt.ExecContext(ctx, gameID, m.Ply, m.Point.X, m.Point.Y, gomoku.ColorName(m.Color),
		m.BlackClockMS, m.WhiteClockMS, m.SpentMS, ms(gomoku.OrNow(m.At)))
	switch {
	case isUnique(err):
		return fmt.Errorf("%s: %w", what(), gomoku.ErrConflict)
	case err != nil:
		return fmt.Errorf("%s: %w", what(), err)
	}
	n, err := res.RowsAffected()
	switch {
	case err != nil:
		return fmt.Errorf("%s: %w", what(), err)
	case n != 1:
		return whyNot(ctx, tx, gameID, what())
	}
	return nil
}

// whyNot explains a refused write on a game: ErrNotFound for an unknown
// game, else ErrConflict (finished, or the ply/count does not fit).
func whyNot(ctx context.Context, q queryer, gameID int64, what string) error {
	var finished bool
	err := q.QueryRowContext(ctx, `SELECT finished FROM games WHERE id = ?`, gameID).Scan(&finished)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("%s: %w", what, gomoku.ErrNotFound)
	case err != nil:
		return fmt.Errorf("%s: %w", what, err)
	case finished:
		return fmt.Errorf("%s: game is finished: %w", what, gomoku.ErrConflict)
	}
	return fmt.Errorf("%s: not the next ply: %w", what, gomoku.ErrConflict)
}

// undoMoves deletes the last n moves of a running game (a takeback).
func undoMoves(ctx context.Context, tx *sql.Tx, gameID int64, n int) error {
	what := fmt.Sprintf("undo %d moves of game %d", n, gameID)
	var finished bool
	var plies int
	err := tx.QueryRowContext(ctx, `SELECT finished, (SELECT count(*) FROM moves WHERE game_id = ?1)
		FROM games WHERE id = ?1`, gameID).Scan(&finished, &plies)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("%s: %w", what, gomoku.ErrNotFound)
	case err != nil:
		return fmt.Errorf("%s: %w", what, err)
	case finished:
		return fmt.Errorf("%s: game is finished: %w", what, gomoku.ErrConflict)
	case plies < n:
		return fmt.Errorf("%s: only %d stored: %w", what, plies, gomoku.ErrConflict)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM moves WHERE game_id = ? AND ply > ?`, gameID, plies-n); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// queryer is a *sql.DB or *sql.Tx.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}
