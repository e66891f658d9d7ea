package opening

import (
	"slices"

	"github.com/gomokud/gomoku/engine"
)

// Apply performs action a by player by. It fails, changing nothing, with a
// *RefusalError: Finished once the opening is over, WrongPlayer when by is
// not ToMove, NoSwap or WrongAction for an action the phase does not take,
// and for the action's own faults OutsideArea, Occupied, WrongCount,
// Symmetric or NotOffered. After it, the accessors tell the new phase, who
// holds black and who acts.
func (s *State) Apply(by Player, a Action) error {
	if s.Done() {
		return refuse(Finished, a.Kind, "play goes on in the game")
	}
	st := scripts[s.kind][s.step]
	if want := s.ToMove(); by != want {
		return refuse(WrongPlayer, a.Kind, "the %s player must act, not the %s", want, by)
	}
	if !slices.Contains(allowed[st.phase], a.Kind) {
		r := WrongAction
		if a.Kind == Swap || a.Kind == Stay {
			r = NoSwap
		}
		return refuse(r, a.Kind, "the %s phase takes %v", st.phase, allowed[st.phase])
	}
	if err := s.check(a); err != nil {
		return err
	}
	s.step = s.perform(by, a, st.next)
	l := logged{kind: a.Kind}
	switch a.Kind {
	case Place, Choose:
		l.point = a.Point
	case Declare:
		l.n = int8(a.N)
	}
	s.log[s.nLog] = l
	s.nLog++
	return nil
}

// check judges the arguments of a (its kind fits the phase).
func (s *State) check(a Action) error {
	switch a.Kind {
	case Place:
		area, _ := s.Area()
		return s.checkPoint(a.Kind, a.Point, area)
	case Declare:
		if a.N < 1 || a.N > MaxDeclared {
			return refuse(WrongCount, a.Kind, "declare 1 to %d fifth moves, not %d", MaxDeclared, a.N)
		}
	case Offer:
		return s.checkOffers(a.Points)
	case Choose:
		if indexOf(s.offers[:s.nOffers], a.Point) < 0 {
			return refuse(NotOffered, a.Kind, "%s is not one of %v", a.Point, s.offers[:s.nOffers])
		}
	}
	return nil
}

// perform carries a out and returns the next step: the script's next, or
// where a branching action leads.
func (s *State) perform(by Player, a Action, next int) int {
	switch a.Kind {
	case Place, Choose:
		s.stones[s.nStones] = a.Point
		s.nStones++
	case Swap:
		s.black = s.black.Other()
	case TakeBlack, TakeWhite:
		s.black = by
		if a.Kind == TakeWhite {
			s.black = by.Other()
		}
		return end // swap2's choices of colour end the opening
	case Declare:
		s.declared = a.N
	case BranchOffer:
		return taraguchiOfferStep
	case Offer:
		s.nOffers = copy(s.offers[:], a.Points)
	}
	return next
}

// checkPoint judges a stone or an offer at p: on the board, inside area and
// on an empty point.
func (s *State) checkPoint(k ActionKind, p engine.Point, area Area) error {
	if !p.Valid(s.size) {
		e := refuse(OutsideArea, k, "%v is off the %dx%d board", p, s.size, s.size)
		e.offBoard = true
		return e
	}
	if !area.Contains(p) {
		return refuse(OutsideArea, k, "%s is outside %s", p, area)
	}
	if indexOf(s.stones[:s.nStones], p) >= 0 {
		return refuse(Occupied, k, "%s is taken", p)
	}
	return nil
}

// checkOffers judges a whole offer: the count the rule asks for, each point
// free, and no two symmetric in the position (the RIF's condition).
func (s *State) checkOffers(pts []engine.Point) error {
	if n := s.OfferCount(); len(pts) != n {
		return refuse(WrongCount, Offer, "offer exactly %d fifth moves, not %d", n, len(pts))
	}
	area, _ := s.Area()
	stones := s.stones[:s.nStones]
	for i, p := range pts {
		if err := s.checkPoint(Offer, p, area); err != nil {
			return err
		}
		for _, q := range pts[:i] {
			if SymmetricMoves(s.size, stones, q, p) {
				return refuse(Symmetric, Offer, "%s and %s are symmetric in this position", q, p)
			}
		}
	}
	return nil
}
