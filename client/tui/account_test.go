package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
)

// fakeBackend records the intents it is given and answers each with reply.
type fakeBackend struct {
	got   []Intent
	reply tea.Msg
}

func (f *fakeBackend) Do(_ context.Context, in Intent) tea.Msg {
	f.got = append(f.got, in)
	return f.reply
}

func (f *fakeBackend) Next() tea.Msg { return nil }

// accountApp is alice's program at w x h with her profile open.
func accountApp(t *testing.T, w, h int) (*App, *fakeBackend) {
	t.Helper()
	b := &fakeBackend{}
	a := NewApp(context.Background(), b, "alice", "srv", PlainStyles())
	a.Lobby.SetPlayers([]client.Player{{Name: "alice", Rating: 1523}, {Name: "bob", Rating: 1480}})
	a.update(tea.WindowSizeMsg{Width: w, Height: h})
	a.update(ConnMsg{Status: "connected"})
	a.update(ScreenMsg{&profileScreen{me: "alice", textScreen: textScreen{name: "Profile of alice", lines: []string{
		"  games       3: 2 won, 1 lost, 0 drawn (3 rated)",
		"  rule        rating    rated games",
		"  freestyle   1523 ± 80  3",
		"",
		"  Your account: c changes the password, D deletes the account.",
	}}}})
	return a, b
}

// do hands a message to the app as the program would, and what it makes
// in turn: a screen a key opens, an intent and the backend's answer to
// it. Timers are not run.
func do(a *App, msg tea.Msg) {
	_, cmd := a.update(msg)
	if cmd == nil {
		return
	}
	switch next := cmd().(type) {
	case Intent, ScreenMsg, NoticeMsg, MultiMsg, intentFailed:
		do(a, next)
	}
}

