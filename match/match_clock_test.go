package match

import (
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// The clocks as the match runs them; clock_test.go tests Clock alone.

func TestMatchClocks(t *testing.T) {
	runCases(t, []matchCase{
		{
			name: "Fischer: the time spent is charged, the increment added",
			cfg:  blitz, // 1m + 5s
			steps: seq(firstMoves(blitz), []step{
				{10 * sec, play(black, "h8"), "moved b h8 clocks 55s 1m0s spent 10s", nil},
				{30 * sec, play(white, "h9"), "moved w h9 clocks 55s 45s spent 20s", nil},
				{31 * sec, play(black, "i8"), "moved b i8 clocks 59s 45s spent 1s", nil},
			}),
		},
		{
			name: "a move with no time left is in time",
			cfg:  suddenly, // 1m, no increment
			steps: seq(firstMoves(suddenly), []step{
				{10 * sec, play(black, "h8"), "moved b h8 clocks 50s 1m0s spent 10s", nil},
				{70 * sec, play(white, "h9"), "moved w h9 clocks 50s 0s spent 1m0s", nil},
			}),
		},
		{
			name: "a move after the flag fell is refused, and the game ends on time",
			cfg:  suddenly,
			steps: seq(firstMoves(suddenly), []step{
				{10 * sec, play(black, "h8"), "moved b h8 clocks 50s 1m0s spent 10s", nil},
				{70*sec + time.Millisecond, play(white, "h9"), "ended black timeout", ErrGameOver},
				{71 * sec, play(white, "h9"), "", ErrGameOver},
			}),
		},
		{
			name: "an illegal move after the flag fell is refused as illegal; the tick ends the game",
			cfg:  suddenly,
			steps: seq(firstMoves(suddenly), []step{
				{10 * sec, play(black, "h8"), "moved b h8 clocks 50s 1m0s spent 10s", nil},
				{20 * sec, play(white, "h9"), "moved w h9 clocks 50s 50s spent 10s", nil},
				{71 * sec, play(black, "h9"), "", engine.ErrOccupied},
				{71 * sec, tick, "ended white timeout", nil},
			}),
		},
		{
			name: "a tick before the flag falls does nothing",
			cfg:  suddenly,
			steps: seq(firstMoves(suddenly), []step{
				{59 * sec, tick, "", nil},
				{60 * sec, tick, "", nil},
				{60*sec + time.Millisecond, tick, "ended white timeout", nil},
				{61 * sec, tick, "", nil},
			}),
		},
		{
			name: "byo-yomi: one period per move once the main time is spent",
			cfg:  byoYomi, // 10s, then 3s a move
			steps: seq(firstMoves(byoYomi), []step{
				{12 * sec, play(black, "h8"), "moved b h8 clocks 0s 10s spent 12s", nil},
				{13 * sec, play(white, "h9"), "moved w h9 clocks 0s 9s spent 1s", nil},
				{16 * sec, play(black, "i8"), "moved b i8 clocks 0s 9s spent 3s", nil},
				{26 * sec, play(white, "i9"), "moved w i9 clocks 0s 0s spent 10s", nil},
				{29 * sec, play(black, "j8"), "moved b j8 clocks 0s 0s spent 3s", nil},
				{32*sec + time.Millisecond, play(white, "j9"), "ended black timeout", ErrGameOver},
			}),
		},
		{
			name: "byo-yomi: a tick after the period ends the game",
			cfg:  byoYomi,
			steps: seq(firstMoves(byoYomi), []step{
				{12 * sec, play(black, "h8"), "moved b h8 clocks 0s 10s spent 12s", nil},
				{25 * sec, tick, "", nil},
				{25*sec + time.Millisecond, tick, "ended black timeout", nil},
			}),
		},
		{
			name: "no clock never flags",
			cfg:  casual,
			steps: []step{
				{0, play(black, "h8"), "moved b h8", nil},
				{1000 * time.Hour, play(white, "h9"), "moved w h9", nil},
				{2000 * time.Hour, tick, "", nil},
			},
			check: func(t *testing.T, m *Match) {
				k := m.Clock()
				if _, ok := k.View(at(2000 * time.Hour)); ok || !m.Deadline().IsZero() {
					t.Errorf("a game without a clock has a view or a deadline (%v)", m.Deadline())
				}
			},
		},
	})
}

// TestTickAtDeadline: Deadline is when the owner must Tick, and a Tick
// then ends the game (and a Tick just before does nothing).
func TestTickAtDeadline(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cfg   Config
		steps []step
		want  string
	}{
		{"flag fall", suddenly, seq(firstMoves(suddenly), []step{
			{0, play(black, "h8"), "moved b h8 clocks 1m0s 1m0s spent 0s", nil},
		}), "ended black timeout"},
		{"byo-yomi", byoYomi, firstMoves(byoYomi), "ended white timeout"},
		{"black's first move", firstMove, nil, "ended aborted unrated uncounted"},
		{"white's first move", firstMove, []step{
			{5 * sec, play(black, "h8"), "moved b h8 clocks 1m0s 1m0s spent 5s", nil},
		}, "ended aborted unrated uncounted"},
		{"bot's claim", withBots(casual, false, true), []step{{5 * sec, offline(black), "away black", nil}}, "ended white abandon unrated"},
		{"both humans left", casual, []step{
			{5 * sec, offline(black), "away black", nil},
			{20 * sec, offline(white), "away white", nil},
		}, "ended aborted unrated uncounted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mustNew(t, tc.cfg)
			run(t, m, tc.steps)
			d := m.Deadline()
			if d.IsZero() {
				t.Fatal("no deadline")
			}
			if evs, err := m.Apply(tick, d.Add(-time.Nanosecond)); len(evs) != 0 || err != nil {
				t.Errorf("a tick just before the deadline: %s, %v", show(m.Config(), evs), err)
			}
			if evs, err := m.Apply(tick, d); show(m.Config(), evs) != tc.want || err != nil {
				t.Errorf("a tick at the deadline: %q, %v; want %q", show(m.Config(), evs), err, tc.want)
			}
		})
	}
}

