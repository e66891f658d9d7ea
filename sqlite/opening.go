package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/gomokud/gomoku"
)

// appendOpeningSQL inserts an opening action only if the game runs and the
// number is the next one.
const appendOpeningSQL = `INSERT INTO opening_actions
	(game_id, seq, action, ply, swap, black_clock_ms, white_clock_ms, spent_ms, at)
	SELECT g.id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 FROM games g
	WHERE g.id = ?1 AND g.finished = 0
	AND ?2 = 1 + coalesce((SELECT max(seq) FROM opening_actions WHERE game_id = ?1), 0)`

// swapPlayersSQL exchanges a game's black and white players: an opening
// action gave each the other's colour. SQLite reads every right-hand side
// from the row before the update.
const swapPlayersSQL = `UPDATE games SET
	black_account_id = white_account_id, white_account_id = black_account_id,
	black_guest = white_guest, white_guest = black_guest,
	black_bot = white_bot, white_bot = black_bot
	WHERE id = ? AND finished = 0`

// insertOpening stores one opening action inside tx, and swaps the game's
// players when the action did.
func insertOpening(ctx context.Context, tx *sql.Tx, gameID int64, a gomoku.OpeningAction) error {
	what := fmt.Sprintf("append opening action %d to game %d", a.Seq, gameID)
	res, err := tx.ExecContext(ctx, appendOpeningSQL, gameID, a.Seq, a.Action, a.Ply, a.Swap,
		a.BlackClockMS, a.WhiteClockMS, a.SpentMS, ms(gomoku.OrNow(a.At)))
	switch {
	case isUnique(err):
		return fmt.Errorf("%s: %w", what, gomoku.ErrConflict)
	case err != nil:
		return fmt.Errorf("%s: %w", what, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	} else if n != 1 {
		return whyNot(ctx, tx, gameID, what)
	}
	if !a.Swap {
		return nil
	}
	if _, err := tx.ExecContext(ctx, swapPlayersSQL, gameID); err != nil {
		return fmt.Errorf("%s: swap the players: %w", what, err)
	}
	return nil
}

// loadOpenings loads the opening actions selected by where (over
// "opening_actions o"), grouped by game in order.
func loadOpenings(ctx context.Context, q queryer, where string, args ...any) (map[int64][]gomoku.OpeningAction, error) {
	rows, err := q.QueryContext(ctx, `SELECT o.game_id, o.seq, o.action, o.ply, o.swap,
		o.black_clock_ms, o.white_clock_ms, o.spent_ms, o.at FROM opening_actions o `+where+
		` ORDER BY o.game_id, o.seq`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[int64][]gomoku.OpeningAction)
	for rows.Next() {
		var id, at int64
		var a gomoku.OpeningAction
		if err := rows.Scan(&id, &a.Seq, &a.Action, &a.Ply, &a.Swap,
			&a.BlackClockMS, &a.WhiteClockMS, &a.SpentMS, &at); err != nil {
			return nil, err
		}
		a.At = fromMS(at)
		out[id] = append(out[id], a)
	}
	return out, rows.Err()
}
