package match

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

func TestMoves(t *testing.T) {
	runCases(t, []matchCase{
		{
			name:  "legal moves alternate",
			cfg:   casual,
			steps: game(0, "h8", "h9", "i8", "j10"),
			check: func(t *testing.T, m *Match) {
				if n, turn := len(m.Moves()), m.Turn(); n != 4 || turn != black || m.Over() {
					t.Errorf("%d moves, %v to move, over %v; want 4, black, running", n, turn, m.Over())
				}
			},
		},
		{
			name: "occupied",
			cfg:  casual,
			steps: seq(game(0, "h8"), []step{
				{2 * sec, play(white, "h8"), "", engine.ErrOccupied},
				{3 * sec, play(white, "h9"), "moved w h9", nil},
			}),
		},
		{
			name: "not your turn",
			cfg:  casual,
			steps: []step{
				{0, play(white, "h8"), "", engine.ErrNotYourTurn},
				{sec, play(black, "h8"), "moved b h8", nil},
				{2 * sec, play(black, "i8"), "", engine.ErrNotYourTurn},
			},
		},
		{
			name: "off the board",
			cfg:  casual,
			steps: []step{
				{0, play(black, "p15"), "", engine.ErrOffBoard},
				{0, play(black, "a16"), "", engine.ErrOffBoard},
				{0, Play{Color: black, Point: engine.NoPoint}, "", engine.ErrOffBoard},
				{0, play(black, "o15"), "moved b o15", nil},
			},
		},
		{
			// . . . . . . .
			// . . x . . . .   e7
			// . . x . . . .   e6
			// x x * . . . .   c5 d5, e5: two open threes
			name: "renju: black's double-three is forbidden, white may play there",
			cfg:  renju,
			steps: seq(game(0, "c5", "o1", "d5", "o3", "e6", "o5", "e7", "o7"), []step{
				{10 * sec, play(black, "e5"), "", &engine.ForbiddenError{Point: pt("e5"), Kind: engine.DoubleThree}},
				{11 * sec, play(black, "a15"), "moved b a15", nil},
				{12 * sec, play(white, "e5"), "moved w e5", nil},
			}),
		},
		{
			// x x x * x x   on row 8: f8 makes six
			name: "renju: black's overline is forbidden",
			cfg:  renju,
			steps: seq(game(0, "c8", "o1", "d8", "o3", "e8", "o5", "g8", "o7", "h8", "o9"), []step{
				{10 * sec, play(black, "f8"), "", &engine.ForbiddenError{Point: pt("f8"), Kind: engine.Overline}},
			}),
			check: func(t *testing.T, m *Match) {
				if f := m.Forbidden(); !slices.Contains(f, pt("f8")) {
					t.Errorf("Forbidden() = %v, want f8 among them", f)
				}
			},
		},
		{
			name: "five ends the game, and nothing can be played after",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"), []step{
				{10 * sec, play(black, "l8"), "moved b l8; ended black five h8 i8 j8 k8 l8", nil},
				{11 * sec, play(white, "l9"), "", ErrGameOver},
				{12 * sec, play(black, "a1"), "", ErrGameOver},
				{13 * sec, resign(white), "", ErrGameOver},
				{14 * sec, abort(white), "", ErrGameOver},
				{15 * sec, offer(white, Draw), "", ErrGameOver},
				{16 * sec, offer(white, Takeback), "", ErrGameOver},
				{17 * sec, claim(white), "", ErrGameOver},
				{18 * sec, tick, "", nil},
			}),
			check: func(t *testing.T, m *Match) {
				o := m.Outcome()
				if o.Winner != black || o.Reason != engine.ReasonFive || len(o.Line) != 5 {
					t.Errorf("Outcome = %+v, want black's five", o)
				}
			},
		},
		{
			// a 5x5 board filled with no five in any line:
			//   5 x x o o x
			//   4 o o x x o
			//   3 x x o o x
			//   2 o o x x o
			//   1 x x o o x
			//     a b c d e
			name: "a full board is a draw",
			cfg:  Config{Rule: engine.Freestyle, Size: engine.MinSize},
			steps: seq(game(0,
				"a1", "c1", "b1", "d1", "e1", "a2", "c2", "b2", "d2", "e2",
				"a3", "c3", "b3", "d3", "e3", "a4", "c4", "b4", "d4", "e4",
				"a5", "c5", "b5", "d5"), []step{
				{24 * sec, play(black, "e5"), "moved b e5; ended full-board", nil},
				{25 * sec, play(white, "a1"), "", ErrGameOver},
			}),
		},
		{
			name: "a command the match does not know",
			cfg:  casual,
			steps: []step{
				{0, nil, "", ErrInvalid},
				{0, offer(black, OfferKind(0)), "", ErrInvalid},
				{0, offer(black, OfferKind(9)), "", ErrInvalid},
			},
		},
	})
}

