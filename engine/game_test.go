package engine

import (
	"errors"
	"math/rand"
	"testing"
)

func play(tb testing.TB, g *Game, moves ...string) {
	tb.Helper()
	for _, m := range moves {
		if err := g.Play(mustPoint(tb, m, g.Size())); err != nil {
			tb.Fatalf("play %s: %v", m, err)
		}
	}
}

func newGame(tb testing.TB, size int, r Rule) *Game {
	tb.Helper()
	g, err := NewGame(Options{Size: size, Rule: r})
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

func TestFiveWins(t *testing.T) {
	for _, r := range Rules {
		g := newGame(t, 15, r)
		play(t, g, "h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8")
		res := g.Result()
		if res.Winner != Black || res.Reason != ReasonFive || len(res.Line) != 5 {
			t.Fatalf("%s: result %+v, want black by five", r, res)
		}
		if res.Line[0] != (Point{7, 7}) || res.Line[4] != (Point{11, 7}) {
			t.Errorf("%s: line %v", r, res.Line)
		}
		if err := g.Play(Point{0, 10}); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s: move after the end: %v", r, err)
		}
	}
}

// Black closes a gap making six: freestyle wins, standard plays on, renju forbids.
func TestOverline(t *testing.T) {
	moves := []string{"a8", "a1", "b8", "a2", "c8", "a3", "e8", "a4", "f8", "b1", "d8"}
	g := newGame(t, 15, Freestyle)
	play(t, g, moves...)
	if g.Result().Winner != Black || len(g.Result().Line) != 6 {
		t.Errorf("freestyle: %+v", g.Result())
	}
	g = newGame(t, 15, Standard)
	play(t, g, moves...)
	if g.Over() {
		t.Errorf("standard: overline ended the game: %+v", g.Result())
	}
	g = newGame(t, 15, Renju)
	play(t, g, moves[:len(moves)-1]...)
	err := g.Play(mustPoint(t, "d8", 15))
	var fe *ForbiddenError
	if !errors.Is(err, ErrForbidden) || !errors.As(err, &fe) || fe.Kind != Overline {
		t.Errorf("renju: d8 = %v, want overline", err)
	}
	// White wins with an overline under renju.
	g = newGame(t, 15, Renju)
	play(t, g, "h8", "a8", "h9", "b8", "h10", "c8", "h12", "e8", "h13", "f8", "i1", "d8")
	if g.Result().Winner != White {
		t.Errorf("renju: white overline %+v", g.Result())
	}
}

func TestIllegalMoves(t *testing.T) {
	g := newGame(t, 15, Freestyle)
	play(t, g, "h8")
	cases := []struct {
		c    Color
		p    Point
		want error
	}{
		{White, Point{7, 7}, ErrOccupied},
		{White, Point{15, 0}, ErrOffBoard},
		{White, Point{-1, 3}, ErrOffBoard},
		{Black, Point{0, 0}, ErrNotYourTurn},
	}
	for _, tc := range cases {
		if err := g.PlayAs(tc.c, tc.p); !errors.Is(err, tc.want) {
			t.Errorf("PlayAs(%s, %v) = %v, want %v", tc.c, tc.p, err, tc.want)
		}
	}
	if len(g.Moves()) != 1 {
		t.Errorf("illegal moves changed the game")
	}
}

func TestUndo(t *testing.T) {
	g := newGame(t, 15, Renju)
	h0 := g.Hash()
	play(t, g, "h8", "h9", "i8")
	h1 := g.Hash()
	play(t, g, "i9")
	if err := g.Undo(1); err != nil {
		t.Fatal(err)
	}
	if g.Hash() != h1 || g.Turn() != White {
		t.Errorf("undo 1 did not restore the position")
	}
	if err := g.Undo(4); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("undo 4 of 3: %v", err)
	}
	if err := g.Undo(3); err != nil || g.Hash() != h0 || len(g.Moves()) != 0 {
		t.Errorf("undo to start: %v", err)
	}
	play(t, g, "h8")
	g.Finish(Black, ReasonResign)
	if err := g.Undo(1); !errors.Is(err, ErrGameOver) {
		t.Errorf("undo after resignation: %v", err)
	}
}

