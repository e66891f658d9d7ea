package client

import (
	"context"
	"strings"

	"github.com/gomokud/gomoku/protocol"
)

// How a challenge ended (ChallengeOutcome.Status).
const (
	ChallengeAccepted  = "accepted"
	ChallengeDeclined  = "declined"
	ChallengeCancelled = "cancelled"
	ChallengeExpired   = "expired"
)

// ChallengeOutcome is the end of a challenge of mine.
type ChallengeOutcome struct {
	Challenge protocol.Challenge
	Status    string              // ChallengeAccepted...
	Reason    string              // why it was cancelled, when the server says
	Game      *protocol.GameStart // the game, when accepted
}

// AwaitChallenge waits for the answer to ch, a challenge I made (the reply
// of Challenge): the game that starts when it is accepted (a bot accepts at
// once), or its decline, cancellation or expiry. It reads Events and drops
// every other event, so it is for programs that read Events for nothing
// else, like a one-shot command. It returns ErrDisconnected when the
// connection drops without reconnection, or the context's error.
func (c *Client) AwaitChallenge(ctx context.Context, ch protocol.Challenge) (ChallengeOutcome, error) {
	out := ChallengeOutcome{Challenge: ch}
	for {
		var m protocol.Message
		select {
		case <-ctx.Done():
			return out, ctx.Err()
		case ev, ok := <-c.Events():
			if !ok {
				return out, ErrDisconnected
			}
			m = ev
		}
		switch e := m.(type) {
		case *protocol.GameStart:
			if startedBy(e, ch) {
				out.Status, out.Game = ChallengeAccepted, e
				return out, nil
			}
		case *protocol.ChallengeDeclined:
			if e.ChallengeID == ch.ChallengeID {
				out.Status = ChallengeDeclined
				return out, nil
			}
		case *protocol.ChallengeCancelled:
			if e.ChallengeID == ch.ChallengeID {
				out.Status, out.Reason = ChallengeCancelled, e.Reason
				return out, nil
			}
		case *protocol.ChallengeExpired:
			if e.ChallengeID == ch.ChallengeID {
				out.Status = ChallengeExpired
				return out, nil
			}
		}
	}
}

// startedBy reports whether a new game is the one challenge ch started: a
// game between its two players (game_start does not name the challenge).
func startedBy(g *protocol.GameStart, ch protocol.Challenge) bool {
	b, w := g.Game.Black.Name, g.Game.White.Name
	return strings.EqualFold(b, ch.From) && strings.EqualFold(w, ch.To) ||
		strings.EqualFold(b, ch.To) && strings.EqualFold(w, ch.From)
}
