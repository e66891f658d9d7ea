package server_test

import (
	"slices"
	"testing"
	"time"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
	"github.com/gomokud/gomoku/server"
	"github.com/jonboulle/clockwork"
)

// guests enters two guests on s.
func guests(t *testing.T, s *servertest.Server, a, b string) (*wsc, *wsc) {
	t.Helper()
	ca, cb := dial(t, s.URL), dial(t, s.URL)
	ca.guest(a)
	cb.guest(b)
	return ca, cb
}

func TestStandardOverlineDoesNotWin(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "standard", Color: protocol.ColorBlack})
	if black != a {
		t.Fatal("the challenger asked for black")
	}
	// d8 makes a8-f8, six in a row: no win under the standard rule.
	play(t, gid, black, white, "a8", "o1", "b8", "o3", "c8", "o5", "e8", "o7", "f8", "o9", "d8", "o11")
	black.call(protocol.Resign{GameID: gid})
	if over := gameOver(t, white, gid); over.Winner != protocol.ColorWhite || over.Reason != "resign" {
		t.Fatalf("game over %+v", over)
	}
	white.expectCode(protocol.Move{GameID: gid, Move: "h8"}, protocol.CodeGameOver)
}

func TestRenjuForbiddenMoveRejected(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "renju", Color: protocol.ColorBlack})
	play(t, gid, black, white, "h8", "a1", "j8", "a3", "i10", "a5", "i9", "a7")
	// After white's move black is to move: the event lists i8 as forbidden.
	st := black.call(protocol.Resync{GameID: gid, LastSeq: -1}).(*protocol.GameState)
	if !slices.Contains(st.Forbidden, "i8") {
		t.Fatalf("forbidden points %v lack i8", st.Forbidden)
	}
	e := black.expectCode(protocol.Move{GameID: gid, Move: "i8"}, protocol.CodeForbidden)
	if e.Kind != "double-three" {
		t.Fatalf("forbidden kind %q", e.Kind)
	}
	black.expectCode(protocol.Abort{GameID: gid}, protocol.CodeConflict) // both have moved
	black.expectCode(protocol.Move{GameID: gid, Move: "h8"}, protocol.CodeOccupied)
	black.expectCode(protocol.Move{GameID: gid, Move: "8h"}, protocol.CodeBadRequest)
	black.expectCode(protocol.Move{GameID: gid, Move: ""}, protocol.CodeBadRequest)
	black.expectCode(protocol.Move{GameID: gid, Move: "z26"}, protocol.CodeOffBoard)
	black.expectCode(protocol.Move{GameID: gid, Move: "p1"}, protocol.CodeOffBoard)
	white.expectCode(protocol.Move{GameID: gid, Move: "b1"}, protocol.CodeNotYourTurn)
	play(t, gid, black, white) // nothing changed: black still to move
	black.call(protocol.Move{GameID: gid, Move: "k8"})
}

func TestTakebackDrawAbortRematch(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle", Color: protocol.ColorBlack})
	play(t, gid, black, white, "h8", "h9", "h10")

	white.call(protocol.Takeback{GameID: gid})
	if o := event[*protocol.OfferMade](black, nil); o.Kind != protocol.OfferTakeback || o.From != protocol.ColorWhite {
		t.Fatalf("offer %+v", o)
	}
	white.expectCode(protocol.TakebackAnswer{GameID: gid, Accept: true}, protocol.CodeConflict) // own offer
	black.call(protocol.TakebackAnswer{GameID: gid, Accept: false})
	if ans := event[*protocol.OfferAnswer](white, nil); ans.Accepted || ans.By != protocol.ColorBlack {
		t.Fatalf("answer %+v", ans)
	}
	// Declined: not again until the board changes.
	white.expectCode(protocol.Takeback{GameID: gid}, protocol.CodeConflict)
	white.call(protocol.Move{GameID: gid, Move: "j9"})
	event(black, func(m *protocol.GameMove) bool { return m.Move == "j9" })
	black.call(protocol.Move{GameID: gid, Move: "j10"})
	event(white, func(m *protocol.GameMove) bool { return m.Move == "j10" })
	white.call(protocol.Takeback{GameID: gid})
	black.call(protocol.TakebackAnswer{GameID: gid, Accept: true})
	tb := event[*protocol.GameTakeback](white, nil)
	if tb.Undone != 2 || tb.Plies != 3 || tb.Turn != protocol.ColorWhite {
		t.Fatalf("takeback %+v", tb)
	}
	// The board is h8 h9 h10 again: white replays.
	white.call(protocol.Move{GameID: gid, Move: "i9"})

	black.call(protocol.DrawOffer{GameID: gid})
	black.expectCode(protocol.DrawOffer{GameID: gid}, protocol.CodeConflict) // pending
	white.call(protocol.DrawAnswer{GameID: gid, Accept: true})
	if over := gameOver(t, black, gid); over.Winner != "" || over.Reason != "agreement" {
		t.Fatalf("draw %+v", over)
	}
	event(black, func(m *protocol.LobbyGames) bool { // the lobby is told
		return slices.ContainsFunc(m.Games, func(g protocol.GameSummary) bool {
			return g.GameID == gid && g.Result != nil && g.Result.Reason == "agreement"
		})
	})

	// Rematch with colours swapped.
	white.call(protocol.RematchOffer{GameID: gid})
	black.call(protocol.RematchAnswer{GameID: gid, Accept: true})
	st := event[*protocol.GameStart](black, nil)
	if st.YourColor != protocol.ColorWhite || st.Game.GameID == gid {
		t.Fatalf("rematch %+v", st.Snapshot)
	}
	gid2 := st.Game.GameID
	event[*protocol.GameStart](white, nil)
	// Abort before both sides moved: not rated, game over "aborted".
	white.call(protocol.Move{GameID: gid2, Move: "h8"}) // white of the old game is black now
	black.call(protocol.Abort{GameID: gid2})
	if over := gameOver(t, white, gid2); over.Reason != "aborted" || over.Winner != "" {
		t.Fatalf("abort %+v", over)
	}
}

