package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine/opening"
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
	g.paused_ply, g.paused_black_ms, g.paused_white_ms, g.opening`

const gameFrom = ` FROM games g
	LEFT JOIN accounts ba ON ba.id = g.black_account_id
	LEFT JOIN accounts wa ON wa.id = g.white_account_id`

// nullRating scans a nullable Rating stored as three columns.
type nullRating struct{ r, rd, vol sql.NullFloat64 }

func (n *nullRating) dest() []any { return []any{&n.r, &n.rd, &n.vol} }

func (n *nullRating) rating() gomoku.Rating {
	return gomoku.Rating{Rating: n.r.Float64, RD: n.rd.Float64, Volatility: n.vol.Float64}
}

func scanGame(row rowScanner) (gomoku.Game, error) {
	var g gomoku.Game
	var blackID, whiteID, ended sql.NullInt64
	var blackName, whiteName, rule, winner, reason string
	var started int64
	var bb, ba, wb, wa nullRating
	dest := []any{&g.ID, &rule, &g.Size, &g.Clock.MainMS, &g.Clock.IncrementMS, &g.Clock.ByoYomiMS, &g.Rated,
		&blackID, &g.Black.Guest, &g.Black.Bot, &blackName,
		&whiteID, &g.White.Guest, &g.White.Bot, &whiteName,
		&started, &g.Finished, &winner, &reason, &ended}
	dest = append(dest, bb.dest()...)
	dest = append(dest, ba.dest()...)
	dest = append(dest, wb.dest()...)
	dest = append(dest, wa.dest()...)
	var pausedPly, pausedBlack, pausedWhite sql.NullInt64
	var open string
	dest = append(dest, &g.Plies, &pausedPly, &pausedBlack, &pausedWhite, &open)
	if err := row.Scan(dest...); err != nil {
		return g, err
	}
	var err error
	if g.Opening, err = opening.ParseKind(open); err != nil {
		return g, fmt.Errorf("game %d: %w", g.ID, err)
	}
	if err := g.ParseText(rule, winner, reason); err != nil {
		return g, err
	}
	if pausedPly.Valid {
		g.Paused = &gomoku.PausedClocks{Ply: int(pausedPly.Int64), BlackMS: pausedBlack.Int64, WhiteMS: pausedWhite.Int64}
	}
	g.Black.AccountID, g.White.AccountID = blackID.Int64, whiteID.Int64
	g.Black, g.White = g.Black.Named(blackName), g.White.Named(whiteName)
	g.StartedAt, g.EndedAt = fromMS(started), fromNullMS(ended)
	g.BlackRating = gomoku.RatingChange{Before: bb.rating(), After: ba.rating()}
	g.WhiteRating = gomoku.RatingChange{Before: wb.rating(), After: wa.rating()}
	return g, nil
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id > 0} }

// PauseClocks implements gomoku.Store.
func (db *DB) PauseClocks(ctx context.Context, gameID int64, p gomoku.PausedClocks) error {
	res, err := db.w.ExecContext(ctx, `UPDATE games SET paused_ply = ?, paused_black_ms = ?, paused_white_ms = ?
		WHERE id = ? AND NOT finished`, p.Ply, p.BlackMS, p.WhiteMS, gameID)
	return affected(res, err, "pause clocks of game %d", gameID)
}

// CreateGame implements gomoku.Store.
func (db *DB) CreateGame(ctx context.Context, n gomoku.NewGame) (int64, error) {
	if err := n.Validate(); err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	var id int64
	err := db.w.QueryRowContext(ctx, `INSERT INTO games (rule, size, main_ms, increment_ms, byoyomi_ms, rated,
		black_account_id, black_guest, black_bot, white_account_id, white_guest, white_bot, started_at, opening)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		n.Rule.String(), n.Size, n.Clock.MainMS, n.Clock.IncrementMS, n.Clock.ByoYomiMS, n.Rated,
		nullID(n.Black.AccountID), n.Black.Guest, n.Black.Bot,
		nullID(n.White.AccountID), n.White.Guest, n.White.Bot, ms(gomoku.OrNow(n.StartedAt)), n.Opening.String()).Scan(&id)
	if isForeignKey(err) {
		return 0, fmt.Errorf("create game: player account: %w", gomoku.ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	return id, nil
}

// GameByID implements gomoku.Store. The game and its moves are read in one
// snapshot.
func (db *DB) GameByID(ctx context.Context, id int64) (gomoku.Game, error) {
	var g gomoku.Game
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
		opens, err := loadOpenings(ctx, tx, `WHERE o.game_id = ?`, id)
		if err != nil {
			return fmt.Errorf("game %d: %w", id, err)
		}
		g.OpeningLog = opens[id]
		return nil
	})
	return g, err
}

// ActiveGames implements gomoku.Store. Games and moves are read in one
// snapshot.
func (db *DB) ActiveGames(ctx context.Context) ([]gomoku.Game, error) {
	var games []gomoku.Game
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
		opens, err := loadOpenings(ctx, tx, `JOIN games g ON g.id = o.game_id WHERE g.finished = 0`)
		if err != nil {
			return err
		}
		for i := range games {
			games[i].Moves = moves[games[i].ID]
			games[i].OpeningLog = opens[games[i].ID]
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("active games: %w", err)
	}
	return games, nil
}

// GamesByAccount implements gomoku.Store.
func (db *DB) GamesByAccount(ctx context.Context, accountID int64, limit, offset int) ([]gomoku.Game, error) {
	games, err := loadGames(ctx, db.r, `WHERE g.black_account_id = ?1 OR g.white_account_id = ?1
		ORDER BY g.started_at DESC, g.id DESC LIMIT ?2 OFFSET ?3`, accountID, limitOr(limit, 50), max(offset, 0))
	if err != nil {
		return nil, fmt.Errorf("games of account %d: %w", accountID, err)
	}
	return games, nil
}

func loadGames(ctx context.Context, q queryer, where string, args ...any) ([]gomoku.Game, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+gameColumns+gameFrom+" "+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []gomoku.Game
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
func loadMoves(ctx context.Context, q queryer, where string, args ...any) (map[int64][]gomoku.Move, error) {
	rows, err := q.QueryContext(ctx, `SELECT m.game_id, m.ply, m.x, m.y, m.color,
		m.black_clock_ms, m.white_clock_ms, m.spent_ms, m.at FROM moves m `+where+
		` ORDER BY m.game_id, m.ply`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[int64][]gomoku.Move)
	for rows.Next() {
		var id, at int64
		var color string
		var m gomoku.Move
		if err := rows.Scan(&id, &m.Ply, &m.Point.X, &m.Point.Y, &color,
			&m.BlackClockMS, &m.WhiteClockMS, &m.SpentMS, &at); err != nil {
			return nil, err
		}
		var err error
		if m.Color, err = gomoku.ParseColorName(color); err != nil {
			return nil, fmt.Errorf("game %d ply %d: %w", id, m.Ply, err)
		}
		m.At = fromMS(at)
		out[id] = append(out[id], m)
	}
	return out, rows.Err()
}