// Random legal games: no panic, undo(play(p)) restores the exact position,
// and a win is reported exactly when a line of five exists.
func TestRandomGames(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	games := 300
	if testing.Short() {
		games = 50
	}
	for n := 0; n < games; n++ {
		r := Rules[n%len(Rules)]
		size := []int{9, 15, 20}[n%3]
		g := newGame(t, size, r)
		for !g.Over() {
			p := Point{rng.Intn(size), rng.Intn(size)}
			before := g.Board()
			err := g.Play(p)
			if err != nil {
				continue
			}
			after := g.Board()
			if err := g.Undo(1); err != nil {
				t.Fatal(err)
			}
			if g.Board() != before {
				t.Fatalf("undo did not restore the board")
			}
			if err := g.Play(p); err != nil {
				t.Fatalf("replay %v: %v", p, err)
			}
			if g.Board() != after {
				t.Fatalf("replay differs")
			}
			if got, want := g.Result().Reason == ReasonFive, hasFive(&after, p, r); got != want {
				t.Fatalf("win %v, line of five %v at %v\n%s", got, want, p, &after)
			}
		}
	}
}

// hasFive looks for a winning line through p by brute force over all windows.
func hasFive(b *Board, p Point, r Rule) bool {
	c := b.At(p)
	for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		n := 1
		q := Point{p.X + d[0], p.Y + d[1]}
		for ; b.At(q) == c && b.Contains(q); q = (Point{q.X + d[0], q.Y + d[1]}) {
			n++
		}
		after := refCell(b, q, Point{}, 0)
		q = Point{p.X - d[0], p.Y - d[1]}
		for ; b.At(q) == c && b.Contains(q); q = (Point{q.X - d[0], q.Y - d[1]}) {
			n++
		}
		if refWins(r, c, n, refCell(b, q, Point{}, 0), after) {
			return true
		}
	}
	return false
}

func TestNotation(t *testing.T) {
	for _, tc := range []struct {
		s    string
		size int
		p    Point
	}{{"h8", 15, Point{7, 7}}, {"A1", 15, Point{0, 0}}, {"o15", 15, Point{14, 14}}, {"t20", 20, Point{19, 19}}} {
		p, err := ParsePoint(tc.s, tc.size)
		if err != nil || p != tc.p {
			t.Errorf("ParsePoint(%q) = %v, %v", tc.s, p, err)
		}
		q, err := ParseGomocup(p.Gomocup(tc.size), tc.size)
		if err != nil || q != p {
			t.Errorf("gomocup round trip %v: %v %v", p, q, err)
		}
	}
	for _, bad := range []string{"", "h", "h0", "p8", "h16", "88", "hh", "h-1", "h08"} {
		if _, err := ParsePoint(bad, 15); err == nil {
			t.Errorf("ParsePoint(%q) accepted", bad)
		}
	}
	if p, _ := ParseGomocup("7,0", 15); p != (Point{7, 14}) {
		t.Errorf("gomocup y counts from the top: %v", p)
	}
}

func TestDiagramRoundTrip(t *testing.T) {
	g := newGame(t, 15, Freestyle)
	play(t, g, "h8", "i9", "a1", "o15")
	b := g.Board()
	back := mustBoard(t, b.String())
	if *back != b {
		t.Errorf("diagram round trip:\n%s\n%s", b.String(), back)
	}
}

func TestCopyFrom(t *testing.T) {
	g, err := Replay(Options{}, []Point{{X: 7, Y: 7}, {X: 8, Y: 8}})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := NewGame(Options{Size: 19, Rule: Renju})
	c.CopyFrom(g)
	if err := g.Play(Point{X: 1, Y: 1}); err != nil {
		t.Fatal(err)
	}
	if len(c.Moves()) != 2 || c.At(Point{X: 1, Y: 1}) != Empty || c.Size() != 15 || c.Rule() != Freestyle || c.Turn() != Black {
		t.Fatalf("copy shares or lost state: %d moves, size %d, rule %v", len(c.Moves()), c.Size(), c.Rule())
	}
	if n := testing.AllocsPerRun(100, func() { c.CopyFrom(g) }); n != 0 {
		t.Errorf("CopyFrom allocates %v times", n)
	}
}
