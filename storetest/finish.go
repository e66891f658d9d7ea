package storetest

import (
	"context"
	"errors"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

type stats struct{ games, wins, losses, draws, rated int }

func statsOf(a gomoku.Account) stats {
	return stats{a.Games, a.Wins, a.Losses, a.Draws, a.RatedGames}
}

func checkStats(tb testing.TB, s gomoku.Store, id int64, want stats) gomoku.Account {
	tb.Helper()
	a := mustAccountByID(tb, s, id)
	if got := statsOf(a); got != want {
		tb.Fatalf("%s: stats %+v, want %+v", a.Username, got, want)
	}
	return a
}

func closeRating(a, b gomoku.Rating) bool {
	const eps = 1e-9
	return math.Abs(a.Rating-b.Rating) < eps && math.Abs(a.RD-b.RD) < eps && math.Abs(a.Volatility-b.Volatility) < eps
}

func testFinishRated(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "kate")
	b := mustAccount(t, s, "liam")
	rb, rw := a.Rating, b.Rating
	for round, winner := range []engine.Color{engine.White, engine.Black, engine.Empty} {
		id := mustGame(t, s, gomoku.NewGame{Rated: true,
			Black: gomoku.Player{AccountID: a.ID}, White: gomoku.Player{AccountID: b.ID}})
		mustAppend(t, s, id, seq(1, 9)...)
		end := t0.Add(time.Hour)
		reason := engine.ReasonFive
		if winner == engine.Empty {
			reason = engine.ReasonAgreement
		}
		g, err := finishGame(ctx, s, id, gomoku.GameResult{Winner: winner, Reason: reason, EndedAt: end})
		if err != nil {
			t.Fatal(err)
		}
		nb, nw := gomoku.RateGame(rb, rw, winner)
		if !g.Finished || g.Winner != winner || g.Reason != reason || !g.EndedAt.Equal(end) || g.Plies != 9 {
			t.Fatalf("round %d: FinishGame returned %+v", round, g)
		}
		for _, got := range []gomoku.Game{g, mustGameByID(t, s, id)} {
			if !closeRating(got.BlackRating.Before, rb) || !closeRating(got.BlackRating.After, nb) ||
				!closeRating(got.WhiteRating.Before, rw) || !closeRating(got.WhiteRating.After, nw) {
				t.Fatalf("round %d: rating changes %+v / %+v, want %v->%v / %v->%v",
					round, got.BlackRating, got.WhiteRating, rb, nb, rw, nw)
			}
		}
		stored := mustGameByID(t, s, id)
		if !stored.Finished || stored.Winner != winner || stored.Reason != reason || !stored.EndedAt.Equal(end) {
			t.Fatalf("round %d: stored result %+v", round, stored)
		}
		checkMoves(t, stored, 9)
		if got := mustAccountByID(t, s, a.ID).Rating; !closeRating(got, nb) {
			t.Fatalf("round %d: kate's rating %+v, want %+v", round, got, nb)
		}
		if got := mustAccountByID(t, s, b.ID).Rating; !closeRating(got, nw) {
			t.Fatalf("round %d: liam's rating %+v, want %+v", round, got, nw)
		}
		rb, rw = nb, nw
	}
	if rb.Rating == gomoku.DefaultRating.Rating || rb.RD >= gomoku.DefaultRating.RD {
		t.Fatalf("ratings did not move: %+v", rb)
	}
	checkStats(t, s, a.ID, stats{games: 3, wins: 1, losses: 1, draws: 1, rated: 3})
	checkStats(t, s, b.ID, stats{games: 3, wins: 1, losses: 1, draws: 1, rated: 3})
}

func testFinishFlags(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "mia")
	b := mustAccount(t, s, "noah")
	finish := func(n gomoku.NewGame, r gomoku.GameResult) gomoku.Game {
		t.Helper()
		g, err := finishGame(ctx, s, mustGame(t, s, n), r)
		if err != nil {
			t.Fatal(err)
		}
		if g.BlackRating != (gomoku.RatingChange{}) || g.WhiteRating != (gomoku.RatingChange{}) {
			t.Fatalf("unrated finish has rating changes: %+v", g)
		}
		return g
	}
	ab := gomoku.NewGame{Black: gomoku.Player{AccountID: a.ID}, White: gomoku.Player{AccountID: b.ID}}
	rated := ab
	rated.Rated = true

	finish(ab, gomoku.GameResult{Winner: engine.Black, Reason: engine.ReasonFive}) // casual
	checkStats(t, s, a.ID, stats{games: 1, wins: 1})
	checkStats(t, s, b.ID, stats{games: 1, losses: 1})

	finish(rated, gomoku.GameResult{Winner: engine.White, Reason: engine.ReasonAbandon, Unrated: true})
	checkStats(t, s, a.ID, stats{games: 2, wins: 1, losses: 1})
	checkStats(t, s, b.ID, stats{games: 2, wins: 1, losses: 1})

	finish(rated, gomoku.GameResult{Reason: engine.ReasonAborted, Unrated: true, Uncounted: true})
	checkStats(t, s, a.ID, stats{games: 2, wins: 1, losses: 1})

	// A rated game against a guest or a bot changes no rating.
	finish(gomoku.NewGame{Rated: true, Black: gomoku.Player{Guest: "g"}, White: gomoku.Player{AccountID: a.ID}},
		gomoku.GameResult{Reason: engine.ReasonFullBoard})
	finish(gomoku.NewGame{Rated: true, Black: gomoku.Player{AccountID: b.ID}, White: gomoku.Player{Bot: "max"}},
		gomoku.GameResult{Winner: engine.White, Reason: engine.ReasonTimeout})
	ga := checkStats(t, s, a.ID, stats{games: 3, wins: 1, losses: 1, draws: 1})
	gb := checkStats(t, s, b.ID, stats{games: 3, wins: 1, losses: 2})
	if ga.Rating != gomoku.DefaultRating || gb.Rating != gomoku.DefaultRating {
		t.Fatalf("unrated games changed ratings: %+v %+v", ga.Rating, gb.Rating)
	}
}

