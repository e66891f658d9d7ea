package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/internal/servertest"
)

// findMsg returns the part of a message of type T, if any.
func findMsg[T any](m any) (T, bool) {
	for _, one := range flatten(m) {
		if v, ok := one.(T); ok {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// errorNotice checks that m is an error notice containing want.
func errorNotice(t *testing.T, what string, m any, want string) {
	t.Helper()
	if n, ok := m.(NoticeMsg); !ok || !n.Error || !strings.Contains(n.Text, want) {
		t.Errorf("%s: %#v, want an error notice with %q", what, m, want)
	}
}

// login tries a name and password on a new connection.
func login(t *testing.T, url, name, password string) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), backendLimit)
	defer cancel()
	c, err := client.Dial(ctx, url, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_, err = c.Login(ctx, name, password)
	return err
}

// TestBackendChangePassword: my profile has the account keys; a wrong
// current password and a new one the server refuses come back as error
// notices in the server's words; then the new password logs in, the old
// one no longer does.
func TestBackendChangePassword(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	s := servertest.Start(t, servertest.Options{})
	alice, _ := newBackend(t, s.URL, "alice")
	ctx := context.Background()

	if p, ok := alice.Do(ctx, ProfileIntent{}).(ScreenMsg); !ok || p.screen.(*profileScreen).me != "alice" {
		t.Fatalf("my profile: %#v", p)
	}
	errorNotice(t, "a wrong current password", alice.Do(ctx, ChangePasswordIntent{Old: "not-her-password", New: "new-password"}), "wrong password")
	errorNotice(t, "a short new password", alice.Do(ctx, ChangePasswordIntent{Old: "password-alice", New: "short"}), "8 to 128")
	m := alice.Do(ctx, ChangePasswordIntent{Old: "password-alice", New: "new-password"})
	if _, ok := findMsg[PasswordChangedMsg](m); !ok {
		t.Fatalf("change: %#v", m)
	}
	if err := login(t, s.URL, "alice", "password-alice"); err == nil {
		t.Error("the old password still logs in")
	}
	if err := login(t, s.URL, "alice", "new-password"); err != nil {
		t.Errorf("the new password: %v", err)
	}
}

// TestBackendDeleteAccount: no deletion with a wrong password or during a
// game; then the account goes, the client is logged out, the saved
// session is forgotten (OnAccountDeleted) and the program says how to go
// on; G enters as a guest.
func TestBackendDeleteAccount(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	s := servertest.Start(t, servertest.Options{})
	bob, bc := newBackend(t, s.URL, "bob")
	forgotten := 0
	bob.OnAccountDeleted = func() { forgotten++ }
	ctx := context.Background()

	errorNotice(t, "a wrong password", bob.Do(ctx, DeleteAccountIntent{Password: "not-his-password"}), "wrong password")
	bob.Do(ctx, ChallengeIntent{Name: "bot:easy", Settings: Settings{Rule: engine.Freestyle, Size: 15, Time: "none", Color: "black"}})
	id := nextMsg[GameStartMsg](t, bob, nil).State.Info.ID
	errorNotice(t, "during a game", bob.Do(ctx, DeleteAccountIntent{Password: "password-bob"}), "playing a game")
	if m := bob.Do(ctx, AbortIntent{Game: id}); m != nil {
		t.Fatalf("abort: %#v", m)
	}
	nextMsg[GameOverMsg](t, bob, nil)

	// The whole program, as the player sees it.
	a := NewApp(ctx, bob, "bob", "srv", PlainStyles())
	a.update(ConnMsg{Status: "connected"})
	do(a, ProfileIntent{})
	do(a, keyMsg("D"))
	for _, k := range []string{"bob", "enter", "password-bob", "enter"} {
		if k == "enter" {
			do(a, keyMsg(k))
		} else {
			do(a, typeText(k))
		}
	}
	if forgotten != 1 || bc.Me().Name != "" || len(a.screens) != 0 || !a.conn.LoggedOut {
		t.Fatalf("after the deletion: forgotten %d times, me %+v, %d screens, conn %+v", forgotten, bc.Me(), len(a.screens), a.conn)
	}
	if v := a.View(); !strings.Contains(v, "account bob deleted: G plays as a guest") {
		t.Errorf("lobby after the deletion:\n%s", v)
	}
	if err := login(t, s.URL, "bob", "password-bob"); client.Code(err) == "" {
		t.Errorf("the deleted account logs in: %v", err)
	}

	do(a, keyMsg("G"))
	if !strings.HasPrefix(a.Lobby.Me, client.GuestPrefix) || a.conn.LoggedOut || a.deleted != "" {
		t.Errorf("after G: me %q, conn %+v", a.Lobby.Me, a.conn)
	}
}
