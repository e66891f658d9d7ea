package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gomokud/gomoku"
)

const accountColumns = `id, username, password_hash, created_at, last_login_at,
	rating, rd, volatility, games, wins, losses, draws, rated_games`

type accountRow struct {
	ID           int64      `db:"id"`
	Username     string     `db:"username"`
	PasswordHash string     `db:"password_hash"`
	CreatedAt    time.Time  `db:"created_at"`
	LastLoginAt  *time.Time `db:"last_login_at"`
	Rating       float64    `db:"rating"`
	RD           float64    `db:"rd"`
	Volatility   float64    `db:"volatility"`
	Games        int        `db:"games"`
	Wins         int        `db:"wins"`
	Losses       int        `db:"losses"`
	Draws        int        `db:"draws"`
	RatedGames   int        `db:"rated_games"`
}

func (r accountRow) account() gomoku.Account {
	return gomoku.Account{
		ID: r.ID, Username: r.Username, PasswordHash: r.PasswordHash,
		CreatedAt: utc(r.CreatedAt), LastLoginAt: utcPtr(r.LastLoginAt),
		Rating: gomoku.Rating{Rating: r.Rating, RD: r.RD, Volatility: r.Volatility},
		Games:  r.Games, Wins: r.Wins, Losses: r.Losses, Draws: r.Draws, RatedGames: r.RatedGames,
	}
}

// querier is a *pgxpool.Pool or a pgx.Tx.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// oneAccount runs a query returning accountColumns and collects one row.
func oneAccount(ctx context.Context, q querier, sql string, args ...any) (gomoku.Account, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return gomoku.Account{}, err
	}
	r, err := pgx.CollectOneRow(rows, pgx.RowToStructByName[accountRow])
	if err != nil {
		return gomoku.Account{}, err
	}
	return r.account(), nil
}

// CreateAccount implements gomoku.Store.
func (db *DB) CreateAccount(ctx context.Context, n gomoku.NewAccount) (gomoku.Account, error) {
	if n.Username == "" || n.PasswordHash == "" {
		return gomoku.Account{}, fmt.Errorf("create account: %w: empty username or password hash", gomoku.ErrInvalid)
	}
	r := n.Rating
	if r == (gomoku.Rating{}) {
		r = gomoku.DefaultRating
	}
	a, err := oneAccount(ctx, db.pool, `INSERT INTO accounts
		(username, password_hash, created_at, rating, rd, volatility)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING `+accountColumns,
		n.Username, n.PasswordHash, gomoku.OrNow(n.CreatedAt), r.Rating, r.RD, r.Volatility)
	if pgCode(err) == uniqueViolation {
		return a, fmt.Errorf("create account %q: %w", n.Username, gomoku.ErrUsernameTaken)
	}
	return a, wrap(err, "create account %q", n.Username)
}

// AccountByName implements gomoku.Store (lower(username) is uniquely
// indexed).
func (db *DB) AccountByName(ctx context.Context, username string) (gomoku.Account, error) {
	a, err := oneAccount(ctx, db.pool, `SELECT `+accountColumns+` FROM accounts
		WHERE lower(username) = lower($1)`, username)
	return a, wrap(err, "account %q", username)
}

// AccountByID implements gomoku.Store.
func (db *DB) AccountByID(ctx context.Context, id int64) (gomoku.Account, error) {
	a, err := oneAccount(ctx, db.pool, `SELECT `+accountColumns+` FROM accounts WHERE id = $1`, id)
	return a, wrap(err, "account %d", id)
}

// TouchLogin implements gomoku.Store.
func (db *DB) TouchLogin(ctx context.Context, id int64, at time.Time) error {
	tag, err := db.pool.Exec(ctx, `UPDATE accounts SET last_login_at = $1 WHERE id = $2`, gomoku.OrNow(at), id)
	if err == nil && tag.RowsAffected() == 0 {
		err = pgx.ErrNoRows
	}
	return wrap(err, "touch login of account %d", id)
}

// CreateSession implements gomoku.Store.
func (db *DB) CreateSession(ctx context.Context, tokenHash string, accountID int64, expires time.Time) error {
	if tokenHash == "" {
		return fmt.Errorf("create session: %w: empty token hash", gomoku.ErrInvalid)
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
		VALUES ($1, $2, $3, $4)`, tokenHash, accountID, gomoku.OrNow(time.Time{}), expires)
	switch pgCode(err) {
	case uniqueViolation:
		return fmt.Errorf("create session for account %d: %w", accountID, gomoku.ErrConflict)
	case foreignKeyViolation:
		return fmt.Errorf("create session for account %d: %w", accountID, gomoku.ErrNotFound)
	}
	return wrap(err, "create session for account %d", accountID)
}

// SessionAccount implements gomoku.Store.
func (db *DB) SessionAccount(ctx context.Context, tokenHash string) (gomoku.Account, error) {
	a, err := oneAccount(ctx, db.pool, `SELECT `+accountColumns+` FROM accounts
		WHERE id = (SELECT account_id FROM sessions WHERE token_hash = $1 AND expires_at > $2)`,
		tokenHash, time.Now())
	return a, wrap(err, "session")
}

// DeleteSession implements gomoku.Store.
func (db *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := db.pool.Exec(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
	return wrap(err, "delete session")
}

// DeleteExpiredSessions implements gomoku.Store.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	var n int64
	for _, table := range []string{"sessions", "guest_sessions"} {
		tag, err := db.pool.Exec(ctx, `DELETE FROM `+table+` WHERE expires_at <= $1`, now)
		if err != nil {
			return n, wrap(err, "delete expired %s", table)
		}
		n += tag.RowsAffected()
	}
	return n, nil
}

// Leaderboard implements gomoku.Store.
func (db *DB) Leaderboard(ctx context.Context, limit int) ([]gomoku.Account, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+accountColumns+` FROM accounts
		WHERE rated_games > 0 AND deleted_at IS NULL ORDER BY rating DESC, rated_games DESC, id LIMIT $1`, limitOr(limit, 50))
	if err != nil {
		return nil, wrap(err, "leaderboard")
	}
	rs, err := pgx.CollectRows(rows, pgx.RowToStructByName[accountRow])
	if err != nil {
		return nil, wrap(err, "leaderboard")
	}
	out := make([]gomoku.Account, len(rs))
	for i, r := range rs {
		out[i] = r.account()
		out[i].PasswordHash = ""
	}
	return out, nil
}