func testFinishErrors(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "olga")
	b := mustAccount(t, s, "pete")
	id := mustGame(t, s, gomoku.NewGame{Rated: true,
		Black: gomoku.Player{AccountID: a.ID}, White: gomoku.Player{AccountID: b.ID}})
	mustAppend(t, s, id, 1, 2, 3)
	for _, r := range []gomoku.GameResult{{Winner: engine.Color(9), Reason: engine.ReasonFive}, {Winner: engine.Black}} {
		_, err := finishGame(ctx, s, id, r)
		wantErr(t, "FinishGame(invalid result)", err, gomoku.ErrInvalid)
	}
	_, err := finishGame(ctx, s, id+1000, gomoku.GameResult{Winner: engine.Black, Reason: engine.ReasonFive})
	wantErr(t, "FinishGame(unknown)", err, gomoku.ErrNotFound)
	if _, err := finishGame(ctx, s, id, gomoku.GameResult{Winner: engine.Black, Reason: engine.ReasonFive}); err != nil {
		t.Fatal(err)
	}
	after := checkStats(t, s, a.ID, stats{games: 1, wins: 1, rated: 1})
	_, err = finishGame(ctx, s, id, gomoku.GameResult{Winner: engine.White, Reason: engine.ReasonResign})
	wantErr(t, "FinishGame(twice)", err, gomoku.ErrConflict)
	if again := checkStats(t, s, a.ID, stats{games: 1, wins: 1, rated: 1}); again.Rating != after.Rating {
		t.Fatalf("refused finish changed the rating: %+v -> %+v", after.Rating, again.Rating)
	}
	if g := mustGameByID(t, s, id); g.Winner != engine.Black || g.Reason != engine.ReasonFive {
		t.Fatalf("refused finish changed the result: %+v", g)
	}
	wantErr(t, "AppendMove(finished)", appendMove(ctx, s, id, move(4)), gomoku.ErrConflict)
}

// testConcurrentFinish checks FinishGame is atomic and isolated: of racing
// finishes of one game exactly one wins, and concurrent results of many games
// between the same two accounts lose no update.
func testConcurrentFinish(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "quinn")
	b := mustAccount(t, s, "rosa")
	rated := gomoku.NewGame{Rated: true, Black: gomoku.Player{AccountID: a.ID}, White: gomoku.Player{AccountID: b.ID}}

	id := mustGame(t, s, rated)
	var ok atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := finishGame(ctx, s, id, gomoku.GameResult{Winner: engine.Black, Reason: engine.ReasonFive})
			switch {
			case err == nil:
				ok.Add(1)
			case !errors.Is(err, gomoku.ErrConflict):
				t.Errorf("racing FinishGame: %v", err)
			}
		}()
	}
	wg.Wait()
	if ok.Load() != 1 {
		t.Fatalf("%d racing finishes succeeded, want 1", ok.Load())
	}
	checkStats(t, s, a.ID, stats{games: 1, wins: 1, rated: 1})

	const n = 12
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = mustGame(t, s, rated)
	}
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := finishGame(ctx, s, id, gomoku.GameResult{Winner: engine.Black, Reason: engine.ReasonResign}); err != nil {
				t.Errorf("FinishGame(%d): %v", id, err)
			}
		}()
	}
	wg.Wait()
	// Every game is the same pairing and result, so the order does not
	// matter: the final ratings are n+1 sequential updates.
	rb, rw := gomoku.DefaultRating, gomoku.DefaultRating
	for range n + 1 {
		rb, rw = gomoku.RateGame(rb, rw, engine.Black)
	}
	ga := checkStats(t, s, a.ID, stats{games: n + 1, wins: n + 1, rated: n + 1})
	gb := checkStats(t, s, b.ID, stats{games: n + 1, losses: n + 1, rated: n + 1})
	if !closeRating(ga.Rating, rb) || !closeRating(gb.Rating, rw) {
		t.Fatalf("ratings after concurrent finishes %+v / %+v, want %+v / %+v (a lost update?)",
			ga.Rating, gb.Rating, rb, rw)
	}
}
