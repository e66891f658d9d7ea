package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/gomokud/gomoku"
)

// appendOpeningSQL stores an opening action only when the game runs and the
// number is the next one.
const appendOpeningSQL = `INSERT INTO opening_actions
	(game_id, seq, action, ply, swap, black_clock_ms, white_clock_ms, spent_ms, at)
	SELECT g.id, $2, $3, $4, $5, $6, $7, $8, $9 FROM games g
	WHERE g.id = $1 AND NOT g.finished
	AND $2 = 1 + coalesce((SELECT max(seq) FROM opening_actions WHERE game_id = $1), 0)`

// swapPlayersSQL exchanges a game's black and white players: an opening
// action gave each the other's colour. Every right-hand side reads the row
// as it was before the update.
const swapPlayersSQL = `UPDATE games SET
	black_account_id = white_account_id, white_account_id = black_account_id,
	black_guest = white_guest, white_guest = black_guest,
	black_bot = white_bot, white_bot = black_bot
	WHERE id = $1 AND NOT finished`

// appendOpening stores one opening action inside tx (the game row is
// locked), and swaps the game's players when the action did.
func appendOpening(ctx context.Context, tx pgx.Tx, gameID int64, a gomoku.OpeningAction) error {
	what := fmt.Sprintf("append opening action %d to game %d", a.Seq, gameID)
	tag, err := tx.Exec(ctx, appendOpeningSQL, gameID, a.Seq, a.Action, a.Ply, a.Swap,
		a.BlackClockMS, a.WhiteClockMS, a.SpentMS, gomoku.OrNow(a.At))
	if pgCode(err) == uniqueViolation {
		return fmt.Errorf("%s: %w", what, gomoku.ErrConflict)
	}
	if err != nil {
		return wrap(err, "%s", what)
	}
	if tag.RowsAffected() != 1 {
		var finished bool
		if err := tx.QueryRow(ctx, `SELECT finished FROM games WHERE id = $1`, gameID).Scan(&finished); err != nil {
			return wrap(err, "%s", what)
		}
		if finished {
			return fmt.Errorf("%s: game is finished: %w", what, gomoku.ErrConflict)
		}
		return fmt.Errorf("%s: not the next action: %w", what, gomoku.ErrConflict)
	}
	if !a.Swap {
		return nil
	}
	_, err = tx.Exec(ctx, swapPlayersSQL, gameID)
	return wrap(err, "%s: swap the players", what)
}

type openingRow struct {
	GameID       int64     `db:"game_id"`
	Seq          int       `db:"seq"`
	Action       string    `db:"action"`
	Ply          int       `db:"ply"`
	Swap         bool      `db:"swap"`
	BlackClockMS int64     `db:"black_clock_ms"`
	WhiteClockMS int64     `db:"white_clock_ms"`
	SpentMS      int64     `db:"spent_ms"`
	At           time.Time `db:"at"`
}

// loadOpenings loads the opening actions selected by where (over
// "opening_actions o"), grouped by game in order.
func loadOpenings(ctx context.Context, q querier, where string, args ...any) (map[int64][]gomoku.OpeningAction, error) {
	rows, err := q.Query(ctx, `SELECT o.game_id, o.seq, o.action, o.ply, o.swap,
		o.black_clock_ms, o.white_clock_ms, o.spent_ms, o.at FROM opening_actions o `+where+
		` ORDER BY o.game_id, o.seq`, args...)
	if err != nil {
		return nil, err
	}
	rs, err := pgx.CollectRows(rows, pgx.RowToStructByName[openingRow])
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]gomoku.OpeningAction)
	for _, r := range rs {
		out[r.GameID] = append(out[r.GameID], gomoku.OpeningAction{Seq: r.Seq, Action: r.Action, Ply: r.Ply,
			Swap: r.Swap, BlackClockMS: r.BlackClockMS, WhiteClockMS: r.WhiteClockMS, SpentMS: r.SpentMS, At: utc(r.At)})
	}
	return out, nil
}
