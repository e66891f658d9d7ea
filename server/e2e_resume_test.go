package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
	"github.com/gomokud/gomoku/server"
	"github.com/jonboulle/clockwork"
)

// seqOf returns the last event number of a game as c's player sees it.
func seqOf(c *wsc, gid int64) int64 {
	c.t.Helper()
	return c.call(protocol.Resync{GameID: gid, LastSeq: -1}).(*protocol.GameState).Seq
}

// reconnect dials again and resumes c's session in place.
func reconnect(t *testing.T, c *wsc, url string) protocol.Session {
	t.Helper()
	n := dial(t, url)
	n.name, n.token = c.name, c.token
	sess := n.call(protocol.Resume{Token: c.token}).(*protocol.Session)
	*c = *n
	return *sess
}

func TestReconnectResyncAndClaim(t *testing.T) {
	clk := clockwork.NewFakeClockAt(time.Now())
	s := servertest.Start(t, servertest.Options{Config: server.Config{Grace: 700 * time.Millisecond, Clock: clk}})
	a, b := pair(t, s, "alice", "bob")
	gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle", Color: protocol.ColorBlack,
		Time: protocol.TimeControl{MainMS: 300_000}})
	play(t, gid, black, white, "h8", "h9")
	seen := seqOf(white, gid)

	white.ws.Close()
	away := event[*protocol.PlayerAway](black, nil)
	if away.Color != protocol.ColorWhite || away.ClaimAfterMS != 700 {
		t.Fatalf("away %+v", away)
	}
	black.call(protocol.Move{GameID: gid, Move: "h10"}) // the game goes on
	black.expectCode(protocol.ClaimWin{GameID: gid}, protocol.CodeConflict)

	sess := reconnect(t, white, s.URL)
	if len(sess.Games) != 1 || sess.Games[0] != gid {
		t.Fatalf("resumed session games %v", sess.Games)
	}
	event[*protocol.PlayerBack](black, nil)
	evs := white.call(protocol.Resync{GameID: gid, LastSeq: seen}).(*protocol.GameEvents)
	var moved bool
	for i, raw := range evs.Events {
		f, err := protocol.Decode(raw)
		if err != nil {
			t.Fatal(err)
		}
		ev := f.Msg.(protocol.GameEvent)
		if _, seq := ev.Ref(); seq != seen+int64(i)+1 {
			t.Fatalf("event %d has seq %d, want %d", i, seq, seen+int64(i)+1)
		}
		if m, ok := ev.(*protocol.GameMove); ok && m.Move == "h10" && m.Ply == 3 {
			moved = true
		}
	}
	if !moved {
		t.Fatalf("missed events %d lack black's h10", len(evs.Events))
	}
	if k := event[*protocol.GameClock](white, nil); k.Clock.Running != protocol.ColorWhite {
		t.Fatalf("clock after resync %+v", k.Clock)
	}
	white.call(protocol.Move{GameID: gid, Move: "a1"})

	// Gone again: after the grace period black may claim the win.
	white.ws.Close()
	event(black, func(m *protocol.PlayerAway) bool { return m.Seq > away.Seq })
	clk.Advance(800 * time.Millisecond)
	black.call(protocol.ClaimWin{GameID: gid})
	if over := gameOver(t, black, gid); over.Winner != protocol.ColorBlack || over.Reason != "abandon" {
		t.Fatalf("claim %+v", over)
	}
}

