package sqlite

import (
	"context"
	"fmt"
	"time"

	"github.com/gomokud/gomoku"
)

// SetPassword implements gomoku.Store.
func (db *DB) SetPassword(ctx context.Context, accountID int64, passwordHash string) error {
	if passwordHash == "" {
		return fmt.Errorf("set password: %w: empty hash", gomoku.ErrInvalid)
	}
	res, err := db.w.ExecContext(ctx, `UPDATE accounts SET password_hash = ? WHERE id = ? AND deleted_at IS NULL`,
		passwordHash, accountID)
	return affected(res, err, "set password of account %d", accountID)
}

// DeleteAccount implements gomoku.Store: one transaction renames the
// account, clears its password and drops its sessions and blocks.
func (db *DB) DeleteAccount(ctx context.Context, accountID int64) error {
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("delete account %d: %w", accountID, err)
	}
	defer func() { _ = tx.Rollback() }() // after Commit: a no-op
	res, err := tx.ExecContext(ctx, `UPDATE accounts SET username = ?, password_hash = '', deleted_at = ?
		WHERE id = ? AND deleted_at IS NULL`, gomoku.DeletedName(accountID), ms(time.Now()), accountID)
	if err := affected(res, err, "delete account %d", accountID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE account_id = ?`, accountID); err != nil {
		return fmt.Errorf("delete account %d: %w", accountID, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM blocks WHERE blocker_id = ? OR blocked_id = ?`, accountID, accountID); err != nil {
		return fmt.Errorf("delete account %d: %w", accountID, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("delete account %d: %w", accountID, err)
	}
	return nil
}

// Block implements gomoku.Store.
func (db *DB) Block(ctx context.Context, blocker, blocked int64) error {
	if blocker == blocked {
		return fmt.Errorf("block: %w: blocking oneself", gomoku.ErrInvalid)
	}
	_, err := db.w.ExecContext(ctx, `INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)
		ON CONFLICT DO NOTHING`, blocker, blocked, ms(time.Now()))
	if isForeignKey(err) {
		return fmt.Errorf("block %d by %d: %w", blocked, blocker, gomoku.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("block %d by %d: %w", blocked, blocker, err)
	}
	return nil
}

// Unblock implements gomoku.Store.
func (db *DB) Unblock(ctx context.Context, blocker, blocked int64) error {
	if _, err := db.w.ExecContext(ctx, `DELETE FROM blocks WHERE blocker_id = ? AND blocked_id = ?`, blocker, blocked); err != nil {
		return fmt.Errorf("unblock %d by %d: %w", blocked, blocker, err)
	}
	return nil
}

// Blocked implements gomoku.Store.
func (db *DB) Blocked(ctx context.Context, blocker int64) ([]string, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT a.username FROM blocks b JOIN accounts a ON a.id = b.blocked_id
		WHERE b.blocker_id = ? ORDER BY a.username`, blocker)
	if err != nil {
		return nil, fmt.Errorf("blocked by %d: %w", blocker, err)
	}
	defer rows.Close()
	names := []string{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("blocked by %d: %w", blocker, err)
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("blocked by %d: %w", blocker, err)
	}
	return names, nil
}
