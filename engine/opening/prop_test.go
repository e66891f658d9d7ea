package opening

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

// legalAction draws a random action the current phase allows with legal
// arguments.
func legalAction(rng *rand.Rand, s *State) Action {
	kinds := s.Allowed()
	a := Action{Kind: kinds[rng.Intn(len(kinds))]}
	area, _ := s.Area()
	switch a.Kind {
	case Place:
		a.Point = freePoint(rng, s, area, nil)
	case Declare:
		a.N = 1 + rng.Intn(MaxDeclared)
	case Offer:
		for len(a.Points) < s.OfferCount() {
			p := freePoint(rng, s, area, a.Points)
			if !symmetricToAny(s, a.Points, p) {
				a.Points = append(a.Points, p)
			}
		}
	case Choose:
		offers := s.Offers()
		a.Point = offers[rng.Intn(len(offers))]
	}
	return a
}

// freePoint draws an empty point of area not in taken.
func freePoint(rng *rand.Rand, s *State, area Area, taken []engine.Point) engine.Point {
	for {
		p := engine.Point{
			X: area.Min.X + rng.Intn(area.Max.X-area.Min.X+1),
			Y: area.Min.Y + rng.Intn(area.Max.Y-area.Min.Y+1),
		}
		if indexOf(s.Stones(), p) < 0 && indexOf(taken, p) < 0 {
			return p
		}
	}
}

func symmetricToAny(s *State, offers []engine.Point, p engine.Point) bool {
	for _, q := range offers {
		if SymmetricMoves(s.Size(), s.Stones(), p, q) {
			return true
		}
	}
	return false
}

// randomAction draws any action at all, legal or not, by any player.
func randomAction(rng *rand.Rand, size int) (Player, Action) {
	a := Action{Kind: ActionKind(rng.Intn(int(numActionKinds))), N: rng.Intn(12) - 1}
	pt := func() engine.Point { return engine.Point{X: rng.Intn(size+2) - 1, Y: rng.Intn(size+2) - 1} }
	a.Point = pt()
	for n := rng.Intn(12); n > 0; n-- {
		a.Points = append(a.Points, pt())
	}
	return Player(rng.Intn(2)), a
}

// TestRandomOpenings: random action sequences, legal ones mixed with random
// ones, always reach the end of the opening with a legal position; a refused
// action is a *RefusalError and changes nothing; an accepted one keeps the
// invariants; the log replays to the same state.
func TestRandomOpenings(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	games := 3000
	if testing.Short() {
		games = 400
	}
	for n := 0; n < games; n++ {
		k := Kinds[n%len(Kinds)]
		rule, size := engine.Renju, RenjuSize
		if k == Swap2 || k == None {
			rule = []engine.Rule{engine.Freestyle, engine.Standard, engine.Caro}[rng.Intn(3)]
			size = engine.MinSize + rng.Intn(engine.MaxSize-engine.MinSize+1)
		}
		s := mustNew(t, k, rule, size)
		for steps := 0; !s.Done(); steps++ {
			if steps > 200 {
				t.Fatalf("%s: no end after %d steps, phase %s", k, steps, s.Phase())
			}
			by, a := s.ToMove(), legalAction(rng, s)
			legal := true
			if rng.Intn(2) == 0 {
				by, a = randomAction(rng, size)
				legal = false
			}
			before := *s
			err := s.Apply(by, a)
			var re *RefusalError
			switch {
			case err == nil:
				checkInvariants(t, s)
			case legal || !errors.As(err, &re):
				t.Fatalf("%s: Apply(%s, %s) = %v", k, by, a, err)
			case *s != before:
				t.Fatalf("%s: refused %s changed the state", k, a)
			}
		}
		checkDone(t, s)
	}
}

// checkInvariants: the stones are distinct, in the board, and make a legal
// game that nobody has won.
func checkInvariants(t *testing.T, s *State) {
	t.Helper()
	g, err := s.Game()
	if err != nil || g.Over() {
		t.Fatalf("%s: stones %v: %v", s.Kind(), s.Stones(), err)
	}
	want := TaraguchiOffers
	if s.Kind() == Soosorv8 {
		want = s.Declared()
	}
	if s.Phase() == ChooseFifth && len(s.Offers()) != want {
		t.Fatalf("%d offers, want %d", len(s.Offers()), want)
	}
}
