package server_test

import (
	"testing"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
)

// TestReplacedChallengeToldToBoth: a new challenge to the same player
// replaces the open one, and both sides are told, the challenger too
// (whose list would otherwise keep the old one for good).
func TestReplacedChallengeToldToBoth(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	st := protocol.Settings{Rule: "freestyle", Time: protocol.TimeControl{MainMS: 300_000, IncrementMS: 3000}}
	first := a.call(protocol.ChallengeCreate{To: b.name, Settings: st}).(*protocol.Challenge)
	st.Time = protocol.TimeControl{MainMS: 900_000, IncrementMS: 10_000}
	second := a.call(protocol.ChallengeCreate{To: b.name, Settings: st}).(*protocol.Challenge)
	for _, c := range []*wsc{a, b} {
		got := event(c, func(m *protocol.ChallengeCancelled) bool { return m.ChallengeID == first.ChallengeID })
		if got.Reason != "replaced by a new challenge" {
			t.Errorf("%s: cancelled %+v", c.name, got)
		}
	}
	l := a.call(protocol.GetLobby{}).(*protocol.Lobby)
	if len(l.Challenges) != 1 || l.Challenges[0].ChallengeID != second.ChallengeID {
		t.Fatalf("ann's open challenges %+v, want only %d", l.Challenges, second.ChallengeID)
	}
	a.expectCode(protocol.ChallengeCancel{ChallengeID: first.ChallengeID}, protocol.CodeNotFound)
}
