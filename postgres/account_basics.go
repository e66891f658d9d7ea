package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gomokud/gomoku"
)

// SetPassword implements gomoku.Store.
func (db *DB) SetPassword(ctx context.Context, accountID int64, passwordHash string) error {
	if passwordHash == "" {
		return fmt.Errorf("set password: %w: empty hash", gomoku.ErrInvalid)
	}
	tag, err := db.pool.Exec(ctx, `UPDATE accounts SET password_hash = $1 WHERE id = $2 AND deleted_at IS NULL`,
		passwordHash, accountID)
	if err == nil && tag.RowsAffected() == 0 {
		err = pgx.ErrNoRows
	}
	return wrap(err, "set password of account %d", accountID)
}

// DeleteAccount implements gomoku.Store: one transaction renames the
// account, clears its password and drops its sessions and blocks.
func (db *DB) DeleteAccount(ctx context.Context, accountID int64) error {
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE accounts SET username = $1, password_hash = '', deleted_at = $2
			WHERE id = $3 AND deleted_at IS NULL`, gomoku.DeletedName(accountID), time.Now(), accountID)
		if err == nil && tag.RowsAffected() == 0 {
			err = pgx.ErrNoRows
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE account_id = $1`, accountID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM blocks WHERE blocker_id = $1 OR blocked_id = $1`, accountID)
		return err
	})
	return wrap(err, "delete account %d", accountID)
}

// Block implements gomoku.Store.
func (db *DB) Block(ctx context.Context, blocker, blocked int64) error {
	if blocker == blocked {
		return fmt.Errorf("block: %w: blocking oneself", gomoku.ErrInvalid)
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3)
		ON CONFLICT DO NOTHING`, blocker, blocked, time.Now())
	if pgCode(err) == foreignKeyViolation {
		return fmt.Errorf("block %d by %d: %w", blocked, blocker, gomoku.ErrNotFound)
	}
	return wrap(err, "block %d by %d", blocked, blocker)
}

// Unblock implements gomoku.Store.
func (db *DB) Unblock(ctx context.Context, blocker, blocked int64) error {
	_, err := db.pool.Exec(ctx, `DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, blocker, blocked)
	return wrap(err, "unblock %d by %d", blocked, blocker)
}

// Blocked implements gomoku.Store.
func (db *DB) Blocked(ctx context.Context, blocker int64) ([]string, error) {
	rows, err := db.pool.Query(ctx, `SELECT a.username FROM blocks b JOIN accounts a ON a.id = b.blocked_id
		WHERE b.blocker_id = $1 ORDER BY lower(a.username)`, blocker)
	if err != nil {
		return nil, wrap(err, "blocked by %d", blocker)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, wrap(err, "blocked by %d", blocker)
	}
	if names == nil {
		names = []string{}
	}
	return names, nil
}
