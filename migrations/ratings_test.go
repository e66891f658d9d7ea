package migrations

import (
	"context"
	"database/sql"
	"math"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/gomokud/gomoku/rating"
)

// TestDeriveRatings: on a database with mixed-rule history, the migration
// to ratings per rule replays each rule's rated games from the accounts'
// starting ratings, and resets the accounts' rating to that start; the
// next one counts each rule's rated wins, losses and draws (a casual game
// left out).
func TestDeriveRatings(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p, err := provider(db, SQLite)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 4); err != nil {
		t.Fatal(err)
	}
	d := rating.Default()
	// History, mixed rating: ann beats ben at renju, then ben beats ann at freestyle.
	r1b, r1w := rating.Game(d, d, rating.Win)
	r2b, r2w := rating.Game(r1w, r1b, rating.Win) // ben (black) on his mixed rating
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := db.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO accounts (id, username, password_hash, created_at, rating, rd, volatility, rated_games)
		VALUES (1, 'ann', 'h', 0, ?, ?, ?, 2), (2, 'ben', 'h', 0, ?, ?, ?, 2), (3, 'cy', 'h', 0, 1700, 100, 0.06, 0)`,
		r2w.Rating, r2w.RD, r2w.Volatility, r2b.Rating, r2b.RD, r2b.Volatility)
	game := `INSERT INTO games (id, rule, size, rated, black_account_id, white_account_id, started_at, finished, winner,
		reason, ended_at, black_before_rating, black_before_rd, black_before_vol, black_after_rating, black_after_rd,
		black_after_vol, white_before_rating, white_before_rd, white_before_vol, white_after_rating, white_after_rd,
		white_after_vol) VALUES (?, ?, 15, 1, ?, ?, 0, 1, 'black', 'five', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	exec(game, 1, "renju", 1, 2, 10, d.Rating, d.RD, d.Volatility, r1b.Rating, r1b.RD, r1b.Volatility,
		d.Rating, d.RD, d.Volatility, r1w.Rating, r1w.RD, r1w.Volatility)
	exec(game, 2, "freestyle", 2, 1, 20, r1w.Rating, r1w.RD, r1w.Volatility, r2b.Rating, r2b.RD, r2b.Volatility,
		r1b.Rating, r1b.RD, r1b.Volatility, r2w.Rating, r2w.RD, r2w.Volatility)
	// A rated caro draw (its ratings as stored do not matter: the replay
	// computes them), and a casual renju game that rates nobody.
	exec(game, 3, "caro", 1, 2, 30, d.Rating, d.RD, d.Volatility, d.Rating, d.RD, d.Volatility,
		d.Rating, d.RD, d.Volatility, d.Rating, d.RD, d.Volatility)
	exec(`UPDATE games SET winner = '' , reason = 'agreement' WHERE id = 3`)
	exec(`INSERT INTO games (id, rule, size, rated, black_account_id, white_account_id, started_at, finished, winner, reason, ended_at)
		VALUES (4, 'renju', 15, 0, 1, 2, 0, 1, 'black', 'five', 40)`)
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}

	fb, fw := rating.Game(d, d, rating.Win) // the freestyle game on fresh freestyle ratings
	cb, cw := rating.Game(d, d, rating.Draw)
	want := map[[2]any]rating.Rating{
		{int64(1), "renju"}: r1b, {int64(2), "renju"}: r1w, {int64(2), "freestyle"}: fb, {int64(1), "freestyle"}: fw,
		{int64(1), "caro"}: cb, {int64(2), "caro"}: cw,
	}
	rows, err := db.QueryContext(ctx, `SELECT account_id, rule, rating, rd, volatility, rated_games FROM ratings`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id int64
		var rule string
		var r rating.Rating
		var games int
		if err := rows.Scan(&id, &rule, &r.Rating, &r.RD, &r.Volatility, &games); err != nil {
			t.Fatal(err)
		}
		w, ok := want[[2]any{id, rule}]
		if !ok || games != 1 || math.Abs(w.Rating-r.Rating) > 1e-6 || math.Abs(w.RD-r.RD) > 1e-6 {
			t.Errorf("account %d %s: %+v in %d games, want %+v in 1", id, rule, r, games, w)
		}
		n++
	}
	if n != len(want) {
		t.Fatalf("%d ratings rows, want %d", n, len(want))
	}
	results := map[[2]any][3]int{
		{int64(1), "renju"}: {1, 0, 0}, {int64(2), "renju"}: {0, 1, 0}, {int64(2), "freestyle"}: {1, 0, 0},
		{int64(1), "freestyle"}: {0, 1, 0}, {int64(1), "caro"}: {0, 0, 1}, {int64(2), "caro"}: {0, 0, 1},
	}
	for k, w := range results {
		var got [3]int
		if err := db.QueryRowContext(ctx, `SELECT wins, losses, draws FROM ratings WHERE account_id = ? AND rule = ?`, k[0], k[1]).
			Scan(&got[0], &got[1], &got[2]); err != nil || got != w {
			t.Errorf("account %d %s: wins/losses/draws %v, %v; want %v", k[0], k[1], got, err, w)
		}
	}
	var start, cy float64
	if err := db.QueryRowContext(ctx, `SELECT (SELECT rating FROM accounts WHERE id = 1), (SELECT rating FROM accounts WHERE id = 3)`).
		Scan(&start, &cy); err != nil || start != d.Rating || cy != 1700 {
		t.Fatalf("starting ratings %v (ann), %v (cy), %v: want %v and an unplayed account untouched", start, cy, err, d.Rating)
	}
}
