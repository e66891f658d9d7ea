package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/gomokud/gomoku/server"
)

const gameColumns = `g.id, g.rule, g.size, g.main_ms, g.increment_ms, g.byoyomi_ms, g.rated,
	g.black_account_id, g.black_guest, g.black_bot, coalesce(ba.username, ''),
	g.white_account_id, g.white_guest, g.white_bot, coalesce(wa.username, ''),
	g.started_at, g.finished, g.winner, g.reason, g.ended_at,
	g.black_before_rating, g.black_before_rd, g.black_before_vol,
	g.black_after_rating, g.black_after_rd, g.black_after_vol,
	g.white_before_rating, g.white_before_rd, g.white_before_vol,
	g.white_after_rating, g.white_after_rd, g.white_after_vol,
	(SELECT count(*) FROM moves m WHERE m.game_id = g.id),
	g.paused_ply, g.paused_black_ms, g.paused_white_ms`

const gameFrom = ` FROM games g
	LEFT JOIN accounts ba ON ba.id = g.black_account_id
	LEFT JOIN accounts wa ON wa.id = g.white_account_id`

// nullRating scans a nullable Rating stored as three columns.
type nullRating struct{ r, rd, vol sql.NullFloat64 }

func (n *nullRating) dest() []any { return []any{&n.r, &n.rd, &n.vol} }

func (n *nullRating) rating() server.Rating {
	return server.Rating{Rating: n.r.Float64, RD: n.rd.Float64, Volatility: n.vol.Float64}
}

func scanGame(row rowScanner) (server.Game, error) {
	var g server.Game
	var blackID, whiteID, ended sql.NullInt64
	var blackName, whiteName string
	var started int64
	var bb, ba, wb, wa nullRating
	dest := []any{&g.ID, &g.Rule, &g.Size, &g.Clock.MainMS, &g.Clock.IncrementMS, &g.Clock.ByoYomiMS, &g.Rated,
		&blackID, &g.Black.Guest, &g.Black.Bot, &blackName,
		&whiteID, &g.White.Guest, &g.White.Bot, &whiteName,
		&started, &g.Finished, &g.Winner, &g.Reason, &ended}
	dest = append(dest, bb.dest()...)
	dest = append(dest, ba.dest()...)
	dest = append(dest, wb.dest()...)
	dest = append(dest, wa.dest()...)
	var pausedPly, pausedBlack, pausedWhite sql.NullInt64
	dest = append(dest, &g.Plies, &pausedPly, &pausedBlack, &pausedWhite)
	if err := row.Scan(dest...); err != nil {
		return g, err
	}
	if pausedPly.Valid {
		g.Paused = &server.PausedClocks{Ply: int(pausedPly.Int64), BlackMS: pausedBlack.Int64, WhiteMS: pausedWhite.Int64}
	}
	g.Black.AccountID, g.White.AccountID = blackID.Int64, whiteID.Int64
	g.Black, g.White = g.Black.Named(blackName), g.White.Named(whiteName)
	g.StartedAt, g.EndedAt = fromMS(started), fromNullMS(ended)
	g.BlackRating = server.RatingChange{Before: bb.rating(), After: ba.rating()}
	g.WhiteRating = server.RatingChange{Before: wb.rating(), After: wa.rating()}
	return g, nil
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id > 0} }

// PauseClocks implements server.Store.
func (db *DB) PauseClocks(ctx context.Context, gameID int64, p server.PausedClocks) error {
	res, err := db.w.ExecContext(ctx, `UPDATE games SET paused_ply = ?, paused_black_ms = ?, paused_white_ms = ?
		WHERE id = ? AND NOT finished`, p.Ply, p.BlackMS, p.WhiteMS, gameID)
	return affected(res, err, "pause clocks of game %d", gameID)
}