// TestRestartResumesGames stops the server in the middle of games and starts
// a new one on the same database: the games come back with their moves and
// clocks, and their players resume them.
func TestRestartResumesGames(t *testing.T) {
	stores(t, func(t *testing.T, opts servertest.Options) {
		clk := clockwork.NewFakeClockAt(time.Now())
		opts.Config.Clock = clk
		s := servertest.Start(t, opts)
		a, b := pair(t, s, "alice", "bob")
		gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "renju", Rated: true,
			Time: protocol.TimeControl{MainMS: 120_000, IncrementMS: 2000}})
		play(t, gid, black, white, "h8", "h9", "j10")
		before := seqOf(black, gid)
		bot := dial(t, s.URL)
		bot.register("carol", pw)
		bot.call(protocol.ChallengeCreate{To: "bot:easy", Settings: protocol.Settings{Opening: "none", Rule: "freestyle", Color: protocol.ColorBlack}})
		bgid := event[*protocol.GameStart](bot, nil).Game.GameID
		bot.call(protocol.Move{GameID: bgid, Move: "h8"})
		event(bot, func(m *protocol.GameMove) bool { return m.Ply == 2 })

		s.Restart()
		clk.Advance(300 * time.Millisecond) // nobody is back yet: no clock runs

		for _, c := range []*wsc{black, white} { // black first: white, to move, comes back last
			sess := reconnect(t, c, s.URL)
			if len(sess.Games) != 1 || sess.Games[0] != gid {
				t.Fatalf("%s: games after restart %v", c.name, sess.Games)
			}
		}
		st := black.call(protocol.Resync{GameID: gid, LastSeq: before}).(*protocol.GameState) // old number: full state
		if len(st.Moves) != 3 || st.Turn != protocol.ColorWhite || st.Clock == nil || st.Game.Rated != true {
			t.Fatalf("restored state %+v", st.Snapshot)
		}
		if st.Clock.BlackMS < 115_000 || st.Clock.BlackMS > 124_000 { // two increments
			t.Fatalf("black's clock %d after restart", st.Clock.BlackMS)
		}
		// 120 s (h9 was white's first move: not charged, no increment),
		// less the moments before the restart: the restart is not charged.
		if st.Clock.Running != protocol.ColorWhite || st.Clock.WhiteMS < 119_500 {
			t.Fatalf("white's clock after restart %+v", st.Clock)
		}
		play(t, gid, black, white) // nothing
		white.call(protocol.Move{GameID: gid, Move: "a1"})
		event(black, func(m *protocol.GameMove) bool { return m.Move == "a1" && m.Ply == 4 })

		reconnect(t, bot, s.URL)
		bs := bot.call(protocol.Resync{GameID: bgid, LastSeq: -1}).(*protocol.GameState)
		if len(bs.Moves) != 2 || bs.Turn != protocol.ColorBlack {
			t.Fatalf("restored bot game %+v", bs.Snapshot)
		}
		bot.call(protocol.Move{GameID: bgid, Move: "a1"})
		event(bot, func(m *protocol.GameMove) bool { return m.Ply == 4 }) // the bot still plays
	})
}

// TestRestartChargesThinkingTime: a graceful stop saves the clocks, so the
// player to move keeps the time already spent on the move after the
// restart (and the saved clocks are used up by that restore).
func TestRestartChargesThinkingTime(t *testing.T) {
	stores(t, func(t *testing.T, opts servertest.Options) {
		clk := clockwork.NewFakeClockAt(time.Now())
		opts.Config.Clock = clk
		s := servertest.Start(t, opts)
		a, b := pair(t, s, "ann", "ben")
		gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle",
			Time: protocol.TimeControl{MainMS: 60_000}})
		play(t, gid, black, white, "h8", "h9")
		clk.Advance(1200 * time.Millisecond) // black thinks

		s.Restart()

		for _, c := range []*wsc{white, black} {
			reconnect(t, c, s.URL)
		}
		st := black.call(protocol.Resync{GameID: gid, LastSeq: -1}).(*protocol.GameState)
		if st.Clock == nil || st.Clock.BlackMS > 60_000-1_150 || st.Clock.BlackMS < 60_000-5_000 {
			t.Fatalf("black's clock after the restart: %+v; want about 58.8 s (1.2 s spent before the stop)", st.Clock)
		}
		g, err := s.Store.GameByID(context.Background(), gid)
		if err != nil || g.Paused == nil || g.Paused.Ply != -1 {
			t.Fatalf("saved clocks not used up by the restore: %+v, %v", g.Paused, err)
		}
	})
}

