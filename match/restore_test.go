package match

import (
	"errors"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
)

// stored is a stored running game of cfg: the moves, black first, played
// ten seconds apart from t0, each with the clocks (black, white main time
// left in ms) given in pairs.
func stored(cfg Config, points []string, clocks ...int64) gomoku.Game {
	g := gomoku.Game{ID: 7, Rule: cfg.Rule, Size: cfg.Size, Clock: cfg.Clock, Rated: cfg.Rated, StartedAt: t0}
	for i, p := range points {
		c := black
		if i%2 == 1 {
			c = white
		}
		mv := gomoku.Move{Ply: i + 1, Point: pt(p), Color: c, At: at(time.Duration(i+1) * 10 * sec)}
		if len(clocks) > 0 {
			mv.BlackClockMS, mv.WhiteClockMS = clocks[2*i], clocks[2*i+1]
		}
		g.Moves = append(g.Moves, mv)
	}
	g.Plies = len(g.Moves)
	return g
}

func mustRestore(t *testing.T, cfg Config, g gomoku.Game) *Match {
	t.Helper()
	m, err := Restore(cfg, g)
	if err != nil {
		t.Fatalf("Restore: %v", err)
	}
	return m
}

// clocksAre checks the clocks as of d after t0.
func clocksAre(t *testing.T, m *Match, d time.Duration, want View) {
	t.Helper()
	k := m.Clock()
	if got, _ := k.View(at(d)); got != want {
		t.Errorf("clocks at +%v: %+v, want %+v", d, got, want)
	}
}

func TestRestoreWaitsForTheSideToMove(t *testing.T) {
	g := stored(blitz, []string{"h8", "h9"}, 55_000, 60_000, 55_000, 45_000)
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"present", []step{
			{minute, online(black), "clock started", nil},
		}},
		{"its opponent is not enough", []step{
			{30 * sec, online(white), "", nil},
			{minute, online(black), "clock started", nil},
		}},
		{"away first", []step{
			{10 * sec, online(white), "", nil},
			{20 * sec, offline(black), "away black", nil},
			{30 * sec, online(white), "", nil},
			{minute, online(black), "back black; clock started", nil},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mustRestore(t, blitz, g)
			if !m.Paused() || !m.Deadline().IsZero() || m.Turn() != black || len(m.Moves()) != 2 || m.Over() {
				t.Fatalf("restored: paused %v, deadline %v, %v to move after %d moves, over %v; want paused, none, black, 2, running",
					m.Paused(), offset(m.Deadline()), m.Turn(), len(m.Moves()), m.Over())
			}
			run(t, m, tc.steps)
			if m.Paused() {
				t.Error("still paused")
			}
			// Black's clock runs from its return, with the time stored.
			clocksAre(t, m, minute+10*sec, View{BlackMS: 45_000, WhiteMS: 45_000, Running: black})
			if d, want := m.Deadline(), at(minute+55*sec+flagFall); !d.Equal(want) {
				t.Errorf("Deadline() = %v, want %v", offset(d), offset(want))
			}
		})
	}
}

func TestRestoreClocks(t *testing.T) {
	moves := []string{"h8", "h9"}
	for _, tc := range []struct {
		name   string
		cfg    Config
		game   gomoku.Game
		paused *gomoku.PausedClocks
		steps  []step
		view   View // at +1m10s
	}{
		{
			name:  "the last move's clocks",
			cfg:   blitz,
			game:  stored(blitz, moves, 55_000, 60_000, 55_000, 45_000),
			steps: []step{{minute, online(black), "clock started", nil}},
			view:  View{BlackMS: 45_000, WhiteMS: 45_000, Running: black},
		},
		{
			name:   "the clocks paused at a stop, preferred",
			cfg:    blitz,
			game:   stored(blitz, moves, 55_000, 60_000, 55_000, 45_000),
			paused: &gomoku.PausedClocks{Ply: 2, BlackMS: 30_000, WhiteMS: 45_000},
			steps:  []step{{minute, online(black), "clock started", nil}},
			view:   View{BlackMS: 20_000, WhiteMS: 45_000, Running: black},
		},
		{
			name:   "paused clocks of an earlier ply are stale",
			cfg:    blitz,
			game:   stored(blitz, moves, 55_000, 60_000, 55_000, 45_000),
			paused: &gomoku.PausedClocks{Ply: 1, BlackMS: 30_000, WhiteMS: 45_000},
			steps:  []step{{minute, online(black), "clock started", nil}},
			view:   View{BlackMS: 45_000, WhiteMS: 45_000, Running: black},
		},
		{
			// A side's clock starts after its first move.
			name:  "no move yet: the full time, no clock running",
			cfg:   blitz,
			game:  stored(blitz, nil),
			steps: []step{{minute, online(black), "clock started", nil}},
			view:  View{BlackMS: 60_000, WhiteMS: 60_000},
		},
		{
			name: "in byo-yomi",
			cfg:  byoYomi,
			game: stored(byoYomi, moves, 0, 10_000, 0, 4_000),
			steps: []step{
				{minute + 8*sec, online(black), "clock started", nil},
				{minute + 9*sec, play(black, "i8"), "moved b i8 clocks 0s 4s spent 1s", nil},
			},
			view: View{BlackMS: 3_000, BlackByoYomi: true, WhiteMS: 3_000, Running: white},
		},
		{
			// The server reports black first: its presence alone must
			// not start the clock of an absent white.
			name: "white to move, reported after black",
			cfg:  blitz,
			game: stored(blitz, moves[:1], 55_000, 60_000),
			steps: []step{
				{10 * sec, online(black), "", nil},
				{10 * sec, offline(white), "away white", nil},
				{minute, online(black), "", nil},
				{minute, online(white), "back white; clock started", nil},
			},
			view: View{BlackMS: 55_000, WhiteMS: 60_000}, // white's first move: no clock
		},
		{
			name:  "a bot to move is always there",
			cfg:   withBots(blitz, false, true),
			game:  stored(blitz, moves[:1], 55_000, 60_000),
			steps: []step{{minute, online(black), "clock started", nil}},
			view:  View{BlackMS: 55_000, WhiteMS: 60_000}, // white's first move: no clock
		},
		{
			name:  "no clock: nothing to start",
			cfg:   casual,
			game:  stored(casual, moves),
			steps: []step{{minute, online(black), "", nil}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.game.Paused = tc.paused
			m := mustRestore(t, tc.cfg, tc.game)
			run(t, m, tc.steps)
			if m.Paused() {
				t.Error("still paused")
			}
			clocksAre(t, m, minute+10*sec, tc.view)
		})
	}
}

