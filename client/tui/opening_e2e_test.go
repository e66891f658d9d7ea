package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/internal/servertest"
)

// tuiScripts are full openings between the TUI's player and another
// client: the same scripts as the server's tests (server/e2e_opening_test.go),
// played once with the TUI opening and once with the other client opening.
// bad is a refused action tried first at the step it names.
var tuiScripts = []struct {
	rule    engine.Rule
	opening opening.Kind
	steps   []openStep
}{
	{engine.Freestyle, opening.Swap2, []openStep{{false, "place h8", ""}, {false, "place i9", ""}, {false, "place j8", ""},
		{true, "two", ""}, {true, "place g7", "place h8"}, {true, "place k9", ""}, {false, "white", ""}}},
	{engine.Renju, opening.Soosorv8, []openStep{{false, "place h8", ""}, {false, "place h9", "place a1"}, {false, "place j10", ""},
		{true, "stay", ""}, {true, "place i8", ""}, {true, "declare 2", "declare 9"}, {false, "swap", ""},
		{true, "offer g7 o14", "offer b1 a2"}, {false, "choose g7", "choose h7"}}},
	{engine.Renju, opening.Taraguchi10, []openStep{{false, "place h8", ""}, {true, "stay", ""}, {true, "place h9", ""},
		{false, "swap", ""}, {true, "place j10", ""}, {false, "stay", ""}, {false, "place g10", "place a1"}, {true, "branch-offer", ""},
		{true, "offer a1 a2 a3 a4 a5 a6 a7 b2 b3 b4", "offer a1 a2 a3 a4 a5 a6 a7 b2 b3"}, {false, "choose b4", ""}}},
}

// openStep is one opening action, by the first player (who opened as
// black) or the second; bad, when set, is tried first and must be refused.
type openStep struct {
	second bool
	action string
	bad    string
}

// badReasons are the refusals the bad actions of the scripts meet, as the
// screen says them.
var badReasons = map[string]string{
	"place h8": "occupied", "place a1": "outside-area", "declare 9": "wrong-count", "offer b1 a2": "symmetric",
	"choose h7": "not-offered", "offer a1 a2 a3 a4 a5 a6 a7 b2 b3": "mark 10 fifth moves to offer (9 marked)",
}

// TestTUIOpeningGames: the TUI's player plays a full game through each
// opening rule against another client, with the keys of each phase, once
// opening and once answering; refused actions show the server's reason,
// the colours follow the swaps, and the game is won with a five.
func TestTUIOpeningGames(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	stores(t, func(t *testing.T, opts servertest.Options) {
		opts.Config.RateLimit, opts.Config.RateBurst = 1000, 1000
		s := servertest.Start(t, opts)
		p := newTUIPlayer(t, s.URL, "tess")
		_, oc := newBackend(t, s.URL, "otto")
		o := opponent{t: t, name: "otto", c: oc}
		for _, sc := range tuiScripts {
			for _, tuiFirst := range []bool{true, false} {
				t.Run(fmt.Sprintf("%s/tui-first=%v", sc.opening, tuiFirst), func(t *testing.T) {
					p.t, o.t = t, t
					playScript(t, p, o, sc.rule, sc.opening, sc.steps, tuiFirst)
				})
			}
		}
	})
}

// playScript starts a game from the TUI's challenge and plays steps, then
// the first player, white after the scripts, makes five.
func playScript(t *testing.T, p *tuiPlayer, o opponent, rule engine.Rule, kind opening.Kind, steps []openStep, tuiFirst bool) {
	color := map[bool]string{true: "black", false: "white"}[tuiFirst]
	p.do(ChallengeIntent{Name: o.name, Settings: Settings{Rule: rule, Size: 15, Time: "5+3", Color: color, Opening: client.Opening(kind)}})
	o.acceptFrom(p.name)
	p.waitFor("the new game", func() bool { g := p.a.Games[p.a.Current]; return g != nil && !g.State.Over() })
	g := p.game()
	gid := g.State.Info.ID
	if g.State.Info.Opening != kind || g.State.Phase == nil {
		t.Fatalf("game %d: opening %s, phase %+v", gid, g.State.Info.Opening, g.State.Phase)
	}
	t.Cleanup(func() {
		if !g.State.Over() { // a failed test leaves the players free for the next game
			_ = o.c.Resign(context.Background(), gid)
		}
	})
	stones := 0
	for i, st := range steps {
		if st.second == !tuiFirst {
			p.waitFor(fmt.Sprintf("step %d (%s)", i, st.action), func() bool {
				ph := g.myPhase()
				return ph != nil && len(ph.Stones) == stones && slices.Contains(ph.Actions, mustAction(t, st.action).Kind)
			})
			if st.bad != "" {
				acted := p.acted
				p.actionKeys(st.bad)
				if !g.IsError || !strings.Contains(g.Message, badReasons[st.bad]) {
					t.Fatalf("%s: message %q, want the refusal %q", st.bad, g.Message, badReasons[st.bad])
				}
				p.shows(badReasons[st.bad])
				if p.acted != acted || len(g.State.Phase.Stones) != stones {
					t.Fatalf("%s changed the game", st.bad)
				}
			}
			acted := p.acted
			p.actionKeys(st.action)
			p.waitFor(st.action+" applied", func() bool { return p.acted > acted })
		} else {
			o.act(gid, st.action)
		}
		if k := mustAction(t, st.action).Kind; k == opening.Place || k == opening.Choose {
			stones++
		}
	}
	p.waitFor("the end of the opening", func() bool { return g.State.Phase == nil && len(g.State.Moves()) == stones })
	first, second := p.name, o.name
	if !tuiFirst {
		first, second = second, first
	}
	s := g.State
	if s.Info.White.Name != first || s.Info.Black.Name != second || s.Info.Me != p.b.colors[gid] {
		t.Fatalf("after the opening: black %s, white %s, me %s (backend %s)", s.Info.Black.Name, s.Info.White.Name, s.Info.Me, p.b.colors[gid])
	}
	if p.b.name(gid, engine.White) != first {
		t.Fatalf("the backend names %s white", p.b.name(gid, engine.White))
	}
	fiveOnRow13(t, p, o, gid, tuiFirst)
	p.waitFor("the end of the game", s.Over)
	p.shows(fmt.Sprintf("white (%s) wins by five", first))
	p.press("q") // back to the lobby: the next game opens on the screen
}

