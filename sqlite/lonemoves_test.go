package sqlite

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

func openTest(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "gomoku.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func newGames(t *testing.T, db *DB, n int) []int64 {
	t.Helper()
	ids := make([]int64, n)
	for i := range ids {
		id, err := db.CreateGame(context.Background(), gomoku.NewGame{Rule: engine.Freestyle, Size: 15,
			Black: gomoku.Player{Guest: "a"}, White: gomoku.Player{Bot: "easy"}})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	return ids
}

func testMove(ply int) gomoku.Move {
	c := engine.Black
	if ply%2 == 0 {
		c = engine.White
	}
	return gomoku.Move{Ply: ply, Point: engine.Point{X: ply % 15, Y: ply / 15}, Color: c,
		BlackClockMS: 60_000 - int64(ply), WhiteClockMS: 50_000 + int64(ply), SpentMS: int64(ply) * 7,
		At: time.UnixMilli(1_700_000_000_000 + int64(ply)).UTC()}
}

func loneReq(gameID int64, m gomoku.Move) *commitReq {
	return &commitReq{Ctx: context.Background(), In: gameCommit{gameID: gameID, c: gomoku.GameCommit{Moves: []gomoku.Move{m}}}}
}

// insertLone runs insertLoneMoves on batch in a transaction of its own and
// returns which requests it did.
func insertLone(t *testing.T, db *DB, batch []*commitReq) []bool {
	t.Helper()
	ctx := context.Background()
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make([]bool, len(batch))
	if err := db.insertLoneMoves(ctx, tx, batch, done); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	return done
}

func storedMoves(t *testing.T, db *DB, id int64) []gomoku.Move {
	t.Helper()
	g, err := db.GameByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g.Moves
}

// loneBatch is a batch of lone moves, the i-th at plies[i] in game ids[i].
func loneBatch(ids []int64, plies ...int) []*commitReq {
	var b []*commitReq
	for i, p := range plies {
		b = append(b, loneReq(ids[i], testMove(p)))
	}
	return b
}

func TestInsertLoneMoves(t *testing.T) {
	db := openTest(t)
	ids := newGames(t, db, 3)
	lone := func(plies ...int) []*commitReq { return loneBatch(ids, plies...) }
	for _, c := range []struct {
		name  string
		batch []*commitReq
		done  bool
		plies [3]int // moves stored per game afterwards
	}{
		{"one move is left to appendMove", lone(1), false, [3]int{0, 0, 0}},
		{"all next: one statement", lone(1, 1, 1), true, [3]int{1, 1, 1}},
		{"one ply not next: none", lone(2, 3, 2), false, [3]int{1, 1, 1}},
		{"again all next", lone(2, 2, 2), true, [3]int{2, 2, 2}},
		{"a commit that is more than a move is not lone", append(lone(3, 3),
			&commitReq{Ctx: context.Background(), In: gameCommit{gameID: ids[2],
				c: gomoku.GameCommit{Moves: []gomoku.Move{testMove(3), testMove(4)}}}}), true, [3]int{3, 3, 2}},
		{"an unknown game: none", append(lone(4, 4), loneReq(ids[2]+100, testMove(1))), false, [3]int{3, 3, 2}},
	} {
		done := insertLone(t, db, c.batch)
		for i, r := range c.batch {
			if want := c.done && r.In.c.LoneMove(); done[i] != want {
				t.Errorf("%s: request %d done %v, want %v", c.name, i, done[i], want)
			}
		}
		for i, id := range ids {
			got := storedMoves(t, db, id)
			if len(got) != c.plies[i] {
				t.Fatalf("%s: game %d has %d moves, want %d", c.name, i, len(got), c.plies[i])
			}
			for j, m := range got {
				if want := testMove(j + 1); !reflect.DeepEqual(m, want) {
					t.Errorf("%s: game %d move %d stored as %+v, want %+v", c.name, i, j+1, m, want)
				}
			}
		}
	}
}

// TestConcurrentLoneMoves commits from many games at once, so that batches
// hold several lone moves, some of them refused: each call gets its own
// answer and exactly the accepted moves are stored.
func TestConcurrentLoneMoves(t *testing.T) {
	db := openTest(t)
	const games, plies = 32, 20
	ids := newGames(t, db, games)
	var wg sync.WaitGroup
	for g, id := range ids {
		wg.Go(func() {
			for ply := 1; ply <= plies; ply++ {
				if g%4 == 0 && ply%5 == 0 { // a stale retry of the last move
					_, err := db.CommitGame(context.Background(), id, gomoku.GameCommit{Moves: []gomoku.Move{testMove(ply - 1)}})
					if !errors.Is(err, gomoku.ErrConflict) {
						t.Errorf("game %d: ply %d again: %v, want a conflict", g, ply-1, err)
					}
				}
				if _, err := db.CommitGame(context.Background(), id, gomoku.GameCommit{Moves: []gomoku.Move{testMove(ply)}}); err != nil {
					t.Errorf("game %d ply %d: %v", g, ply, err)
				}
			}
		})
	}
	wg.Wait()
	for g, id := range ids {
		if got := storedMoves(t, db, id); len(got) != plies {
			t.Errorf("game %d: %d moves stored, want %d", g, len(got), plies)
		}
	}
}
