package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// finishGame stores a result inside tx. It locks the game row, then both
// accounts in id order (so concurrent finishes sharing an account cannot
// deadlock), computes the ratings from the locked rows and writes the game,
// the counters and the ratings.
func finishGame(ctx context.Context, tx pgx.Tx, gameID int64, r gomoku.GameResult) (gomoku.Committed, error) {
	what := fmt.Sprintf("finish game %d", gameID)
	g, err := oneGame(ctx, tx, `WHERE g.id = $1 FOR UPDATE OF g`, gameID)
	if err != nil {
		return gomoku.Committed{}, wrap(err, "%s", what)
	}
	if g.Finished {
		return gomoku.Committed{}, fmt.Errorf("%s: already finished: %w", what, gomoku.ErrConflict)
	}
	g.Finished, g.Winner, g.Reason, g.EndedAt = true, r.Winner, r.Reason, gomoku.OrNow(r.EndedAt)
	ratings, err := lockAccounts(ctx, tx, g.Rule, g.Black.AccountID, g.White.AccountID)
	if err != nil {
		return gomoku.Committed{}, fmt.Errorf("%s: %w", what, err)
	}
	if r.Rates(g) {
		g = g.WithRatings(ratings[g.Black.AccountID], ratings[g.White.AccountID])
	}
	if err := updateGameRow(ctx, tx, g); err != nil {
		return gomoku.Committed{}, fmt.Errorf("%s: %w", what, err)
	}
	for _, side := range []struct {
		id     int64
		color  engine.Color
		change gomoku.RatingChange
	}{{g.Black.AccountID, engine.Black, g.BlackRating}, {g.White.AccountID, engine.White, g.WhiteRating}} {
		if err := updateAccount(ctx, tx, side.id, side.color, g.Rule, side.change, r); err != nil {
			return gomoku.Committed{}, fmt.Errorf("%s: %w", what, err)
		}
	}
	return gomoku.Committed{BlackRating: g.BlackRating, WhiteRating: g.WhiteRating}, nil
}

// lockAccounts locks the given accounts (ids <= 0 skipped) in id order and
// returns their ratings in rule (the starting rating for a rule not yet
// played rated). The ratings are read by a second statement, after the
// locks are held: under READ COMMITTED it sees what the previous holder of
// a lock committed (a join in the locking statement would read the ratings
// as they were before it waited).
func lockAccounts(ctx context.Context, tx pgx.Tx, rule engine.Rule, ids ...int64) (map[int64]gomoku.Rating, error) {
	var want []int64
	for _, id := range ids {
		if id > 0 {
			want = append(want, id)
		}
	}
	out := make(map[int64]gomoku.Rating, len(want))
	if len(want) == 0 {
		return out, nil
	}
	if _, err := tx.Exec(ctx, `SELECT id FROM accounts WHERE id = ANY($1) ORDER BY id FOR UPDATE`, want); err != nil {
		return nil, fmt.Errorf("lock accounts: %w", err)
	}
	rows, err := tx.Query(ctx, `SELECT a.id, COALESCE(r.rating, a.rating), COALESCE(r.rd, a.rd),
		COALESCE(r.volatility, a.volatility)
		FROM accounts a LEFT JOIN ratings r ON r.account_id = a.id AND r.rule = $2
		WHERE a.id = ANY($1)`, want, rule.String())
	if err != nil {
		return nil, fmt.Errorf("ratings of accounts: %w", err)
	}
	var id int64
	var r gomoku.Rating
	_, err = pgx.ForEachRow(rows, []any{&id, &r.Rating, &r.RD, &r.Volatility}, func() error {
		out[id] = r
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("ratings of accounts: %w", err)
	}
	return out, nil
}

// updateAccount applies one side's counters (unless r.Uncounted) and new
// rating (when change is set).
func updateAccount(ctx context.Context, tx pgx.Tx, id int64, color engine.Color, rule engine.Rule,
	change gomoku.RatingChange, r gomoku.GameResult) error {
	if id <= 0 {
		return nil
	}
	if !r.Uncounted {
		w, l, d := gomoku.Counts(r.Winner, color)
		if _, err := tx.Exec(ctx, `UPDATE accounts SET games = games + 1,
			wins = wins + $1, losses = losses + $2, draws = draws + $3 WHERE id = $4`, w, l, d, id); err != nil {
			return fmt.Errorf("stats of account %d: %w", id, err)
		}
	}
	if change != (gomoku.RatingChange{}) {
		return storeRating(ctx, tx, id, rule, change.After, color, r.Winner)
	}
	return nil
}

// updateGameRow stores g's result and rating changes.
func updateGameRow(ctx context.Context, tx pgx.Tx, g gomoku.Game) error {
	rc := func(c gomoku.RatingChange) []any {
		if c == (gomoku.RatingChange{}) {
			return []any{nil, nil, nil, nil, nil, nil}
		}
		return []any{c.Before.Rating, c.Before.RD, c.Before.Volatility, c.After.Rating, c.After.RD, c.After.Volatility}
	}
	args := []any{g.ID, gomoku.ColorName(g.Winner), g.Reason.String(), g.EndedAt}
	args = append(args, rc(g.BlackRating)...)
	args = append(args, rc(g.WhiteRating)...)
	_, err := tx.Exec(ctx, `UPDATE games SET finished = true, winner = $2, reason = $3, ended_at = $4,
		black_before_rating = $5, black_before_rd = $6, black_before_vol = $7,
		black_after_rating = $8, black_after_rd = $9, black_after_vol = $10,
		white_before_rating = $11, white_before_rd = $12, white_before_vol = $13,
		white_after_rating = $14, white_after_rd = $15, white_after_vol = $16
		WHERE id = $1`, args...)
	if err != nil {
		return fmt.Errorf("update game row: %w", err)
	}
	return nil
}
