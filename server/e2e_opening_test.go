package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
)

// step is one opening action of a scripted opening: by the first player
// (who opened as black) or the second.
type openStep struct {
	second bool
	action string
}

// openingScripts are full openings of each rule between two humans, with
// swaps, ending with the first player holding white, to move.
var openingScripts = []struct {
	rule, opening string
	steps         []openStep
}{
	{"freestyle", "swap2", []openStep{{false, "place h8"}, {false, "place i9"}, {false, "place j8"},
		{true, "two"}, {true, "place g7"}, {true, "place k9"}, {false, "white"}}},
	{"renju", "soosorv-8", []openStep{{false, "place h8"}, {false, "place h9"}, {false, "place j10"},
		{true, "stay"}, {true, "place i8"}, {true, "declare 2"}, {false, "swap"}, {true, "offer g7 o14"},
		{false, "choose g7"}}},
	{"renju", "taraguchi-10", []openStep{{false, "place h8"}, {true, "stay"}, {true, "place h9"},
		{false, "swap"}, {true, "place j10"}, {false, "stay"}, {false, "place g10"}, {true, "branch-offer"},
		{true, "offer a1 a2 a3 a4 a5 a6 a7 b2 b3 b4"}, {false, "choose b4"}}},
}

// act sends an opening action and returns the game_opening event both
// players see.
func act(t *testing.T, gid int64, actor, other *wsc, action string) *protocol.GameOpening {
	t.Helper()
	actor.call(protocol.OpeningAction{GameID: gid, Action: action})
	var ev *protocol.GameOpening
	for _, c := range []*wsc{actor, other} {
		ev = event(c, func(m *protocol.GameOpening) bool { return m.GameID == gid && m.Action == action })
		if ev.By != actor.name {
			t.Fatalf("%s saw %q by %s, want %s", c.name, action, ev.By, actor.name)
		}
	}
	return ev
}

// TestOpeningGames plays a full game through each opening rule between
// two clients: the phases, the swaps, the refusals, the stored players.
func TestOpeningGames(t *testing.T) {
	stores(t, func(t *testing.T, opts servertest.Options) {
		opts.Config.RateLimit, opts.Config.RateBurst = 1000, 1000 // three games from one connection
		s := servertest.Start(t, opts)
		a, b := pair(t, s, "alice", "bob")
		for _, sc := range openingScripts {
			t.Run(sc.opening, func(t *testing.T) {
				gid, first, second := startGame(t, a, b, protocol.Settings{Rule: sc.rule, Opening: sc.opening,
					Color: protocol.ColorBlack, Time: protocol.TimeControl{MainMS: 300_000, IncrementMS: 2000}})
				st := first.call(protocol.Resync{GameID: gid, LastSeq: -1}).(*protocol.GameState)
				if st.Game.Opening != sc.opening || st.Phase == nil || st.Phase.Player != first.name || st.Phase.Kind != "place" {
					t.Fatalf("start: game %+v phase %+v", st.Game, st.Phase)
				}
				first.expectCode(protocol.Move{GameID: gid, Move: "h8"}, protocol.CodeBadOpening)
				second.expectCode(protocol.OpeningAction{GameID: gid, Action: "place h8"}, protocol.CodeNotYourTurn)
				first.expectCode(protocol.OpeningAction{GameID: gid, Action: "place"}, protocol.CodeBadRequest)
				var ev *protocol.GameOpening
				for _, stp := range sc.steps {
					actor, other := first, second
					if stp.second {
						actor, other = second, first
					}
					ev = act(t, gid, actor, other, stp.action)
				}
				if !ev.Done || ev.Phase != nil || ev.White != first.name || ev.Black != second.name || ev.Turn != protocol.ColorWhite {
					t.Fatalf("last opening event %+v", ev)
				}
				second.expectCode(protocol.Takeback{GameID: gid}, protocol.CodeConflict) // the opening's stones stay
				playFive(t, gid, first, second)
				over := gameOver(t, second, gid)
				if over.Winner != protocol.ColorWhite || over.Reason != "five" {
					t.Fatalf("game over %+v", over)
				}
				g, err := s.Store.GameByID(context.Background(), gid)
				if err != nil || g.White.Name != first.name || g.Black.Name != second.name || g.Opening.String() != sc.opening ||
					len(g.OpeningLog) != len(sc.steps) {
					t.Fatalf("stored game %+v, %v", g, err)
				}
				rec := first.call(protocol.GetRecord{GameID: gid, Format: protocol.FormatText}).(*protocol.Record)
				if !strings.Contains(rec.Data, "Opening: "+sc.opening) || !strings.Contains(rec.Data, "Opener: white") {
					t.Fatalf("record without its opening:\n%s", rec.Data)
				}
				// The rematch: the other player opens, with the same rule.
				first.call(protocol.RematchOffer{GameID: gid})
				event(second, func(m *protocol.OfferMade) bool { return m.GameID == gid && m.Kind == "rematch" })
				second.call(protocol.RematchAnswer{GameID: gid, Accept: true})
				re := event[*protocol.GameStart](first, nil)
				event(second, func(m *protocol.GameStart) bool { return m.Game.GameID == re.Game.GameID })
				if re.Game.Black.Name != second.name || re.Game.Opening != sc.opening || re.Phase == nil || re.Phase.Player != second.name {
					t.Fatalf("rematch %+v phase %+v", re.Game, re.Phase)
				}
				second.call(protocol.Abort{GameID: re.Game.GameID})
				gameOver(t, first, re.Game.GameID)
			})
		}
	})
}