// flagFall is how long after its clock reads zero a side has flagged: the
// time left must be below zero.
const flagFall = time.Nanosecond

func TestDeadline(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cfg   Config
		steps []step
		want  time.Duration // from t0; -1: none
	}{
		{"black's main time", blitz, nil, minute + flagFall},
		{"white's main time, from black's move", blitz, []step{
			{10 * sec, play(black, "h8"), "moved b h8 clocks 55s 1m0s spent 10s", nil},
		}, 70*sec + flagFall},
		{"main time then a period", byoYomi, nil, 13*sec + flagFall},
		{"a period, from the move", byoYomi, []step{
			{12 * sec, play(black, "h8"), "moved b h8 clocks 0s 10s spent 12s", nil},
			{13 * sec, play(white, "h9"), "moved w h9 clocks 0s 9s spent 1s", nil},
		}, 16*sec + flagFall},
		{"no clock", casual, game(sec, "h8", "h9"), -1},
		{"a player away, no bot: the claim is the opponent's to make", casual, []step{
			{5 * sec, offline(black), "away black", nil},
		}, -1},
		{"a bot claims after the grace", withBots(casual, true, false), []step{
			{5 * sec, offline(white), "away white", nil},
		}, 5*sec + minute},
		{"a bot claims, unless the player came back", withBots(casual, true, false), []step{
			{5 * sec, offline(white), "away white", nil},
			{6 * sec, online(white), "back white", nil},
		}, -1},
		{"both humans away: abandoned after the later left", casual, []step{
			{5 * sec, offline(black), "away black", nil},
			{20 * sec, offline(white), "away white", nil},
		}, 20*sec + 5*minute},
		{"the earliest of flag fall and abandonment", blitz, []step{
			{5 * sec, offline(white), "away white", nil},
			{20 * sec, offline(black), "away black", nil},
		}, minute + flagFall},
		{"the earliest of flag fall and a bot's claim", withBots(blitz, false, true), []step{
			{5 * sec, offline(black), "away black", nil},
		}, minute + flagFall},
		{"a bot's claim before the flag falls", withBots(suddenly, true, false), []step{
			{0, offline(white), "away white", nil},
			{sec, play(black, "h8"), "moved b h8 clocks 59s 1m0s spent 1s", nil},
		}, minute},
		{"over", blitz, []step{{sec, resign(black), "ended white resign", nil}}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mustNew(t, tc.cfg)
			run(t, m, seq(firstMoves(tc.cfg), tc.steps)) // both clocks run from t0
			want := time.Time{}
			if tc.want >= 0 {
				want = at(tc.want)
			}
			if got := m.Deadline(); !got.Equal(want) {
				t.Errorf("Deadline() = %v, want %v", offset(got), offset(want))
			}
		})
	}
}

