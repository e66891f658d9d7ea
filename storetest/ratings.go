package storetest

import (
	"context"
	"testing"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/rating"
)

// testRatingsPerRule: a rated result changes the players' ratings in the
// game's rule only; each rule has its own leaderboard; the headline rating
// is that of the rule played most.
func testRatingsPerRule(t *testing.T, f Factory) {
	s, _ := f(t)
	ctx := context.Background()
	a, b := mustAccount(t, s, "ann"), mustAccount(t, s, "ben")
	play := func(rule engine.Rule, size int, winner engine.Color) {
		t.Helper()
		id := mustGame(t, s, gomoku.NewGame{Rule: rule, Size: size, Rated: true,
			Black: gomoku.Player{AccountID: a.ID}, White: gomoku.Player{AccountID: b.ID}})
		if _, err := finishGame(ctx, s, id, gomoku.GameResult{Winner: winner, Reason: engine.ReasonFive}); err != nil {
			t.Fatal(err)
		}
	}
	play(engine.Renju, 15, engine.Black)
	play(engine.Renju, 15, engine.Black)
	play(engine.Freestyle, 15, engine.White)

	d := gomoku.DefaultRating
	rb, rw := rating.Game(d, d, rating.Win)
	rb, rw = rating.Game(rb, rw, rating.Win)
	fb, fw := rating.Game(d, d, rating.Loss)
	ga, gb := mustAccountByID(t, s, a.ID), mustAccountByID(t, s, b.ID)
	for _, c := range []struct {
		name  string
		got   gomoku.RuleRating
		want  gomoku.Rating
		games int
	}{
		{"ann renju", ga.Ratings[engine.Renju], rb, 2}, {"ben renju", gb.Ratings[engine.Renju], rw, 2},
		{"ann freestyle", ga.Ratings[engine.Freestyle], fb, 1}, {"ben freestyle", gb.Ratings[engine.Freestyle], fw, 1},
		{"ann standard", ga.Ratings[engine.Standard], d, 0}, {"ben caro", gb.Ratings[engine.Caro], d, 0},
	} {
		if !closeRating(c.got.Rating, c.want) || c.got.RatedGames != c.games {
			t.Errorf("%s: %+v, want %+v in %d games", c.name, c.got, c.want, c.games)
		}
	}
	if !closeRating(ga.Rating, rb) || ga.RatedGames != 3 {
		t.Errorf("ann's headline %+v (%d rated games), want her renju rating, 3 games", ga.Rating, ga.RatedGames)
	}
	renju, err := s.Leaderboard(ctx, engine.Renju, 10)
	if err != nil || len(renju) != 2 || renju[0].ID != a.ID || !closeRating(renju[0].Ratings[engine.Renju].Rating, rb) {
		t.Fatalf("renju leaderboard %+v, %v: want ann then ben", renju, err)
	}
	free, err := s.Leaderboard(ctx, engine.Freestyle, 10)
	if err != nil || len(free) != 2 || free[0].ID != b.ID {
		t.Fatalf("freestyle leaderboard %+v, %v: want ben first", free, err)
	}
	if std, err := s.Leaderboard(ctx, engine.Standard, 10); err != nil || len(std) != 0 {
		t.Fatalf("standard leaderboard %+v, %v: want nobody", std, err)
	}
}