// playFive has mover make five on row 13 while other plays row 15.
func playFive(t *testing.T, gid int64, mover, other *wsc) {
	t.Helper()
	win := []string{"c13", "d13", "e13", "f13", "g13"}
	lose := []string{"a15", "b15", "c15", "d15"}
	for i, mv := range win {
		mover.call(protocol.Move{GameID: gid, Move: mv})
		event(other, func(m *protocol.GameMove) bool { return m.GameID == gid && m.Move == mv })
		if i < len(lose) {
			other.call(protocol.Move{GameID: gid, Move: lose[i]})
			event(mover, func(m *protocol.GameMove) bool { return m.GameID == gid && m.Move == lose[i] })
		}
	}
}

func TestOpeningSettings(t *testing.T) {
	s := servertest.Start(t, servertest.Options{})
	a, b := pair(t, s, "alice", "bob")
	for _, bad := range []protocol.Settings{{Rule: "freestyle", Opening: "soosorv-8"}, {Rule: "renju", Opening: "swap2"},
		{Rule: "caro", Opening: "taraguchi-10"}, {Rule: "freestyle", Opening: "swap3"}, {Rule: "freestyle", Opening: "SWAP2"}} {
		a.expectCode(protocol.ChallengeCreate{To: b.name, Settings: bad}, protocol.CodeBadRequest)
		a.expectCode(protocol.Seek{Settings: bad}, protocol.CodeBadRequest)
	}
	for rule, want := range map[string]string{"freestyle": "swap2", "standard": "swap2", "caro": "swap2", "renju": "soosorv-8"} {
		ch := a.call(protocol.ChallengeCreate{To: b.name, Settings: protocol.Settings{Rule: rule}}).(*protocol.Challenge)
		if ch.Settings.Opening != want {
			t.Errorf("%s: default opening %q, want %q", rule, ch.Settings.Opening, want)
		}
	}
	ch := a.call(protocol.ChallengeCreate{To: b.name, Settings: protocol.Settings{Rule: "renju", Opening: "none"}}).(*protocol.Challenge)
	if ch.Settings.Opening != "none" {
		t.Errorf("none for renju: %q", ch.Settings.Opening)
	}
}

// TestOpeningRestart stops the server in the middle of a Soosõrv-8 opening,
// after a swap: the new server brings back the exact phase, players and
// clocks, and the opening goes on.
func TestOpeningRestart(t *testing.T) {
	stores(t, func(t *testing.T, opts servertest.Options) {
		clk := clockwork.NewFakeClockAt(time.Now())
		opts.Config.Clock = clk
		s := servertest.Start(t, opts)
		a, b := pair(t, s, "alice", "bob")
		gid, first, second := startGame(t, a, b, protocol.Settings{Rule: "renju", Opening: "soosorv-8",
			Color: protocol.ColorBlack, Time: protocol.TimeControl{MainMS: 300_000}})
		sc := openingScripts[1].steps
		for _, stp := range sc[:7] { // up to the swap before the offers
			actor, other := first, second
			if stp.second {
				actor, other = second, first
			}
			clk.Advance(time.Second)
			act(t, gid, actor, other, stp.action)
		}
		before := second.call(protocol.Resync{GameID: gid, LastSeq: -1}).(*protocol.GameState)

		s.Restart()
		for _, c := range []*wsc{first, second} {
			if sess := reconnect(t, c, s.URL); len(sess.Games) != 1 || sess.Games[0] != gid {
				t.Fatalf("%s: games after restart %v", c.name, sess.Games)
			}
		}
		st := second.call(protocol.Resync{GameID: gid, LastSeq: -1}).(*protocol.GameState)
		p := st.Phase
		if p == nil || p.Kind != "offer" || p.Player != second.name || p.Color != protocol.ColorBlack || p.Count != 2 ||
			p.Black != second.name || st.YourColor != protocol.ColorBlack || st.Game.Black.Name != second.name ||
			fmt.Sprint(st.Moves) != fmt.Sprint(before.Moves) {
			t.Fatalf("restored state %+v phase %+v", st.Snapshot, p)
		}
		if st.Clock == nil || st.Clock.BlackMS != before.Clock.BlackMS || st.Clock.WhiteMS != before.Clock.WhiteMS {
			t.Fatalf("restored clocks %+v, before %+v", st.Clock, before.Clock)
		}
		for _, stp := range sc[7:] {
			actor, other := first, second
			if stp.second {
				actor, other = second, first
			}
			act(t, gid, actor, other, stp.action)
		}
		first.call(protocol.Move{GameID: gid, Move: "a1"})
		event(second, func(m *protocol.GameMove) bool { return m.Move == "a1" && m.Ply == 6 })
	})
}
