package storetest

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

func testAccounts(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "Alice_01")
	if a.ID <= 0 || a.Username != "Alice_01" || a.PasswordHash != "hash-of-Alice_01" {
		t.Fatalf("created %+v", a)
	}
	if !a.CreatedAt.Equal(t0) || !a.LastLoginAt.IsZero() {
		t.Fatalf("times: created %v (want %v), last login %v (want zero)", a.CreatedAt, t0, a.LastLoginAt)
	}
	if a.Rating != gomoku.DefaultRating || a.Games+a.Wins+a.Losses+a.Draws+a.RatedGames != 0 {
		t.Fatalf("new account rating/stats: %+v", a)
	}
	for _, name := range []string{"Alice_01", "alice_01", "ALICE_01"} {
		got, err := s.AccountByName(ctx, name)
		if err != nil {
			t.Fatalf("AccountByName(%q): %v", name, err)
		}
		if got != a {
			t.Fatalf("AccountByName(%q) = %+v, want %+v", name, got, a)
		}
	}
	if got := mustAccountByID(t, s, a.ID); got != a {
		t.Fatalf("AccountByID = %+v, want %+v", got, a)
	}

	custom := gomoku.Rating{Rating: 1720.5, RD: 80.25, Volatility: 0.059}
	b, err := s.CreateAccount(ctx, gomoku.NewAccount{Username: "bob", PasswordHash: "h", Rating: custom})
	if err != nil {
		t.Fatal(err)
	}
	if b.ID == a.ID || b.Rating != custom {
		t.Fatalf("second account %+v", b)
	}
	if d := time.Since(b.CreatedAt); d < 0 || d > time.Minute {
		t.Fatalf("zero CreatedAt became %v, want now", b.CreatedAt)
	}

	login := t0.Add(90 * time.Minute)
	if err := s.TouchLogin(ctx, a.ID, login); err != nil {
		t.Fatal(err)
	}
	if got := mustAccountByID(t, s, a.ID); !got.LastLoginAt.Equal(login) {
		t.Fatalf("LastLoginAt = %v, want %v", got.LastLoginAt, login)
	}
	if got := mustAccountByID(t, s, b.ID); !got.LastLoginAt.IsZero() {
		t.Fatalf("TouchLogin changed another account: %v", got.LastLoginAt)
	}
}

func testAccountErrors(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "Carol")
	for _, name := range []string{"Carol", "carol", "CAROL", "cArOl"} {
		_, err := s.CreateAccount(ctx, gomoku.NewAccount{Username: name, PasswordHash: "x"})
		wantErr(t, "CreateAccount("+name+")", err, gomoku.ErrUsernameTaken)
	}
	_, err := s.CreateAccount(ctx, gomoku.NewAccount{Username: "", PasswordHash: "x"})
	wantErr(t, "CreateAccount(empty)", err, gomoku.ErrInvalid)

	_, err = s.AccountByName(ctx, "nobody")
	wantErr(t, "AccountByName(nobody)", err, gomoku.ErrNotFound)
	_, err = s.AccountByID(ctx, a.ID+1000)
	wantErr(t, "AccountByID(unknown)", err, gomoku.ErrNotFound)
	wantErr(t, "TouchLogin(unknown)", s.TouchLogin(ctx, a.ID+1000, t0), gomoku.ErrNotFound)
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("Ping: %v", err)
	}
}

