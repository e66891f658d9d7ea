// Package storetest is the conformance suite every gomoku.Store
// implementation must pass. Adapters call Run from their tests with a Factory
// that opens a fresh, empty database.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// Factory opens a fresh, empty store for one test and returns with it a
// reopen function that opens the same database again (the suite closes the
// first store before calling it, to check what survives a restart). The suite
// closes every store it receives; the factory cleans up the database itself
// (tb.Cleanup).
type Factory func(tb testing.TB) (s gomoku.Store, reopen func() (gomoku.Store, error))

// Run runs the whole suite, one subtest per area.
func Run(t *testing.T, f Factory) {
	tests := []struct {
		name string
		fn   func(*testing.T, Factory)
	}{
		{"Accounts", testAccounts},
		{"AccountErrors", testAccountErrors},
		{"Sessions", testSessions},
		{"GuestSessions", testGuestSessions},
		{"CreateGame", testCreateGame},
		{"AppendMove", testAppendMove},
		{"ConcurrentAppendMove", testConcurrentAppend},
		{"ConcurrentSamePly", testConcurrentSamePly},
		{"UndoMoves", testUndoMoves},
		{"CommitAtomic", testCommitAtomic},
		{"RacingWins", testRacingWins},
		{"PauseClocks", testPauseClocks},
		{"Opening", testOpening},
		{"FinishRated", testFinishRated},
		{"FinishCasualAndFlags", testFinishFlags},
		{"FinishErrors", testFinishErrors},
		{"ConcurrentFinish", testConcurrentFinish},
		{"ActiveGamesAfterReopen", testActiveAfterReopen},
		{"GamesByAccountPaging", testPaging},
		{"Leaderboard", testLeaderboard},
		{"RatingsPerRule", testRatingsPerRule},
		{"SetPassword", testSetPassword},
		{"DeleteAccount", testDeleteAccount},
		{"Blocks", testBlocks},
		{"CancelledContext", testCancelled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, f) })
	}
}

// t0 is a fixed time with milliseconds, the precision stores keep.
var t0 = time.Date(2026, 11, 23, 8, 0, 0, 123_000_000, time.UTC)

func open(tb testing.TB, f Factory) (gomoku.Store, func() (gomoku.Store, error)) {
	tb.Helper()
	s, reopen := f(tb)
	tb.Cleanup(func() { _ = s.Close() })
	return s, reopen
}

func mustAccount(tb testing.TB, s gomoku.Store, name string) gomoku.Account {
	tb.Helper()
	a, err := s.CreateAccount(context.Background(), gomoku.NewAccount{
		Username: name, PasswordHash: "hash-of-" + name, CreatedAt: t0,
	})
	if err != nil {
		tb.Fatalf("CreateAccount(%q): %v", name, err)
	}
	return a
}

func mustGame(tb testing.TB, s gomoku.Store, n gomoku.NewGame) int64 {
	tb.Helper()
	if n.Size == 0 {
		n.Size = 15
	}
	if n.StartedAt.IsZero() {
		n.StartedAt = t0
	}
	id, err := s.CreateGame(context.Background(), n)
	if err != nil {
		tb.Fatalf("CreateGame: %v", err)
	}
	return id
}

func mustGameByID(tb testing.TB, s gomoku.Store, id int64) gomoku.Game {
	tb.Helper()
	g, err := s.GameByID(context.Background(), id)
	if err != nil {
		tb.Fatalf("GameByID(%d): %v", id, err)
	}
	return g
}

func mustAccountByID(tb testing.TB, s gomoku.Store, id int64) gomoku.Account {
	tb.Helper()
	a, err := s.AccountByID(context.Background(), id)
	if err != nil {
		tb.Fatalf("AccountByID(%d): %v", id, err)
	}
	return a
}

// move returns the ply-th move of a game: alternating colours, distinct
// points, clocks counting down.
func move(ply int) gomoku.Move {
	c := engine.Black
	if ply%2 == 0 {
		c = engine.White
	}
	return gomoku.Move{
		Ply: ply, Point: engine.Point{X: ply % 15, Y: ply / 15 % 15}, Color: c,
		BlackClockMS: 300_000 - int64(ply)*1000, WhiteClockMS: 300_000 - int64(ply)*900,
		SpentMS: int64(ply) * 10, At: t0.Add(time.Duration(ply) * time.Second),
	}
}

func mustAppend(tb testing.TB, s gomoku.Store, id int64, plies ...int) {
	tb.Helper()
	for _, p := range plies {
		if err := appendMove(context.Background(), s, id, move(p)); err != nil {
			tb.Fatalf("AppendMove(game %d, ply %d): %v", id, p, err)
		}
	}
}

func seq(from, to int) []int {
	var out []int
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

func wantErr(tb testing.TB, what string, err, target error) {
	tb.Helper()
	if !errors.Is(err, target) {
		tb.Fatalf("%s: got error %v, want %v", what, err, target)
	}
}

func checkMoves(tb testing.TB, g gomoku.Game, n int) {
	tb.Helper()
	if len(g.Moves) != n || g.Plies != n {
		tb.Fatalf("game %d: %d moves, Plies %d, want %d", g.ID, len(g.Moves), g.Plies, n)
	}
	for i, m := range g.Moves {
		want := move(i + 1)
		if !m.At.Equal(want.At) {
			tb.Fatalf("game %d move %d: At %v, want %v", g.ID, i+1, m.At, want.At)
		}
		m.At = want.At
		if m != want {
			tb.Fatalf("game %d move %d: got %+v, want %+v", g.ID, i+1, m, want)
		}
	}
}

// appendMove commits one move alone.
func appendMove(ctx context.Context, s gomoku.Store, id int64, m gomoku.Move) error {
	_, err := s.CommitGame(ctx, id, gomoku.GameCommit{Moves: []gomoku.Move{m}})
	return err
}

// undoMoves commits a takeback of n moves alone.
func undoMoves(ctx context.Context, s gomoku.Store, id int64, n int) error {
	_, err := s.CommitGame(ctx, id, gomoku.GameCommit{Undo: n})
	return err
}

// finishGame commits r alone and returns the stored game, without its
// moves, after checking that the rating changes CommitGame reported are
// the stored ones.
func finishGame(ctx context.Context, s gomoku.Store, id int64, r gomoku.GameResult) (gomoku.Game, error) {
	c, err := s.CommitGame(ctx, id, gomoku.GameCommit{Result: &r})
	if err != nil {
		return gomoku.Game{}, err
	}
	g, err := s.GameByID(ctx, id)
	if err != nil {
		return g, err
	}
	if c.BlackRating != g.BlackRating || c.WhiteRating != g.WhiteRating {
		return g, fmt.Errorf("CommitGame reported rating changes %+v, the store holds %+v / %+v",
			c, g.BlackRating, g.WhiteRating)
	}
	g.Moves = nil
	return g, nil
}