// offset shows a time as its offset from t0 ("none" for zero).
func offset(t time.Time) string {
	if t.IsZero() {
		return "none"
	}
	return "+" + t.Sub(t0).String()
}

// TestTakebackRefundsIncrements: a takeback gives no one time: the time
// spent stays spent, the increments of the undone moves are taken back.
func TestTakebackRefundsIncrements(t *testing.T) {
	for _, tc := range []struct {
		name  string
		bot   bool // white is a bot
		steps []step
		now   time.Duration
		want  View
	}{
		{"two moves, by the side to move", false, []step{
			{10 * sec, play(black, "h8"), "moved b h8 clocks 55s 1m0s spent 10s", nil},
			{20 * sec, play(white, "h9"), "moved w h9 clocks 55s 55s spent 10s", nil},
			{25 * sec, offer(black, Takeback), "offer takeback by black", nil},
			{30 * sec, accept(white, Takeback), "answered takeback by white yes; taken back 2", nil},
		}, 30 * sec, View{BlackMS: 40_000, WhiteMS: 50_000, Running: black}},
		{"one move, by the side that just moved", false, []step{
			{10 * sec, play(black, "h8"), "moved b h8 clocks 55s 1m0s spent 10s", nil},
			{20 * sec, play(white, "h9"), "moved w h9 clocks 55s 55s spent 10s", nil},
			{22 * sec, offer(white, Takeback), "offer takeback by white", nil},
			{25 * sec, accept(black, Takeback), "answered takeback by black yes; taken back 1", nil},
		}, 27 * sec, View{BlackMS: 50_000, WhiteMS: 48_000, Running: white}},
		{"a bot grants it at once", true, []step{
			{10 * sec, play(black, "h8"), "moved b h8 clocks 55s 1m0s spent 10s", nil},
			{11 * sec, play(white, "h9"), "moved w h9 clocks 55s 1m4s spent 1s", nil},
			{15 * sec, offer(black, Takeback), "offer takeback by black; answered takeback by white yes; taken back 2", nil},
		}, 15 * sec, View{BlackMS: 46_000, WhiteMS: 59_000, Running: black}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mustNew(t, withBots(blitz, false, tc.bot))
			run(t, m, seq(firstMoves(blitz), tc.steps)) // both clocks run from t0
			k := m.Clock()
			if got, _ := k.View(at(tc.now)); got != tc.want {
				t.Errorf("clocks at +%v: %+v, want %+v", tc.now, got, tc.want)
			}
		})
	}
}

// TestFinalClocks: the clocks a finished game shows. The side whose flag
// fell reads zero (not the time it had when its turn began), the other
// side keeps what it had; a game ended otherwise charges the side to move
// up to the end.
func TestFinalClocks(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cfg   Config
		steps []step
		now   time.Duration // when the view is taken, after the end
		want  View
		// opened: the steps follow both sides' first moves at t0
		opened bool
	}{
		{"flag fall on a tick", suddenly, []step{
			{10 * sec, play(black, "h8"), "moved b h8 clocks 50s 1m0s spent 10s", nil},
			{71 * sec, tick, "ended black timeout", nil},
		}, 80 * sec, View{BlackMS: 50_000, WhiteMS: 0}, true},
		{"black flags after its first move", suddenly, []step{
			{0, play(black, "h8"), "moved b h8 clocks 1m0s 1m0s spent 0s", nil},
			{0, play(white, "h9"), "moved w h9 clocks 1m0s 1m0s spent 0s", nil},
			{61 * sec, tick, "ended white timeout", nil},
		}, 90 * sec, View{BlackMS: 0, WhiteMS: 60_000}, false},
		{"no first move: aborted, the clocks untouched", firstMove, []step{
			{31 * sec, tick, "ended aborted unrated uncounted", nil},
		}, 90 * sec, View{BlackMS: 60_000, WhiteMS: 60_000}, false},
		{"a move after the flag fell", blitz, []step{
			{10 * sec, play(black, "h8"), "moved b h8 clocks 55s 1m0s spent 10s", nil},
			{71 * sec, play(white, "h9"), "ended black timeout", ErrGameOver},
		}, 75 * sec, View{BlackMS: 55_000, WhiteMS: 0}, true},
		{"byo-yomi: the period ran out", byoYomi, []step{
			{12 * sec, play(black, "h8"), "moved b h8 clocks 0s 10s spent 12s", nil},
			{13 * sec, play(white, "h9"), "moved w h9 clocks 0s 9s spent 1s", nil},
			{17 * sec, tick, "ended white timeout", nil},
		}, 20 * sec, View{BlackMS: 0, WhiteMS: 9_000, BlackByoYomi: true}, true},
		{"resignation charges the side to move", blitz, []step{
			{10 * sec, play(black, "h8"), "moved b h8 clocks 55s 1m0s spent 10s", nil},
			{25 * sec, resign(white), "ended black resign", nil},
		}, 40 * sec, View{BlackMS: 55_000, WhiteMS: 45_000}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mustNew(t, tc.cfg)
			steps := tc.steps
			if tc.opened {
				steps = seq(firstMoves(tc.cfg), steps) // both clocks run from t0
			}
			run(t, m, steps)
			k := m.Clock()
			if got, _ := k.View(at(tc.now)); got != tc.want {
				t.Errorf("clocks at +%v: %+v, want %+v", tc.now, got, tc.want)
			}
		})
	}
}