func TestFlagFall(t *testing.T) {
	clk := clockwork.NewFakeClockAt(time.Now())
	s := servertest.Start(t, servertest.Options{Config: server.Config{Clock: clk}})
	a, b := guests(t, s, "ann", "ben")
	gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle", Color: protocol.ColorBlack,
		Time: protocol.TimeControl{ByoYomiMS: 2000}}) // no main time: 2 s a move
	// The first moves are not charged; then black's period runs out.
	play(t, gid, black, white, "h8", "h9")
	clk.Advance(2*time.Second + time.Millisecond) // past black's deadline, fixed by the move it has seen
	over := gameOver(t, black, gid)
	if over.Winner != protocol.ColorWhite || over.Reason != "timeout" {
		t.Fatalf("flag fall %+v", over)
	}
	// The final clocks: the flagged side's reads 0, the other's what it had.
	if k := over.Clock; k == nil || k.BlackMS != 0 || k.WhiteMS != 2000 || k.Running != "" {
		t.Fatalf("final clocks %+v", over.Clock)
	}
	black.expectCode(protocol.Move{GameID: gid, Move: "a1"}, protocol.CodeGameOver)
}

func TestByoYomiClock(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle", Color: protocol.ColorBlack,
		Time: protocol.TimeControl{MainMS: 0, ByoYomiMS: 60_000}})
	play(t, gid, black, white, "h8", "h9")
	st := white.call(protocol.Resync{GameID: gid, LastSeq: -1}).(*protocol.GameState)
	if st.Clock == nil || !st.Clock.WhiteByoYomi || st.Clock.WhiteMS != 60_000 || st.Clock.Running != protocol.ColorBlack {
		t.Fatalf("byo-yomi clock %+v", st.Clock)
	}
}

