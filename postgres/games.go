package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gomokud/gomoku/server"
)

const gameColumns = `g.id, g.rule, g.size, g.main_ms, g.increment_ms, g.byoyomi_ms, g.rated,
	g.black_account_id, g.black_guest, g.black_bot, coalesce(ba.username, '') AS black_name,
	g.white_account_id, g.white_guest, g.white_bot, coalesce(wa.username, '') AS white_name,
	g.started_at, g.finished, g.winner, g.reason, g.ended_at,
	g.black_before_rating, g.black_before_rd, g.black_before_vol,
	g.black_after_rating, g.black_after_rd, g.black_after_vol,
	g.white_before_rating, g.white_before_rd, g.white_before_vol,
	g.white_after_rating, g.white_after_rd, g.white_after_vol,
	(SELECT count(*) FROM moves m WHERE m.game_id = g.id) AS plies,
	g.paused_ply, g.paused_black_ms, g.paused_white_ms`

const gameFrom = ` FROM games g
	LEFT JOIN accounts ba ON ba.id = g.black_account_id
	LEFT JOIN accounts wa ON wa.id = g.white_account_id`

type gameRow struct {
	ID             int64      `db:"id"`
	Rule           string     `db:"rule"`
	Size           int        `db:"size"`
	MainMS         int64      `db:"main_ms"`
	IncrementMS    int64      `db:"increment_ms"`
	ByoYomiMS      int64      `db:"byoyomi_ms"`
	Rated          bool       `db:"rated"`
	BlackAccountID *int64     `db:"black_account_id"`
	BlackGuest     string     `db:"black_guest"`
	BlackBot       string     `db:"black_bot"`
	BlackName      string     `db:"black_name"`
	WhiteAccountID *int64     `db:"white_account_id"`
	WhiteGuest     string     `db:"white_guest"`
	WhiteBot       string     `db:"white_bot"`
	WhiteName      string     `db:"white_name"`
	StartedAt      time.Time  `db:"started_at"`
	Finished       bool       `db:"finished"`
	Winner         string     `db:"winner"`
	Reason         string     `db:"reason"`
	EndedAt        *time.Time `db:"ended_at"`
	BBRating       *float64   `db:"black_before_rating"`
	BBRD           *float64   `db:"black_before_rd"`
	BBVol          *float64   `db:"black_before_vol"`
	BARating       *float64   `db:"black_after_rating"`
	BARD           *float64   `db:"black_after_rd"`
	BAVol          *float64   `db:"black_after_vol"`
	WBRating       *float64   `db:"white_before_rating"`
	WBRD           *float64   `db:"white_before_rd"`
	WBVol          *float64   `db:"white_before_vol"`
	WARating       *float64   `db:"white_after_rating"`
	WARD           *float64   `db:"white_after_rd"`
	WAVol          *float64   `db:"white_after_vol"`
	Plies          int        `db:"plies"`
	PausedPly      *int       `db:"paused_ply"`
	PausedBlackMS  *int64     `db:"paused_black_ms"`
	PausedWhiteMS  *int64     `db:"paused_white_ms"`
}