func testSessions(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	a := mustAccount(t, s, "dave")
	b := mustAccount(t, s, "erin")
	future := time.Now().Add(time.Hour)
	if err := s.CreateSession(ctx, "hash-a", a.ID, future); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, "hash-b", b.ID, future); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, "hash-old", a.ID, time.Now().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	for hash, want := range map[string]int64{"hash-a": a.ID, "hash-b": b.ID} {
		got, err := s.SessionAccount(ctx, hash)
		if err != nil {
			t.Fatalf("SessionAccount(%s): %v", hash, err)
		}
		if got.ID != want {
			t.Fatalf("SessionAccount(%s) = account %d, want %d", hash, got.ID, want)
		}
	}
	_, err := s.SessionAccount(ctx, "hash-old")
	wantErr(t, "SessionAccount(expired)", err, gomoku.ErrNotFound)
	_, err = s.SessionAccount(ctx, "hash-unknown")
	wantErr(t, "SessionAccount(unknown)", err, gomoku.ErrNotFound)

	wantErr(t, "CreateSession(duplicate)", s.CreateSession(ctx, "hash-a", b.ID, future), gomoku.ErrConflict)
	wantErr(t, "CreateSession(unknown account)", s.CreateSession(ctx, "hash-x", b.ID+1000, future), gomoku.ErrNotFound)

	if err := s.DeleteSession(ctx, "hash-a"); err != nil {
		t.Fatal(err)
	}
	_, err = s.SessionAccount(ctx, "hash-a")
	wantErr(t, "SessionAccount(after logout)", err, gomoku.ErrNotFound)
	if err := s.DeleteSession(ctx, "hash-a"); err != nil {
		t.Fatalf("DeleteSession twice: %v", err)
	}
	if _, err := s.SessionAccount(ctx, "hash-b"); err != nil {
		t.Fatalf("logout of a removed another session: %v", err)
	}

	n, err := s.DeleteExpiredSessions(ctx, time.Now())
	if err != nil || n != 1 {
		t.Fatalf("DeleteExpiredSessions = %d, %v; want 1 (hash-old)", n, err)
	}
	n, err = s.DeleteExpiredSessions(ctx, future.Add(time.Minute))
	if err != nil || n != 1 {
		t.Fatalf("DeleteExpiredSessions(later) = %d, %v; want 1 (hash-b)", n, err)
	}
}

