package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

func testCreateGame(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "Frank")
	n := gomoku.NewGame{
		Rule: engine.Standard, Size: 19, Rated: true,
		Clock:     gomoku.TimeControl{MainMS: 1_800_000, IncrementMS: 0, ByoYomiMS: 60_000},
		Black:     gomoku.Player{AccountID: a.ID},
		White:     gomoku.Player{Guest: "guest-42"},
		StartedAt: t0,
	}
	id := mustGame(t, s, n)
	g := mustGameByID(t, s, id)
	if g.ID != id || g.Rule != n.Rule || g.Size != n.Size || g.Clock != n.Clock || !g.Rated {
		t.Fatalf("settings: got %+v, want %+v", g, n)
	}
	if !g.StartedAt.Equal(t0) || g.Finished || g.Winner != engine.Empty || g.Reason != engine.ReasonNone || !g.EndedAt.IsZero() {
		t.Fatalf("running game state: %+v", g)
	}
	wantBlack := gomoku.Player{AccountID: a.ID, Name: "Frank"}
	wantWhite := gomoku.Player{Guest: "guest-42", Name: "guest-42"}
	if g.Black != wantBlack || g.White != wantWhite {
		t.Fatalf("players %+v / %+v, want %+v / %+v", g.Black, g.White, wantBlack, wantWhite)
	}
	if g.Plies != 0 || len(g.Moves) != 0 {
		t.Fatalf("new game has moves: %+v", g)
	}
	if g.BlackRating != (gomoku.RatingChange{}) || g.WhiteRating != (gomoku.RatingChange{}) {
		t.Fatalf("running game has rating changes: %+v", g)
	}

	bot := mustGameByID(t, s, mustGame(t, s, gomoku.NewGame{Rule: engine.Freestyle, Size: 15,
		Black: gomoku.Player{Bot: "max"}, White: gomoku.Player{AccountID: a.ID}}))
	if bot.Black != (gomoku.Player{Bot: "max", Name: "max"}) || bot.White != wantBlack || bot.Rated {
		t.Fatalf("bot game players %+v / %+v", bot.Black, bot.White)
	}
	if bot.Clock != (gomoku.TimeControl{}) {
		t.Fatalf("no clock stored as %+v", bot.Clock)
	}

	bad := []gomoku.NewGame{
		{Rule: engine.Renju, Size: 15, Black: gomoku.Player{}, White: gomoku.Player{Bot: "easy"}},
		{Rule: engine.Renju, Size: 15, Black: gomoku.Player{AccountID: a.ID, Guest: "x"}, White: gomoku.Player{Bot: "easy"}},
		{Rule: engine.Rule(9), Size: 15, Black: gomoku.Player{Guest: "x"}, White: gomoku.Player{Bot: "easy"}},
		{Rule: engine.Renju, Size: 0, Black: gomoku.Player{Guest: "x"}, White: gomoku.Player{Bot: "easy"}},
		{Rule: engine.Renju, Size: 15, Clock: gomoku.TimeControl{MainMS: -1},
			Black: gomoku.Player{Guest: "x"}, White: gomoku.Player{Bot: "easy"}},
	}
	for i, n := range bad {
		_, err := s.CreateGame(ctx, n)
		wantErr(t, fmt.Sprintf("CreateGame(bad %d)", i), err, gomoku.ErrInvalid)
	}
	_, err := s.CreateGame(ctx, gomoku.NewGame{Rule: engine.Renju, Size: 15,
		Black: gomoku.Player{AccountID: a.ID + 1000}, White: gomoku.Player{Bot: "easy"}})
	wantErr(t, "CreateGame(unknown account)", err, gomoku.ErrNotFound)
	_, err = s.GameByID(ctx, id+1000)
	wantErr(t, "GameByID(unknown)", err, gomoku.ErrNotFound)
}