// fiveOnRow13 has white (the first player) make five on row 13 while
// black plays row 15; the TUI's moves are made with its keys.
func fiveOnRow13(t *testing.T, p *tuiPlayer, o opponent, gid int64, tuiWhite bool) {
	win := strings.Fields("c13 d13 e13 f13 g13")
	lose := strings.Fields("a15 b15 c15 d15")
	g := p.game()
	for i, mv := range win {
		for _, m := range []struct {
			white bool
			at    string
		}{{true, mv}, {false, lose[min(i, len(lose)-1)]}} {
			if !m.white && i == len(win)-1 {
				return
			}
			if m.white != tuiWhite {
				o.move(gid, m.at)
				continue
			}
			n := len(g.State.Moves())
			p.waitFor("my move", g.State.MyTurn)
			p.moveTo(pts(t, m.at)[0])
			p.press("enter")
			p.waitFor("my stone", func() bool { return len(g.State.Moves()) > n })
		}
	}
}

// TestTUIOpeningAgainstBot: the TUI's player plays a full game through
// each opening rule against a bot, with either colour: whatever the bot
// decides, the screen shows the phase due and the player's keys act in it
// (a stone in the area, a swap, two more stones, a number, ten offered
// fifth moves, a fifth chosen), until the game ends.
func TestTUIOpeningAgainstBot(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server")
	}
	stores(t, func(t *testing.T, opts servertest.Options) {
		opts.Config.RateLimit, opts.Config.RateBurst = 1000, 1000
		s := servertest.Start(t, opts)
		p := newTUIPlayer(t, s.URL, "tess")
		for _, sc := range tuiScripts {
			for _, color := range []string{"black", "white"} {
				bot := map[string]string{"black": "bot:easy", "white": "bot:medium"}[color]
				t.Run(fmt.Sprintf("%s/%s/%s", sc.opening, bot, color), func(t *testing.T) {
					p.t = t
					playBot(t, p, bot, Settings{Rule: sc.rule, Size: 15, Time: "5+3", Color: color, Opening: client.Opening(sc.opening)})
				})
			}
		}
	})
}

// maxBotMoves is how many moves of normal play the player makes before
// resigning, if the bot has not won by then.
const maxBotMoves = 30

func playBot(t *testing.T, p *tuiPlayer, bot string, settings Settings) {
	p.do(ChallengeIntent{Name: bot, Settings: settings})
	p.waitFor("the new game", func() bool { g := p.a.Games[p.a.Current]; return g != nil && !g.State.Over() })
	g := p.game()
	t.Cleanup(func() {
		if !g.State.Over() { // a failed test leaves the player free for the next game
			p.do(ResignIntent{Game: g.State.Info.ID})
		}
	})
	decided := map[opening.Phase]int{}
	for moves := 0; !g.State.Over(); {
		p.waitFor("my turn or the end", func() bool {
			return g.State.Over() || g.myPhase() != nil || g.State.Phase == nil && g.State.MyTurn()
		})
		ph := g.myPhase()
		if ph != nil {
			p.waitFor("the tentative stones", func() bool { return len(g.State.Moves()) == len(ph.Stones) })
		}
		// What shows that my action was applied: a new phase, or my stone.
		applied := func() bool { return g.State.Phase != ph }
		switch {
		case g.State.Over():
			continue
		case ph != nil:
			decided[ph.Kind]++
			p.decide(ph)
		case moves == maxBotMoves:
			p.press("R", "y")
		default:
			moves++
			pt := freePoint(t, g.State.Board())
			applied = func() bool { b := g.State.Board(); return b.At(pt) != engine.Empty }
			p.moveTo(pt)
			p.press("enter")
		}
		if g.IsError && g.Message != "the game is over" { // the bot's five, its game_over on the way
			t.Fatalf("refused: %s\n%s", g.Message, p.a.View())
		}
		p.waitFor("my action applied", func() bool { return applied() || g.State.Over() })
	}
	if len(decided) == 0 || g.State.Result().Reason == engine.ReasonAborted {
		t.Fatalf("the player decided %v; the game ended %+v", decided, g.State.Result())
	}
	p.shows(resultText(g.State))
	t.Logf("decided %v; %s", decided, resultText(g.State))
	p.press("q")
}
