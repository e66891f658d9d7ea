package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// withRatings completes an account (err from its read passes through) with
// its ratings per rule.
func (db *DB) withRatings(ctx context.Context, a gomoku.Account, err error) (gomoku.Account, error) {
	if err != nil {
		return a, err
	}
	rows, err := db.pool.Query(ctx, `SELECT rule, rating, rd, volatility, rated_games, wins, losses, draws
		FROM ratings WHERE account_id = $1`, a.ID)
	if err != nil {
		return a, fmt.Errorf("ratings of account %d: %w", a.ID, err)
	}
	var name string
	var r gomoku.RuleRating
	_, err = pgx.ForEachRow(rows, []any{&name, &r.Rating.Rating, &r.Rating.RD, &r.Rating.Volatility, &r.RatedGames,
		&r.Wins, &r.Losses, &r.Draws},
		func() error {
			rule, err := engine.ParseRule(name)
			if err != nil {
				return err
			}
			a.Ratings[rule] = r
			return nil
		})
	if err != nil {
		return a, fmt.Errorf("ratings of account %d: %w", a.ID, err)
	}
	a.SetHeadline()
	return a, nil
}

// storeRating writes an account's new rating in rule after one more rated
// game of it, which the account (playing color) won, lost or drew as winner
// says, inside tx.
func storeRating(ctx context.Context, tx pgx.Tx, id int64, rule engine.Rule, r gomoku.Rating, color, winner engine.Color) error {
	w, l, d := gomoku.Counts(winner, color)
	if _, err := tx.Exec(ctx, `INSERT INTO ratings (account_id, rule, rating, rd, volatility, rated_games, wins, losses, draws)
		VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8)
		ON CONFLICT (account_id, rule) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
			volatility = excluded.volatility, rated_games = ratings.rated_games + 1,
			wins = ratings.wins + excluded.wins, losses = ratings.losses + excluded.losses, draws = ratings.draws + excluded.draws`,
		id, rule.String(), r.Rating, r.RD, r.Volatility, w, l, d); err != nil {
		return fmt.Errorf("%s rating of account %d: %w", rule, id, err)
	}
	if _, err := tx.Exec(ctx, `UPDATE accounts SET rated_games = rated_games + 1 WHERE id = $1`, id); err != nil {
		return fmt.Errorf("rated games of account %d: %w", id, err)
	}
	return nil
}

// leaderRow is a leaderboard row: an account and its rating in the rule.
type leaderRow struct {
	accountRow
	RuleRating     float64 `db:"rule_rating"`
	RuleRD         float64 `db:"rule_rd"`
	RuleVolatility float64 `db:"rule_volatility"`
	RuleGames      int     `db:"rule_games"`
	RuleWins       int     `db:"rule_wins"`
	RuleLosses     int     `db:"rule_losses"`
	RuleDraws      int     `db:"rule_draws"`
}

// Leaderboard implements gomoku.Store. Each account holds its rating in
// rule; its other rules are left at the starting rating.
func (db *DB) Leaderboard(ctx context.Context, rule engine.Rule, limit int) ([]gomoku.Account, error) {
	rows, err := db.pool.Query(ctx, `SELECT a.id, a.username, a.password_hash, a.created_at, a.last_login_at,
		a.rating, a.rd, a.volatility, a.games, a.wins, a.losses, a.draws, a.rated_games,
		r.rating AS rule_rating, r.rd AS rule_rd, r.volatility AS rule_volatility, r.rated_games AS rule_games,
		r.wins AS rule_wins, r.losses AS rule_losses, r.draws AS rule_draws
		FROM ratings r JOIN accounts a ON a.id = r.account_id
		WHERE r.rule = $1 AND r.rated_games > 0 AND a.deleted_at IS NULL
		ORDER BY r.rating DESC, r.rated_games DESC, a.id LIMIT $2`, rule.String(), limitOr(limit, 50))
	if err != nil {
		return nil, wrap(err, "leaderboard")
	}
	rs, err := pgx.CollectRows(rows, pgx.RowToStructByName[leaderRow])
	if err != nil {
		return nil, wrap(err, "leaderboard")
	}
	out := make([]gomoku.Account, len(rs))
	for i, r := range rs {
		a := r.account()
		a.PasswordHash = ""
		a.Ratings[rule] = gomoku.RuleRating{Rating: gomoku.Rating{Rating: r.RuleRating, RD: r.RuleRD,
			Volatility: r.RuleVolatility}, RatedGames: r.RuleGames, Wins: r.RuleWins, Losses: r.RuleLosses, Draws: r.RuleDraws}
		a.SetHeadline()
		out[i] = a
	}
	return out, nil
}