// TestNoSuchSide: a command must name black or white; any other colour
// is a caller's bug, refused as ErrInvalid with nothing changed.
func TestNoSuchSide(t *testing.T) {
	for _, c := range []engine.Color{engine.Empty, engine.Color(3), engine.Color(200)} {
		for _, cmd := range []Command{
			Play{Color: c, Point: pt("h8")}, offer(c, Takeback), offer(c, Draw), offer(c, Rematch),
			accept(c, Draw), decline(c, Takeback), resign(c), abort(c), claim(c), online(c), offline(c),
		} {
			t.Run(fmt.Sprintf("%T %v", cmd, c), func(t *testing.T) {
				m := mustNew(t, rated)
				run(t, m, seq(game(0, "h8", "h9"), []step{
					{5 * sec, offline(black), "away black", nil},
					{6 * sec, offer(white, Draw), "offer draw by white", nil},
					{2 * minute, cmd, "", ErrInvalid},
				}))
			})
		}
	}
}

func TestGenAndBotToMove(t *testing.T) {
	m := mustNew(t, withBots(casual, false, true))
	gens := []int{m.Gen()}
	bot := []bool{m.BotToMove()}
	for _, st := range seq(game(0, "h8", "h9", "i8"), []step{
		{5 * sec, offer(black, Takeback), "offer takeback by black; answered takeback by white yes; taken back 1", nil},
		{6 * sec, offer(black, Draw), "offer draw by black; answered draw by white no", nil},
		{7 * sec, resign(black), "ended white resign", nil},
	}) {
		run(t, m, []step{st})
		gens, bot = append(gens, m.Gen()), append(bot, m.BotToMove())
	}
	// Moves and takebacks change the board; offers and the end do not.
	if want := []int{0, 1, 2, 3, 4, 4, 4}; !slices.Equal(gens, want) {
		t.Errorf("Gen after each step %v, want %v", gens, want)
	}
	if want := []bool{false, true, false, true, false, false, false}; !slices.Equal(bot, want) {
		t.Errorf("BotToMove after each step %v, want %v", bot, want)
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	for _, cfg := range []Config{{Size: engine.MinSize - 1}, {Size: engine.MaxSize + 1}, {Rule: engine.Rule(9), Size: 15}} {
		if _, err := New(cfg, t0); err == nil {
			t.Errorf("New(%+v) succeeded", cfg)
		}
	}
}

// TestResults is the rated and counted decision (gomoku.Decide): a game
// aborted is neither; one that ended before both sides moved is counted,
// not rated, unless it ended with five, which one move cannot make.
func TestResults(t *testing.T) {
	runCases(t, []matchCase{
		{
			name:  "abort before any move",
			cfg:   rated,
			steps: []step{{sec, abort(white), "ended aborted unrated uncounted", nil}},
		},
		{
			name: "abort after one move",
			cfg:  rated,
			steps: seq(game(0, "h8"), []step{
				{5 * sec, abort(white), "ended aborted unrated uncounted", nil},
			}),
		},
		{
			name: "no abort once both sides moved",
			cfg:  rated,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, abort(black), "", ErrConflict},
				{6 * sec, resign(black), "ended white resign", nil},
			}),
		},
		{
			name: "resign after one ply is unrated",
			cfg:  rated,
			steps: seq(game(0, "h8"), []step{
				{5 * sec, resign(white), "ended black resign unrated", nil},
			}),
		},
		{
			name: "resign before any move is unrated",
			cfg:  rated,
			steps: []step{
				{5 * sec, resign(black), "ended white resign unrated", nil},
			},
		},
		{
			name: "resign after two plies is rated",
			cfg:  rated,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, resign(white), "ended black resign", nil},
			}),
		},
		{
			name: "no first move after one ply: aborted, not rated",
			cfg:  withFirstMove(withClock(rated, gomoku.TimeControl{MainMS: 60_000}), 30*sec),
			steps: []step{
				{10 * sec, play(black, "h8"), "moved b h8 clocks 1m0s 1m0s spent 10s", nil},
				{40*sec - time.Millisecond, tick, "", nil},
				{40 * sec, tick, "ended aborted unrated uncounted", nil},
			},
		},
		{
			name: "timeout after two plies is rated",
			cfg:  withClock(rated, gomoku.TimeControl{MainMS: 60_000}),
			steps: []step{
				{10 * sec, play(black, "h8"), "moved b h8 clocks 1m0s 1m0s spent 10s", nil},
				{20 * sec, play(white, "h9"), "moved w h9 clocks 1m0s 1m0s spent 10s", nil},
				{81 * sec, tick, "ended white timeout", nil},
			},
		},
	})
}