func TestChallengeDeclineCancelExpire(t *testing.T) {
	clk := clockwork.NewFakeClockAt(time.Now())
	s := servertest.Start(t, servertest.Options{Config: server.Config{ChallengeTTL: 500 * time.Millisecond, Clock: clk}})
	a, b := guests(t, s, "ann", "ben")
	st := protocol.Settings{Opening: "none", Rule: "renju", Size: 15}
	ch := a.call(protocol.ChallengeCreate{To: b.name, Settings: st}).(*protocol.Challenge)
	event(b, func(m *protocol.Challenge) bool { return m.ChallengeID == ch.ChallengeID })
	a.expectCode(protocol.ChallengeAccept{ChallengeID: ch.ChallengeID}, protocol.CodeNotFound) // not to a
	b.call(protocol.ChallengeDecline{ChallengeID: ch.ChallengeID})
	if d := event[*protocol.ChallengeDeclined](a, nil); d.ChallengeID != ch.ChallengeID || d.By != b.name {
		t.Fatalf("declined %+v", d)
	}
	b.expectCode(protocol.ChallengeAccept{ChallengeID: ch.ChallengeID}, protocol.CodeNotFound)

	ch = a.call(protocol.ChallengeCreate{To: b.name, Settings: st}).(*protocol.Challenge)
	a.call(protocol.ChallengeCancel{ChallengeID: ch.ChallengeID})
	if c := event[*protocol.ChallengeCancelled](b, nil); c.ChallengeID != ch.ChallengeID {
		t.Fatalf("cancelled %+v", c)
	}

	ch = a.call(protocol.ChallengeCreate{To: b.name, Settings: st}).(*protocol.Challenge)
	clk.Advance(500 * time.Millisecond) // the challenge's timer is set before the reply
	event[*protocol.ChallengeExpired](a, nil)
	event[*protocol.ChallengeExpired](b, nil)
	b.expectCode(protocol.ChallengeAccept{ChallengeID: ch.ChallengeID}, protocol.CodeNotFound)

	// A new challenge to the same player replaces the open one.
	first := a.call(protocol.ChallengeCreate{To: b.name, Settings: st}).(*protocol.Challenge)
	a.call(protocol.ChallengeCreate{To: b.name, Settings: st})
	if c := event(b, func(m *protocol.ChallengeCancelled) bool { return m.ChallengeID == first.ChallengeID }); c.Reason == "" {
		t.Fatalf("replaced challenge %+v", c)
	}
	a.expectCode(protocol.ChallengeCreate{To: "nobody", Settings: st}, protocol.CodeNotFound)
	a.expectCode(protocol.ChallengeCreate{To: a.name, Settings: st}, protocol.CodeConflict)
	for _, bad := range []protocol.Settings{{Rule: "chess"}, {Rule: "renju", Size: 21}, {Rule: "renju", Size: 4}, {Rule: "renju", Size: 19},
		{Rule: "renju", Color: "green"}, {Rule: "renju", Time: protocol.TimeControl{MainMS: -1}},
		{Rule: "renju", Time: protocol.TimeControl{MainMS: 10_000, IncrementMS: 1, ByoYomiMS: 1000}},
		{Rule: "renju", Time: protocol.TimeControl{MainMS: 1}}, {Rule: "renju", Time: protocol.TimeControl{ByoYomiMS: 999}}} {
		a.expectCode(protocol.ChallengeCreate{To: b.name, Settings: bad}, protocol.CodeBadRequest)
	}
}

func TestSpectatorAndChat(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	gid, black, white := startGame(t, a, b, protocol.Settings{Opening: "none", Rule: "freestyle"})
	play(t, gid, black, white, "h8")
	w := dial(t, s.URL)
	w.guest("watcher")
	l := w.call(protocol.GetLobby{}).(*protocol.Lobby)
	if len(l.Games) != 1 || l.Games[0].GameID != gid {
		t.Fatalf("lobby games %+v", l.Games)
	}
	st := w.call(protocol.Watch{GameID: gid}).(*protocol.GameState)
	if st.YourColor != "" || len(st.Moves) != 1 || st.Watchers != 1 {
		t.Fatalf("watch state %+v", st.Snapshot)
	}
	play(t, gid, white, black) // nothing
	white.call(protocol.Move{GameID: gid, Move: "a1"})
	if m := event[*protocol.GameMove](w, nil); m.Move != "a1" || m.Color != protocol.ColorWhite {
		t.Fatalf("watcher saw %+v", m)
	}
	w.call(protocol.GameSay{GameID: gid, Text: "nice"})
	if c := event[*protocol.GameChat](black, nil); c.From != w.name || c.Text != "nice" {
		t.Fatalf("chat %+v", c)
	}
	w.expectCode(protocol.Move{GameID: gid, Move: "b2"}, protocol.CodeNotAllowed)
	w.expectCode(protocol.Resign{GameID: gid}, protocol.CodeNotAllowed)
	w.call(protocol.Unwatch{GameID: gid})
}