// TestFirstMoves: a side's clock starts only after its first move; until
// then it has FirstMove to make it, or the game is aborted.
func TestFirstMoves(t *testing.T) {
	running := func(want engine.Color, left time.Duration, at0 time.Duration) func(t *testing.T, m *Match) {
		return func(t *testing.T, m *Match) {
			k := m.Clock()
			got, ok := m.FirstMoveLeft(at(at0))
			if k.Running() != want || ok != (left >= 0) || ok && got != left {
				t.Errorf("clock running %v, first move left %v %v; want %v, %v", k.Running(), got, ok, want, left)
			}
		}
	}
	runCases(t, []matchCase{
		{
			name:  "no clock runs at the start",
			cfg:   firstMove,
			check: running(engine.Empty, 20*sec, 10*sec),
		},
		{
			name: "each side's first move is not charged; black's clock starts after white's",
			cfg:  firstMove, // 1m + 5s
			steps: []step{
				{20 * sec, play(black, "h8"), "moved b h8 clocks 1m0s 1m0s spent 20s", nil},
				{45 * sec, play(white, "h9"), "moved w h9 clocks 1m0s 1m0s spent 25s", nil},
				{55 * sec, play(black, "i8"), "moved b i8 clocks 55s 1m0s spent 10s", nil},
			},
			check: running(white, -1, 55*sec),
		},
		{
			name: "white's wait starts at black's first move",
			cfg:  firstMove,
			steps: []step{
				{29 * sec, play(black, "h8"), "moved b h8 clocks 1m0s 1m0s spent 29s", nil},
				{59*sec - time.Millisecond, tick, "", nil},
				{59 * sec, tick, "ended aborted unrated uncounted", nil},
			},
		},
		{
			name: "abort stays possible before both sides moved",
			cfg:  firstMove,
			steps: []step{
				{5 * sec, play(black, "h8"), "moved b h8 clocks 1m0s 1m0s spent 5s", nil},
				{6 * sec, abort(white), "ended aborted unrated uncounted", nil},
			},
		},
		{
			name: "a takeback to before white's first move: white waits for it again",
			cfg:  firstMove,
			steps: []step{
				{sec, play(black, "h8"), "moved b h8 clocks 1m0s 1m0s spent 1s", nil},
				{2 * sec, play(white, "h9"), "moved w h9 clocks 1m0s 1m0s spent 1s", nil},
				{3 * sec, play(black, "i8"), "moved b i8 clocks 1m4s 1m0s spent 1s", nil},
				{4 * sec, offer(white, Takeback), "offer takeback by white", nil},
				{5 * sec, accept(black, Takeback), "answered takeback by black yes; taken back 2", nil},
			},
			check: running(engine.Empty, 25*sec, 10*sec),
		},
		{
			name:  "no limit without a clock",
			cfg:   withFirstMove(casual, 30*sec),
			steps: []step{{time.Hour, tick, "", nil}},
			check: running(engine.Empty, -1, time.Hour),
		},
		{
			name:  "no limit when FirstMove is 0: the game waits",
			cfg:   blitz,
			steps: []step{{time.Hour, tick, "", nil}},
			check: running(engine.Empty, -1, time.Hour),
		},
	})
}
