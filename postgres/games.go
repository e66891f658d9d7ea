package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
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
	g.paused_ply, g.paused_black_ms, g.paused_white_ms, g.opening`

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
	Opening        string     `db:"opening"`
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

func rating(r, rd, vol *float64) gomoku.Rating {
	return gomoku.Rating{Rating: f64(r), RD: f64(rd), Volatility: f64(vol)}
}

func (r gameRow) game() (gomoku.Game, error) {
	g := gomoku.Game{
		ID: r.ID, Size: r.Size,
		Clock:     gomoku.TimeControl{MainMS: r.MainMS, IncrementMS: r.IncrementMS, ByoYomiMS: r.ByoYomiMS},
		Rated:     r.Rated,
		Black:     gomoku.Player{AccountID: id64(r.BlackAccountID), Guest: r.BlackGuest, Bot: r.BlackBot}.Named(r.BlackName),
		White:     gomoku.Player{AccountID: id64(r.WhiteAccountID), Guest: r.WhiteGuest, Bot: r.WhiteBot}.Named(r.WhiteName),
		StartedAt: utc(r.StartedAt),
		Finished:  r.Finished, EndedAt: utcPtr(r.EndedAt),
		BlackRating: gomoku.RatingChange{
			Before: rating(r.BBRating, r.BBRD, r.BBVol), After: rating(r.BARating, r.BARD, r.BAVol)},
		WhiteRating: gomoku.RatingChange{
			Before: rating(r.WBRating, r.WBRD, r.WBVol), After: rating(r.WARating, r.WARD, r.WAVol)},
		Plies: r.Plies, Paused: r.paused(),
	}
	var err error
	if g.Opening, err = opening.ParseKind(r.Opening); err != nil {
		return g, fmt.Errorf("game %d: %w", g.ID, err)
	}
	return g, g.ParseText(r.Rule, r.Winner, r.Reason)
}

func (r gameRow) paused() *gomoku.PausedClocks {
	if r.PausedPly == nil {
		return nil
	}
	return &gomoku.PausedClocks{Ply: *r.PausedPly, BlackMS: id64(r.PausedBlackMS), WhiteMS: id64(r.PausedWhiteMS)}
}

func loadGames(ctx context.Context, q querier, where string, args ...any) ([]gomoku.Game, error) {
	rows, err := q.Query(ctx, `SELECT `+gameColumns+gameFrom+" "+where, args...)
	if err != nil {
		return nil, err
	}
	rs, err := pgx.CollectRows(rows, pgx.RowToStructByName[gameRow])
	if err != nil {
		return nil, err
	}
	out := make([]gomoku.Game, len(rs))
	for i, r := range rs {
		if out[i], err = r.game(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func oneGame(ctx context.Context, q querier, where string, args ...any) (gomoku.Game, error) {
	rows, err := q.Query(ctx, `SELECT `+gameColumns+gameFrom+" "+where, args...)
	if err != nil {
		return gomoku.Game{}, err
	}
	r, err := pgx.CollectOneRow(rows, pgx.RowToStructByName[gameRow])
	if err != nil {
		return gomoku.Game{}, err
	}
	return r.game()
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
func loadMoves(ctx context.Context, q querier, where string, args ...any) (map[int64][]gomoku.Move, error) {
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
	out := make(map[int64][]gomoku.Move)
	for _, r := range rs {
		c, err := gomoku.ParseColorName(r.Color)
		if err != nil {
			return nil, fmt.Errorf("game %d ply %d: %w", r.GameID, r.Ply, err)
		}
		out[r.GameID] = append(out[r.GameID], gomoku.Move{
			Ply: r.Ply, Point: engine.Point{X: r.X, Y: r.Y}, Color: c,
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

// PauseClocks implements gomoku.Store.
func (db *DB) PauseClocks(ctx context.Context, gameID int64, p gomoku.PausedClocks) error {
	tag, err := db.pool.Exec(ctx, `UPDATE games SET paused_ply = $1, paused_black_ms = $2, paused_white_ms = $3
		WHERE id = $4 AND NOT finished`, p.Ply, p.BlackMS, p.WhiteMS, gameID)
	if err == nil && tag.RowsAffected() == 0 {
		err = pgx.ErrNoRows
	}
	return wrap(err, "pause clocks of game %d", gameID)
}

// CreateGame implements gomoku.Store.
func (db *DB) CreateGame(ctx context.Context, n gomoku.NewGame) (int64, error) {
	if err := n.Validate(); err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	var id int64
	err := db.pool.QueryRow(ctx, `INSERT INTO games (rule, size, main_ms, increment_ms, byoyomi_ms, rated,
		black_account_id, black_guest, black_bot, white_account_id, white_guest, white_bot, started_at, opening)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
		n.Rule.String(), n.Size, n.Clock.MainMS, n.Clock.IncrementMS, n.Clock.ByoYomiMS, n.Rated,
		nullID(n.Black.AccountID), n.Black.Guest, n.Black.Bot,
		nullID(n.White.AccountID), n.White.Guest, n.White.Bot, gomoku.OrNow(n.StartedAt), n.Opening.String()).Scan(&id)
	if pgCode(err) == foreignKeyViolation {
		return 0, fmt.Errorf("create game: player account: %w", gomoku.ErrNotFound)
	}
	return id, wrap(err, "create game")
}

// GameByID implements gomoku.Store.
func (db *DB) GameByID(ctx context.Context, id int64) (gomoku.Game, error) {
	var g gomoku.Game
	err := db.snapshot(ctx, func(tx pgx.Tx) error {
		var err error
		if g, err = oneGame(ctx, tx, `WHERE g.id = $1`, id); err != nil {
			return err
		}
		moves, err := loadMoves(ctx, tx, `WHERE m.game_id = $1`, id)
		if err != nil {
			return err
		}
		g.Moves = moves[id]
		opens, err := loadOpenings(ctx, tx, `WHERE o.game_id = $1`, id)
		g.OpeningLog = opens[id]
		return err
	})
	return g, wrap(err, "game %d", id)
}

// ActiveGames implements gomoku.Store.
func (db *DB) ActiveGames(ctx context.Context) ([]gomoku.Game, error) {
	var games []gomoku.Game
	err := db.snapshot(ctx, func(tx pgx.Tx) error {
		var err error
		if games, err = loadGames(ctx, tx, `WHERE NOT g.finished ORDER BY g.id`); err != nil {
			return err
		}
		moves, err := loadMoves(ctx, tx, `JOIN games g ON g.id = m.game_id WHERE NOT g.finished`)
		if err != nil {
			return err
		}
		opens, err := loadOpenings(ctx, tx, `JOIN games g ON g.id = o.game_id WHERE NOT g.finished`)
		for i := range games {
			games[i].Moves = moves[games[i].ID]
			games[i].OpeningLog = opens[games[i].ID]
		}
		return err
	})
	if err != nil {
		return nil, wrap(err, "active games")
	}
	return games, nil
}

// GamesByAccount implements gomoku.Store.
func (db *DB) GamesByAccount(ctx context.Context, accountID int64, limit, offset int) ([]gomoku.Game, error) {
	games, err := loadGames(ctx, db.pool, `WHERE g.black_account_id = $1 OR g.white_account_id = $1
		ORDER BY g.started_at DESC, g.id DESC LIMIT $2 OFFSET $3`, accountID, limitOr(limit, 50), max(offset, 0))
	if err != nil {
		return nil, wrap(err, "games of account %d", accountID)
	}
	return games, nil
}
