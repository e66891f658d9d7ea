package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/internal/groupcommit"
)

// Group commit limits.
const (
	commitWorkers   = 4 // batches committed at once
	commitTxTimeout = 10 * time.Second
)

// commitReq is one CommitGame waiting for a writer.
type commitReq = groupcommit.Request[gameCommit, gomoku.Committed]

type gameCommit struct {
	gameID int64
	c      gomoku.GameCommit
}

// appendMoveSQL stores a move only when the game runs and the ply is the
// next one. The game row is share-locked so the insert serialises with a
// concurrent result.
const appendMoveSQL = `INSERT INTO moves
	(game_id, ply, x, y, color, black_clock_ms, white_clock_ms, spent_ms, at)
	SELECT g.id, $2, $3, $4, $5, $6, $7, $8, $9 FROM games g
	WHERE g.id = $1 AND NOT g.finished
	AND $2 = 1 + coalesce((SELECT max(ply) FROM moves WHERE game_id = $1), 0)
	FOR SHARE OF g`

func appendMoveArgs(gameID int64, m gomoku.Move) []any {
	return []any{gameID, m.Ply, m.Point.X, m.Point.Y, gomoku.ColorName(m.Color),
		m.BlackClockMS, m.WhiteClockMS, m.SpentMS, gomoku.OrNow(m.At)}
}

// CommitGame implements gomoku.Store. Lone moves of many games are
// group-committed as one pipelined batch; anything more (a move with its
// result, a takeback) commits in a transaction of its own.
func (db *DB) CommitGame(ctx context.Context, gameID int64, c gomoku.GameCommit) (gomoku.Committed, error) {
	if err := c.Validate(); err != nil {
		return gomoku.Committed{}, fmt.Errorf("commit to game %d: %w", gameID, err)
	}
	out, err := db.commits.Do(ctx, gameCommit{gameID: gameID, c: c})
	if errors.Is(err, groupcommit.ErrClosed) || err != nil && err == ctx.Err() {
		return out, fmt.Errorf("commit to game %d: %w", gameID, err)
	}
	return out, err
}

// commitBatch commits one batch: the lone moves together, the others one
// transaction each.
func (db *DB) commitBatch(batch []*commitReq) {
	ctx, cancel := context.WithTimeout(context.Background(), commitTxTimeout)
	defer cancel()
	moves := batch[:0:0]
	for _, r := range batch {
		switch err := r.Ctx.Err(); {
		case err != nil:
			r.Finish(gomoku.Committed{}, fmt.Errorf("commit to game %d: %w", r.In.gameID, err))
		case r.In.c.LoneMove():
			moves = append(moves, r)
		default:
			r.Finish(db.commitOne(ctx, r.In))
		}
	}
	switch len(moves) {
	case 0:
	case 1:
		moves[0].Finish(db.commitOne(ctx, moves[0].In))
	default:
		db.commitMoves(ctx, moves)
	}
}

// commitMoves inserts lone moves as one pipelined batch. Moves the insert
// refuses (finished game, wrong ply) fail alone afterwards; if the batch
// itself fails (an error aborts every statement after it), each move is
// retried in its own transaction so one bad move cannot fail the others.
func (db *DB) commitMoves(ctx context.Context, moves []*commitReq) {
	affected := make([]int64, len(moves))
	err := db.sendMoves(ctx, moves, affected)
	for i, r := range moves {
		m := r.In.c.Moves[0]
		switch {
		case err != nil:
			r.Finish(db.commitOne(ctx, r.In))
		case affected[i] == 1:
			r.Finish(gomoku.Committed{}, nil)
		default:
			r.Finish(gomoku.Committed{}, db.whyNotAppended(ctx, db.pool, r.In.gameID, m.Ply))
		}
	}
}

// sendMoves inserts the moves as one pipelined batch ended by a single
// Sync: PostgreSQL runs such a batch as one implicit transaction, committed
// (and flushed to its WAL) before it answers, so the whole batch costs one
// round trip where BEGIN ... COMMIT cost three. An error rolls all of it
// back.
func (db *DB) sendMoves(ctx context.Context, moves []*commitReq, affected []int64) error {
	b := &pgx.Batch{}
	for _, r := range moves {
		b.Queue(appendMoveSQL, appendMoveArgs(r.In.gameID, r.In.c.Moves[0])...)
	}
	br := db.pool.SendBatch(ctx, b)
	for i := range moves {
		tag, err := br.Exec()
		if err != nil {
			br.Close()
			return err
		}
		affected[i] = tag.RowsAffected()
	}
	return br.Close()
}

