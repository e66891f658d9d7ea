package client

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
)

// typedLimit bounds each wait; only a hang reaches it.
const typedLimit = time.Minute

func dialTyped(t *testing.T, url string) *Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), typedLimit)
	defer cancel()
	c, err := Dial(ctx, url, Options{Name: "typed-test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// nextTyped reads c's typed events until one of type T (accepted by ok,
// when given) arrives.
func nextTyped[T Event](t *testing.T, c *Client, ok func(T) bool) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), typedLimit)
	defer cancel()
	for {
		e, err := c.NextEvent(ctx)
		if err != nil {
			var zero T
			t.Fatalf("waiting for a %T: %v", zero, err)
		}
		if v, is := e.(T); is && (ok == nil || ok(v)) {
			return v
		}
	}
}

// TestTypedRequestsAgainstServer plays a short game through the typed
// requests and reads it back as typed events on the real server.
func TestTypedRequestsAgainstServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	s := servertest.Start(t, servertest.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), typedLimit)
	defer cancel()
	alice, bob, carol := dialTyped(t, s.URL), dialTyped(t, s.URL), dialTyped(t, s.URL)
	for c, name := range map[*Client]string{alice: "alice", bob: "bob"} {
		if _, err := c.Register(ctx, name, "password-"+name); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := carol.Guest(ctx, "carol"); err != nil {
		t.Fatal(err)
	}
	if me := carol.Me(); !me.Guest || !strings.HasPrefix(me.Name, "guest:") {
		t.Fatalf("carol is %+v", me)
	}

	// No opening rule: the game below starts with moves.
	settings := Settings{Rule: engine.Renju, Size: 15, Color: engine.Black, Opening: Opening(opening.None),
		Time: TimeControl{Main: 10 * time.Minute, Increment: 5 * time.Second}}
	ch, err := alice.SendChallenge(ctx, "bob", settings)
	if err != nil || ch.To != "bob" || ch.Settings != settings {
		t.Fatalf("challenge: %+v, %v", ch, err)
	}
	if got := nextTyped(t, bob, func(e ChallengeMade) bool { return e.ID == ch.ID }); got.Settings != settings || got.From != "alice" {
		t.Fatalf("bob got %+v", got)
	}
	if err := bob.Accept(ctx, ch.ID); err != nil {
		t.Fatal(err)
	}
	ag, bg := nextTyped[GameStarted](t, alice, nil), nextTyped[GameStarted](t, bob, nil)
	if ag.Me != engine.Black || bg.Me != engine.White || ag.Rule != engine.Renju || ag.Clock == nil || ag.Game != bg.Game {
		t.Fatalf("games: %+v / %+v", ag, bg)
	}
	id := ag.Game

	h8 := engine.Point{X: 7, Y: 7}
	if err := alice.Move(ctx, id, h8); err != nil {
		t.Fatal(err)
	}
	if mv := nextTyped[MoveMade](t, bob, nil); mv.Point != h8 || mv.Color != engine.Black || mv.Ply != 1 || mv.Clock == nil {
		t.Fatalf("bob saw %+v", mv)
	}
	st, err := carol.Watch(ctx, id)
	if err != nil || st.Me != engine.Empty || len(st.Moves) != 1 || st.Moves[0].Point != h8 || st.Turn != engine.White {
		t.Fatalf("watch: %+v, %v", st, err)
	}
	if synced := nextTyped[GameSynced](t, carol, nil); synced.Game != id {
		t.Fatalf("carol's state %+v", synced)
	}

	if err := bob.Offer(ctx, id, OfferDraw); err != nil {
		t.Fatal(err)
	}
	if o := nextTyped[OfferMade](t, alice, nil); o.Kind != OfferDraw || o.From != engine.White {
		t.Fatalf("alice saw %+v", o)
	}
	if err := alice.Answer(ctx, id, OfferDraw, false); err != nil {
		t.Fatal(err)
	}
	if a := nextTyped[OfferAnswered](t, carol, nil); a.Kind != OfferDraw || a.Accepted || a.By != engine.Black {
		t.Fatalf("carol saw %+v", a)
	}
	if err := alice.GameSay(ctx, id, "gg"); err != nil {
		t.Fatal(err)
	}
	if m := nextTyped[ChatMessage](t, bob, func(m ChatMessage) bool { return m.Game == id }); m.From != "alice" || m.Text != "gg" {
		t.Fatalf("bob read %+v", m)
	}
	if err := bob.Offer(ctx, id, "pause"); err == nil || errors.Is(err, ErrDisconnected) {
		t.Fatalf("an unknown offer: %v", err)
	}
	if err := bob.Resign(ctx, id); err != nil {
		t.Fatal(err)
	}
	end := nextTyped[GameEnded](t, carol, nil)
	if end.Winner != engine.Black || end.Reason != engine.ReasonResign || end.BlackRating != nil {
		t.Fatalf("carol saw the end %+v", end)
	}
	if text, ok := ReplyText(bob.ClaimWin(ctx, id)); !ok || text == "" {
		t.Fatalf("claim after the end: %q %v", text, ok)
	}
}

func TestReplyText(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want string
		ok   bool
	}{
		{&protocol.Error{Code: protocol.CodeOccupied, Message: "h8 is taken"}, "h8 is taken", true},
		{&protocol.Error{Code: protocol.CodeInternal}, "internal: ", true},
		{ErrDisconnected, "", false},
	} {
		if got, ok := ReplyText(tt.err); got != tt.want || ok != tt.ok {
			t.Errorf("ReplyText(%v) = %q %v, want %q %v", tt.err, got, ok, tt.want, tt.ok)
		}
	}
}
