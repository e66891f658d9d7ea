package server_test

import (
	"testing"

	"github.com/gomokud/gomoku/internal/pgtest"
	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
)

const pw = "correct horse"

// stores runs f against SQLite, and PostgreSQL when its URL is set.
func stores(t *testing.T, f func(t *testing.T, opts servertest.Options)) {
	t.Run("sqlite", func(t *testing.T) { f(t, servertest.Options{}) })
	t.Run("postgres", func(t *testing.T) {
		pgtest.FreshSchema(t) // skips without a URL
		f(t, servertest.Options{Postgres: true})
	})
}

// pair registers two players on s.
func pair(t *testing.T, s *servertest.Server, a, b string) (*wsc, *wsc) {
	t.Helper()
	ca, cb := dial(t, s.URL), dial(t, s.URL)
	ca.register(a, pw)
	cb.register(b, pw)
	return ca, cb
}

// startGame has a challenge b, b accept, and returns the game id with the
// black and white clients.
func startGame(t *testing.T, a, b *wsc, st protocol.Settings) (int64, *wsc, *wsc) {
	t.Helper()
	ch := a.call(protocol.ChallengeCreate{To: b.name, Settings: st}).(*protocol.Challenge)
	got := event(b, func(m *protocol.Challenge) bool { return m.ChallengeID == ch.ChallengeID })
	if got.From != a.name {
		t.Fatalf("challenge from %q, want %q", got.From, a.name)
	}
	b.call(protocol.ChallengeAccept{ChallengeID: ch.ChallengeID})
	sa := event[*protocol.GameStart](a, nil)
	sb := event[*protocol.GameStart](b, nil)
	if sa.Game.GameID != sb.Game.GameID || sa.YourColor == sb.YourColor {
		t.Fatalf("game start: %+v / %+v", sa.Snapshot, sb.Snapshot)
	}
	if sa.YourColor == protocol.ColorBlack {
		return sa.Game.GameID, a, b
	}
	return sa.Game.GameID, b, a
}

// play makes the moves alternately, black first, each checked by the
// game_move event both sides receive.
func play(t *testing.T, gid int64, black, white *wsc, moves ...string) {
	t.Helper()
	for i, mv := range moves {
		mover, other := black, white
		if i%2 == 1 {
			mover, other = white, black
		}
		mover.call(protocol.Move{GameID: gid, Move: mv})
		for _, c := range []*wsc{mover, other} {
			ev := event(c, func(m *protocol.GameMove) bool { return m.GameID == gid })
			if ev.Move != mv || ev.Ply != i+1 {
				t.Fatalf("%s saw move %d %s, want %d %s", c.name, ev.Ply, ev.Move, i+1, mv)
			}
		}
	}
}

func gameOver(t *testing.T, c *wsc, gid int64) *protocol.GameOver {
	t.Helper()
	return event(c, func(m *protocol.GameOver) bool { return m.GameID == gid })
}

func TestRatedGameToFive(t *testing.T) {
	stores(t, func(t *testing.T, opts servertest.Options) {
		s := servertest.Start(t, opts)
		a, b := pair(t, s, "alice", "bob")
		gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle", Rated: true,
			Time: protocol.TimeControl{MainMS: 600_000, IncrementMS: 5000}})
		play(t, gid, black, white, "h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12")
		for _, c := range []*wsc{black, white} {
			over := gameOver(t, c, gid)
			if over.Winner != protocol.ColorBlack || over.Reason != "five" || len(over.Line) != 5 {
				t.Fatalf("%s: game over %+v", c.name, over)
			}
			if over.BlackRating == nil || over.BlackRating.After <= over.BlackRating.Before {
				t.Fatalf("%s: black rating %+v", c.name, over.BlackRating)
			}
		}
		p := black.call(protocol.GetProfile{}).(*protocol.Profile)
		if p.Wins != 1 || p.Games != 1 || p.RatedGames != 1 || p.Rating <= 1500 {
			t.Fatalf("winner profile %+v", p)
		}
		h := white.call(protocol.GetHistory{}).(*protocol.History)
		if len(h.Games) != 1 || h.Games[0].Result == nil || h.Games[0].Plies != 9 {
			t.Fatalf("history %+v", h)
		}
		rec := white.call(protocol.GetRecord{GameID: gid, Format: protocol.FormatPSQ}).(*protocol.Record)
		if rec.Data == "" {
			t.Fatal("empty record")
		}
	})
}