func f64(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

func id64(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

func rating(r, rd, vol *float64) server.Rating {
	return server.Rating{Rating: f64(r), RD: f64(rd), Volatility: f64(vol)}
}

func (r gameRow) game() server.Game {
	return server.Game{
		ID: r.ID, Rule: r.Rule, Size: r.Size,
		Clock:     server.TimeControl{MainMS: r.MainMS, IncrementMS: r.IncrementMS, ByoYomiMS: r.ByoYomiMS},
		Rated:     r.Rated,
		Black:     server.Player{AccountID: id64(r.BlackAccountID), Guest: r.BlackGuest, Bot: r.BlackBot}.Named(r.BlackName),
		White:     server.Player{AccountID: id64(r.WhiteAccountID), Guest: r.WhiteGuest, Bot: r.WhiteBot}.Named(r.WhiteName),
		StartedAt: utc(r.StartedAt),
		Finished:  r.Finished, Winner: r.Winner, Reason: r.Reason, EndedAt: utcPtr(r.EndedAt),
		BlackRating: server.RatingChange{
			Before: rating(r.BBRating, r.BBRD, r.BBVol), After: rating(r.BARating, r.BARD, r.BAVol)},
		WhiteRating: server.RatingChange{
			Before: rating(r.WBRating, r.WBRD, r.WBVol), After: rating(r.WARating, r.WARD, r.WAVol)},
		Plies: r.Plies, Paused: r.paused(),
	}
}

func (r gameRow) paused() *server.PausedClocks {
	if r.PausedPly == nil {
		return nil
	}
	return &server.PausedClocks{Ply: *r.PausedPly, BlackMS: id64(r.PausedBlackMS), WhiteMS: id64(r.PausedWhiteMS)}
}

func loadGames(ctx context.Context, q querier, where string, args ...any) ([]server.Game, error) {
	rows, err := q.Query(ctx, `SELECT `+gameColumns+gameFrom+" "+where, args...)
	if err != nil {
		return nil, err
	}
	rs, err := pgx.CollectRows(rows, pgx.RowToStructByName[gameRow])
	if err != nil {
		return nil, err
	}
	out := make([]server.Game, len(rs))
	for i, r := range rs {
		out[i] = r.game()
	}
	return out, nil
}

func oneGame(ctx context.Context, q querier, where string, args ...any) (server.Game, error) {
	rows, err := q.Query(ctx, `SELECT `+gameColumns+gameFrom+" "+where, args...)
	if err != nil {
		return server.Game{}, err
	}
	r, err := pgx.CollectOneRow(rows, pgx.RowToStructByName[gameRow])
	if err != nil {
		return server.Game{}, err
	}
	return r.game(), nil
}

type moveRow struct {
	GameID       int64     `db:"game_id"`
	Ply          int       `db:"ply"`
	X            int       `db:"x"`
	Y            int       `db:"y"`
	Color        string    `db:"color"`
	BlackClockMS int64     `db:"black_clock_ms"`
	WhiteClockMS int64     `db:"white_clock_ms"`
	SpentMS      int64     `db:"spent_ms"`
	At           time.Time `db:"at"`
}

// loadMoves loads moves selected by where (over "moves m"), grouped by game
// in ply order.
func loadMoves(ctx context.Context, q querier, where string, args ...any) (map[int64][]server.Move, error) {
	rows, err := q.Query(ctx, `SELECT m.game_id, m.ply, m.x, m.y, m.color,
		m.black_clock_ms, m.white_clock_ms, m.spent_ms, m.at FROM moves m `+where+
		` ORDER BY m.game_id, m.ply`, args...)
	if err != nil {
		return nil, err
	}
	rs, err := pgx.CollectRows(rows, pgx.RowToStructByName[moveRow])
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]server.Move)
	for _, r := range rs {
		out[r.GameID] = append(out[r.GameID], server.Move{
			Ply: r.Ply, X: r.X, Y: r.Y, Color: r.Color,
			BlackClockMS: r.BlackClockMS, WhiteClockMS: r.WhiteClockMS, SpentMS: r.SpentMS, At: utc(r.At),
		})
	}
	return out, nil
}

// snapshot runs fn in a read-only REPEATABLE READ transaction: one
// consistent view across its queries.
func (db *DB) snapshot(ctx context.Context, fn func(pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, db.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, fn)
}

// PauseClocks implements server.Store.
func (db *DB) PauseClocks(ctx context.Context, gameID int64, p server.PausedClocks) error {
	tag, err := db.pool.Exec(ctx, `UPDATE games SET paused_ply = $1, paused_black_ms = $2, paused_white_ms = $3
		WHERE id = $4 AND NOT finished`, p.Ply, p.BlackMS, p.WhiteMS, gameID)
	if err == nil && tag.RowsAffected() == 0 {
		err = pgx.ErrNoRows
	}
	return wrap(err, "pause clocks of game %d", gameID)
}

