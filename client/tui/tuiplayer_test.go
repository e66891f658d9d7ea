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

func mustAction(t *testing.T, s string) opening.Action {
	t.Helper()
	a, err := opening.ParseAction(s, 15)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