// CreateGame implements server.Store.
func (db *DB) CreateGame(ctx context.Context, n server.NewGame) (int64, error) {
	if err := n.Validate(); err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	var id int64
	err := db.w.QueryRowContext(ctx, `INSERT INTO games (rule, size, main_ms, increment_ms, byoyomi_ms, rated,
		black_account_id, black_guest, black_bot, white_account_id, white_guest, white_bot, started_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		n.Rule, n.Size, n.Clock.MainMS, n.Clock.IncrementMS, n.Clock.ByoYomiMS, n.Rated,
		nullID(n.Black.AccountID), n.Black.Guest, n.Black.Bot,
		nullID(n.White.AccountID), n.White.Guest, n.White.Bot, ms(server.OrNow(n.StartedAt))).Scan(&id)
	if isForeignKey(err) {
		return 0, fmt.Errorf("create game: player account: %w", server.ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	return id, nil
}

// appendMoveSQL inserts the move only if the game runs and the ply is next.
const appendMoveSQL = `INSERT INTO moves
	(game_id, ply, x, y, color, black_clock_ms, white_clock_ms, spent_ms, at)
	SELECT g.id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 FROM games g
	WHERE g.id = ?1 AND g.finished = 0
	AND ?2 = 1 + coalesce((SELECT max(ply) FROM moves WHERE game_id = ?1), 0)`

// AppendMove implements server.Store: one INSERT that succeeds only when the
// game runs and m.Ply is the next ply. Concurrent calls are group-committed:
// the move writer inserts every waiting move in one transaction, and each
// call returns once the transaction holding its move has committed (or
// failed), so a move is as durable as before when AppendMove returns.
func (db *DB) AppendMove(ctx context.Context, gameID int64, m server.Move) error {
	if err := m.Validate(); err != nil {
		return fmt.Errorf("append move %d to game %d: %w", m.Ply, gameID, err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("append move %d to game %d: %w", m.Ply, gameID, err)
	}
	r := &moveReq{ctx: ctx, gameID: gameID, m: m, done: make(chan error, 1)}
	db.movesMu.RLock()
	if db.movesClosed {
		db.movesMu.RUnlock()
		return fmt.Errorf("append move %d to game %d: %w", m.Ply, gameID, sql.ErrConnDone)
	}
	select {
	case db.moves <- r:
		db.movesMu.RUnlock()
	case <-ctx.Done():
		db.movesMu.RUnlock()
		return fmt.Errorf("append move %d to game %d: %w", m.Ply, gameID, ctx.Err())
	}
	// Once queued, the move may be committed: wait for the outcome
	// (bounded by the writer's own timeout) rather than guess.
	return <-r.done
}

// moveReq is one AppendMove waiting for the move writer.
type moveReq struct {
	ctx    context.Context // a move whose caller gave up before its turn is not stored
	gameID int64
	m      server.Move
	done   chan error
}

// Group commit limits.
const (
	maxMoveBatch   = 256
	moveQueueDepth = 1024
)

// moveWriter commits the queued moves, as many as are waiting per
// transaction, until db.moves is closed.
func (db *DB) moveWriter() {
	defer close(db.movesDone)
	batch := make([]*moveReq, 0, maxMoveBatch)
	for first := range db.moves {
		batch = append(batch[:0], first)
	drain:
		for len(batch) < maxMoveBatch {
			select {
			case r, ok := <-db.moves:
				if !ok {
					break drain
				}
				batch = append(batch, r)
			default:
				break drain
			}
		}
		db.commitMoves(batch)
		db.catchUp()
	}
}

// commitMoves inserts a batch in one transaction. A move refused by its
// conditions (finished game, wrong ply, duplicate) fails alone: SQLite
// undoes only the failing statement.
//
// The statements run without a deadline: with a cancellable context the
// driver starts a watcher goroutine per statement, which at thousands of
// moves a second cost more than the insert. Nothing here can wait long: the
// writer is the only one writing (busy_timeout bounds a lock held by a
// checkpoint or another process) and an insert is a few B-tree steps.
func (db *DB) commitMoves(batch []*moveReq) {
	ctx := context.Background()
	errs := make([]error, len(batch))
	fail := func(err error) {
		for _, r := range batch {
			r.done <- fmt.Errorf("append move %d to game %d: %w", r.m.Ply, r.gameID, err)
		}
	}
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		fail(err)
		return
	}
	stmt := tx.StmtContext(ctx, db.appendMove)
	for i, r := range batch {
		errs[i] = db.insertMove(ctx, tx, stmt, r)
	}
	if err := tx.Commit(); err != nil {
		fail(err)
		return
	}
	for i, r := range batch {
		r.done <- errs[i]
	}
}

// insertMove inserts one move of a batch. Its error message is built only
// on failure: this runs for every move.
func (db *DB) insertMove(ctx context.Context, tx *sql.Tx, stmt *sql.Stmt, r *moveReq) error {
	m := r.m
	what := func() string { return fmt.Sprintf("append move %d to game %d", m.Ply, r.gameID) }
	if err := r.ctx.Err(); err != nil {
		return fmt.Errorf("%s: %w", what(), err)
	}
	res, err := stmt.ExecContext(ctx,
		r.gameID, m.Ply, m.X, m.Y, m.Color, m.BlackClockMS, m.WhiteClockMS, m.SpentMS, ms(server.OrNow(m.At)))
	switch {
	case isUnique(err):
		return fmt.Errorf("%s: %w", what(), server.ErrConflict)
	case err != nil:
		return fmt.Errorf("%s: %w", what(), err)
	}
	n, err := res.RowsAffected()
	switch {
	case err != nil:
		return fmt.Errorf("%s: %w", what(), err)
	case n != 1:
		return db.whyNot(ctx, tx, r.gameID, what())
	}
	return nil
}

// queryer is a *sql.DB or *sql.Tx.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// whyNot explains a refused write on a game: ErrNotFound for an unknown
// game, else ErrConflict (finished, or the ply/count does not fit).
func (db *DB) whyNot(ctx context.Context, q queryer, gameID int64, what string) error {
	var finished bool
	err := q.QueryRowContext(ctx, `SELECT finished FROM games WHERE id = ?`, gameID).Scan(&finished)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("%s: %w", what, server.ErrNotFound)
	case err != nil:
		return fmt.Errorf("%s: %w", what, err)
	case finished:
		return fmt.Errorf("%s: game is finished: %w", what, server.ErrConflict)
	}
	return fmt.Errorf("%s: not the next ply: %w", what, server.ErrConflict)
}

// UndoMoves implements server.Store.
func (db *DB) UndoMoves(ctx context.Context, gameID int64, n int) error {
	if n <= 0 {
		return nil
	}
	what := fmt.Sprintf("undo %d moves of game %d", n, gameID)
	return db.inTx(ctx, func(tx *sql.Tx) error {
		var finished bool
		var plies int
		err := tx.QueryRowContext(ctx, `SELECT finished, (SELECT count(*) FROM moves WHERE game_id = ?1)
			FROM games WHERE id = ?1`, gameID).Scan(&finished, &plies)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("%s: %w", what, server.ErrNotFound)
		case err != nil:
			return fmt.Errorf("%s: %w", what, err)
		case finished:
			return fmt.Errorf("%s: game is finished: %w", what, server.ErrConflict)
		case plies < n:
			return fmt.Errorf("%s: only %d stored: %w", what, plies, server.ErrConflict)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM moves WHERE game_id = ? AND ply > ?`, gameID, plies-n); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		return nil
	})
}