// TestRestartResumesGuestGames: guest sessions outlive a restart, so two
// guests resume their game with their tokens and play on, and a guest who
// logged out stays out. A game whose guest cannot come back (only a bot
// left) is aborted at start-up.
func TestRestartResumesGuestGames(t *testing.T) {
	stores(t, func(t *testing.T, opts servertest.Options) {
		clk := clockwork.NewFakeClockAt(time.Now())
		opts.Config.Clock = clk
		s := servertest.Start(t, opts)
		a, b := dial(t, s.URL), dial(t, s.URL)
		a.guest("ann")
		b.guest("bo")
		gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle",
			Time: protocol.TimeControl{MainMS: 300_000}})
		play(t, gid, black, white, "h8", "h9")
		left := dial(t, s.URL)
		left.guest("cy")
		left.call(protocol.ChallengeCreate{To: "bot:easy", Settings: protocol.Settings{Opening: "none", Rule: "freestyle", Color: protocol.ColorBlack}})
		bgid := event[*protocol.GameStart](left, nil).Game.GameID
		left.call(protocol.Logout{})

		before, err := s.Store.GuestSessions(context.Background(), time.Now())
		if err != nil || len(before) != 2 { // ann and bo; cy logged out
			t.Fatalf("stored guest sessions: %+v, %v", before, err)
		}
		s.Restart()

		clk.Advance(5 * time.Millisecond) // a later expiry, at the store's millisecond precision
		for _, c := range []*wsc{black, white} {
			sess := reconnect(t, c, s.URL)
			if sess.Player.Name != c.name || sess.Player.Kind != protocol.KindGuest || len(sess.Games) != 1 || sess.Games[0] != gid {
				t.Fatalf("%s after restart: %+v", c.name, sess)
			}
		}
		after, err := s.Store.GuestSessions(context.Background(), time.Now())
		if err != nil || len(after) != 2 || !after[0].Expires.After(before[1].Expires) {
			t.Fatalf("resuming did not extend the stored sessions: %+v then %+v, %v", before, after, err)
		}
		st := black.call(protocol.Resync{GameID: gid, LastSeq: -1}).(*protocol.GameState)
		if len(st.Moves) != 2 || st.Turn != protocol.ColorBlack {
			t.Fatalf("restored guest game %+v", st.Snapshot)
		}
		play(t, gid, black, white) // nothing
		black.call(protocol.Move{GameID: gid, Move: "j10"})
		event(white, func(m *protocol.GameMove) bool { return m.Move == "j10" && m.Ply == 3 })

		n := dial(t, s.URL)
		n.expectCode(protocol.Resume{Token: left.token}, protocol.CodeUnauthorized)
		g, err := s.Store.GameByID(context.Background(), bgid)
		if err != nil || !g.Finished || g.Reason != engine.ReasonAborted {
			t.Fatalf("game of the guest who left: %+v, %v", g, err)
		}
		// A new guest cannot take a name whose session lives on.
		if got := dial(t, s.URL).guest("ann").Player.Name; got == black.name || got == white.name {
			t.Fatalf("new guest got the restored guest's name %q", got)
		}
	})
}

// TestAbandonedByBoth: a game without a clock that both players leave ends
// after AbandonAfter with no result and no rating change, and its
// goroutine is gone; one player staying keeps it open.
func TestAbandonedByBoth(t *testing.T) {
	clk := clockwork.NewFakeClockAt(time.Now())
	s := servertest.Start(t, servertest.Options{Config: server.Config{AbandonAfter: 400 * time.Millisecond, Clock: clk}})
	a, b := pair(t, s, "alice", "bob")
	gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle", Color: protocol.ColorBlack,
		Rated: true})
	play(t, gid, black, white, "h8", "h9", "h10")

	white.ws.Close()
	event[*protocol.PlayerAway](black, nil)
	clk.Advance(600 * time.Millisecond) // past AbandonAfter: black is still here, the game goes on
	black.expectCode(protocol.Move{GameID: gid, Move: "h11"}, protocol.CodeNotYourTurn)

	black.ws.Close()
	advanceUntil(t, clk, 600*time.Millisecond, func() bool { return finished(t, s, gid) })
	reconnect(t, white, s.URL)
	h := white.call(protocol.GetHistory{}).(*protocol.History)
	if len(h.Games) != 1 || h.Games[0].GameID != gid {
		t.Fatalf("history %+v", h.Games)
	}
	if r := h.Games[0].Result; r == nil || r.Reason != "aborted" || r.Winner != "" {
		t.Fatalf("result %+v, want aborted with no winner", r)
	}
	p := white.call(protocol.GetProfile{Name: "bob"}).(*protocol.Profile)
	if p.Rating != 1500 || p.Games != 0 {
		t.Fatalf("bob's profile %+v: an abandoned game must not be rated or counted", p)
	}
}

// advanceUntil moves clk by step until done holds: for what the server does
// after an event no client sees (a connection it noticed closing), so the
// test cannot know when to move the clock. The wait between tries is real
// but bounded; the time the server sees is only clk's.
func advanceUntil(t *testing.T, clk *clockwork.FakeClock, step time.Duration, done func() bool) {
	t.Helper()
	for try := 0; !done(); try++ {
		if try == 500 {
			t.Fatalf("not done after moving the clock %d times by %v", try, step)
		}
		clk.Advance(step)
		time.Sleep(10 * time.Millisecond)
	}
}

// finished reports whether game gid is stored as over.
func finished(t *testing.T, s *servertest.Server, gid int64) bool {
	t.Helper()
	g, err := s.Store.GameByID(context.Background(), gid)
	if err != nil {
		t.Fatalf("game %d: %v", gid, err)
	}
	return g.Finished
}
