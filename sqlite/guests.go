package sqlite

import (
	"context"
	"fmt"
	"time"

	"github.com/gomokud/gomoku"
)

// SaveGuestSession implements gomoku.Store.
func (db *DB) SaveGuestSession(ctx context.Context, s gomoku.GuestSession) error {
	if err := s.Validate(); err != nil {
		return fmt.Errorf("save guest session: %w", err)
	}
	_, err := db.w.ExecContext(ctx, `INSERT INTO guest_sessions (token_hash, name, expires_at) VALUES (?, ?, ?)
		ON CONFLICT (token_hash) DO UPDATE SET name = excluded.name, expires_at = excluded.expires_at`,
		s.TokenHash, s.Name, ms(s.Expires))
	if err != nil {
		return fmt.Errorf("save guest session of %s: %w", s.Name, err)
	}
	return nil
}

// ExtendGuestSession implements gomoku.Store.
func (db *DB) ExtendGuestSession(ctx context.Context, tokenHash string, expires time.Time) error {
	if _, err := db.w.ExecContext(ctx, `UPDATE guest_sessions SET expires_at = ? WHERE token_hash = ?`,
		ms(expires), tokenHash); err != nil {
		return fmt.Errorf("extend guest session: %w", err)
	}
	return nil
}

// GuestSessions implements gomoku.Store.
func (db *DB) GuestSessions(ctx context.Context, now time.Time) ([]gomoku.GuestSession, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT token_hash, name, expires_at FROM guest_sessions
		WHERE expires_at > ? ORDER BY expires_at`, ms(now))
	if err != nil {
		return nil, fmt.Errorf("guest sessions: %w", err)
	}
	defer rows.Close()
	var out []gomoku.GuestSession
	for rows.Next() {
		var s gomoku.GuestSession
		var exp int64
		if err := rows.Scan(&s.TokenHash, &s.Name, &exp); err != nil {
			return nil, fmt.Errorf("guest sessions: %w", err)
		}
		s.Expires = fromMS(exp)
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("guest sessions: %w", err)
	}
	return out, nil
}

// DeleteGuestSession implements gomoku.Store.
func (db *DB) DeleteGuestSession(ctx context.Context, tokenHash string) error {
	if _, err := db.w.ExecContext(ctx, `DELETE FROM guest_sessions WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("delete guest session: %w", err)
	}
	return nil
}