// GameByID implements server.Store. The game and its moves are read in one
// snapshot.
func (db *DB) GameByID(ctx context.Context, id int64) (server.Game, error) {
	var g server.Game
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		g, err = scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+gameFrom+` WHERE g.id = ?`, id))
		if err != nil {
			return notFound(err, "game %d", id)
		}
		moves, err := loadMoves(ctx, tx, `WHERE m.game_id = ?`, id)
		if err != nil {
			return fmt.Errorf("game %d: %w", id, err)
		}
		g.Moves = moves[id]
		return nil
	})
	return g, err
}

// ActiveGames implements server.Store. Games and moves are read in one
// snapshot.
func (db *DB) ActiveGames(ctx context.Context) ([]server.Game, error) {
	var games []server.Game
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		games, err = loadGames(ctx, tx, `WHERE g.finished = 0 ORDER BY g.id`)
		if err != nil {
			return err
		}
		moves, err := loadMoves(ctx, tx, `JOIN games g ON g.id = m.game_id WHERE g.finished = 0`)
		if err != nil {
			return err
		}
		for i := range games {
			games[i].Moves = moves[games[i].ID]
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("active games: %w", err)
	}
	return games, nil
}

// GamesByAccount implements server.Store.
func (db *DB) GamesByAccount(ctx context.Context, accountID int64, limit, offset int) ([]server.Game, error) {
	games, err := loadGames(ctx, db.r, `WHERE g.black_account_id = ?1 OR g.white_account_id = ?1
		ORDER BY g.started_at DESC, g.id DESC LIMIT ?2 OFFSET ?3`, accountID, limitOr(limit, 50), max(offset, 0))
	if err != nil {
		return nil, fmt.Errorf("games of account %d: %w", accountID, err)
	}
	return games, nil
}

func loadGames(ctx context.Context, q queryer, where string, args ...any) ([]server.Game, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+gameColumns+gameFrom+" "+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []server.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// moves loads moves selected by where (over "moves m"), grouped by game in
// ply order.
func loadMoves(ctx context.Context, q queryer, where string, args ...any) (map[int64][]server.Move, error) {
	rows, err := q.QueryContext(ctx, `SELECT m.game_id, m.ply, m.x, m.y, m.color,
		m.black_clock_ms, m.white_clock_ms, m.spent_ms, m.at FROM moves m `+where+
		` ORDER BY m.game_id, m.ply`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[int64][]server.Move)
	for rows.Next() {
		var id, at int64
		var m server.Move
		if err := rows.Scan(&id, &m.Ply, &m.X, &m.Y, &m.Color,
			&m.BlackClockMS, &m.WhiteClockMS, &m.SpentMS, &at); err != nil {
			return nil, err
		}
		m.At = fromMS(at)
		out[id] = append(out[id], m)
	}
	return out, rows.Err()
}
