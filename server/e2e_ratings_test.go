package server_test

import (
	"testing"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
)

// TestRatingPerRule: a rated renju game moves the players' renju ratings
// only; the profile shows every rule, and each rule has its own board,
// whose wins, losses and draws are that rule's rated games only.
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

		// Bob wins a rated freestyle game: each board counts its own rule.
		gid, black, white = startGame(t, a, b, protocol.Settings{Rule: "freestyle", Opening: "none", Color: protocol.ColorBlack, Rated: true})
		play(t, gid, black, white, "a1", "h8", "a3", "h9", "a5", "h10", "a7", "h11", "a9", "h12")
		if over := gameOver(t, black, gid); over.Winner != protocol.ColorWhite {
			t.Fatalf("game over %+v", over)
		}
		results := func(p protocol.Profile) [4]int { return [4]int{p.Games, p.Wins, p.Losses, p.Draws} }
		for _, c := range []struct {
			rule string
			want [2][4]int // the leader's and the other's games, wins, losses, draws
		}{{"renju", [2][4]int{{1, 1, 0, 0}, {1, 0, 1, 0}}}, {"freestyle", [2][4]int{{1, 1, 0, 0}, {1, 0, 1, 0}}}} {
			lb := a.call(protocol.GetLeaderboard{Rule: c.rule}).(*protocol.Leaderboard)
			if len(lb.Players) != 2 || results(lb.Players[0]) != c.want[0] || results(lb.Players[1]) != c.want[1] ||
				lb.Players[0].Ratings[0].Wins != 1 || lb.Players[1].Ratings[0].Losses != 1 {
				t.Errorf("%s leaderboard %+v: want games/wins/losses/draws %v", c.rule, lb.Players, c.want)
			}
		}
		p = a.call(protocol.GetProfile{Name: "alice"}).(*protocol.Profile)
		if results(*p) != [4]int{2, 1, 1, 0} {
			t.Errorf("alice's profile counts %v, want every game: 2, 1, 1, 0", results(*p))
		}
		for _, r := range p.Ratings {
			want := map[string][3]int{"renju": {1, 0, 0}, "freestyle": {0, 1, 0}}[r.Rule]
			if [3]int{r.Wins, r.Losses, r.Draws} != want {
				t.Errorf("alice's %s results %+v, want %v", r.Rule, r, want)
			}
		}
		a.expectCode(protocol.GetLeaderboard{Rule: "chess"}, protocol.CodeBadRequest)
	})
}
