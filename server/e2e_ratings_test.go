package server_test

import (
	"testing"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
)

// TestRatingPerRule: a rated renju game moves the players' renju ratings
// only; the profile shows every rule, and each rule has its own board.
func TestRatingPerRule(t *testing.T) {
	stores(t, func(t *testing.T, opts servertest.Options) {
		s := servertest.Start(t, opts)
		a, b := pair(t, s, "alice", "bob")
		gid, black, white := startGame(t, a, b, protocol.Settings{Rule: "renju", Opening: "none", Color: protocol.ColorBlack, Rated: true})
		play(t, gid, black, white, "h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12")
		if over := gameOver(t, black, gid); over.Winner != protocol.ColorBlack {
			t.Fatalf("game over %+v", over)
		}
		p := a.call(protocol.GetProfile{Name: "alice"}).(*protocol.Profile)
		byRule := map[string]protocol.RuleRating{}
		for _, r := range p.Ratings {
			byRule[r.Rule] = r
		}
		if len(p.Ratings) != 4 || byRule["renju"].Rating <= 1500 || byRule["renju"].RatedGames != 1 ||
			byRule["freestyle"].Rating != 1500 || byRule["freestyle"].RatedGames != 0 || p.Rating != byRule["renju"].Rating {
			t.Fatalf("alice's profile %+v", p)
		}
		lb := a.call(protocol.GetLeaderboard{Rule: "renju"}).(*protocol.Leaderboard)
		if lb.Rule != "renju" || len(lb.Players) != 2 || lb.Players[0].Name != "alice" || lb.Players[0].Rating != byRule["renju"].Rating {
			t.Fatalf("renju leaderboard %+v", lb)
		}
		if free := a.call(protocol.GetLeaderboard{}).(*protocol.Leaderboard); free.Rule != "freestyle" || len(free.Players) != 0 {
			t.Fatalf("freestyle leaderboard %+v", free)
		}
		a.expectCode(protocol.GetLeaderboard{Rule: "chess"}, protocol.CodeBadRequest)
	})
}
