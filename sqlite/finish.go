package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/gomokud/gomoku/server"
)

// FinishGame implements server.Store: the game row, both accounts' counters
// and ratings change in one write transaction.
func (db *DB) FinishGame(ctx context.Context, gameID int64, r server.GameResult) (server.Game, error) {
	what := fmt.Sprintf("finish game %d", gameID)
	if err := r.Validate(); err != nil {
		return server.Game{}, fmt.Errorf("%s: %w", what, err)
	}
	var g server.Game
	err := db.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		g, err = scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+gameFrom+` WHERE g.id = ?`, gameID))
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("%s: %w", what, server.ErrNotFound)
		case err != nil:
			return fmt.Errorf("%s: %w", what, err)
		case g.Finished:
			return fmt.Errorf("%s: already finished: %w", what, server.ErrConflict)
		}
		g.Finished, g.Winner, g.Reason, g.EndedAt = true, r.Winner, r.Reason, server.OrNow(r.EndedAt)
		if server.Rates(g.Rated, g.Black.AccountID, g.White.AccountID, r) {
			if err := rate(ctx, tx, &g); err != nil {
				return fmt.Errorf("%s: %w", what, err)
			}
		}
		if err := updateGameRow(ctx, tx, g); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		if r.Uncounted {
			return nil
		}
		for _, side := range []struct {
			id    int64
			color string
		}{{g.Black.AccountID, server.ColorBlack}, {g.White.AccountID, server.ColorWhite}} {
			if side.id <= 0 {
				continue
			}
			w, l, d := server.Counts(r.Winner, side.color)
			if _, err := tx.ExecContext(ctx, `UPDATE accounts SET games = games + 1,
				wins = wins + ?, losses = losses + ?, draws = draws + ? WHERE id = ?`,
				w, l, d, side.id); err != nil {
				return fmt.Errorf("%s: stats of account %d: %w", what, side.id, err)
			}
		}
		return nil
	})
	if err != nil {
		return server.Game{}, err
	}
	return g, nil
}

// rate reads both accounts' ratings inside the transaction, computes the
// new ones and stores them on the accounts; it fills g's rating changes.
func rate(ctx context.Context, tx *sql.Tx, g *server.Game) error {
	get := func(id int64) (server.Rating, error) {
		var r server.Rating
		err := tx.QueryRowContext(ctx, `SELECT rating, rd, volatility FROM accounts WHERE id = ?`, id).
			Scan(&r.Rating, &r.RD, &r.Volatility)
		if err != nil {
			return r, fmt.Errorf("rating of account %d: %w", id, err)
		}
		return r, nil
	}
	b, err := get(g.Black.AccountID)
	if err != nil {
		return err
	}
	w, err := get(g.White.AccountID)
	if err != nil {
		return err
	}
	nb, nw := server.RateGame(b, w, g.Winner)
	g.BlackRating = server.RatingChange{Before: b, After: nb}
	g.WhiteRating = server.RatingChange{Before: w, After: nw}
	for _, u := range []struct {
		id int64
		r  server.Rating
	}{{g.Black.AccountID, nb}, {g.White.AccountID, nw}} {
		if _, err := tx.ExecContext(ctx, `UPDATE accounts SET rating = ?, rd = ?, volatility = ?,
			rated_games = rated_games + 1 WHERE id = ?`, u.r.Rating, u.r.RD, u.r.Volatility, u.id); err != nil {
			return fmt.Errorf("rating of account %d: %w", u.id, err)
		}
	}
	return nil
}

// updateGameRow stores g's result and rating changes.
func updateGameRow(ctx context.Context, tx *sql.Tx, g server.Game) error {
	rc := func(c server.RatingChange) []any {
		if c == (server.RatingChange{}) {
			return []any{nil, nil, nil, nil, nil, nil}
		}
		return []any{c.Before.Rating, c.Before.RD, c.Before.Volatility, c.After.Rating, c.After.RD, c.After.Volatility}
	}
	args := []any{g.Winner, g.Reason, ms(g.EndedAt)}
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