func testLeaderboard(t *testing.T, f Factory) {
	s, _ := open(t, f)
	ctx := context.Background()
	// Five accounts; a beats everyone, b beats c, d, e; c beats d, e; d beats e.
	names := []string{"a1", "b1", "c1", "d1", "e1"}
	var accs []gomoku.Account
	for _, n := range names {
		accs = append(accs, mustAccount(t, s, n))
	}
	idle := mustAccount(t, s, "idle")     // never played
	casual := mustAccount(t, s, "casual") // played only unrated
	for i := range accs {
		for j := i + 1; j < len(accs); j++ {
			id := mustGame(t, s, gomoku.NewGame{Rated: true,
				Black: gomoku.Player{AccountID: accs[i].ID}, White: gomoku.Player{AccountID: accs[j].ID}})
			if _, err := finishGame(ctx, s, id, gomoku.GameResult{Winner: engine.Black, Reason: engine.ReasonFive}); err != nil {
				t.Fatal(err)
			}
		}
	}
	id := mustGame(t, s, gomoku.NewGame{Black: gomoku.Player{AccountID: casual.ID}, White: gomoku.Player{Bot: "easy"}})
	if _, err := finishGame(ctx, s, id, gomoku.GameResult{Winner: engine.Black, Reason: engine.ReasonResign}); err != nil {
		t.Fatal(err)
	}

	top, err := s.Leaderboard(ctx, engine.Freestyle, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(top) != len(names) {
		t.Fatalf("leaderboard has %d accounts, want %d (idle %d and casual %d excluded): %+v",
			len(top), len(names), idle.ID, casual.ID, top)
	}
	if !sort.SliceIsSorted(top, func(i, j int) bool { return top[i].Rating.Rating > top[j].Rating.Rating }) {
		t.Fatalf("leaderboard not sorted by rating: %+v", top)
	}
	for i, a := range top {
		if a.Username != names[i] {
			t.Fatalf("rank %d is %s, want %s", i+1, a.Username, names[i])
		}
		if a.PasswordHash != "" {
			t.Fatalf("leaderboard leaks the password hash of %s", a.Username)
		}
		if a.RatedGames != 4 || a.Games != 4 || a.Wins != 4-i || a.Losses != i {
			t.Fatalf("%s stats %+v", a.Username, a)
		}
	}
	top2, err := s.Leaderboard(ctx, engine.Freestyle, 2)
	if err != nil || len(top2) != 2 || top2[0].ID != top[0].ID || top2[1].ID != top[1].ID {
		t.Fatalf("Leaderboard(2) = %+v, %v", top2, err)
	}
}

// testGuestSessions: guest sessions are saved, extended by saving again,
// listed while live (across a reopen: what a restart loads), deleted, and
// pruned with the account sessions.
func testGuestSessions(t *testing.T, f Factory) {
	s, reopen := f(t)
	ctx := context.Background()
	now := time.Now().Truncate(time.Millisecond)
	save := func(hash, name string, expires time.Time) {
		t.Helper()
		if err := s.SaveGuestSession(ctx, gomoku.GuestSession{TokenHash: hash, Name: name, Expires: expires}); err != nil {
			t.Fatalf("SaveGuestSession(%s): %v", hash, err)
		}
	}
	save("g-a", "guest:ann", now.Add(time.Hour))
	save("g-b", "guest:bo", now.Add(2*time.Hour))
	save("g-old", "guest:old", now.Add(-time.Second))
	save("g-a", "guest:ann", now.Add(3*time.Hour)) // extended
	wantErr(t, "SaveGuestSession(no hash)", s.SaveGuestSession(ctx, gomoku.GuestSession{Name: "guest:x", Expires: now}), gomoku.ErrInvalid)

	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s, err := reopen()
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	got, err := s.GuestSessions(ctx, now)
	if err != nil {
		t.Fatal(err)
	}
	want := []gomoku.GuestSession{
		{TokenHash: "g-b", Name: "guest:bo", Expires: now.Add(2 * time.Hour).UTC()},
		{TokenHash: "g-a", Name: "guest:ann", Expires: now.Add(3 * time.Hour).UTC()},
	}
	if len(got) != len(want) {
		t.Fatalf("GuestSessions = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("GuestSessions[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}

	// Extending moves the expiry, and never brings back a deleted session.
	if err := s.ExtendGuestSession(ctx, "g-b", now.Add(5*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.ExtendGuestSession(ctx, "g-unknown", now.Add(5*time.Hour)); err != nil {
		t.Fatalf("ExtendGuestSession(unknown): %v", err)
	}
	if got, err := s.GuestSessions(ctx, now); err != nil || len(got) != 2 || got[1].TokenHash != "g-b" ||
		!got[1].Expires.Equal(now.Add(5*time.Hour)) {
		t.Fatalf("GuestSessions after extending g-b: %+v, %v", got, err)
	}
	if err := s.DeleteGuestSession(ctx, "g-b"); err != nil {
		t.Fatal(err)
	}
	if err := s.ExtendGuestSession(ctx, "g-b", now.Add(6*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteGuestSession(ctx, "g-b"); err != nil {
		t.Fatalf("DeleteGuestSession twice: %v", err)
	}
	if got, err := s.GuestSessions(ctx, now); err != nil || len(got) != 1 || got[0].TokenHash != "g-a" {
		t.Fatalf("GuestSessions after logout = %+v, %v", got, err)
	}
	if n, err := s.DeleteExpiredSessions(ctx, now); err != nil || n != 1 {
		t.Fatalf("DeleteExpiredSessions = %d, %v; want 1 (g-old)", n, err)
	}
	if n, err := s.DeleteExpiredSessions(ctx, now.Add(4*time.Hour)); err != nil || n != 1 {
		t.Fatalf("DeleteExpiredSessions(later) = %d, %v; want 1 (g-a)", n, err)
	}
}