func testAppendMove(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	id := mustGame(t, s, gomoku.NewGame{Black: gomoku.Player{Guest: "g1"}, White: gomoku.Player{Bot: "easy"}})
	mustAppend(t, s, id, seq(1, 5)...)
	checkMoves(t, mustGameByID(t, s, id), 5)

	for _, ply := range []int{5, 3, 7} {
		wantErr(t, fmt.Sprintf("AppendMove(ply %d after 5)", ply), appendMove(ctx, s, id, move(ply)), gomoku.ErrConflict)
	}
	wantErr(t, "AppendMove(unknown game)", appendMove(ctx, s, id+1000, move(1)), gomoku.ErrNotFound)
	bad := move(6)
	bad.Color = engine.Color(9)
	wantErr(t, "AppendMove(colour red)", appendMove(ctx, s, id, bad), gomoku.ErrInvalid)
	bad = move(6)
	bad.Ply = 0
	wantErr(t, "AppendMove(ply 0)", appendMove(ctx, s, id, bad), gomoku.ErrInvalid)
	checkMoves(t, mustGameByID(t, s, id), 5)

	mustAppend(t, s, id, 6)
	checkMoves(t, mustGameByID(t, s, id), 6)
}

// testConcurrentAppend plays many games at once, one goroutine each, as the
// server does.
func testConcurrentAppend(t *testing.T, f Factory) {
	s, _ := open(t, f)
	const games, plies = 16, 40
	ids := make([]int64, games)
	for i := range ids {
		ids[i] = mustGame(t, s, gomoku.NewGame{Black: gomoku.Player{Guest: fmt.Sprint("g", i)},
			White: gomoku.Player{Bot: "easy"}})
	}
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := 1; p <= plies; p++ {
				if err := appendMove(context.Background(), s, id, move(p)); err != nil {
					errs <- fmt.Errorf("game %d ply %d: %w", id, p, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	active, err := s.ActiveGames(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != games {
		t.Fatalf("%d active games, want %d", len(active), games)
	}
	for _, g := range active {
		checkMoves(t, g, plies)
	}
}

// testConcurrentSamePly races goroutines to store the same ply: exactly one
// wins each round and the others get ErrConflict.
func testConcurrentSamePly(t *testing.T, f Factory) {
	s, _ := open(t, f)
	id := mustGame(t, s, gomoku.NewGame{Black: gomoku.Player{Guest: "g"}, White: gomoku.Player{Bot: "easy"}})
	const racers, rounds = 8, 10
	for p := 1; p <= rounds; p++ {
		var ok, conflict atomic.Int32
		var wg sync.WaitGroup
		for range racers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := appendMove(context.Background(), s, id, move(p))
				switch {
				case err == nil:
					ok.Add(1)
				case errors.Is(err, gomoku.ErrConflict):
					conflict.Add(1)
				default:
					t.Errorf("ply %d: %v", p, err)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 1 || conflict.Load() != racers-1 {
			t.Fatalf("ply %d: %d stored, %d conflicts; want 1 and %d", p, ok.Load(), conflict.Load(), racers-1)
		}
	}
	checkMoves(t, mustGameByID(t, s, id), rounds)
}

func testUndoMoves(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	id := mustGame(t, s, gomoku.NewGame{Black: gomoku.Player{Guest: "g"}, White: gomoku.Player{Bot: "easy"}})
	mustAppend(t, s, id, seq(1, 6)...)
	if err := undoMoves(ctx, s, id, 2); err != nil {
		t.Fatal(err)
	}
	checkMoves(t, mustGameByID(t, s, id), 4)
	if err := undoMoves(ctx, s, id, 0); err != nil {
		t.Fatalf("UndoMoves(0): %v", err)
	}
	wantErr(t, "AppendMove(ply 6 after undo to 4)", appendMove(ctx, s, id, move(6)), gomoku.ErrConflict)
	mustAppend(t, s, id, 5, 6, 7)
	checkMoves(t, mustGameByID(t, s, id), 7)
	wantErr(t, "UndoMoves(8 of 7)", undoMoves(ctx, s, id, 8), gomoku.ErrConflict)
	checkMoves(t, mustGameByID(t, s, id), 7)
	wantErr(t, "UndoMoves(unknown game)", undoMoves(ctx, s, id+1000, 1), gomoku.ErrNotFound)
	if err := undoMoves(ctx, s, id, 7); err != nil {
		t.Fatalf("UndoMoves(all): %v", err)
	}
	checkMoves(t, mustGameByID(t, s, id), 0)
	mustAppend(t, s, id, 1, 2)
	if _, err := finishGame(ctx, s, id, gomoku.GameResult{Winner: engine.White, Reason: engine.ReasonResign}); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "UndoMoves(finished game)", undoMoves(ctx, s, id, 1), gomoku.ErrConflict)
	checkMoves(t, mustGameByID(t, s, id), 2)
}

func testActiveAfterReopen(t *testing.T, f Factory) {
	s, reopen := f(t)
	ctx := context.Background()
	a := mustAccount(t, s, "grace")
	running := mustGame(t, s, gomoku.NewGame{Rule: engine.Renju, Size: 15, Rated: true,
		Clock: gomoku.TimeControl{MainMS: 600_000, IncrementMS: 5_000},
		Black: gomoku.Player{AccountID: a.ID}, White: gomoku.Player{Bot: "hard"}})
	mustAppend(t, s, running, seq(1, 9)...)
	other := mustGame(t, s, gomoku.NewGame{Black: gomoku.Player{Guest: "h"}, White: gomoku.Player{Guest: "i"}})
	mustAppend(t, s, other, 1)
	done := mustGame(t, s, gomoku.NewGame{Black: gomoku.Player{Guest: "h"}, White: gomoku.Player{Guest: "i"}})
	mustAppend(t, s, done, seq(1, 3)...)
	if _, err := finishGame(ctx, s, done, gomoku.GameResult{Winner: engine.Empty, Reason: engine.ReasonAgreement, EndedAt: t0}); err != nil {
		t.Fatal(err)
	}
	before, err := s.ActiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}

	s2, err := reopen()
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	t.Cleanup(func() { _ = s2.Close() })
	after, err := s2.ActiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != 2 || after[0].ID != running || after[1].ID != other {
		t.Fatalf("active games after reopen: %+v, want games %d and %d", after, running, other)
	}
	checkMoves(t, after[0], 9)
	checkMoves(t, after[1], 1)
	if after[0].Clock != (gomoku.TimeControl{MainMS: 600_000, IncrementMS: 5_000}) ||
		after[0].Black.Name != "grace" || after[0].White.Bot != "hard" || !after[0].Rated {
		t.Fatalf("restored settings %+v", after[0])
	}
	if len(before) != len(after) || before[0].Plies != after[0].Plies {
		t.Fatalf("ActiveGames before close %+v differs from after reopen %+v", before, after)
	}
	// Play continues where it stopped.
	mustAppend(t, s2, running, 10)
	wantErr(t, "AppendMove(finished game after reopen)", appendMove(ctx, s2, done, move(4)), gomoku.ErrConflict)
}

func testPaging(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "heidi")
	b := mustAccount(t, s, "ivan")
	const n = 7
	var ids []int64 // oldest first
	for i := range n {
		black, white := gomoku.Player{AccountID: a.ID}, gomoku.Player{Bot: "easy"}
		if i%2 == 1 {
			black, white = gomoku.Player{AccountID: b.ID}, gomoku.Player{AccountID: a.ID}
		}
		id := mustGame(t, s, gomoku.NewGame{Black: black, White: white, StartedAt: t0.Add(time.Duration(i) * time.Minute)})
		mustAppend(t, s, id, seq(1, i)...)
		ids = append(ids, id)
	}
	// Same start time as the newest: the higher id comes first.
	tie := mustGame(t, s, gomoku.NewGame{Black: gomoku.Player{Guest: "x"}, White: gomoku.Player{AccountID: a.ID},
		StartedAt: t0.Add((n - 1) * time.Minute)})
	ids = append(ids, tie)
	mustGame(t, s, gomoku.NewGame{Black: gomoku.Player{Guest: "x"}, White: gomoku.Player{Guest: "y"}})

	var got []int64
	for off := 0; ; off += 3 {
		page, err := s.GamesByAccount(ctx, a.ID, 3, off)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range page {
			if g.Moves != nil {
				t.Fatalf("GamesByAccount returned moves for game %d", g.ID)
			}
			got = append(got, g.ID)
		}
		if len(page) < 3 {
			break
		}
	}
	if len(got) != len(ids) {
		t.Fatalf("paged through %v, want %d games", got, len(ids))
	}
	for i, id := range got {
		if want := ids[len(ids)-1-i]; id != want {
			t.Fatalf("page order %v: position %d is %d, want %d", got, i, id, want)
		}
	}
	bGames, err := s.GamesByAccount(ctx, b.ID, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(bGames) != 3 {
		t.Fatalf("ivan has %d games, want 3", len(bGames))
	}
	for _, g := range bGames {
		idx := 0
		for i, id := range ids {
			if id == g.ID {
				idx = i
			}
		}
		if g.Plies != idx || g.Black.Name != "ivan" || g.White.Name != "heidi" {
			t.Fatalf("summary of game %d: plies %d (want %d), %s vs %s", g.ID, g.Plies, idx, g.Black.Name, g.White.Name)
		}
	}
	none, err := s.GamesByAccount(ctx, b.ID+1000, 10, 0)
	if err != nil || len(none) != 0 {
		t.Fatalf("GamesByAccount(unknown) = %v, %v; want empty", none, err)
	}
}

func testCancelled(t *testing.T, f Factory) {
	s, _ := open(t, f)
	a := mustAccount(t, s, "judy")
	id := mustGame(t, s, gomoku.NewGame{Black: gomoku.Player{AccountID: a.ID}, White: gomoku.Player{Bot: "easy"}})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.AccountByID(ctx, a.ID); err == nil {
		t.Error("AccountByID with a cancelled context succeeded")
	}
	if err := appendMove(ctx, s, id, move(1)); err == nil {
		t.Error("AppendMove with a cancelled context succeeded")
	}
	if _, err := finishGame(ctx, s, id, gomoku.GameResult{Winner: engine.Black, Reason: engine.ReasonResign}); err == nil {
		t.Error("FinishGame with a cancelled context succeeded")
	}
	g := mustGameByID(t, s, id)
	if g.Plies != 0 || g.Finished {
		t.Fatalf("cancelled calls changed the game: %+v", g)
	}
	dctx, dcancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer dcancel()
	<-dctx.Done()
	if _, err := s.ActiveGames(dctx); err == nil {
		t.Error("ActiveGames past its deadline succeeded")
	}
}

// testPauseClocks: clocks saved at a stop come back with the running game
// (in ActiveGames and GameByID); finished and unknown games are refused.
func testPauseClocks(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	id := mustGame(t, s, gomoku.NewGame{Rule: engine.Freestyle, Size: 15, Clock: gomoku.TimeControl{MainMS: 60_000},
		Black: gomoku.Player{Guest: "p"}, White: gomoku.Player{Guest: "q"}})
	mustAppend(t, s, id, 1, 2)
	if g := mustGameByID(t, s, id); g.Paused != nil {
		t.Fatalf("new game has paused clocks %+v", g.Paused)
	}
	want := gomoku.PausedClocks{Ply: 2, BlackMS: 41_234, WhiteMS: 55_000}
	if err := s.PauseClocks(ctx, id, want); err != nil {
		t.Fatal(err)
	}
	if g := mustGameByID(t, s, id); g.Paused == nil || *g.Paused != want {
		t.Fatalf("GameByID paused %+v, want %+v", g.Paused, want)
	}
	active, err := s.ActiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, g := range active {
		if g.ID == id {
			found = true
			if g.Paused == nil || *g.Paused != want || g.Plies != 2 {
				t.Fatalf("ActiveGames paused %+v (plies %d), want %+v", g.Paused, g.Plies, want)
			}
		}
	}
	if !found {
		t.Fatalf("game %d not active", id)
	}
	wantErr(t, "PauseClocks(unknown)", s.PauseClocks(ctx, id+1000, want), gomoku.ErrNotFound)
	if _, err := finishGame(ctx, s, id, gomoku.GameResult{Winner: engine.Black, Reason: engine.ReasonResign}); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "PauseClocks(finished)", s.PauseClocks(ctx, id, want), gomoku.ErrNotFound)
}