func TestRestoreOver(t *testing.T) {
	five := []string{"h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"}
	m := mustRestore(t, rated, stored(rated, five))
	want := gomoku.GameResult{Winner: black, Reason: engine.ReasonFive, EndedAt: at(90 * sec)}
	if !m.Over() || m.Result() != want || m.Paused() || !m.Deadline().IsZero() {
		t.Fatalf("restored over %v with %+v, paused %v, deadline %v; want over with %+v",
			m.Over(), m.Result(), m.Paused(), offset(m.Deadline()), want)
	}
	if o := m.Outcome(); len(o.Line) != 5 || showResult(m.Result(), o.Line) != "ended black five h8 i8 j8 k8 l8" {
		t.Errorf("Outcome() = %+v", o)
	}
	run(t, m, []step{
		{2 * minute, online(black), "", nil},
		{2 * minute, play(white, "l9"), "", ErrGameOver},
		{2 * minute, offer(white, Rematch), "offer rematch by white", nil},
	})
}

func TestRestoreRejectsIllegalMoves(t *testing.T) {
	for name, g := range map[string]gomoku.Game{
		"occupied":        stored(casual, []string{"h8", "h8"}),
		"off the board":   stored(Config{Size: 9}, []string{"h8", "k10"}),
		"unknown size":    stored(Config{Size: 3}, nil),
		"renju forbidden": stored(renju, []string{"c5", "o1", "d5", "o3", "e6", "o5", "e7", "o7", "e5"}),
	} {
		cfg := Config{Rule: g.Rule, Size: g.Size}
		if _, err := Restore(cfg, g); err == nil {
			t.Errorf("%s: restored", name)
		}
	}
	_, err := Restore(renju, stored(renju, []string{"c5", "o1", "d5", "o3", "e6", "o5", "e7", "o7", "e5"}))
	if !errors.Is(err, engine.ErrForbidden) {
		t.Errorf("a stored forbidden move: %v, want engine.ErrForbidden", err)
	}
}

// TestPausedClocks: the clocks saved at a stop charge the side to move the
// time it had spent, and come back with the restored game.
func TestPausedClocks(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stop  time.Duration
		want  gomoku.PausedClocks
		steps []step // after the restore
	}{
		{"in time", 30 * sec, gomoku.PausedClocks{Ply: 3, BlackMS: 55_000, WhiteMS: 40_000}, []step{
			{minute, online(white), "clock started", nil},
			{minute + 40*sec, tick, "", nil},
			{minute + 40*sec + flagFall, tick, "ended black timeout", nil},
		}},
		{"flagged: it flags at once", 80 * sec, gomoku.PausedClocks{Ply: 3, BlackMS: 55_000, WhiteMS: 0}, []step{
			{minute, online(white), "clock started", nil},
			{minute + flagFall, tick, "ended black timeout", nil},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := mustNew(t, blitz)
			run(t, m, seq(firstMoves(blitz), []step{{10 * sec, play(black, "h8"), "moved b h8 clocks 55s 1m0s spent 10s", nil}}))
			p := m.PausedClocks(at(tc.stop))
			if p != tc.want {
				t.Fatalf("PausedClocks = %+v, want %+v", p, tc.want)
			}
			if k := m.Clock(); k.Running() != white {
				t.Error("PausedClocks stopped the match's own clock")
			}
			g := stored(blitz, []string{"a1", "a15", "h8"}, 60_000, 60_000, 60_000, 60_000, 55_000, 60_000)
			g.Paused = &p
			run(t, mustRestore(t, blitz, g), tc.steps)
		})
	}
}

// TestRestoreFirstMove: a restored game whose side to move has not moved
// yet waits for its first move again from the player's return.
func TestRestoreFirstMove(t *testing.T) {
	m := mustRestore(t, firstMove, stored(firstMove, []string{"h8"}, 60_000, 60_000))
	run(t, m, []step{
		{minute, online(black), "", nil},
		{minute, online(white), "clock started", nil},
	})
	if d, want := m.Deadline(), at(minute+30*sec); !d.Equal(want) {
		t.Errorf("Deadline() = %v, want %v", offset(d), offset(want))
	}
	if left, ok := m.FirstMoveLeft(at(minute + 10*sec)); !ok || left != 20*sec {
		t.Errorf("FirstMoveLeft = %v %v, want 20s", left, ok)
	}
	run(t, m, []step{{minute + 30*sec, tick, "ended aborted unrated uncounted", nil}})
}
