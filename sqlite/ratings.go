package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// withRatings completes an account read by scanAccount (err from that
// read passes through) with its ratings per rule.
func (db *DB) withRatings(ctx context.Context, a gomoku.Account, err error) (gomoku.Account, error) {
	if err != nil {
		return a, err
	}
	rows, err := db.r.QueryContext(ctx, `SELECT rule, rating, rd, volatility, rated_games, wins, losses, draws
		FROM ratings WHERE account_id = ?`, a.ID)
	if err != nil {
		return a, fmt.Errorf("ratings of account %d: %w", a.ID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var r gomoku.RuleRating
		if err := rows.Scan(&name, &r.Rating.Rating, &r.Rating.RD, &r.Rating.Volatility, &r.RatedGames,
			&r.Wins, &r.Losses, &r.Draws); err != nil {
			return a, fmt.Errorf("ratings of account %d: %w", a.ID, err)
		}
		rule, err := engine.ParseRule(name)
		if err != nil {
			return a, fmt.Errorf("ratings of account %d: %w", a.ID, err)
		}
		a.Ratings[rule] = r
	}
	if err := rows.Err(); err != nil {
		return a, fmt.Errorf("ratings of account %d: %w", a.ID, err)
	}
	a.SetHeadline()
	return a, nil
}

// ruleRating reads an account's rating in rule inside tx: its row in
// ratings, else the account's starting rating.
func ruleRating(ctx context.Context, tx *sql.Tx, id int64, rule engine.Rule) (gomoku.Rating, error) {
	var r gomoku.Rating
	err := tx.QueryRowContext(ctx, `SELECT COALESCE(r.rating, a.rating), COALESCE(r.rd, a.rd),
		COALESCE(r.volatility, a.volatility)
		FROM accounts a LEFT JOIN ratings r ON r.account_id = a.id AND r.rule = ? WHERE a.id = ?`, rule.String(), id).
		Scan(&r.Rating, &r.RD, &r.Volatility)
	if err != nil {
		return r, fmt.Errorf("%s rating of account %d: %w", rule, id, err)
	}
	return r, nil
}

// storeRating writes an account's new rating in rule after one more rated
// game of it, which the account (playing color) won, lost or drew as winner
// says, inside tx.
func storeRating(ctx context.Context, tx *sql.Tx, id int64, rule engine.Rule, r gomoku.Rating, color, winner engine.Color) error {
	w, l, d := gomoku.Counts(winner, color)
	if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (account_id, rule, rating, rd, volatility, rated_games, wins, losses, draws)
		VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)
		ON CONFLICT (account_id, rule) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
			volatility = excluded.volatility, rated_games = ratings.rated_games + 1,
			wins = ratings.wins + excluded.wins, losses = ratings.losses + excluded.losses, draws = ratings.draws + excluded.draws`,
		id, rule.String(), r.Rating, r.RD, r.Volatility, w, l, d); err != nil {
		return fmt.Errorf("%s rating of account %d: %w", rule, id, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET rated_games = rated_games + 1 WHERE id = ?`, id); err != nil {
		return fmt.Errorf("rated games of account %d: %w", id, err)
	}
	return nil
}

// Leaderboard implements gomoku.Store.
func (db *DB) Leaderboard(ctx context.Context, rule engine.Rule, limit int) ([]gomoku.Account, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT a.id, a.username, a.password_hash, a.created_at, a.last_login_at,
		a.rating, a.rd, a.volatility, a.games, a.wins, a.losses, a.draws, a.rated_games,
		r.rating, r.rd, r.volatility, r.rated_games, r.wins, r.losses, r.draws
		FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.rule = ? AND r.rated_games > 0 AND a.deleted_at IS NULL
		ORDER BY r.rating DESC, r.rated_games DESC, a.id LIMIT ?`, rule.String(), limitOr(limit, 50))
	if err != nil {
		return nil, fmt.Errorf("leaderboard: %w", err)
	}
	defer rows.Close()
	var out []gomoku.Account
	for rows.Next() {
		a, err := scanLeader(rows, rule)
		if err != nil {
			return nil, fmt.Errorf("leaderboard: %w", err)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("leaderboard: %w", err)
	}
	return out, nil
}

// scanLeader reads a leaderboard row: an account with its rating in rule
// (its other rules are left at the starting rating).
func scanLeader(rows *sql.Rows, rule engine.Rule) (gomoku.Account, error) {
	var a gomoku.Account
	var created int64
	var login sql.NullInt64
	var r gomoku.RuleRating
	err := rows.Scan(&a.ID, &a.Username, &a.PasswordHash, &created, &login,
		&a.Rating.Rating, &a.Rating.RD, &a.Rating.Volatility,
		&a.Games, &a.Wins, &a.Losses, &a.Draws, &a.RatedGames,
		&r.Rating.Rating, &r.Rating.RD, &r.Rating.Volatility, &r.RatedGames, &r.Wins, &r.Losses, &r.Draws)
	if err != nil {
		return a, err
	}
	a.CreatedAt, a.LastLoginAt, a.PasswordHash = fromMS(created), fromNullMS(login), ""
	for i := range a.Ratings {
		a.Ratings[i].Rating = a.Rating
	}
	a.Ratings[rule] = r
	a.SetHeadline()
	return a, nil
}
