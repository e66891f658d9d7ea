package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gomokud/gomoku"
)

// SaveGuestSession implements gomoku.Store.
func (db *DB) SaveGuestSession(ctx context.Context, s gomoku.GuestSession) error {
	if err := s.Validate(); err != nil {
		return fmt.Errorf("save guest session: %w", err)
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO guest_sessions (token_hash, name, expires_at) VALUES ($1, $2, $3)
		ON CONFLICT (token_hash) DO UPDATE SET name = excluded.name, expires_at = excluded.expires_at`,
		s.TokenHash, s.Name, s.Expires.Truncate(time.Millisecond))
	return wrap(err, "save guest session of %s", s.Name)
}

// ExtendGuestSession implements gomoku.Store.
func (db *DB) ExtendGuestSession(ctx context.Context, tokenHash string, expires time.Time) error {
	_, err := db.pool.Exec(ctx, `UPDATE guest_sessions SET expires_at = $2 WHERE token_hash = $1`,
		tokenHash, expires.Truncate(time.Millisecond))
	return wrap(err, "extend guest session")
}

// GuestSessions implements gomoku.Store.
func (db *DB) GuestSessions(ctx context.Context, now time.Time) ([]gomoku.GuestSession, error) {
	rows, err := db.pool.Query(ctx, `SELECT token_hash, name, expires_at FROM guest_sessions
		WHERE expires_at > $1 ORDER BY expires_at`, now)
	if err != nil {
		return nil, wrap(err, "guest sessions")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (gomoku.GuestSession, error) {
		var s gomoku.GuestSession
		err := r.Scan(&s.TokenHash, &s.Name, &s.Expires)
		s.Expires = s.Expires.UTC()
		return s, err
	})
	return out, wrap(err, "guest sessions")
}

// DeleteGuestSession implements gomoku.Store.
func (db *DB) DeleteGuestSession(ctx context.Context, tokenHash string) error {
	_, err := db.pool.Exec(ctx, `DELETE FROM guest_sessions WHERE token_hash = $1`, tokenHash)
	return wrap(err, "delete guest session")
}