func TestBotGame(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	c := dial(t, s.URL)
	c.guest("solo")
	ch := c.call(protocol.ChallengeCreate{To: "bot:easy", Settings: protocol.Settings{Opening: "none", Rule: "renju",
		Color: protocol.ColorBlack, Time: protocol.TimeControl{MainMS: 60_000, IncrementMS: 1000}}}).(*protocol.Challenge)
	if ch.To != "bot:easy" {
		t.Fatalf("challenge %+v", ch)
	}
	st := event[*protocol.GameStart](c, nil)
	gid := st.Game.GameID
	if st.YourColor != protocol.ColorBlack || st.Game.White.Kind != protocol.KindBot {
		t.Fatalf("bot game %+v", st.Snapshot)
	}
	c.call(protocol.Move{GameID: gid, Move: "h8"})
	reply := event(c, func(m *protocol.GameMove) bool { return m.Color == protocol.ColorWhite })
	if reply.Ply != 2 || reply.Clock == nil || reply.Clock.BlackMS < 60_000 {
		t.Fatalf("bot move %+v", reply)
	}
	// A casual takeback against a bot is granted at once, and gives back
	// no time: the increments of the undone moves go too.
	c.call(protocol.Takeback{GameID: gid})
	tb := event[*protocol.GameTakeback](c, nil)
	if tb.Plies != 0 || tb.Turn != protocol.ColorBlack || tb.Clock.BlackMS > 60_000 || tb.Clock.WhiteMS > 60_000 {
		t.Fatalf("takeback %+v, clock %+v", tb, tb.Clock)
	}
	c.call(protocol.Move{GameID: gid, Move: "g7"})
	event(c, func(m *protocol.GameMove) bool { return m.Color == protocol.ColorWhite })
	c.expectCode(protocol.ChallengeCreate{To: "bot:max", Settings: protocol.Settings{Opening: "none", Rule: "renju"}}, protocol.CodeConflict)
	other := dial(t, s.URL)
	other.guest("other")
	c.expectCode(protocol.ChallengeCreate{To: other.name, Settings: protocol.Settings{Opening: "none", Rule: "renju"}}, protocol.CodeConflict)
	other.expectCode(protocol.ChallengeCreate{To: c.name, Settings: protocol.Settings{Opening: "none", Rule: "renju"}}, protocol.CodeConflict)
	c.expectCode(protocol.ChallengeCreate{To: "bot:nope", Settings: protocol.Settings{Opening: "none", Rule: "renju"}}, protocol.CodeNotFound)
	c.call(protocol.Resign{GameID: gid})
	if over := gameOver(t, c, gid); over.Winner != protocol.ColorWhite {
		t.Fatalf("over %+v", over)
	}
}

// TestMaxBotKeepsTable: a game against the Max bot keeps one search table
// from move to move (gomoku_bot_tables counts it) until it ends; the easy
// bot's keeps none.
func TestMaxBotKeepsTable(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	c := dial(t, s.URL)
	c.guest("solo")
	for _, tc := range []struct{ bot, tables string }{{"bot:easy", "0"}, {"bot:max", "1"}} {
		c.call(protocol.ChallengeCreate{To: tc.bot, Settings: protocol.Settings{Opening: "none", Rule: "freestyle",
			Color: protocol.ColorBlack, Time: protocol.TimeControl{MainMS: 10_000}}})
		gid := event[*protocol.GameStart](c, nil).Game.GameID
		for _, mv := range []string{"h8", "a1"} { // a1: a point no bot answers h8 with
			c.call(protocol.Move{GameID: gid, Move: mv})
			event(c, func(m *protocol.GameMove) bool { return m.Color == protocol.ColorWhite })
		}
		if got := gauge(t, s.HTTP, "gomoku_bot_tables"); got != tc.tables {
			t.Errorf("%s: gomoku_bot_tables %s, want %s", tc.bot, got, tc.tables)
		}
		c.call(protocol.Resign{GameID: gid})
		gameOver(t, c, gid)
		if got := gauge(t, s.HTTP, "gomoku_bot_tables"); got != "0" {
			t.Errorf("%s: gomoku_bot_tables %s after the game, want 0", tc.bot, got)
		}
	}
}

func TestSeekPairs(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := guests(t, s, "ann", "ben")
	st := protocol.Settings{Opening: "none", Rule: "renju", Time: protocol.TimeControl{MainMS: 300_000, IncrementMS: 3000}}
	a.call(protocol.Seek{Settings: st})
	presence(b, a.name, protocol.StatusSeeking)
	a.call(protocol.Unseek{})
	a.call(protocol.Seek{Settings: st})
	b.call(protocol.Seek{Settings: protocol.Settings{Opening: "none", Rule: "freestyle"}}) // no match
	b.call(protocol.Seek{Settings: st})                                                    // replaces it: match
	ga, gb := event[*protocol.GameStart](a, nil), event[*protocol.GameStart](b, nil)
	if ga.Game.GameID != gb.Game.GameID || ga.Game.Rule != "renju" || ga.Game.Time.IncrementMS != 3000 {
		t.Fatalf("paired %+v / %+v", ga.Game, gb.Game)
	}
	a.expectCode(protocol.Seek{Settings: st}, protocol.CodeConflict) // playing
}
