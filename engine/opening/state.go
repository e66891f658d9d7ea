package opening

import (
	"fmt"

	"github.com/gomokud/gomoku/engine"
)

// Bounds of what a State holds, so that it needs no slices.
const (
	maxStones = 5  // no rule places more than five stones before normal play
	maxOffers = 10 // Taraguchi-10 offers the most
	maxLog    = 16 // the longest script (Taraguchi's choice 1) takes 11 actions
)

// logged is one applied action; an Offer's points are the state's offers.
type logged struct {
	kind  ActionKind
	n     int8
	point engine.Point
}

// State is an opening in progress. Its zero value is not usable: use New or
// Replay. A State holds no pointers or slices, so an assignment copies it
// (a spare copy to roll back to costs one copy). Not safe for concurrent use.
type State struct {
	kind     Kind
	rule     engine.Rule
	size     int
	step     int // index in scripts[kind]; end when done
	black    Player
	declared int
	stones   [maxStones]engine.Point
	nStones  int
	offers   [maxOffers]engine.Point
	nOffers  int
	log      [maxLog]logged
	nLog     int
}

// New starts opening k for a game under rule r on a size x size board. It
// fails with an error wrapping ErrUnsupported when k does not go with them
// (see Kind.Supports). The first player holds black.
func New(k Kind, r engine.Rule, size int) (*State, error) {
	if err := k.Supports(r, size); err != nil {
		return nil, err
	}
	s := &State{kind: k, rule: r, size: size, black: First}
	if len(scripts[k]) == 0 {
		s.step = end
	}
	return s, nil
}

// Replay rebuilds the state reached by applying actions in order from the
// start, each by the player whose turn it is (as after a server restart,
// from the log of Actions). It fails like New, or with the first action's
// refusal, naming its number.
func Replay(k Kind, r engine.Rule, size int, actions []Action) (*State, error) {
	s, err := New(k, r, size)
	if err != nil {
		return nil, err
	}
	for i, a := range actions {
		if err := s.Apply(s.ToMove(), a); err != nil {
			return nil, fmt.Errorf("opening action %d (%s): %w", i+1, a, err)
		}
	}
	return s, nil
}

// Kind returns the opening rule.
func (s *State) Kind() Kind { return s.kind }

// Rule returns the game's rule set.
func (s *State) Rule() engine.Rule { return s.rule }

// Size returns the board size.
func (s *State) Size() int { return s.size }

// Done reports whether the opening is over: normal play goes on in the game,
// from Stones, with Black holding black and ToMove to move.
func (s *State) Done() bool { return s.step == end }

// Phase returns the decision due; Done once the opening is over.
func (s *State) Phase() Phase {
	if s.Done() {
		return Done
	}
	return scripts[s.kind][s.step].phase
}

// Allowed returns the action kinds the current phase takes.
func (s *State) Allowed() []ActionKind { return s.Phase().Allowed() }

// Black returns the player who holds black now (after the swaps so far);
// once Done, the player who plays black in the game.
func (s *State) Black() Player { return s.black }

// ColorOf returns the colour player p holds now.
func (s *State) ColorOf(p Player) engine.Color {
	if p == s.black {
		return engine.Black
	}
	return engine.White
}

// PlayerOf returns the player who holds colour c now (Black or White).
func (s *State) PlayerOf(c engine.Color) Player {
	if c == engine.White {
		return s.black.Other()
	}
	return s.black
}

// ToMove returns the player who must act now; once Done, the player whose
// colour moves next in the game.
func (s *State) ToMove() Player {
	if s.Done() {
		return s.PlayerOf(s.nextColor())
	}
	return s.PlayerOf(scripts[s.kind][s.step].actor)
}

// nextColor is the colour of the next stone: they alternate, black first.
func (s *State) nextColor() engine.Color {
	if s.nStones%2 == 0 {
		return engine.Black
	}
	return engine.White
}

// Area returns where the next stone (or each offered fifth move) may go,
// and false when the phase places none.
func (s *State) Area() (Area, bool) {
	if s.Done() {
		return Area{}, false
	}
	st := scripts[s.kind][s.step]
	switch {
	case st.phase != PlaceStone && st.phase != OfferFifths:
		return Area{}, false
	case st.r == whole:
		return wholeBoard(s.size), true
	}
	return centreSquare(s.size, st.r), true
}

// Declared returns the number of fifth moves declared (Soosõrv), 0 before.
func (s *State) Declared() int { return s.declared }

// OfferCount returns how many fifth moves must be offered in the OfferFifths
// phase: the declared N (Soosõrv) or ten (Taraguchi-10); 0 in other phases.
func (s *State) OfferCount() int {
	if s.Phase() != OfferFifths {
		return 0
	}
	if s.kind == Soosorv8 {
		return s.declared
	}
	return TaraguchiOffers
}

// Offers returns the fifth moves offered, in the order given (they stay
// after one is chosen: the chosen one is then Stones()[4]).
func (s *State) Offers() []engine.Point {
	return append([]engine.Point(nil), s.offers[:s.nOffers]...)
}

// Stones returns the stones placed so far, oldest first; they alternate
// black, white, black...
func (s *State) Stones() []engine.Point {
	return append([]engine.Point(nil), s.stones[:s.nStones]...)
}

// Moves returns the stones as engine moves, with their colours.
func (s *State) Moves() []engine.Move {
	ms := make([]engine.Move, s.nStones)
	for i, p := range s.stones[:s.nStones] {
		ms[i] = engine.Move{Point: p, Color: engine.Black}
		if i%2 == 1 {
			ms[i].Color = engine.White
		}
	}
	return ms
}

// Game returns a new engine.Game holding the stones placed so far, under the
// opening's rule and size: once Done, the position normal play starts from.
func (s *State) Game() (*engine.Game, error) {
	return engine.Replay(engine.Options{Size: s.size, Rule: s.rule}, s.Stones())
}

// Actions returns the actions applied so far, oldest first: Replay of them
// rebuilds this state.
func (s *State) Actions() []Action {
	as := make([]Action, s.nLog)
	for i, l := range s.log[:s.nLog] {
		as[i] = Action{Kind: l.kind, Point: l.point, N: int(l.n)}
		if l.kind == Offer {
			as[i].Points = s.Offers()
		}
	}
	return as
}
