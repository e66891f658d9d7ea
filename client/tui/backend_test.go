package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/internal/servertest"
)

// noOpening asks for games without an opening rule: the tests that play
// moves from the first one.
var noOpening = client.Opening(opening.None)

// backendLimit bounds each wait; only a hang reaches it.
const backendLimit = time.Minute

// flatten lists a message and, for a MultiMsg, its parts.
func flatten(m tea.Msg) []tea.Msg {
	multi, ok := m.(MultiMsg)
	if !ok {
		return []tea.Msg{m}
	}
	var out []tea.Msg
	for _, one := range multi {
		out = append(out, flatten(one)...)
	}
	return out
}

// nextMsg waits for the backend's next screen message of type T.
func nextMsg[T any](t *testing.T, b *ClientBackend, ok func(T) bool) T {
	t.Helper()
	deadline := time.Now().Add(backendLimit)
	for {
		for _, one := range flatten(nextBefore(t, b, deadline, fmt.Sprintf("%T", *new(T)))) {
			if v, is := one.(T); is && (ok == nil || ok(v)) {
				return v
			}
		}
	}
}

// nextAny waits for the backend's next message, whatever it is.
func nextAny(t *testing.T, b *ClientBackend) tea.Msg {
	t.Helper()
	return nextBefore(t, b, time.Now().Add(backendLimit), "message")
}

func nextBefore(t *testing.T, b *ClientBackend, deadline time.Time, what string) tea.Msg {
	t.Helper()
	ch := make(chan tea.Msg, 1)
	go func() { ch <- b.Next() }()
	select {
	case m := <-ch:
		if m == nil {
			t.Fatalf("backend closed while waiting for a %s", what)
		}
		return m
	case <-time.After(time.Until(deadline)):
		t.Fatalf("no %s", what)
	}
	return nil
}

func newBackend(t *testing.T, url, name string) (*ClientBackend, *client.Client) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), backendLimit)
	defer cancel()
	c, err := client.Dial(ctx, url, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := c.Register(ctx, name, "password-"+name); err != nil {
		t.Fatal(err)
	}
	return NewClientBackend(c), c
}

// TestBackendAgainstServer drives two backends through a challenge and a
// few moves on the real server, checking the messages the screens get.
func TestBackendAgainstServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	s := servertest.Start(t, servertest.Options{})
	alice, ac := newBackend(t, s.URL, "alice")
	bob, _ := newBackend(t, s.URL, "bob")
	ctx := context.Background()
	nextMsg(t, alice, func(l LobbyMsg) bool { return len(l.Players) > 0 })
	nextMsg(t, bob, func(l LobbyMsg) bool { return len(l.Players) > 0 })

	msg := alice.Do(ctx, ChallengeIntent{Name: "bob",
		Settings: Settings{Rule: engine.Renju, Size: 15, Time: "none", Color: "black", Opening: noOpening}})
	var sent bool
	for _, m := range flatten(msg) {
		if l, ok := m.(LobbyMsg); ok && len(l.Challenges) == 1 && !l.Challenges[0].Incoming {
			sent = true
		}
	}
	if !sent {
		t.Fatalf("challenge: %+v", msg)
	}
	// The notice and the lobby with the challenge come together (one
	// MultiMsg): take both from it, in any order.
	var notice *NoticeMsg
	var l *LobbyMsg
	for notice == nil || l == nil {
		for _, one := range flatten(nextAny(t, bob)) {
			switch v := one.(type) {
			case NoticeMsg:
				if strings.Contains(v.Text, "challenges you") {
					notice = &v
				}
			case LobbyMsg:
				if len(v.Challenges) == 1 {
					l = &v
				}
			}
		}
	}
	if want := "alice challenges you to renju 15x15 none, no opening, you white"; !strings.Contains(notice.Text, want) {
		t.Errorf("notice %q, want %q", notice.Text, want)
	}
	if m := bob.Do(ctx, AcceptChallengeIntent{ID: l.Challenges[0].ID}); m == nil {
		t.Fatal("accept: no message")
	}

	// Both screens open the game; the challenge leaves alice's list.
	as := nextMsg[GameStartMsg](t, alice, nil).State
	bs := nextMsg[GameStartMsg](t, bob, nil).State
	if as.Info.Me != engine.Black || bs.Info.Me != engine.White || as.Info.Rule != engine.Renju {
		t.Fatalf("game infos: %+v / %+v", as.Info, bs.Info)
	}
	nextMsg(t, alice, func(l LobbyMsg) bool { return len(l.Challenges) == 0 })
	id := as.Info.ID

	h8 := engine.Point{X: 7, Y: 7}
	if m := alice.Do(ctx, MoveIntent{Game: id, Point: h8}); m != nil {
		t.Fatalf("move: %+v", m)
	}
	if mv := nextMsg[GameMoveMsg](t, bob, nil); mv.Move.Point != h8 || mv.Move.Color != engine.Black {
		t.Fatalf("bob saw %+v", mv)
	}
	// Errors from the server come back as notices, in the server's words.
	for _, tc := range []struct {
		b    *ClientBackend
		want string
	}{{bob, "occupied"}, {alice, "turn"}} {
		m := tc.b.Do(ctx, MoveIntent{Game: id, Point: h8})
		if n, ok := m.(NoticeMsg); !ok || !n.Error || !strings.Contains(n.Text, tc.want) {
			t.Errorf("bad move: %+v, want an error notice with %q", m, tc.want)
		}
	}

	// Alice leaves: bob is told by name and may claim later.
	ac.Close()
	away := nextMsg(t, bob, func(n NoticeMsg) bool { return strings.Contains(n.Text, "disconnected") })
	if !strings.HasPrefix(away.Text, "alice disconnected; you may claim the win") {
		t.Errorf("away notice %q", away.Text)
	}
	if m := bob.Do(ctx, ClaimIntent{Game: id}); fmt.Sprint(m) == "<nil>" {
		t.Error("claiming at once was not refused")
	}

	// One side has moved: the game can still be called off.
	if m := bob.Do(ctx, AbortIntent{Game: id}); m != nil {
		t.Fatalf("abort: %+v", m)
	}
	if over := nextMsg[GameOverMsg](t, bob, nil); over.Result.Reason != engine.ReasonAborted {
		t.Errorf("abort ended the game with %+v", over.Result)
	}
}
