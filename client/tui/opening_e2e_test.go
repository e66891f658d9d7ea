package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/internal/pgtest"
	"github.com/gomokud/gomoku/internal/servertest"
)

// stores runs f on SQLite, and on PostgreSQL when pgtest.URLEnv is set.
func stores(t *testing.T, f func(t *testing.T, opts servertest.Options)) {
	t.Run("sqlite", func(t *testing.T) { f(t, servertest.Options{}) })
	t.Run("postgres", func(t *testing.T) {
		pgtest.FreshSchema(t) // skips without a URL
		f(t, servertest.Options{Postgres: true})
	})
}

// tuiPlayer is the whole program of one player, run by hand: keys go to
// the App as the terminal's would, the intents they make to the backend
// (and its replies back), and the server's events to the App. So the test
// sees what the player sees.
type tuiPlayer struct {
	t      *testing.T
	name   string
	a      *App
	b      *ClientBackend
	events chan tea.Msg
	acted  int // game events applied (opening actions and moves): the screen changed
}

func newTUIPlayer(t *testing.T, url, name string) *tuiPlayer {
	t.Helper()
	b, _ := newBackend(t, url, name)
	p := &tuiPlayer{t: t, name: name, b: b, events: make(chan tea.Msg, 256),
		a: NewApp(t.Context(), b, name, "srv", PlainStyles())}
	p.a.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	go func() {
		defer close(p.events)
		for m := b.Next(); m != nil; m = b.Next() {
			select {
			case p.events <- m:
			case <-t.Context().Done():
				return
			}
		}
	}()
	return p
}

// apply hands one backend event to the App, as the program does.
func (p *tuiPlayer) apply(m tea.Msg) {
	for _, one := range flatten(m) {
		switch one.(type) {
		case GameOpeningMsg, GameMoveMsg:
			p.acted++
		}
	}
	p.a.Update(eventMsg{m})
	if debugEvents {
		p.t.Logf("event %T %+v", m, m)
	}
}

var debugEvents = false

// waitFor applies the server's events until ok holds.
func (p *tuiPlayer) waitFor(what string, ok func() bool) {
	p.t.Helper()
	deadline := time.After(backendLimit)
	for !ok() {
		select {
		case m, open := <-p.events:
			if !open {
				p.t.Fatalf("%s: backend closed waiting for %s", p.name, what)
			}
			p.apply(m)
		case <-deadline:
			p.t.Fatalf("%s: no %s; the screen:\n%s", p.name, what, p.a.View())
		}
	}
}

// press types keys on the screen; an intent a key makes is performed and
// its reply shown, as the program does.
func (p *tuiPlayer) press(keys ...string) {
	for _, k := range keys {
		cmd := p.a.screenUpdate(keyMsg(k))
		if cmd == nil {
			continue
		}
		if in, ok := cmd().(Intent); ok {
			p.do(in)
		}
	}
}

// do performs an intent as the App would, and shows its reply.
func (p *tuiPlayer) do(in Intent) {
	if cmd := p.a.intent(in); cmd != nil {
		r := cmd()
		if debugEvents {
			p.t.Logf("do %+v -> %+v", in, r)
		}
		p.a.Update(r)
	}
}

// game is the game on the screen.
func (p *tuiPlayer) game() *GameModel {
	p.t.Helper()
	g := p.a.Games[p.a.Current]
	if g == nil {
		p.t.Fatalf("%s: no game on the screen:\n%s", p.name, p.a.View())
	}
	return g
}

// moveTo walks the cursor to pt with the arrow keys.
func (p *tuiPlayer) moveTo(pt engine.Point) {
	g := p.game()
	for g.Cursor.X < pt.X {
		p.press("right")
	}
	for g.Cursor.X > pt.X {
		p.press("left")
	}
	for g.Cursor.Y < pt.Y {
		p.press("up")
	}
	for g.Cursor.Y > pt.Y {
		p.press("down")
	}
}

// actionKeys are the keys of an opening action: the choices, a number, a
// point picked with the cursor, fifth moves marked then offered.
func (p *tuiPlayer) actionKeys(action string) {
	p.t.Helper()
	a, err := opening.ParseAction(action, 15)
	if err != nil {
		p.t.Fatal(err)
	}
	switch a.Kind {
	case opening.Place, opening.Choose:
		p.moveTo(a.Point)
		p.press("enter")
	case opening.Offer:
		p.press("x")
		for _, pt := range a.Points {
			p.moveTo(pt)
			p.press("enter")
		}
		p.press("o")
	case opening.Declare:
		p.press(fmt.Sprint(a.N))
	default:
		key := map[string]string{"swap": "1", "stay": "2", "black": "1", "white": "2", "two": "3",
			"branch-place": "1", "branch-offer": "2"}[action]
		p.press(key)
	}
}

