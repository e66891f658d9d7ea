package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/internal/servertest"
)

// keyIntent presses a key on the app and hands the screen's intent, if
// any, back to the app as the program would.
func keyIntent(t *testing.T, a *App, key string) {
	t.Helper()
	cmd := a.screenUpdate(keyMsg(key))
	if cmd == nil {
		return
	}
	if in, ok := cmd().(Intent); ok {
		a.Update(in)
	}
}

// While the connection is down, a request is refused on the spot with a
// notice that stays, and the bottom line says the app is reconnecting and
// why, shortened to the width. (The App has no backend here: reaching it
// would panic.)
func TestAppRequestsWhileDisconnected(t *testing.T) {
	a := NewApp(context.Background(), nil, "alice", "srv", PlainStyles())
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	a.Update(GameStartMsg{State: renjuGame(t, engine.Black)})
	shutdown := "the server is restarting; your games are kept"
	a.Update(NoticeMsg{Text: "server: " + shutdown})
	a.Update(ConnMsg{Status: "reconnecting in 500ms", Down: true, Detail: shutdown})
	g := a.Games[42]

	for _, k := range []string{":", "o", "1", "enter"} {
		keyIntent(t, a, k)
	}
	if !g.IsError || g.Message != "not connected: move not sent" {
		t.Fatalf("move while disconnected: message %q (error %v)", g.Message, g.IsError)
	}
	a.Update(ConnMsg{Status: "reconnecting in 2s", Down: true, Detail: "connection refused"})
	if g.Message != "not connected: move not sent" {
		t.Fatalf("a retry overwrote the notice: %q", g.Message)
	}
	view := g.View()
	if !strings.Contains(view, "reconnecting in 2s… connection refused") {
		t.Errorf("no reconnecting line:\n%s", view)
	}

	keyIntent(t, a, "d")
	if g.Message != "not connected: draw offer not sent" || g.State.MyOffer != "" {
		t.Errorf("draw while disconnected: message %q, my offer %q", g.Message, g.State.MyOffer)
	}

	// A long reason is cut to the screen's width.
	long := strings.Repeat("very long reason ", 10)
	a.Update(ConnMsg{Status: "reconnecting in 4s", Down: true, Detail: long})
	for _, l := range strings.Split(g.View(), "\n") {
		if w := len([]rune(l)); w > 80 {
			t.Errorf("line of %d columns: %q", w, l)
		}
	}

	a.Update(ConnMsg{Status: "connected"})
	if strings.Contains(g.View(), "reconnecting") {
		t.Error("still reconnecting after the reconnect")
	}
}

// The server's shutdown notice reaches the screen, and the disconnect that
// follows carries it rather than a network error.
func TestBackendShutdownNotice(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	s := servertest.Start(t, servertest.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), backendLimit)
	defer cancel()
	c, err := client.Dial(ctx, s.URL, client.Options{Reconnect: true, MaxBackoff: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := c.Guest(ctx, "carol"); err != nil {
		t.Fatal(err)
	}
	b := NewClientBackend(c)
	nextMsg[LobbyMsg](t, b, nil)
	s.Stop()
	const want = "the server is restarting; your games are kept"
	n := nextMsg(t, b, func(n NoticeMsg) bool { return strings.Contains(n.Text, "restarting") })
	if n.Error || n.Text != "server: "+want {
		t.Errorf("shutdown notice %+v", n)
	}
	conn := nextMsg[ConnMsg](t, b, nil)
	if !conn.Down || conn.Detail != want || !strings.HasPrefix(conn.Status, "reconnecting in") {
		t.Errorf("disconnect %+v", conn)
	}
	// Requests while down say what was not sent.
	m := b.Do(ctx, MoveIntent{Game: 1, Point: engine.Point{X: 7, Y: 7}})
	if n, ok := m.(NoticeMsg); !ok || !n.Error || n.Text != "not connected: move not sent" {
		t.Errorf("move while down: %+v", m)
	}
}

// A guest the server forgot (its session expired, as after a restart) is
// told what to do, and G enters again as a guest without quitting.
func TestAppGuestEntersAgain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	s := servertest.Start(t, servertest.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), backendLimit)
	defer cancel()
	c, err := client.Dial(ctx, s.URL, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	sess, err := c.Guest(ctx, "carol")
	if err != nil {
		t.Fatal(err)
	}
	b := NewClientBackend(c)
	nextMsg[LobbyMsg](t, b, nil)
	if err := c.Logout(ctx); err != nil { // the server forgets the guest
		t.Fatal(err)
	}

	a := NewApp(ctx, b, sess.Player.Name, "srv", PlainStyles())
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	old := renjuGame(t, engine.Black) // played under the forgotten name
	a.Update(GameStartMsg{State: old})
	a.Current = 0
	a.Update(LobbyMsg{Players: []client.Player{{Name: "alice", Status: "playing", Game: 3}}})
	// What the backend makes of a reconnect without a session:
	a.Update(b.convert(client.Reconnected{}))
	view := a.View()
	if !strings.Contains(view, "G enters again as a new guest") || strings.Contains(view, "alice") {
		t.Fatalf("logged-out lobby (stale list, or no hint):\n%s", view)
	}
	keyIntent(t, a, "p")
	if !a.Lobby.IsError || !strings.Contains(a.Lobby.Message, "G enters as a guest") {
		t.Errorf("a request while logged out: %q", a.Lobby.Message)
	}

	_, cmd := a.Update(keyMsg("G"))
	if cmd == nil {
		t.Fatal("G does nothing")
	}
	a.Update(cmd())
	if !strings.HasPrefix(a.Lobby.Me, client.GuestPrefix) || a.conn.LoggedOut || a.Lobby.Status != "connected" {
		t.Fatalf("after G: me %q, conn %+v", a.Lobby.Me, a.conn)
	}
	if a.Games[42] != nil || a.Lobby.MyGame != 0 {
		t.Error("the old guest's game is still shown as mine")
	}
	if strings.Contains(a.View(), "G enters") || !strings.Contains(a.Lobby.Message, "you are guest:") {
		t.Errorf("after G:\n%s", a.View())
	}
	// The server sends the lobby to the new guest.
	l := nextMsg(t, b, func(l LobbyMsg) bool { return len(l.Players) > 0 })
	if l.Players[0].Name != a.Lobby.Me {
		t.Errorf("lobby after G: %+v, me %q", l.Players, a.Lobby.Me)
	}
}
