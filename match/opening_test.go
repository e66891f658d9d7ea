package match

import (
	"errors"
	"testing"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// The opening rules in a live game: commands name the colour a player
// holds now, so after a swap the first player sends commands as white.

func withOpening(c Config, k opening.Kind) Config { c.Opening = k; return c }

// act is an opening action in its text form.
func act(c engine.Color, text string) Command {
	a, err := opening.ParseAction(text, 15)
	if err != nil {
		panic(err)
	}
	return Act{Color: c, Action: a}
}

var (
	swap2    = withOpening(casual, opening.Swap2)
	swap2Clk = withOpening(withFirstMove(blitz, 30*sec), opening.Swap2)
	soosorv  = withOpening(renju, opening.Soosorv8)
	taragu   = withOpening(renju, opening.Taraguchi10)
)

// swap2Three is the first player's three stones, one second apart.
func swap2Three(start time.Duration) []step {
	return []step{
		{start, act(black, "place h8"), "acted b place h8; moved b h8", nil},
		{start + sec, act(black, "place i9"), "acted b place i9; moved w i9", nil},
		{start + 2*sec, act(black, "place j8"), "acted b place j8; moved b j8", nil},
	}
}

func TestOpeningSequences(t *testing.T) {
	runCases(t, []matchCase{
		{name: "swap2: the second player takes white and plays the 4th stone", cfg: swap2,
			steps: seq(swap2Three(0), []step{
				{5 * sec, act(white, "white"), "acted w white; opening done", nil},
				{6 * sec, play(white, "k7"), "moved w k7", nil},
				{7 * sec, play(black, "a1"), "moved b a1", nil},
			}),
			check: func(t *testing.T, m *Match) {
				if o := m.Opening(); !o.Done() || o.Black() != opening.First || m.Turn() != white {
					t.Errorf("done %v, black %v, turn %v", o.Done(), o.Black(), m.Turn())
				}
			}},
		{name: "swap2: taking black swaps the players", cfg: swap2,
			steps: seq(swap2Three(0), []step{
				{5 * sec, act(white, "black"), "acted w black; swapped; opening done", nil},
				// The first player now holds white and plays the 4th stone.
				{6 * sec, play(white, "k7"), "moved w k7", nil},
			}),
			check: func(t *testing.T, m *Match) {
				if o := m.Opening(); o.Black() != opening.Second {
					t.Errorf("black is the %v player", o.Black())
				}
			}},
		{name: "swap2: two more stones, then the first player chooses white", cfg: swap2,
			steps: seq(swap2Three(0), []step{
				{5 * sec, act(white, "two"), "acted w two", nil},
				{6 * sec, act(white, "place g7"), "acted w place g7; moved w g7", nil},
				{7 * sec, act(white, "place k9"), "acted w place k9; moved b k9", nil},
				{8 * sec, act(black, "white"), "acted b white; swapped; opening done", nil},
				{9 * sec, play(white, "a1"), "moved w a1", nil},
			})},
		{name: "soosorv-8 with a swap before the offers", cfg: soosorv,
			steps: []step{
				{0, act(black, "place h8"), "acted b place h8; moved b h8", nil},
				{sec, act(black, "place h9"), "acted b place h9; moved w h9", nil},
				{2 * sec, act(black, "place j10"), "acted b place j10; moved b j10", nil},
				{3 * sec, act(white, "stay"), "acted w stay", nil},
				{4 * sec, act(white, "place i8"), "acted w place i8; moved w i8", nil},
				{5 * sec, act(white, "declare 2"), "acted w declare 2", nil},
				{6 * sec, act(black, "swap"), "acted b swap; swapped", nil},
				// The second player holds black now and offers.
				{7 * sec, act(black, "offer g7 o15"), "acted b offer g7 o15", nil},
				{8 * sec, act(white, "choose g7"), "acted w choose g7; moved b g7; opening done", nil},
				{9 * sec, play(white, "a1"), "moved w a1", nil},
			}},
		{name: "taraguchi-10 offering ten", cfg: taragu,
			steps: []step{
				{0, act(black, "place h8"), "acted b place h8; moved b h8", nil},
				{sec, act(white, "stay"), "acted w stay", nil},
				{2 * sec, act(white, "place h9"), "acted w place h9; moved w h9", nil},
				{3 * sec, act(black, "swap"), "acted b swap; swapped", nil},
				{4 * sec, act(black, "place j10"), "acted b place j10; moved b j10", nil},
				{5 * sec, act(white, "stay"), "acted w stay", nil},
				{6 * sec, act(white, "place g10"), "acted w place g10; moved w g10", nil},
				{8 * sec, act(black, "branch-offer"), "acted b branch-offer", nil},
				{9 * sec, act(black, "offer a1 a2 a3 a4 a5 a6 a7 b2 b3 b4"), "acted b offer a1 a2 a3 a4 a5 a6 a7 b2 b3 b4", nil},
				{10 * sec, act(white, "choose b4"), "acted w choose b4; moved b b4; opening done", nil},
				{11 * sec, play(white, "o15"), "moved w o15", nil},
			}},
	})
}

func TestOpeningRefusals(t *testing.T) {
	done := seq(swap2Three(0), []step{{5 * sec, act(white, "white"), "acted w white; opening done", nil}})
	runCases(t, []matchCase{
		{name: "a move during the opening", cfg: swap2, steps: []step{
			{0, play(black, "h8"), "", opening.ErrWrongAction},
		}},
		{name: "the wrong player", cfg: swap2, steps: []step{
			{0, act(white, "place h8"), "", opening.ErrWrongPlayer},
			{0, act(white, "place h8"), "", engine.ErrNotYourTurn},
		}},
		{name: "the rule's own refusals", cfg: soosorv, steps: []step{
			{0, act(black, "place a1"), "", opening.ErrOutsideArea},
			{0, act(black, "swap"), "", opening.ErrNoSwap},
			{0, act(black, "place h8"), "acted b place h8; moved b h8", nil},
			{0, act(black, "place h8"), "", opening.ErrOccupied},
		}},
		{name: "no takeback during the opening", cfg: swap2, steps: seq(swap2Three(0), []step{
			{4 * sec, offer(black, Takeback), "", ErrNotAllowed},
		})},
		{name: "a takeback keeps the opening's stones", cfg: swap2, steps: seq(done, []step{
			{6 * sec, play(white, "a1"), "moved w a1", nil},
			{7 * sec, offer(black, Takeback), "", ErrConflict},
			{8 * sec, offer(white, Takeback), "offer takeback by white", nil},
			{9 * sec, accept(black, Takeback), "answered takeback by black yes; taken back 1", nil},
			{10 * sec, offer(white, Takeback), "", ErrConflict},
		})},
		{name: "an action after the opening", cfg: swap2, steps: seq(done, []step{
			{6 * sec, act(white, "swap"), "", opening.ErrFinished},
		})},
		{name: "abort before the second player acted", cfg: swap2, steps: seq(swap2Three(0), []step{
			{4 * sec, abort(white), "ended aborted unrated uncounted", nil},
		})},
		{name: "no abort once both acted", cfg: swap2, steps: seq(swap2Three(0), []step{
			{4 * sec, act(white, "two"), "acted w two", nil},
			{5 * sec, abort(black), "", ErrConflict},
		})},
	})
}

func TestOpeningClocks(t *testing.T) {
	runCases(t, []matchCase{
		{name: "each player keeps their own clock through a swap", cfg: swap2Clk, steps: []step{
			// The first action is not charged (the first player's clock
			// starts after it); a turn's last action earns the increment.
			{2 * sec, act(black, "place h8"), "acted b place h8 clocks 1m0s 1m0s spent 2s; moved b h8 clocks 1m0s 1m0s spent 0s", nil},
			{5 * sec, act(black, "place i9"), "acted b place i9 clocks 57s 1m0s spent 3s; moved w i9 clocks 57s 1m0s spent 0s", nil},
			{6 * sec, act(black, "place j8"), "acted b place j8 clocks 1m1s 1m0s spent 1s; moved b j8 clocks 1m1s 1m0s spent 0s", nil},
			// The second player takes black: the clocks change colour with it.
			{16 * sec, act(white, "black"), "acted w black clocks 1m0s 1m1s spent 10s; swapped; opening done", nil},
			// The first player (white now) runs its clock for the 4th stone.
			{20 * sec, play(white, "k7"), "moved w k7 clocks 1m0s 1m2s spent 4s", nil},
		}},
		{name: "the second player who never acts aborts the game", cfg: swap2Clk, steps: seq(
			[]step{{0, act(black, "place h8"), "acted b place h8 clocks 1m0s 1m0s spent 0s; moved b h8 clocks 1m0s 1m0s spent 0s", nil},
				{sec, act(black, "place i9"), "acted b place i9 clocks 59s 1m0s spent 1s; moved w i9 clocks 59s 1m0s spent 0s", nil},
				{2 * sec, act(black, "place j8"), "acted b place j8 clocks 1m3s 1m0s spent 1s; moved b j8 clocks 1m3s 1m0s spent 0s", nil},
				{32 * sec, tick, "ended aborted unrated uncounted", nil}},
		)},
		{name: "a flag falls during the opening", cfg: swap2Clk, steps: []step{
			{0, act(black, "place h8"), "acted b place h8 clocks 1m0s 1m0s spent 0s; moved b h8 clocks 1m0s 1m0s spent 0s", nil},
			{61 * sec, act(black, "place i9"), "ended white timeout unrated", ErrGameOver},
		}},
	})
}

// TestOpeningRestore stores every commit of a game stopped in each phase
// and restores it: the same phase, players, clocks and stones.
func TestOpeningRestore(t *testing.T) {
	cmds := []Command{act(black, "place h8"), act(black, "place h9"), act(black, "place j10"),
		act(white, "swap"), act(white, "place i8"), act(white, "declare 2"), act(black, "swap"),
		act(black, "offer g7 o15"), act(white, "choose g7"), play(white, "a1")}
	cfg := withOpening(withClock(renju, blitz.Clock), opening.Soosorv8)
	for stop := 1; stop <= len(cmds); stop++ {
		m := mustNew(t, cfg)
		g := gomoku.Game{ID: 3, Rule: cfg.Rule, Size: cfg.Size, Clock: cfg.Clock, Opening: cfg.Opening, StartedAt: t0}
		for i, cmd := range cmds[:stop] {
			evs, err := m.Apply(cmd, at(time.Duration(i+1)*sec))
			if err != nil {
				t.Fatalf("stop %d: command %d: %v", stop, i+1, err)
			}
			c := Commit(evs)
			g.Moves = append(g.Moves, c.Moves...)
			g.OpeningLog = append(g.OpeningLog, c.Opening...)
		}
		r := mustRestore(t, cfg, g)
		if got, want := *r.Opening(), *m.Opening(); got != want {
			t.Errorf("stop %d: restored opening %+v, want %+v", stop, got, want)
		}
		if r.acted != m.acted || r.actions != m.actions || r.Turn() != m.Turn() || len(r.Moves()) != len(m.Moves()) {
			t.Errorf("stop %d: restored acted %v actions %d turn %v, want %v %d %v", stop, r.acted, r.actions, r.Turn(),
				m.acted, m.actions, m.Turn())
		}
		rb, rw := r.clock.Stored()
		mb, mw := m.clock.Stored()
		if rb != mb || rw != mw {
			t.Errorf("stop %d: restored clocks %d %d, want %d %d", stop, rb, rw, mb, mw)
		}
	}
}

func TestOpeningRestoreRefusesAForgedLog(t *testing.T) {
	g := gomoku.Game{ID: 4, Rule: engine.Freestyle, Size: 15, Opening: opening.Swap2,
		Moves:      []gomoku.Move{{Ply: 1, Point: pt("a1"), Color: black}},
		OpeningLog: []gomoku.OpeningAction{{Seq: 1, Action: "place h8", Ply: 1}}}
	if _, err := Restore(swap2, g); err == nil {
		t.Fatal("restored an opening whose stone is not the stored move")
	}
	g.OpeningLog[0].Action = "swap"
	if _, err := Restore(swap2, g); !errors.Is(err, opening.ErrNoSwap) {
		t.Fatalf("restore of an illegal log: %v, want ErrNoSwap", err)
	}
}

func TestOpeningBotsFollowTheirPlayer(t *testing.T) {
	m := mustNew(t, withBots(swap2, true, false))
	run(t, m, seq(swap2Three(0), []step{{5 * sec, act(white, "black"), "acted w black; swapped; opening done", nil}}))
	// The bot opened as black and holds white now, to play the 4th stone.
	if !m.BotToMove() || m.Turn() != white || !m.Config().Bots[1] || m.Config().Bots[0] {
		t.Errorf("bot to move %v, turn %v, bots %v", m.BotToMove(), m.Turn(), m.Config().Bots)
	}
}
