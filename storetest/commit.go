package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// testCommitAtomic checks CommitGame stores all of a commit or none of it:
// a winning move with its result and ratings, a takeback with its reply.
func testCommitAtomic(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a, b := mustAccount(t, s, "quinn"), mustAccount(t, s, "rosa")
	rated := gomoku.NewGame{Rated: true, Black: gomoku.Player{AccountID: a.ID}, White: gomoku.Player{AccountID: b.ID}}

	win := mustGame(t, s, rated)
	mustAppend(t, s, win, seq(1, 8)...)
	r := gomoku.GameResult{Winner: engine.Black, Reason: engine.ReasonFive, EndedAt: t0}
	c, err := s.CommitGame(ctx, win, gomoku.GameCommit{Moves: []gomoku.Move{move(9)}, Result: &r})
	if err != nil {
		t.Fatalf("winning move with its result: %v", err)
	}
	g := mustGameByID(t, s, win)
	if !g.Finished || g.Winner != engine.Black || g.Plies != 9 || c.BlackRating != g.BlackRating ||
		g.BlackRating.After.Rating <= g.BlackRating.Before.Rating {
		t.Fatalf("after the winning commit: %+v (reported %+v)", g, c)
	}
	checkStats(t, s, a.ID, stats{games: 1, wins: 1, rated: 1})

	// A takeback whose new move does not fit leaves the undone moves.
	tb := mustGame(t, s, rated)
	mustAppend(t, s, tb, seq(1, 4)...)
	_, err = s.CommitGame(ctx, tb, gomoku.GameCommit{Undo: 1, Moves: []gomoku.Move{move(7)}})
	wantErr(t, "undo 1 then ply 7", err, gomoku.ErrConflict)
	checkMoves(t, mustGameByID(t, s, tb), 4)

	// A result on a finished game takes its move back with it.
	_, err = s.CommitGame(ctx, win, gomoku.GameCommit{Result: &r})
	wantErr(t, "second result", err, gomoku.ErrConflict)
	_, err = s.CommitGame(ctx, tb, gomoku.GameCommit{Undo: 2, Moves: []gomoku.Move{move(3)}, Result: &r})
	if err != nil {
		t.Fatalf("undo 2, ply 3 and a result: %v", err)
	}
	if g := mustGameByID(t, s, tb); !g.Finished || g.Plies != 3 {
		t.Fatalf("after undo, move and result: finished %v, %d plies", g.Finished, g.Plies)
	}
	checkStats(t, s, a.ID, stats{games: 2, wins: 2, rated: 2})
}

// testRacingWins checks that of two winning commits of the same ply, racing
// in one group commit, exactly one lands, and the game is counted once.
func testRacingWins(t *testing.T, f Factory) {
	s, _ := open(t, f)
	a, b := mustAccount(t, s, "sven"), mustAccount(t, s, "tara")
	for round := range 5 {
		id := mustGame(t, s, gomoku.NewGame{Black: gomoku.Player{AccountID: a.ID}, White: gomoku.Player{AccountID: b.ID}})
		mustAppend(t, s, id, seq(1, 8)...)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := gomoku.GameResult{Winner: engine.Black, Reason: engine.ReasonFive}
				_, errs[i] = s.CommitGame(context.Background(), id, gomoku.GameCommit{Moves: []gomoku.Move{move(9)}, Result: &r})
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, gomoku.ErrConflict):
				t.Fatalf("round %d: racing win: %v", round, err)
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d racing wins landed, want 1", round, ok)
		}
		checkMoves(t, mustGameByID(t, s, id), 9)
		checkStats(t, s, a.ID, stats{games: round + 1, wins: round + 1})
	}
}
