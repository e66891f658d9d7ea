package storetest

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

func testSetPassword(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "Paula")
	if err := s.SetPassword(ctx, a.ID, "new-hash"); err != nil {
		t.Fatal(err)
	}
	if got := mustAccountByID(t, s, a.ID); got.PasswordHash != "new-hash" {
		t.Fatalf("password hash %q after SetPassword", got.PasswordHash)
	}
	if err := s.SetPassword(ctx, a.ID+100, "h"); !errors.Is(err, gomoku.ErrNotFound) {
		t.Errorf("SetPassword of no account: %v, want ErrNotFound", err)
	}
	if err := s.SetPassword(ctx, a.ID, ""); !errors.Is(err, gomoku.ErrInvalid) {
		t.Errorf("SetPassword to nothing: %v, want ErrInvalid", err)
	}
}

// testDeleteAccount: the account is anonymised, its name free again, its
// sessions and blocks gone; its games keep their players and results.
func testDeleteAccount(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a, b := mustAccount(t, s, "Dora"), mustAccount(t, s, "Ed")
	if err := s.CreateSession(ctx, "dora-session", a.ID, t0.AddDate(1, 0, 0)); err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]int64{{a.ID, b.ID}, {b.ID, a.ID}} {
		if err := s.Block(ctx, pair[0], pair[1]); err != nil {
			t.Fatal(err)
		}
	}
	id := mustGame(t, s, gomoku.NewGame{Rule: engine.Freestyle, Size: 15, Black: gomoku.Player{AccountID: a.ID},
		White: gomoku.Player{AccountID: b.ID}, StartedAt: t0})
	if _, err := s.CommitGame(ctx, id, gomoku.GameCommit{Result: &gomoku.GameResult{Winner: engine.White,
		Reason: engine.ReasonResign, EndedAt: t0}}); err != nil {
		t.Fatal(err)
	}

	if err := s.DeleteAccount(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	got := mustAccountByID(t, s, a.ID)
	if got.Username != gomoku.DeletedName(a.ID) || got.PasswordHash != "" {
		t.Fatalf("deleted account %+v", got)
	}
	if _, err := s.AccountByName(ctx, "Dora"); !errors.Is(err, gomoku.ErrNotFound) {
		t.Errorf("the old name still finds it: %v", err)
	}
	if _, err := s.SessionAccount(ctx, "dora-session"); !errors.Is(err, gomoku.ErrNotFound) {
		t.Errorf("its session lives on: %v", err)
	}
	if names, err := s.Blocked(ctx, b.ID); err != nil || len(names) != 0 {
		t.Errorf("blocks of the deleted account kept: %v %v", names, err)
	}
	g := mustGameByID(t, s, id)
	if g.Black.Name != gomoku.DeletedName(a.ID) || g.White.Name != "Ed" || g.Winner != engine.White || !g.Finished {
		t.Errorf("the game after the deletion: %+v", g)
	}
	mustAccount(t, s, "dora") // the name is free again
	if err := s.DeleteAccount(ctx, a.ID); !errors.Is(err, gomoku.ErrNotFound) {
		t.Errorf("deleting twice: %v, want ErrNotFound", err)
	}
	if err := s.SetPassword(ctx, a.ID, "h"); !errors.Is(err, gomoku.ErrNotFound) {
		t.Errorf("a password for a deleted account: %v, want ErrNotFound", err)
	}
}

func testBlocks(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a, b, c := mustAccount(t, s, "Gil"), mustAccount(t, s, "hana"), mustAccount(t, s, "Ivo")
	for _, id := range []int64{c.ID, b.ID, c.ID} { // twice: no error
		if err := s.Block(ctx, a.ID, id); err != nil {
			t.Fatal(err)
		}
	}
	if names, err := s.Blocked(ctx, a.ID); err != nil || !slices.Equal(names, []string{"hana", "Ivo"}) {
		t.Fatalf("Blocked = %v %v, want [hana Ivo]", names, err)
	}
	if names, err := s.Blocked(ctx, b.ID); err != nil || names == nil || len(names) != 0 {
		t.Fatalf("Blocked by one who blocks no one = %#v %v, want empty", names, err)
	}
	for _, id := range []int64{b.ID, b.ID} { // twice: no error
		if err := s.Unblock(ctx, a.ID, id); err != nil {
			t.Fatal(err)
		}
	}
	if names, _ := s.Blocked(ctx, a.ID); !slices.Equal(names, []string{"Ivo"}) {
		t.Fatalf("after unblocking hana: %v", names)
	}
	if err := s.Block(ctx, a.ID, a.ID); !errors.Is(err, gomoku.ErrInvalid) {
		t.Errorf("blocking oneself: %v, want ErrInvalid", err)
	}
	if err := s.Block(ctx, a.ID, c.ID+100); !errors.Is(err, gomoku.ErrNotFound) {
		t.Errorf("blocking no account: %v, want ErrNotFound", err)
	}
}