func TestCommit(t *testing.T) {
	m := mustNew(t, casual)
	run(t, m, game(0, "h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"))
	if c := Commit(nil); !c.Empty() {
		t.Errorf("Commit(nil) = %+v, want empty", c)
	}

	evs, err := m.Apply(offer(white, Takeback), at(10*sec))
	if c := Commit(evs); err != nil || !c.Empty() {
		t.Errorf("an offer: commit %+v, %v; want empty", c, err)
	}
	evs, err = m.Apply(decline(black, Takeback), at(11*sec))
	if c := Commit(evs); err != nil || !c.Empty() {
		t.Errorf("a declined offer: commit %+v, %v; want empty", c, err)
	}

	if _, err := m.Apply(offer(black, Takeback), at(12*sec)); err != nil {
		t.Fatal(err)
	}
	evs, err = m.Apply(accept(white, Takeback), at(13*sec))
	if c := Commit(evs); err != nil || c.Undo != 2 || len(c.Moves) != 0 || c.Result != nil {
		t.Errorf("a takeback of 2: commit %+v, %v; want Undo 2 only", c, err)
	}

	run(t, m, []step{
		{14 * sec, play(black, "k8"), "moved b k8", nil},
		{15 * sec, play(white, "k9"), "moved w k9", nil},
	})
	evs, err = m.Apply(play(black, "l8"), at(16*sec))
	c := Commit(evs)
	want := gomoku.GameResult{Winner: black, Reason: engine.ReasonFive, EndedAt: at(16 * sec)}
	switch {
	case err != nil:
		t.Fatal(err)
	case c.Undo != 0 || len(c.Moves) != 1 || c.Moves[0].Point != pt("l8") || c.Moves[0].Ply != 9:
		t.Errorf("the winning move: commit %+v, want the move l8 at ply 9", c)
	case c.Result == nil || *c.Result != want:
		t.Errorf("the winning move: result %+v, want %+v", c.Result, want)
	}
}

func TestCopyFrom(t *testing.T) {
	// original is a running game: one move, a draw offer, black away.
	original := func(t *testing.T) *Match {
		t.Helper()
		m := mustNew(t, blitz)
		run(t, m, []step{
			{sec, play(black, "h8"), "moved b h8 clocks 1m0s 1m0s spent 1s", nil},
			{2 * sec, offer(black, Draw), "offer draw by black", nil},
			{3 * sec, offline(black), "away black", nil},
		})
		return m
	}
	for _, tc := range []struct {
		name string
		into func(t *testing.T) *Match
	}{
		{"into a zero Match", func(*testing.T) *Match { return &Match{} }},
		{"into a used Match", func(t *testing.T) *Match {
			m := mustNew(t, renju)
			run(t, m, game(0, "a1", "a2", "a3"))
			return m
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			orig, cp := original(t), tc.into(t)
			cp.CopyFrom(orig)
			if !sameState(cp, orig) {
				t.Fatal("the copy differs from the original")
			}
			// The copy goes on alone...
			run(t, cp, []step{
				{4 * sec, play(white, "h9"), "moved w h9 clocks 1m0s 1m0s spent 3s; lapsed draw", nil},
				{5 * sec, online(black), "back black", nil},
			})
			if n := len(orig.Moves()); n != 1 || orig.Offer().Kind != Draw || !orig.Away(black) || orig.Turn() != white {
				t.Errorf("the copy's commands reached the original: %d moves, offer %v, black away %v", n, orig.Offer(), orig.Away(black))
			}
			// ...and so does the original.
			run(t, orig, []step{
				{6 * sec, resign(white), "ended black resign unrated", nil},
			})
			if cp.Over() || len(cp.Moves()) != 2 || cp.Away(black) {
				t.Errorf("the original's commands reached the copy: over %v, %d moves, black away %v", cp.Over(), len(cp.Moves()), cp.Away(black))
			}
		})
	}
}
