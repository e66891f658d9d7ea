package storetest

import (
	"context"
	"errors"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gomokud/gomoku/server"
)

type stats struct{ games, wins, losses, draws, rated int }

func statsOf(a server.Account) stats {
	return stats{a.Games, a.Wins, a.Losses, a.Draws, a.RatedGames}
}

func checkStats(tb testing.TB, s server.Store, id int64, want stats) server.Account {
	tb.Helper()
	a := mustAccountByID(tb, s, id)
	if got := statsOf(a); got != want {
		tb.Fatalf("%s: stats %+v, want %+v", a.Username, got, want)
	}
	return a
}

func closeRating(a, b server.Rating) bool {
	const eps = 1e-9
	return math.Abs(a.Rating-b.Rating) < eps && math.Abs(a.RD-b.RD) < eps && math.Abs(a.Volatility-b.Volatility) < eps
}

func testFinishRated(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "kate")
	b := mustAccount(t, s, "liam")
	rb, rw := a.Rating, b.Rating
	for round, winner := range []string{"white", "black", ""} {
		id := mustGame(t, s, server.NewGame{Rated: true,
			Black: server.Player{AccountID: a.ID}, White: server.Player{AccountID: b.ID}})
		mustAppend(t, s, id, seq(1, 9)...)
		end := t0.Add(time.Hour)
		reason := "five"
		if winner == "" {
			reason = "agreement"
		}
		g, err := s.FinishGame(ctx, id, server.GameResult{Winner: winner, Reason: reason, EndedAt: end})
		if err != nil {
			t.Fatal(err)
		}
		nb, nw := server.RateGame(rb, rw, winner)
		if !g.Finished || g.Winner != winner || g.Reason != reason || !g.EndedAt.Equal(end) || g.Plies != 9 {
			t.Fatalf("round %d: FinishGame returned %+v", round, g)
		}
		for _, got := range []server.Game{g, mustGameByID(t, s, id)} {
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
	if rb.Rating == server.DefaultRating.Rating || rb.RD >= server.DefaultRating.RD {
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
	finish := func(n server.NewGame, r server.GameResult) server.Game {
		t.Helper()
		g, err := s.FinishGame(ctx, mustGame(t, s, n), r)
		if err != nil {
			t.Fatal(err)
		}
		if g.BlackRating != (server.RatingChange{}) || g.WhiteRating != (server.RatingChange{}) {
			t.Fatalf("unrated finish has rating changes: %+v", g)
		}
		return g
	}
	ab := server.NewGame{Black: server.Player{AccountID: a.ID}, White: server.Player{AccountID: b.ID}}
	rated := ab
	rated.Rated = true

	finish(ab, server.GameResult{Winner: "black", Reason: "five"}) // casual
	checkStats(t, s, a.ID, stats{games: 1, wins: 1})
	checkStats(t, s, b.ID, stats{games: 1, losses: 1})

	finish(rated, server.GameResult{Winner: "white", Reason: "abandon", Unrated: true})
	checkStats(t, s, a.ID, stats{games: 2, wins: 1, losses: 1})
	checkStats(t, s, b.ID, stats{games: 2, wins: 1, losses: 1})

	finish(rated, server.GameResult{Reason: "aborted", Unrated: true, Uncounted: true})
	checkStats(t, s, a.ID, stats{games: 2, wins: 1, losses: 1})

	// A rated game against a guest or a bot changes no rating.
	finish(server.NewGame{Rated: true, Black: server.Player{Guest: "g"}, White: server.Player{AccountID: a.ID}},
		server.GameResult{Reason: "full-board"})
	finish(server.NewGame{Rated: true, Black: server.Player{AccountID: b.ID}, White: server.Player{Bot: "max"}},
		server.GameResult{Winner: "white", Reason: "timeout"})
	ga := checkStats(t, s, a.ID, stats{games: 3, wins: 1, losses: 1, draws: 1})
	gb := checkStats(t, s, b.ID, stats{games: 3, wins: 1, losses: 2})
	if ga.Rating != server.DefaultRating || gb.Rating != server.DefaultRating {
		t.Fatalf("unrated games changed ratings: %+v %+v", ga.Rating, gb.Rating)
	}
}

func testFinishErrors(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "olga")
	b := mustAccount(t, s, "pete")
	id := mustGame(t, s, server.NewGame{Rated: true,
		Black: server.Player{AccountID: a.ID}, White: server.Player{AccountID: b.ID}})
	mustAppend(t, s, id, 1, 2, 3)
	for _, r := range []server.GameResult{{Winner: "red", Reason: "five"}, {Winner: "black"}} {
		_, err := s.FinishGame(ctx, id, r)
		wantErr(t, "FinishGame(invalid result)", err, server.ErrInvalid)
	}
	_, err := s.FinishGame(ctx, id+1000, server.GameResult{Winner: "black", Reason: "five"})
	wantErr(t, "FinishGame(unknown)", err, server.ErrNotFound)
	if _, err := s.FinishGame(ctx, id, server.GameResult{Winner: "black", Reason: "five"}); err != nil {
		t.Fatal(err)
	}
	after := checkStats(t, s, a.ID, stats{games: 1, wins: 1, rated: 1})
	_, err = s.FinishGame(ctx, id, server.GameResult{Winner: "white", Reason: "resign"})
	wantErr(t, "FinishGame(twice)", err, server.ErrConflict)
	if again := checkStats(t, s, a.ID, stats{games: 1, wins: 1, rated: 1}); again.Rating != after.Rating {
		t.Fatalf("refused finish changed the rating: %+v -> %+v", after.Rating, again.Rating)
	}
	if g := mustGameByID(t, s, id); g.Winner != "black" || g.Reason != "five" {
		t.Fatalf("refused finish changed the result: %+v", g)
	}
	wantErr(t, "AppendMove(finished)", s.AppendMove(ctx, id, move(4)), server.ErrConflict)
}

// testConcurrentFinish checks FinishGame is atomic and isolated: of racing
// finishes of one game exactly one wins, and concurrent results of many games
// between the same two accounts lose no update.
func testConcurrentFinish(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "quinn")
	b := mustAccount(t, s, "rosa")
	rated := server.NewGame{Rated: true, Black: server.Player{AccountID: a.ID}, White: server.Player{AccountID: b.ID}}

	id := mustGame(t, s, rated)
	var ok atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.FinishGame(ctx, id, server.GameResult{Winner: "black", Reason: "five"})
			switch {
			case err == nil:
				ok.Add(1)
			case !errors.Is(err, server.ErrConflict):
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
			if _, err := s.FinishGame(ctx, id, server.GameResult{Winner: "black", Reason: "resign"}); err != nil {
				t.Errorf("FinishGame(%d): %v", id, err)
			}
		}()
	}
	wg.Wait()
	// Every game is the same pairing and result, so the order does not
	// matter: the final ratings are n+1 sequential updates.
	rb, rw := server.DefaultRating, server.DefaultRating
	for range n + 1 {
		rb, rw = server.RateGame(rb, rw, "black")
	}
	ga := checkStats(t, s, a.ID, stats{games: n + 1, wins: n + 1, rated: n + 1})
	gb := checkStats(t, s, b.ID, stats{games: n + 1, losses: n + 1, rated: n + 1})
	if !closeRating(ga.Rating, rb) || !closeRating(gb.Rating, rw) {
		t.Fatalf("ratings after concurrent finishes %+v / %+v, want %+v / %+v (a lost update?)",
			ga.Rating, gb.Rating, rb, rw)
	}
}