// shows checks the screen holds want.
func (p *tuiPlayer) shows(want string) {
	p.t.Helper()
	if v := p.a.View(); !strings.Contains(v, want) {
		p.t.Errorf("%s: no %q on the screen:\n%s", p.name, want, v)
	}
}

// opponent is the other player: a plain client acting by requests.
type opponent struct {
	t    *testing.T
	name string
	c    *client.Client
}

func (o opponent) act(gid int64, action string) {
	o.t.Helper()
	a, err := opening.ParseAction(action, 15)
	if err == nil {
		err = o.c.OpeningAction(o.t.Context(), gid, a)
	}
	if err != nil {
		o.t.Fatalf("%s: %s: %v", o.name, action, err)
	}
}

func (o opponent) move(gid int64, at string) {
	o.t.Helper()
	if err := o.c.Move(o.t.Context(), gid, pts(o.t, at)[0]); err != nil {
		o.t.Fatalf("%s: move %s: %v", o.name, at, err)
	}
}

// acceptFrom accepts the next challenge from name.
func (o opponent) acceptFrom(name string) {
	o.t.Helper()
	ctx, cancel := context.WithTimeout(o.t.Context(), backendLimit)
	defer cancel()
	for {
		e, err := o.c.NextEvent(ctx)
		if err != nil {
			o.t.Fatalf("%s: waiting for a challenge: %v", o.name, err)
		}
		if ch, ok := e.(client.ChallengeMade); ok && ch.From == name {
			if err := o.c.Accept(ctx, ch.ID); err != nil {
				o.t.Fatal(err)
			}
			return
		}
	}
}

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

func mustAction(t *testing.T, s string) opening.Action {
	t.Helper()
	a, err := opening.ParseAction(s, 15)
	if err != nil {
		t.Fatal(err)
	}
	return a
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

// decide answers my opening decision with the keys: a free point of the
// area; two more stones in swap2; the first colour or stay; 2 declared;
// the branch that offers; fifth moves no two of which are symmetric; the
// first offered fifth.
func (p *tuiPlayer) decide(ph *client.Phase) {
	t := p.t
	t.Helper()
	switch ph.Kind {
	case opening.PlaceStone:
		p.moveTo(freeIn(t, *ph.Area, ph.Stones))
		p.press("enter")
	case opening.Swap2Choice:
		p.press("3")
	case opening.SwapChoice:
		p.press("2")
	case opening.ColorChoice:
		p.press("1")
	case opening.DeclareN:
		p.press("2")
	case opening.BranchChoice:
		p.press("2")
	case opening.OfferFifths:
		for _, pt := range unsymmetric(ph.Stones, ph.Count) {
			p.moveTo(pt)
			p.press("enter")
		}
		p.shows(fmt.Sprintf("o offer (%d/%d)", ph.Count, ph.Count))
		p.press("o")
	case opening.ChooseFifth:
		p.press("tab", "enter")
	default:
		t.Fatalf("phase %s", ph.Kind)
	}
}

// freeIn is the free point of area a nearest its lower left corner.
func freeIn(t *testing.T, a opening.Area, stones []engine.Point) engine.Point {
	for y := a.Min.Y; y <= a.Max.Y; y++ {
		for x := a.Min.X; x <= a.Max.X; x++ {
			if p := (engine.Point{X: x, Y: y}); !slices.Contains(stones, p) {
				return p
			}
		}
	}
	t.Fatalf("no free point in %s", a)
	return engine.NoPoint
}

// unsymmetric are n free points from the bottom row up, no two symmetric
// in the position.
func unsymmetric(stones []engine.Point, n int) []engine.Point {
	var out []engine.Point
	for y := 0; y < 15 && len(out) < n; y++ {
	next:
		for x := 0; x < 15 && len(out) < n; x++ {
			p := engine.Point{X: x, Y: y}
			if slices.Contains(stones, p) {
				continue
			}
			for _, q := range out {
				if opening.SymmetricMoves(15, stones, p, q) {
					continue next
				}
			}
			out = append(out, p)
		}
	}
	return out
}

// freePoint is a free point from the top row down.
func freePoint(t *testing.T, b engine.Board) engine.Point {
	for y := b.Size() - 1; y >= 0; y-- {
		for x := range b.Size() {
			if p := (engine.Point{X: x, Y: y}); b.At(p) == engine.Empty {
				return p
			}
		}
	}
	t.Fatal("the board is full")
	return engine.NoPoint
}
