package migrations

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/pressly/goose/v3"

	"github.com/gomokud/gomoku/rating"
)

// deriveRatingsVersion is the Go migration that fills the ratings table
// (created by version 5) from the stored history.
const deriveRatingsVersion = 6

// goMigrations are the migrations written in Go, for dialect d.
func goMigrations(d Dialect) []*goose.Migration {
	return []*goose.Migration{goose.NewGoMigration(deriveRatingsVersion,
		&goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error { return deriveRatings(ctx, tx, d) }},
		&goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `DELETE FROM ratings`)
			return err
		}})}
}

// ratedGame is one stored game that changed its players' ratings.
type ratedGame struct {
	rule         string
	black, white int64
	winner       string
	blackBefore  rating.Rating
	whiteBefore  rating.Rating
}

// deriveRatings replays every rated game in the order they ended, with
// Glicko-2 per rule, from each account's rating before its first rated
// game; it stores the result per rule and resets accounts.rating to that
// starting rating.
func deriveRatings(ctx context.Context, tx *sql.Tx, d Dialect) error {
	games, err := ratedGames(ctx, tx)
	if err != nil {
		return err
	}
	type key struct {
		id   int64
		rule string
	}
	start := map[int64]rating.Rating{}
	cur := map[key]rating.Rating{}
	played := map[key]int{}
	get := func(id int64, rule string, before rating.Rating) rating.Rating {
		if _, ok := start[id]; !ok {
			start[id] = before
		}
		if r, ok := cur[key{id, rule}]; ok {
			return r
		}
		return start[id]
	}
	for _, g := range games {
		b, w := get(g.black, g.rule, g.blackBefore), get(g.white, g.rule, g.whiteBefore)
		score := rating.Draw
		switch g.winner {
		case "black":
			score = rating.Win
		case "white":
			score = rating.Loss
		}
		nb, nw := rating.Game(b, w, score)
		cur[key{g.black, g.rule}], cur[key{g.white, g.rule}] = nb, nw
		played[key{g.black, g.rule}]++
		played[key{g.white, g.rule}]++
	}
	ph := placeholders(d)
	for k, r := range cur {
		if _, err := tx.ExecContext(ctx, fmt.Sprintf(`INSERT INTO ratings (account_id, rule, rating, rd, volatility, rated_games)
			VALUES (%s, %s, %s, %s, %s, %s)`, ph(1), ph(2), ph(3), ph(4), ph(5), ph(6)),
			k.id, k.rule, r.Rating, r.RD, r.Volatility, played[k]); err != nil {
			return fmt.Errorf("derive ratings: account %d %s: %w", k.id, k.rule, err)
		}
	}
	for id, r := range start {
		if _, err := tx.ExecContext(ctx, fmt.Sprintf(`UPDATE accounts SET rating = %s, rd = %s, volatility = %s WHERE id = %s`,
			ph(1), ph(2), ph(3), ph(4)), r.Rating, r.RD, r.Volatility, id); err != nil {
			return fmt.Errorf("derive ratings: starting rating of account %d: %w", id, err)
		}
	}
	return nil
}

// ratedGames reads the games that changed ratings, oldest result first.
func ratedGames(ctx context.Context, tx *sql.Tx) ([]ratedGame, error) {
	rows, err := tx.QueryContext(ctx, `SELECT rule, black_account_id, white_account_id, winner,
		black_before_rating, black_before_rd, black_before_vol,
		white_before_rating, white_before_rd, white_before_vol
		FROM games WHERE black_after_rating IS NOT NULL AND white_after_rating IS NOT NULL
			AND black_account_id IS NOT NULL AND white_account_id IS NOT NULL
		ORDER BY ended_at, id`)
	if err != nil {
		return nil, fmt.Errorf("derive ratings: %w", err)
	}
	defer rows.Close()
	var games []ratedGame
	for rows.Next() {
		var g ratedGame
		if err := rows.Scan(&g.rule, &g.black, &g.white, &g.winner,
			&g.blackBefore.Rating, &g.blackBefore.RD, &g.blackBefore.Volatility,
			&g.whiteBefore.Rating, &g.whiteBefore.RD, &g.whiteBefore.Volatility); err != nil {
			return nil, fmt.Errorf("derive ratings: %w", err)
		}
		games = append(games, g)
	}
	return games, rows.Err()
}

// placeholders returns the dialect's numbered parameter marker.
func placeholders(d Dialect) func(int) string {
	if d == Postgres {
		return func(i int) string { return fmt.Sprintf("$%d", i) }
	}
	return func(int) string { return "?" }
}