// typeText is text typed (or pasted) at once.
func typeText(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

func topForm(t *testing.T, a *App) *formScreen {
	t.Helper()
	if n := len(a.screens); n > 0 {
		if f, ok := a.screens[n-1].(*formScreen); ok {
			return f
		}
	}
	t.Fatalf("no form on top of %d screens", len(a.screens))
	return nil
}

// TestChangePasswordForm: c on my profile asks the current password and
// the new one twice, hidden; what the server would refuse anyway is said
// at once, a refusal of the server shows on the form, which starts again;
// success closes it with a notice.
func TestChangePasswordForm(t *testing.T) {
	a, b := accountApp(t, 80, 24)
	do(a, keyMsg("c"))
	f := topForm(t, a)
	if !a.typing() {
		t.Fatal("the form does not take keys as text")
	}
	// q and ? are text here, not quit and help.
	for _, k := range []tea.KeyMsg{typeText("q"), typeText("?"), typeText("old-pass"), keyMsg("backspace"), keyMsg("enter"),
		typeText("short"), keyMsg("enter"), typeText("short"), keyMsg("enter")} {
		do(a, k)
	}
	if f.fields[0].value != "q?old-pas" || f.at != 1 || !strings.Contains(f.problem, "8 to 128 characters") {
		t.Fatalf("after a short password: fields %+v at %d, problem %q", f.fields, f.at, f.problem)
	}
	view := a.View()
	checkScreen(t, "screen_passwd_short_80x24", view, 80, 24)
	if strings.Contains(view, "old-pas") || !strings.Contains(view, "•••••••••") {
		t.Error("the password is not hidden")
	}
	for _, k := range []tea.KeyMsg{typeText("new password 1"), keyMsg("enter"), typeText("new password 2"), keyMsg("enter")} {
		do(a, k)
	}
	if f.at != 1 || f.problem != "the new passwords differ: type them again" || len(b.got) != 0 {
		t.Fatalf("after two passwords that differ: at %d, problem %q, sent %v", f.at, f.problem, b.got)
	}

	// The server refuses the current password.
	b.reply = NoticeMsg{Text: "wrong password", Error: true}
	for _, k := range []tea.KeyMsg{typeText("new password 1"), keyMsg("enter"), typeText("new password 1"), keyMsg("enter")} {
		do(a, k)
	}
	if len(b.got) != 1 || b.got[0] != (ChangePasswordIntent{Old: "q?old-pas", New: "new password 1"}) {
		t.Fatalf("sent %#v", b.got)
	}
	if topForm(t, a) != f || f.at != 0 || f.fields[0].value != "" || f.problem != "wrong password: the password is unchanged" {
		t.Fatalf("after the refusal: at %d, fields %+v, problem %q", f.at, f.fields, f.problem)
	}

	b.reply = MultiMsg{PasswordChangedMsg{}, NoticeMsg{Text: "password changed"}}
	for _, k := range []tea.KeyMsg{typeText("old-password"), keyMsg("enter"), typeText("new password 1"), keyMsg("enter"),
		typeText("new password 1"), keyMsg("enter")} {
		do(a, k)
	}
	if _, ok := a.screens[len(a.screens)-1].(*profileScreen); !ok || len(a.screens) != 1 {
		t.Fatalf("the form did not close: %d screens", len(a.screens))
	}
	if v := a.View(); !strings.Contains(v, "password changed") {
		t.Errorf("no notice on the profile:\n%s", v)
	}

	// esc cancels the form, sending nothing.
	do(a, keyMsg("c"))
	do(a, typeText("abc"))
	do(a, keyMsg("esc"))
	if len(a.screens) != 1 || len(b.got) != 2 {
		t.Errorf("esc: %d screens, %d intents sent", len(a.screens), len(b.got))
	}
}

// TestDeleteAccountForm: D on my profile asks my name as the
// confirmation, then the password; once deleted, the program is logged
// out and says how to go on.
func TestDeleteAccountForm(t *testing.T) {
	a, b := accountApp(t, 80, 24)
	do(a, keyMsg("D"))
	f := topForm(t, a)
	for _, k := range []tea.KeyMsg{typeText("bob"), keyMsg("enter"), typeText("secret-pw"), keyMsg("enter")} {
		do(a, k)
	}
	if f.at != 0 || !strings.HasPrefix(f.problem, "not confirmed") || len(b.got) != 0 {
		t.Fatalf("a wrong name: at %d, problem %q, sent %v", f.at, f.problem, b.got)
	}
	b.reply = NoticeMsg{Text: "you are playing a game: finish it first", Error: true}
	for _, k := range []tea.KeyMsg{typeText("Alice"), keyMsg("enter"), typeText("secret-pw"), keyMsg("enter")} {
		do(a, k)
	}
	if len(b.got) != 1 || b.got[0] != (DeleteAccountIntent{Password: "secret-pw"}) ||
		f.problem != "you are playing a game: finish it first: nothing was deleted" {
		t.Fatalf("sent %#v, problem %q", b.got, f.problem)
	}

	b.reply = MultiMsg{LobbyMsg{}, BlocksMsg{}, AccountDeletedMsg{Name: "alice"}}
	for _, k := range []tea.KeyMsg{typeText("alice"), keyMsg("enter"), typeText("secret-pw"), keyMsg("enter")} {
		do(a, k)
	}
	if len(a.screens) != 0 || !a.conn.LoggedOut {
		t.Fatalf("after the deletion: %d screens, conn %+v", len(a.screens), a.conn)
	}
	view := a.View()
	checkScreen(t, "lobby_deleted_80x24", view, 80, 24)
	if !strings.Contains(view, "account alice deleted: G plays as a guest") {
		t.Errorf("the lobby does not say what happened:\n%s", view)
	}
	// Requests are refused on the spot until G.
	do(a, keyMsg("p"))
	if len(b.got) != 2 || !a.Lobby.IsError || !strings.Contains(a.Lobby.Message, "not logged in") {
		t.Errorf("pairing after the deletion: sent %v, message %q", b.got, a.Lobby.Message)
	}
}

// TestAccountGolden: my profile with its keys, and the two forms as they
// open, at 80x24 and 120x40; another's profile has no account keys.
func TestAccountGolden(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		a, _ := accountApp(t, sz[0], sz[1])
		checkScreen(t, fmt.Sprintf("screen_profile_mine_%dx%d", sz[0], sz[1]), a.View(), sz[0], sz[1])
		do(a, keyMsg("c"))
		do(a, typeText("secret"))
		checkScreen(t, fmt.Sprintf("screen_passwd_%dx%d", sz[0], sz[1]), a.View(), sz[0], sz[1])
		do(a, keyMsg("esc"))
		do(a, keyMsg("D"))
		checkScreen(t, fmt.Sprintf("screen_delete_%dx%d", sz[0], sz[1]), a.View(), sz[0], sz[1])
	}
	other := &profileScreen{textScreen: textScreen{name: "Profile of bob"}}
	if other.key("c") != nil || other.key("D") != nil || len(other.keys()) != 1 {
		t.Error("another player's profile has account keys")
	}
}
