package server_test

import (
	"testing"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
)

// TestStrictNotation: the wire takes rule names and moves exactly as
// docs/protocol.md writes them; anything else is bad_request.
func TestStrictNotation(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	for _, rule := range []string{"gomoku", "exact5", "Renju", "FREESTYLE", " standard", "free"} {
		a.expectCode(protocol.ChallengeCreate{To: "guest:ben", Settings: protocol.Settings{Opening: "none", Rule: rule}}, protocol.CodeBadRequest)
		a.expectCode(protocol.Seek{Settings: protocol.Settings{Opening: "none", Rule: rule}}, protocol.CodeBadRequest)
	}
	gid, black, _ := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "standard", Color: protocol.ColorBlack})
	for _, mv := range []string{" h8", "h8 ", "H8", "h08", "h 8", ""} {
		black.expectCode(protocol.Move{GameID: gid, Move: mv}, protocol.CodeBadRequest)
	}
	black.call(protocol.Move{GameID: gid, Move: "h8"})
}

// TestRematchOnce: once a rematch has started, offering or answering one
// on the old game is conflict, not an ok that starts nothing.
func TestRematchOnce(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle", Color: protocol.ColorBlack})
	black.call(protocol.Resign{GameID: gid})
	gameOver(t, white, gid)
	white.call(protocol.RematchOffer{GameID: gid})
	black.call(protocol.RematchAnswer{GameID: gid, Accept: true})
	event[*protocol.GameStart](black, nil)
	event[*protocol.GameStart](white, nil)
	white.expectCode(protocol.RematchOffer{GameID: gid}, protocol.CodeConflict)
	black.expectCode(protocol.RematchOffer{GameID: gid}, protocol.CodeConflict)
	black.expectCode(protocol.RematchAnswer{GameID: gid, Accept: true}, protocol.CodeConflict)
}
