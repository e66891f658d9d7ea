package storetest

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// action returns the seq-th opening action of a game: clocks after it,
// stones on the board so far.
func action(seq int, text string, ply int, swap bool) gomoku.OpeningAction {
	return gomoku.OpeningAction{Seq: seq, Action: text, Ply: ply, Swap: swap,
		BlackClockMS: 300_000 - int64(seq)*700, WhiteClockMS: 300_000 - int64(seq)*500,
		SpentMS: int64(seq) * 20, At: t0.Add(time.Duration(seq) * time.Second)}
}

// testOpening checks a game's opening rule and its actions are stored with
// the moves they place, in one transaction each, that an action's swap
// exchanges the stored players, and that the log survives a reopen.
func testOpening(t *testing.T, f Factory) {
	s, reopen := f(t)
	ctx := context.Background()
	a := mustAccount(t, s, "ursula")
	id := mustGame(t, s, gomoku.NewGame{Opening: opening.Swap2, Clock: gomoku.TimeControl{MainMS: 300_000},
		Black: gomoku.Player{AccountID: a.ID}, White: gomoku.Player{Guest: "guest:vic"}})
	if g := mustGameByID(t, s, id); g.Opening != opening.Swap2 || len(g.OpeningLog) != 0 {
		t.Fatalf("new game: opening %v, log %v", g.Opening, g.OpeningLog)
	}
	want := []gomoku.OpeningAction{action(1, "place h8", 1, false), action(2, "place i9", 2, false),
		action(3, "place j8", 3, false), action(4, "black", 3, true)}
	for i, act := range want[:3] {
		if _, err := s.CommitGame(ctx, id, gomoku.GameCommit{Moves: []gomoku.Move{move(i + 1)},
			Opening: []gomoku.OpeningAction{act}}); err != nil {
			t.Fatalf("commit action %d with its stone: %v", act.Seq, err)
		}
	}
	// An action whose number does not fit takes its move back with it.
	for _, bad := range []gomoku.OpeningAction{action(3, "black", 4, false), action(5, "black", 4, false)} {
		_, err := s.CommitGame(ctx, id, gomoku.GameCommit{Moves: []gomoku.Move{move(4)}, Opening: []gomoku.OpeningAction{bad}})
		wantErr(t, "action out of turn", err, gomoku.ErrConflict)
	}
	_, err := s.CommitGame(ctx, id, gomoku.GameCommit{Opening: []gomoku.OpeningAction{action(4, "", 3, false)}})
	wantErr(t, "empty action", err, gomoku.ErrInvalid)
	checkMoves(t, mustGameByID(t, s, id), 3)

	if _, err := s.CommitGame(ctx, id, gomoku.GameCommit{Opening: want[3:]}); err != nil {
		t.Fatalf("commit the swap: %v", err)
	}
	g := mustGameByID(t, s, id)
	if g.Black.Guest != "guest:vic" || g.Black.Name != "guest:vic" || g.White.AccountID != a.ID || g.White.Name != "ursula" {
		t.Fatalf("after the swap: black %+v, white %+v", g.Black, g.White)
	}
	if !reflect.DeepEqual(g.OpeningLog, want) {
		t.Fatalf("opening log\n got %+v\nwant %+v", g.OpeningLog, want)
	}
	if st, err := g.OpeningState(); err != nil || !st.Done() || st.Black() != opening.Second {
		t.Fatalf("replayed opening: %+v, %v", st, err)
	}
	if games := mustAccountGames(t, s, a.ID); len(games) != 1 || games[0].Opening != opening.Swap2 || games[0].White.AccountID != a.ID {
		t.Fatalf("games of the account after the swap: %+v", games)
	}

	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s2, err := reopen()
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	t.Cleanup(func() { _ = s2.Close() })
	active, err := s2.ActiveGames(ctx)
	if err != nil || len(active) != 1 || !reflect.DeepEqual(active[0].OpeningLog, want) || active[0].Opening != opening.Swap2 {
		t.Fatalf("active games after reopen: %+v, %v", active, err)
	}

	r := gomoku.GameResult{Reason: engine.ReasonAborted, Unrated: true, Uncounted: true, EndedAt: t0}
	if _, err := s2.CommitGame(ctx, id, gomoku.GameCommit{Result: &r}); err != nil {
		t.Fatal(err)
	}
	_, err = s2.CommitGame(ctx, id, gomoku.GameCommit{Opening: []gomoku.OpeningAction{action(5, "swap", 3, true)}})
	wantErr(t, "action on a finished game", err, gomoku.ErrConflict)

	_, err = s2.CreateGame(ctx, gomoku.NewGame{Rule: engine.Renju, Size: 15, Opening: opening.Swap2,
		Black: gomoku.Player{Guest: "x"}, White: gomoku.Player{Guest: "y"}})
	wantErr(t, "swap2 under renju", err, gomoku.ErrInvalid)
}

func mustAccountGames(tb testing.TB, s gomoku.Store, id int64) []gomoku.Game {
	tb.Helper()
	games, err := s.GamesByAccount(context.Background(), id, 0, 0)
	if err != nil {
		tb.Fatalf("GamesByAccount: %v", err)
	}
	return games
}