// commitOne applies one commit in a transaction of its own.
func (db *DB) commitOne(ctx context.Context, in gameCommit) (gomoku.Committed, error) {
	var out gomoku.Committed
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if !in.c.LoneMove() {
			// Lock the game first: a move's share lock taken before a
			// result's update lock would deadlock with a racing commit.
			if err := lockGame(ctx, tx, in.gameID); err != nil {
				return err
			}
		}
		if in.c.Undo > 0 {
			if err := undoMoves(ctx, tx, in.gameID, in.c.Undo); err != nil {
				return err
			}
		}
		for _, m := range in.c.Moves {
			if err := db.appendMove(ctx, tx, in.gameID, m); err != nil {
				return err
			}
		}
		for _, a := range in.c.Opening {
			if err := appendOpening(ctx, tx, in.gameID, a); err != nil {
				return err
			}
		}
		if in.c.Result == nil {
			return nil
		}
		var err error
		out, err = finishGame(ctx, tx, in.gameID, *in.c.Result)
		return err
	})
	return out, err
}

// appendMove stores one move inside tx.
func (db *DB) appendMove(ctx context.Context, tx pgx.Tx, gameID int64, m gomoku.Move) error {
	tag, err := tx.Exec(ctx, appendMoveSQL, appendMoveArgs(gameID, m)...)
	if pgCode(err) == uniqueViolation {
		return fmt.Errorf("append move %d to game %d: %w", m.Ply, gameID, gomoku.ErrConflict)
	}
	if err != nil {
		return wrap(err, "append move %d to game %d", m.Ply, gameID)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	return db.whyNotAppended(ctx, tx, gameID, m.Ply)
}

// whyNotAppended says why a move was not inserted: an unknown game
// (ErrNotFound), a finished one or a ply that is not next (ErrConflict).
func (db *DB) whyNotAppended(ctx context.Context, q rowQuerier, gameID int64, ply int) error {
	what := fmt.Sprintf("append move %d to game %d", ply, gameID)
	var finished bool
	err := q.QueryRow(ctx, `SELECT finished FROM games WHERE id = $1`, gameID).Scan(&finished)
	switch {
	case err != nil:
		return wrap(err, "%s", what)
	case finished:
		return fmt.Errorf("%s: game is finished: %w", what, gomoku.ErrConflict)
	}
	return fmt.Errorf("%s: not the next ply: %w", what, gomoku.ErrConflict)
}

// lockGame locks a game's row for the rest of tx. ErrNotFound.
func lockGame(ctx context.Context, tx pgx.Tx, gameID int64) error {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM games WHERE id = $1 FOR UPDATE`, gameID).Scan(&id)
	return wrap(err, "lock game %d", gameID)
}

// rowQuerier is a pool or a transaction.
type rowQuerier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// undoMoves deletes the last n moves of a running game (a takeback).
func undoMoves(ctx context.Context, tx pgx.Tx, gameID int64, n int) error {
	what := fmt.Sprintf("undo %d moves of game %d", n, gameID)
	var finished bool
	err := tx.QueryRow(ctx, `SELECT finished FROM games WHERE id = $1 FOR UPDATE`, gameID).Scan(&finished)
	switch {
	case err != nil:
		return wrap(err, "%s", what)
	case finished:
		return fmt.Errorf("%s: game is finished: %w", what, gomoku.ErrConflict)
	}
	var plies int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM moves WHERE game_id = $1`, gameID).Scan(&plies); err != nil {
		return wrap(err, "%s", what)
	}
	if plies < n {
		return fmt.Errorf("%s: only %d stored: %w", what, plies, gomoku.ErrConflict)
	}
	_, err = tx.Exec(ctx, `DELETE FROM moves WHERE game_id = $1 AND ply > $2`, gameID, plies-n)
	return wrap(err, "%s", what)
}
