package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/gomokud/gomoku"
)

const accountColumns = `id, username, password_hash, created_at, last_login_at,
	rating, rd, volatility, games, wins, losses, draws, rated_games`

type rowScanner interface {
	Scan(dest ...any) error
}

func scanAccount(row rowScanner) (gomoku.Account, error) {
	var a gomoku.Account
	var created int64
	var login sql.NullInt64
	err := row.Scan(&a.ID, &a.Username, &a.PasswordHash, &created, &login,
		&a.Rating.Rating, &a.Rating.RD, &a.Rating.Volatility,
		&a.Games, &a.Wins, &a.Losses, &a.Draws, &a.RatedGames)
	if err != nil {
		return a, err
	}
	a.CreatedAt = fromMS(created)
	a.LastLoginAt = fromNullMS(login)
	return a, nil
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
	row := db.w.QueryRowContext(ctx, `INSERT INTO accounts
		(username, password_hash, created_at, rating, rd, volatility)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING `+accountColumns,
		n.Username, n.PasswordHash, ms(gomoku.OrNow(n.CreatedAt)), r.Rating, r.RD, r.Volatility)
	a, err := scanAccount(row)
	if isUnique(err) {
		return a, fmt.Errorf("create account %q: %w", n.Username, gomoku.ErrUsernameTaken)
	}
	if err != nil {
		return a, fmt.Errorf("create account %q: %w", n.Username, err)
	}
	return a, nil
}

// AccountByName implements gomoku.Store. The username column has the NOCASE
// collation, so the comparison ignores (ASCII) case.
func (db *DB) AccountByName(ctx context.Context, username string) (gomoku.Account, error) {
	a, err := scanAccount(db.r.QueryRowContext(ctx,
		`SELECT `+accountColumns+` FROM accounts WHERE username = ?`, username))
	return a, notFound(err, "account %q", username)
}

// AccountByID implements gomoku.Store.
func (db *DB) AccountByID(ctx context.Context, id int64) (gomoku.Account, error) {
	a, err := scanAccount(db.r.QueryRowContext(ctx,
		`SELECT `+accountColumns+` FROM accounts WHERE id = ?`, id))
	return a, notFound(err, "account %d", id)
}

// TouchLogin implements gomoku.Store.
func (db *DB) TouchLogin(ctx context.Context, id int64, at time.Time) error {
	res, err := db.w.ExecContext(ctx, `UPDATE accounts SET last_login_at = ? WHERE id = ?`,
		ms(gomoku.OrNow(at)), id)
	return affected(res, err, "touch login of account %d", id)
}

// CreateSession implements gomoku.Store.
func (db *DB) CreateSession(ctx context.Context, tokenHash string, accountID int64, expires time.Time) error {
	if tokenHash == "" {
		return fmt.Errorf("create session: %w: empty token hash", gomoku.ErrInvalid)
	}
	_, err := db.w.ExecContext(ctx, `INSERT INTO sessions (token_hash, account_id, created_at, expires_at)
		VALUES (?, ?, ?, ?)`, tokenHash, accountID, ms(gomoku.OrNow(time.Time{})), ms(expires))
	switch {
	case isUnique(err):
		return fmt.Errorf("create session for account %d: %w", accountID, gomoku.ErrConflict)
	case isForeignKey(err):
		return fmt.Errorf("create session for account %d: %w", accountID, gomoku.ErrNotFound)
	case err != nil:
		return fmt.Errorf("create session for account %d: %w", accountID, err)
	}
	return nil
}

// SessionAccount implements gomoku.Store.
func (db *DB) SessionAccount(ctx context.Context, tokenHash string) (gomoku.Account, error) {
	a, err := scanAccount(db.r.QueryRowContext(ctx, `SELECT `+accountColumns+` FROM accounts
		WHERE id = (SELECT account_id FROM sessions WHERE token_hash = ? AND expires_at > ?)`,
		tokenHash, ms(time.Now())))
	return a, notFound(err, "session")
}

// DeleteSession implements gomoku.Store.
func (db *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := db.w.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// DeleteExpiredSessions implements gomoku.Store.
func (db *DB) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	var n int64
	for _, table := range []string{"sessions", "guest_sessions"} {
		res, err := db.w.ExecContext(ctx, `DELETE FROM `+table+` WHERE expires_at <= ?`, ms(now))
		if err != nil {
			return n, fmt.Errorf("delete expired %s: %w", table, err)
		}
		k, err := res.RowsAffected()
		if err != nil {
			return n, fmt.Errorf("delete expired %s: %w", table, err)
		}
		n += k
	}
	return n, nil
}

// Leaderboard implements gomoku.Store.
func (db *DB) Leaderboard(ctx context.Context, limit int) ([]gomoku.Account, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT `+accountColumns+` FROM accounts
		WHERE rated_games > 0 AND deleted_at IS NULL ORDER BY rating DESC, rated_games DESC, id LIMIT ?`, limitOr(limit, 50))
	if err != nil {
		return nil, fmt.Errorf("leaderboard: %w", err)
	}
	defer rows.Close()
	var out []gomoku.Account
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, fmt.Errorf("leaderboard: %w", err)
		}
		a.PasswordHash = ""
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("leaderboard: %w", err)
	}
	return out, nil
}

// notFound wraps err with a description, mapping sql.ErrNoRows to
// gomoku.ErrNotFound. nil stays nil.
func notFound(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	what := fmt.Sprintf(format, args...)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", what, gomoku.ErrNotFound)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// affected maps an update that touched no row to gomoku.ErrNotFound.
func affected(res sql.Result, err error, format string, args ...any) error {
	if err != nil {
		return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), err)
	}
	if n == 0 {
		return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), gomoku.ErrNotFound)
	}
	return nil
}
