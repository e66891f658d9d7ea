package server_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/protocol"
)

// TestOpeningAgainstBots plays each opening rule against each bot level:
// the human takes the simplest legal choice in its phases, the bot must
// play every one of its phases legally (a refused bot action makes it
// resign, which fails the test), then the human resigns after the first
// move of normal play.
func TestOpeningAgainstBots(t *testing.T) {
	levels := []string{"easy", "medium", "hard", "max"}
	if testing.Short() {
		levels = levels[:2]
	}
	stores(t, func(t *testing.T, opts servertest.Options) {
		opts.Config.RateLimit, opts.Config.RateBurst = 1000, 1000
		s := servertest.Start(t, opts)
		h := dial(t, s.URL)
		h.register("hugo", pw)
		for _, sc := range openingScripts {
			for i, level := range levels {
				color := []string{protocol.ColorBlack, protocol.ColorWhite}[i%2]
				t.Run(sc.opening+"/"+level+"/"+color, func(t *testing.T) {
					h.call(protocol.ChallengeCreate{To: "bot:" + level, Settings: protocol.Settings{Rule: sc.rule,
						Opening: sc.opening, Color: color, Time: protocol.TimeControl{MainMS: 20_000}}})
					gid := event[*protocol.GameStart](h, nil).Game.GameID
					playOpeningAgainstBot(t, h, gid)
					over := gameOver(t, h, gid)
					if over.Reason != "resign" {
						t.Fatalf("game over %+v, want the human's resignation", over)
					}
				})
			}
		}
	})
}

// playOpeningAgainstBot acts for the human until the opening is over and
// one move of normal play is made, then resigns.
func playOpeningAgainstBot(t *testing.T, h *wsc, gid int64) {
	t.Helper()
	for range 40 {
		st := h.call(protocol.Resync{GameID: gid, LastSeq: -1}).(*protocol.GameState)
		if st.Phase == nil && st.Result == nil {
			checkBotActed(t, h, gid)
		}
		switch {
		case st.Result != nil:
			t.Fatalf("game over during the opening: %+v (moves %v)", st.Result, st.Moves)
		case st.Phase != nil && st.Phase.Player == h.name:
			a := humanAction(t, st.Phase)
			h.call(protocol.OpeningAction{GameID: gid, Action: a})
			event(h, func(m *protocol.GameOpening) bool { return m.GameID == gid && m.Action == a })
		case st.Phase != nil:
			event(h, func(m *protocol.GameOpening) bool { return m.GameID == gid && m.Seq > st.Seq })
		case st.Turn == st.YourColor:
			mv := freePoint(st.Moves)
			h.call(protocol.Move{GameID: gid, Move: mv})
			event(h, func(m *protocol.GameMove) bool { return m.GameID == gid && m.Move == mv })
			h.call(protocol.Resign{GameID: gid})
			return
		default:
			event(h, func(m *protocol.GameMove) bool { return m.GameID == gid && m.Seq > st.Seq })
			h.call(protocol.Resign{GameID: gid})
			return
		}
	}
	t.Fatal("the opening did not end in 40 actions")
}

// checkBotActed checks, once the opening is over, that both the bot and
// the human acted in it and that it placed at least three stones.
func checkBotActed(t *testing.T, h *wsc, gid int64) {
	t.Helper()
	evs := h.call(protocol.Resync{GameID: gid, LastSeq: 0}).(*protocol.GameEvents)
	acts := map[bool]int{}
	stones, done := 0, false
	for _, raw := range evs.Events {
		f, err := protocol.Decode(raw)
		if err != nil {
			t.Fatal(err)
		}
		switch m := f.Msg.(type) {
		case *protocol.GameOpening:
			acts[strings.HasPrefix(m.By, "bot:")]++
			done = done || m.Done
		case *protocol.GameMove:
			stones++
		}
	}
	if acts[true] == 0 || acts[false] == 0 || stones < 3 || !done {
		t.Fatalf("opening over with %d bot and %d human actions, %d stones, done %v", acts[true], acts[false], stones, done)
	}
}

// humanAction is a legal action for the phase: the first choice it takes,
// a free point of its area, offers no two of which are symmetric.
func humanAction(t *testing.T, p *protocol.Phase) string {
	t.Helper()
	switch p.Kind {
	case "place":
		area := strings.Split(p.Area, "-")
		return "place " + freeIn(t, area[0], area[1], p.Stones)
	case "declare":
		return "declare 2"
	case "offer":
		return "offer " + strings.Join(offers(t, p.Stones, p.Count), " ")
	case "choose":
		return "choose " + p.Offers[0]
	}
	return p.Actions[0] // swap, black, branch-place...
}

// freeIn is the free point of the area nearest its lower left corner.
func freeIn(t *testing.T, lo, hi string, stones []string) string {
	t.Helper()
	a, b := mustPoint(t, lo), mustPoint(t, hi)
	for y := a.Y; y <= b.Y; y++ {
		for x := a.X; x <= b.X; x++ {
			if p := (engine.Point{X: x, Y: y}).String(); !slices.Contains(stones, p) {
				return p
			}
		}
	}
	t.Fatalf("no free point in %s-%s", lo, hi)
	return ""
}

// offers are n points of the board's edge rows, no two symmetric.
func offers(t *testing.T, stones []string, n int) []string {
	t.Helper()
	var ps []engine.Point
	for _, s := range stones {
		ps = append(ps, mustPoint(t, s))
	}
	var out []engine.Point
	for y := 0; y < 15 && len(out) < n; y++ {
	next:
		for x := 0; x < 15 && len(out) < n; x++ {
			p := engine.Point{X: x, Y: y}
			if slices.Contains(ps, p) {
				continue
			}
			for _, q := range out {
				if opening.SymmetricMoves(15, ps, p, q) {
					continue next
				}
			}
			out = append(out, p)
		}
	}
	strs := make([]string, len(out))
	for i, p := range out {
		strs[i] = p.String()
	}
	return strs
}

// freePoint is a free point of the top row, away from the opening.
func freePoint(moves []string) string {
	for x := range 15 {
		if p := (engine.Point{X: x, Y: 14}).String(); !slices.Contains(moves, p) {
			return p
		}
	}
	panic(fmt.Sprint("top row full: ", moves))
}

func mustPoint(t *testing.T, s string) engine.Point {
	t.Helper()
	p, err := engine.ParsePoint(s, 15)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
