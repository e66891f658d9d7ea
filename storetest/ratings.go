package storetest

import (
	"context"
	"testing"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/rating"
)

// testRatingsPerRule: a rated result changes the players' ratings in the
// game's rule only, and its wins, losses or draws; each rule has its own
// leaderboard; the headline rating is that of the rule played most.
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
	play(engine.Caro, 15, engine.Empty)

	d := gomoku.DefaultRating
	rb, rw := rating.Game(d, d, rating.Win)
	rb, rw = rating.Game(rb, rw, rating.Win)
	fb, fw := rating.Game(d, d, rating.Loss)
	cb, cw := rating.Game(d, d, rating.Draw)
	ga, gb := mustAccountByID(t, s, a.ID), mustAccountByID(t, s, b.ID)
	for _, c := range []struct {
		name    string
		got     gomoku.RuleRating
		want    gomoku.Rating
		games   int
		w, l, d int
	}{
		{"ann renju", ga.Ratings[engine.Renju], rb, 2, 2, 0, 0}, {"ben renju", gb.Ratings[engine.Renju], rw, 2, 0, 2, 0},
		{"ann freestyle", ga.Ratings[engine.Freestyle], fb, 1, 0, 1, 0}, {"ben freestyle", gb.Ratings[engine.Freestyle], fw, 1, 1, 0, 0},
		{"ann caro", ga.Ratings[engine.Caro], cb, 1, 0, 0, 1}, {"ben caro", gb.Ratings[engine.Caro], cw, 1, 0, 0, 1},
		{"ann standard", ga.Ratings[engine.Standard], d, 0, 0, 0, 0},
	} {
		got := c.got
		if !closeRating(got.Rating, c.want) || got.RatedGames != c.games || got.Wins != c.w || got.Losses != c.l || got.Draws != c.d {
			t.Errorf("%s: %+v, want %+v in %d games, %d/%d/%d", c.name, got, c.want, c.games, c.w, c.l, c.d)
		}
	}
	if !closeRating(ga.Rating, rb) || ga.RatedGames != 4 || ga.Wins != 2 || ga.Losses != 1 || ga.Draws != 1 {
		t.Errorf("ann's headline %+v (%d rated games, %d/%d/%d), want her renju rating, 4 games, 2/1/1",
			ga.Rating, ga.RatedGames, ga.Wins, ga.Losses, ga.Draws)
	}
	renju, err := s.Leaderboard(ctx, engine.Renju, 10)
	if err != nil || len(renju) != 2 || renju[0].ID != a.ID || !closeRating(renju[0].Ratings[engine.Renju].Rating, rb) {
		t.Fatalf("renju leaderboard %+v, %v: want ann then ben", renju, err)
	}
	// Each row holds the rule's own results, not every rule's.
	if r := renju[1].Ratings[engine.Renju]; r.Wins != 0 || r.Losses != 2 || r.Draws != 0 {
		t.Errorf("ben on the renju leaderboard: %+v, want 0/2/0", r)
	}
	free, err := s.Leaderboard(ctx, engine.Freestyle, 10)
	if err != nil || len(free) != 2 || free[0].ID != b.ID {
		t.Fatalf("freestyle leaderboard %+v, %v: want ben first", free, err)
	}
	if std, err := s.Leaderboard(ctx, engine.Standard, 10); err != nil || len(std) != 0 {
		t.Fatalf("standard leaderboard %+v, %v: want nobody", std, err)
	}
}
