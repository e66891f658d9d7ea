package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// finishGame stores a result inside tx: the game row, both accounts'
// counters and, when the result rates, their ratings.
func finishGame(ctx context.Context, tx *sql.Tx, gameID int64, r gomoku.GameResult) (gomoku.Committed, error) {
	what := fmt.Sprintf("finish game %d", gameID)
	g, err := scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+gameFrom+` WHERE g.id = ?`, gameID))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return gomoku.Committed{}, fmt.Errorf("%s: %w", what, gomoku.ErrNotFound)
	case err != nil:
		return gomoku.Committed{}, fmt.Errorf("%s: %w", what, err)
	case g.Finished:
		return gomoku.Committed{}, fmt.Errorf("%s: already finished: %w", what, gomoku.ErrConflict)
	}
	g.Finished, g.Winner, g.Reason, g.EndedAt = true, r.Winner, r.Reason, gomoku.OrNow(r.EndedAt)
	if r.Rates(g) {
		if g, err = rate(ctx, tx, g); err != nil {
			return gomoku.Committed{}, fmt.Errorf("%s: %w", what, err)
		}
	}
	if err := updateGameRow(ctx, tx, g); err != nil {
		return gomoku.Committed{}, fmt.Errorf("%s: %w", what, err)
	}
	if !r.Uncounted {
		if err := countGame(ctx, tx, g); err != nil {
			return gomoku.Committed{}, fmt.Errorf("%s: %w", what, err)
		}
	}
	return gomoku.Committed{BlackRating: g.BlackRating, WhiteRating: g.WhiteRating}, nil
}

// countGame adds a finished game to its account sides' statistics.
func countGame(ctx context.Context, tx *sql.Tx, g gomoku.Game) error {
	for _, side := range []struct {
		id    int64
		color engine.Color
	}{{g.Black.AccountID, engine.Black}, {g.White.AccountID, engine.White}} {
		if side.id <= 0 {
			continue
		}
		w, l, d := gomoku.Counts(g.Winner, side.color)
		if _, err := tx.ExecContext(ctx, `UPDATE accounts SET games = games + 1,
			wins = wins + ?, losses = losses + ?, draws = draws + ? WHERE id = ?`,
			w, l, d, side.id); err != nil {
			return fmt.Errorf("stats of account %d: %w", side.id, err)
		}
	}
	return nil
}

// rate reads both accounts' ratings in the game's rule inside the
// transaction, computes the new ones and stores them; it returns g with
// its rating changes.
func rate(ctx context.Context, tx *sql.Tx, g gomoku.Game) (gomoku.Game, error) {
	b, err := ruleRating(ctx, tx, g.Black.AccountID, g.Rule)
	if err != nil {
		return g, err
	}
	w, err := ruleRating(ctx, tx, g.White.AccountID, g.Rule)
	if err != nil {
		return g, err
	}
	g = g.WithRatings(b, w)
	if err := storeRating(ctx, tx, g.Black.AccountID, g.Rule, g.BlackRating.After, engine.Black, g.Winner); err != nil {
		return g, err
	}
	return g, storeRating(ctx, tx, g.White.AccountID, g.Rule, g.WhiteRating.After, engine.White, g.Winner)
}

// updateGameRow stores g's result and rating changes.
func updateGameRow(ctx context.Context, tx *sql.Tx, g gomoku.Game) error {
	rc := func(c gomoku.RatingChange) []any {
		if c == (gomoku.RatingChange{}) {
			return []any{nil, nil, nil, nil, nil, nil}
		}
		return []any{c.Before.Rating, c.Before.RD, c.Before.Volatility, c.After.Rating, c.After.RD, c.After.Volatility}
	}
	args := []any{gomoku.ColorName(g.Winner), g.Reason.String(), ms(g.EndedAt)}
	args = append(args, rc(g.BlackRating)...)
	args = append(args, rc(g.WhiteRating)...)
	args = append(args, g.ID)
	_, err := tx.ExecContext(ctx, `UPDATE games SET finished = 1, winner = ?, reason = ?, ended_at = ?,
		black_before_rating = ?, black_before_rd = ?, black_before_vol = ?,
		black_after_rating = ?, black_after_rd = ?, black_after_vol = ?,
		white_before_rating = ?, white_before_rd = ?, white_before_vol = ?,
		white_after_rating = ?, white_after_rd = ?, white_after_vol = ?
		WHERE id = ?`, args...)
	return err
}
