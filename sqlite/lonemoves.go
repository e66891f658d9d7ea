package sqlite

import (
	"context"
	"database/sql"
	"strconv"

	"github.com/gomokud/gomoku"
)

// insertMovesSQL inserts a batch's lone moves in one statement: ?1 is a
// JSON array of [game_id, ply, x, y, color, black_clock_ms,
// white_clock_ms, spent_ms, at] rows. Each row is inserted only if its game
// runs and its ply is next, as appendMoveSQL does for one move. SQLite
// reads the whole SELECT before inserting (it reads the table it inserts
// into), so every row is checked against the state before the statement.
const insertMovesSQL = `WITH m(v) AS MATERIALIZED (SELECT value FROM json_each(?1))
	INSERT INTO moves (game_id, ply, x, y, color, black_clock_ms, white_clock_ms, spent_ms, at)
	SELECT g.id, v ->> 1, v ->> 2, v ->> 3, v ->> 4, v ->> 5, v ->> 6, v ->> 7, v ->> 8
	FROM m CROSS JOIN games g ON g.id = v ->> 0
	WHERE g.finished = 0
	AND v ->> 1 = 1 + coalesce((SELECT max(ply) FROM moves WHERE game_id = g.id), 0)`

// loneMoves builds the batch insert's argument. The writer owns it: batches
// are committed one at a time.
type loneMoves struct {
	buf []byte
	n   int
}

func (l *loneMoves) reset() {
	l.buf = append(l.buf[:0], '[')
	l.n = 0
}

func (l *loneMoves) add(gameID int64, m gomoku.Move) {
	if l.n > 0 {
		l.buf = append(l.buf, ',')
	}
	l.n++
	b := append(l.buf, '[')
	for i, v := range [...]int64{gameID, int64(m.Ply), int64(m.Point.X), int64(m.Point.Y)} {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, v, 10)
	}
	b = append(b, `,"`...)
	b = append(b, gomoku.ColorName(m.Color)...)
	b = append(b, '"')
	for _, v := range [...]int64{m.BlackClockMS, m.WhiteClockMS, m.SpentMS, ms(gomoku.OrNow(m.At))} {
		b = append(b, ',')
		b = strconv.AppendInt(b, v, 10)
	}
	l.buf = append(b, ']')
}

// insertLoneMoves inserts the batch's lone moves (the commits that are one
// move and nothing else: almost all of them) in one statement when there
// are two or more, and marks them done. The statement counts per batch, not per move: at thousands of
// moves a second, database/sql's work per statement (its argument slice,
// its result) was a third of the bytes the server allocated per move.
//
// All or nothing: if any move is refused (a finished game, a ply that is not
// next, a conflict), the statement is rolled back and every lone move is
// left to applyOne, which gives each its own answer.
func (db *DB) insertLoneMoves(ctx context.Context, tx *sql.Tx, batch []*commitReq, done []bool) error {
	picked := 0
	for i, r := range batch {
		// Picked once: a deadline passing meanwhile must not unmark a stored move.
		if done[i] = r.In.c.LoneMove() && r.Ctx.Err() == nil; done[i] {
			picked++
		}
	}
	if picked < 2 {
		clear(done) // one move: appendMove alone is cheaper than a savepoint and JSON
		return nil
	}
	l := &db.lone
	l.reset()
	for i, r := range batch {
		if done[i] {
			l.add(r.In.gameID, r.In.c.Moves[0])
		}
	}
	l.buf = append(l.buf, ']')
	if _, err := tx.ExecContext(ctx, `SAVEPOINT lone_moves`); err != nil {
		return err
	}
	res, err := tx.StmtContext(ctx, db.insertMoves).ExecContext(ctx, string(l.buf))
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	if err != nil || n != int64(l.n) {
		clear(done)
		if _, err := tx.ExecContext(ctx, `ROLLBACK TO lone_moves`); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `RELEASE lone_moves`)
		return err
	}
	_, err = tx.ExecContext(ctx, `RELEASE lone_moves`)
	return err
}
