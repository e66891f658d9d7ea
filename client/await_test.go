package client

import (
	"context"
	"testing"

	"github.com/gomokud/gomoku/protocol"
)

func TestAwaitChallenge(t *testing.T) {
	ch := protocol.Challenge{ChallengeID: 3, From: "alice", To: "bob"}
	game := func(black, white string) protocol.GameStart {
		return protocol.GameStart{Snapshot: protocol.Snapshot{Game: protocol.GameInfo{GameID: 9,
			Black: protocol.Player{Name: black}, White: protocol.Player{Name: white}}}}
	}
	for _, tc := range []struct {
		name   string
		events []protocol.Message
		want   string
	}{
		{"accepted", []protocol.Message{
			protocol.ChallengeDeclined{ChallengeID: 2, By: "carol"}, // another challenge
			game("carol", "alice"), // another game
			game("Bob", "alice"),
		}, ChallengeAccepted},
		{"declined", []protocol.Message{protocol.LobbyChat{Text: "hi"}, protocol.ChallengeDeclined{ChallengeID: 3, By: "bob"}}, ChallengeDeclined},
		{"cancelled", []protocol.Message{protocol.ChallengeCancelled{ChallengeID: 3, Reason: "bob left"}}, ChallengeCancelled},
		{"expired", []protocol.Message{protocol.ChallengeExpired{ChallengeID: 1}, protocol.ChallengeExpired{ChallengeID: 3}}, ChallengeExpired},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newOffline(t)
			for _, e := range tc.events {
				feed(t, c, "", e)
			}
			out, err := c.AwaitChallenge(context.Background(), ch)
			if err != nil || out.Status != tc.want {
				t.Fatalf("AwaitChallenge = %+v, %v; want %s", out, err, tc.want)
			}
			if (out.Game != nil) != (tc.want == ChallengeAccepted) {
				t.Fatalf("game %+v", out.Game)
			}
			if tc.want == ChallengeCancelled && out.Reason != "bob left" {
				t.Fatalf("reason %q", out.Reason)
			}
		})
	}

	t.Run("interrupted", func(t *testing.T) {
		c := newOffline(t)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := c.AwaitChallenge(ctx, ch); err != context.Canceled {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestStateReplyDeliveredBeforeLaterEvents(t *testing.T) {
	c := newOffline(t)
	call := &pendingCall{ch: make(chan protocol.Message, 1)}
	c.pending["4"] = call
	feed(t, c, "4", protocol.GameState{Snapshot: protocol.Snapshot{Game: protocol.GameInfo{GameID: 5}, Seq: 6, Moves: []string{"h8"}}})
	feed(t, c, "", protocol.GameMove{GameID: 5, Seq: 6, Move: "h8"}) // already in the state
	feed(t, c, "", protocol.GameMove{GameID: 5, Seq: 7, Move: "h9"})
	if st, ok := next(t, c).(*protocol.GameState); !ok || st.Seq != 6 {
		t.Fatalf("first event %+v, want the state", st)
	}
	if m, ok := next(t, c).(*protocol.GameMove); !ok || m.Move != "h9" {
		t.Fatalf("then %+v, want h9", m)
	}
	noEvent(t, c)
	if _, ok := (<-call.ch).(*protocol.GameState); !ok {
		t.Fatal("the reply did not reach its request")
	}
}