// CreateGame implements server.Store.
func (db *DB) CreateGame(ctx context.Context, n server.NewGame) (int64, error) {
	if err := n.Validate(); err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	var id int64
	err := db.pool.QueryRow(ctx, `INSERT INTO games (rule, size, main_ms, increment_ms, byoyomi_ms, rated,
		black_account_id, black_guest, black_bot, white_account_id, white_guest, white_bot, started_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
		n.Rule, n.Size, n.Clock.MainMS, n.Clock.IncrementMS, n.Clock.ByoYomiMS, n.Rated,
		nullID(n.Black.AccountID), n.Black.Guest, n.Black.Bot,
		nullID(n.White.AccountID), n.White.Guest, n.White.Bot, server.OrNow(n.StartedAt)).Scan(&id)
	if pgCode(err) == foreignKeyViolation {
		return 0, fmt.Errorf("create game: player account: %w", server.ErrNotFound)
	}
	return id, wrap(err, "create game")
}

// appendMoveSQL stores a move only when the game runs and the ply is the
// next one. The game row is share-locked so the insert serialises with a
// concurrent FinishGame.
const appendMoveSQL = `INSERT INTO moves
	(game_id, ply, x, y, color, black_clock_ms, white_clock_ms, spent_ms, at)
	SELECT g.id, $2, $3, $4, $5, $6, $7, $8, $9 FROM games g
	WHERE g.id = $1 AND NOT g.finished
	AND $2 = 1 + coalesce((SELECT max(ply) FROM moves WHERE game_id = $1), 0)
	FOR SHARE OF g`

func appendMoveArgs(gameID int64, m server.Move) []any {
	return []any{gameID, m.Ply, m.X, m.Y, m.Color, m.BlackClockMS, m.WhiteClockMS, m.SpentMS, server.OrNow(m.At)}
}

// appendOne stores one move in its own statement (committed on return).
func (db *DB) appendOne(ctx context.Context, gameID int64, m server.Move) error {
	what := fmt.Sprintf("append move %d to game %d", m.Ply, gameID)
	tag, err := db.pool.Exec(ctx, appendMoveSQL, appendMoveArgs(gameID, m)...)
	if pgCode(err) == uniqueViolation {
		return fmt.Errorf("%s: %w", what, server.ErrConflict)
	}
	if err != nil {
		return wrap(err, "%s", what)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	return db.whyNotAppended(ctx, gameID, what)
}

// whyNotAppended says why a move was not inserted.
func (db *DB) whyNotAppended(ctx context.Context, gameID int64, what string) error {
	var finished bool
	err := db.pool.QueryRow(ctx, `SELECT finished FROM games WHERE id = $1`, gameID).Scan(&finished)
	switch {
	case err != nil:
		return wrap(err, "%s", what)
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
	return pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		var finished bool
		err := tx.QueryRow(ctx, `SELECT finished FROM games WHERE id = $1 FOR UPDATE`, gameID).Scan(&finished)
		switch {
		case err != nil:
			return wrap(err, "%s", what)
		case finished:
			return fmt.Errorf("%s: game is finished: %w", what, server.ErrConflict)
		}
		var plies int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM moves WHERE game_id = $1`, gameID).Scan(&plies); err != nil {
			return wrap(err, "%s", what)
		}
		if plies < n {
			return fmt.Errorf("%s: only %d stored: %w", what, plies, server.ErrConflict)
		}
		_, err = tx.Exec(ctx, `DELETE FROM moves WHERE game_id = $1 AND ply > $2`, gameID, plies-n)
		return wrap(err, "%s", what)
	})
}

// GameByID implements server.Store.
func (db *DB) GameByID(ctx context.Context, id int64) (server.Game, error) {
	var g server.Game
	err := db.snapshot(ctx, func(tx pgx.Tx) error {
		var err error
		if g, err = oneGame(ctx, tx, `WHERE g.id = $1`, id); err != nil {
			return err
		}
		moves, err := loadMoves(ctx, tx, `WHERE m.game_id = $1`, id)
		g.Moves = moves[id]
		return err
	})
	return g, wrap(err, "game %d", id)
}

// ActiveGames implements server.Store.
func (db *DB) ActiveGames(ctx context.Context) ([]server.Game, error) {
	var games []server.Game
	err := db.snapshot(ctx, func(tx pgx.Tx) error {
		var err error
		if games, err = loadGames(ctx, tx, `WHERE NOT g.finished ORDER BY g.id`); err != nil {
			return err
		}
		moves, err := loadMoves(ctx, tx, `JOIN games g ON g.id = m.game_id WHERE NOT g.finished`)
		for i := range games {
			games[i].Moves = moves[games[i].ID]
		}
		return err
	})
	if err != nil {
		return nil, wrap(err, "active games")
	}
	return games, nil
}

// GamesByAccount implements server.Store.
func (db *DB) GamesByAccount(ctx context.Context, accountID int64, limit, offset int) ([]server.Game, error) {
	games, err := loadGames(ctx, db.pool, `WHERE g.black_account_id = $1 OR g.white_account_id = $1
		ORDER BY g.started_at DESC, g.id DESC LIMIT $2 OFFSET $3`, accountID, limitOr(limit, 50), max(offset, 0))
	if err != nil {
		return nil, wrap(err, "games of account %d", accountID)
	}
	return games, nil
}
