package sqlite

import (
	"context"
	"errors"
	"testing"

	"github.com/gomokud/gomoku"
)

// rawCommit runs the driver-level commit of batch on the writer.
func rawCommit(t *testing.T, db *DB, batch []*commitReq) bool {
	t.Helper()
	ctx := context.Background()
	conn, err := db.w.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var ok bool
	if err := conn.Raw(func(dc any) error {
		ok = db.raw.commit(ctx, dc, batch, &db.lone)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return ok
}

// TestRawLoneMoves: a batch of lone moves is stored whole or, when any
// move is refused, not at all, and the writer's connection is left with no
// transaction open (the store's own calls go on working).
func TestRawLoneMoves(t *testing.T) {
	db := openTest(t)
	ids := newGames(t, db, 3)
	lone := func(plies ...int) []*commitReq { return loneBatch(ids, plies...) }
	for _, c := range []struct {
		name   string
		batch  []*commitReq
		stored bool
		plies  [3]int // moves stored per game afterwards
	}{
		{"one move", lone(1), true, [3]int{1, 0, 0}},
		{"one move, not next", lone(3), false, [3]int{1, 0, 0}},
		{"all next", lone(2, 1, 1), true, [3]int{2, 1, 1}},
		{"one ply not next: none", lone(3, 2, 3), false, [3]int{2, 1, 1}},
		{"one game's next ply twice: none", []*commitReq{loneReq(ids[0], testMove(3)), loneReq(ids[0], testMove(3))}, false, [3]int{2, 1, 1}},
		{"an unknown game: none", append(lone(3, 2), loneReq(ids[2]+100, testMove(1))), false, [3]int{2, 1, 1}},
		{"again all next", lone(3, 2, 2), true, [3]int{3, 2, 2}},
	} {
		if got := rawCommit(t, db, c.batch); got != c.stored {
			t.Errorf("%s: stored %v, want %v", c.name, got, c.stored)
		}
		for i, id := range ids {
			if got := storedMoves(t, db, id); len(got) != c.plies[i] {
				t.Fatalf("%s: game %d has %d moves, want %d", c.name, i, len(got), c.plies[i])
			}
		}
	}
	// A refusal through the store: the raw path rolls back, the general one answers.
	_, err := db.CommitGame(context.Background(), ids[0], gomoku.GameCommit{Moves: []gomoku.Move{testMove(3)}})
	if !errors.Is(err, gomoku.ErrConflict) {
		t.Fatalf("ply 3 again: %v, want a conflict", err)
	}
	if _, err := db.CommitGame(context.Background(), ids[0], gomoku.GameCommit{Moves: []gomoku.Move{testMove(4)}}); err != nil {
		t.Fatalf("ply 4 after the refusal: %v", err)
	}
}

// TestRawLoneMovesPassesOthers: a batch with anything but live lone moves
// is left to the general path, untouched.
func TestRawLoneMovesPassesOthers(t *testing.T) {
	db := openTest(t)
	ids := newGames(t, db, 2)
	more := &commitReq{Ctx: context.Background(), In: gameCommit{gameID: ids[1],
		c: gomoku.GameCommit{Moves: []gomoku.Move{testMove(1), testMove(2)}}}}
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	late := loneReq(ids[1], testMove(1))
	late.Ctx = gone
	for name, batch := range map[string][]*commitReq{
		"more than a move": {loneReq(ids[0], testMove(1)), more},
		"a caller gone":    {loneReq(ids[0], testMove(1)), late},
	} {
		if db.commitLoneMoves(batch) {
			t.Errorf("%s: committed on the raw path", name)
		}
		for i, id := range ids {
			if got := storedMoves(t, db, id); len(got) != 0 {
				t.Fatalf("%s: game %d has %d moves, want none", name, i, len(got))
			}
		}
	}
}
