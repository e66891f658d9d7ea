package engine

import (
	"math/rand"
	"slices"
	"testing"
)

// anyWin scans every line of the board for a winning row under rule r, by
// brute force over all runs, and returns the colour that has one (Empty if
// none).
func anyWin(b *Board, r Rule) Color {
	// (see refWins for what wins)
	for y := 0; y < b.Size(); y++ {
		for x := 0; x < b.Size(); x++ {
			p := Point{x, y}
			c := b.At(p)
			if c == Empty {
				continue
			}
			for _, d := range refDirs {
				// Count only from the first stone of a run.
				if refCell(b, p, d, -1) == c {
					continue
				}
				n := 1
				for refCell(b, p, d, n) == c {
					n++
				}
				if refWins(r, c, n, refCell(b, p, d, -1), refCell(b, p, d, n)) {
					return c
				}
			}
		}
	}
	return Empty
}

// TestRandomGameProperties plays random legal games with random takebacks of
// several moves and checks, after every change: the position equals the one
// recorded when the game last had that many moves (board and hash); the game
// is won exactly when the board holds a winning row for the mover; a full
// board without one is a draw.
func TestRandomGameProperties(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	games := 200
	if testing.Short() {
		games = 40
	}
	for n := 0; n < games; n++ {
		r := Rules[n%len(Rules)]
		size := []int{5, 7, 9, 15, 20}[n%5]
		g := newGame(t, size, r)
		snaps := []Board{g.Board()}
		for steps := 0; !g.Over() && steps < 4*size*size; steps++ {
			if len(g.Moves()) > 0 && rng.Intn(10) == 0 {
				k := 1 + rng.Intn(min(4, len(g.Moves())))
				if err := g.Undo(k); err != nil {
					t.Fatal(err)
				}
				snaps = snaps[:len(snaps)-k]
				if g.Board() != snaps[len(snaps)-1] || g.Hash() != snaps[len(snaps)-1].Hash() {
					t.Fatalf("undo %d did not restore the position", k)
				}
				continue
			}
			p := Point{rng.Intn(size), rng.Intn(size)}
			mover := g.Turn()
			if err := g.Play(p); err != nil {
				continue
			}
			b := g.Board()
			snaps = append(snaps, b)
			res := g.Result()
			won := anyWin(&b, r)
			switch {
			case won != Empty && (res.Reason != ReasonFive || res.Winner != mover || won != mover):
				t.Fatalf("%s: %s has a winning row but the result is %+v\n%s", r, won, res, &b)
			case won == Empty && res.Reason == ReasonFive:
				t.Fatalf("%s: result %+v without a winning row\n%s", r, res, &b)
			case won == Empty && b.Full() != (res.Reason == ReasonFullBoard):
				t.Fatalf("%s: full %v, result %+v", r, b.Full(), res)
			}
			if res.Reason == ReasonFive && !slices.Contains(res.Line, p) {
				t.Fatalf("winning line %v misses the last move %s", res.Line, p)
			}
		}
	}
}

// TestHashTranspositions plays the same stones in different orders (black's
// moves shuffled among themselves, white's too) and expects the same board and
// hash, and a hash equal to one built from scratch by Board.Set.
func TestHashTranspositions(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for n := 0; n < 200; n++ {
		size := 15
		g := newGame(t, size, Freestyle)
		for len(g.Moves()) < 30 && !g.Over() {
			g.Play(Point{rng.Intn(size), rng.Intn(size)})
		}
		if g.Over() {
			continue
		}
		var blacks, whites []Point
		for _, m := range g.Moves() {
			if m.Color == Black {
				blacks = append(blacks, m.Point)
			} else {
				whites = append(whites, m.Point)
			}
		}
		rng.Shuffle(len(blacks), func(i, j int) { blacks[i], blacks[j] = blacks[j], blacks[i] })
		rng.Shuffle(len(whites), func(i, j int) { whites[i], whites[j] = whites[j], whites[i] })
		h := newGame(t, size, Freestyle)
		for i := range blacks {
			// A shuffled order may make a five early; the position is what matters.
			h.board.Set(blacks[i], Black)
			if i < len(whites) {
				h.board.Set(whites[i], White)
			}
		}
		if h.Board() != g.Board() || h.Hash() != g.Hash() {
			t.Fatalf("transposition differs: %x vs %x", h.Hash(), g.Hash())
		}
		// Removing and re-adding one stone gives the hash back; a different
		// position gives a different hash.
		b := g.Board()
		h0 := b.Hash()
		b.Clear(blacks[0])
		if b.Hash() == h0 {
			t.Fatalf("removing a stone kept the hash")
		}
		b.Set(blacks[0], White)
		if b.Hash() == h0 {
			t.Fatalf("changing a stone's colour kept the hash")
		}
		b.Clear(blacks[0])
		b.Set(blacks[0], Black)
		if b.Hash() != h0 || b != g.Board() {
			t.Fatalf("clear+set did not restore the position")
		}
	}
}

// TestReplayMatchesPlay: Replay of a game's points rebuilds the same game.
func TestReplayMatchesPlay(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for n := 0; n < 100; n++ {
		o := Options{Size: 9 + n%7, Rule: Rules[n%len(Rules)]}
		g, _ := NewGame(o)
		var pts []Point
		for !g.Over() {
			p := Point{rng.Intn(o.Size), rng.Intn(o.Size)}
			if g.Play(p) == nil {
				pts = append(pts, p)
			}
		}
		r, err := Replay(o, pts)
		if err != nil {
			t.Fatal(err)
		}
		if r.Board() != g.Board() || !slices.Equal(r.Moves(), g.Moves()) || r.Result().Reason != g.Result().Reason {
			t.Fatalf("replay differs")
		}
		if _, err := Replay(o, append(pts, pts[0])); err == nil {
			t.Fatalf("replay accepted a move after the end")
		}
	}
}

// refWins is the win rule spelled out: a row of n stones of colour c, with
// before and after the cells beyond its two ends, wins under r.
func refWins(r Rule, c Color, n int, before, after Color) bool {
	switch {
	case n < 5:
		return false
	case n > 5:
		return r == Freestyle || (r == Renju && c == White)
	case r == Caro:
		return before != c.Opponent() || after != c.Opponent()
	}
	return true
}
