package opening

import (
	"fmt"
	"slices"

	"github.com/gomokud/gomoku/engine"
)

// Annotate writes the opening into r's opening fields: the rule's name, the
// colour the first player holds, the offered fifth moves and the action log
// (each action's text form). The rest of r is left alone; for None the
// fields are cleared.
func (s *State) Annotate(r *engine.Record) {
	r.Opening, r.Opener, r.Offers, r.OpeningLog = "", engine.Empty, nil, nil
	if s.kind == None {
		return
	}
	r.Opening = s.kind.String()
	r.Opener = s.ColorOf(First)
	if s.nOffers > 0 {
		r.Offers = s.Offers()
	}
	for _, a := range s.Actions() {
		r.OpeningLog = append(r.OpeningLog, a.String())
	}
}

// FromRecord rebuilds the opening a record was played with, by replaying its
// OpeningLog under its Opening, Rule and Size, and checks that it fits the
// record: the opening's stones are the record's first moves (all of them
// while the opening is unfinished), and the offers and the opener's colour
// (when given) are the record's. A record without an opening gives None.
// Errors wrap engine.ErrBadRecord.
func FromRecord(r *engine.Record) (*State, error) {
	k, err := ParseKind(r.Opening)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", engine.ErrBadRecord, err)
	}
	as := make([]Action, len(r.OpeningLog))
	for i, text := range r.OpeningLog {
		if as[i], err = ParseAction(text, r.Size); err != nil {
			return nil, fmt.Errorf("%w: opening action %d: %w", engine.ErrBadRecord, i+1, err)
		}
	}
	s, err := Replay(k, r.Rule, r.Size, as)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", engine.ErrBadRecord, err)
	}
	if err := s.fits(r); err != nil {
		return nil, fmt.Errorf("%w: %w", engine.ErrBadRecord, err)
	}
	return s, nil
}

// fits checks the replayed opening against the record's moves and fields.
func (s *State) fits(r *engine.Record) error {
	stones := s.Stones()
	if len(r.Moves) < len(stones) || (!s.Done() && len(r.Moves) != len(stones)) {
		return fmt.Errorf("the opening placed %d stones (done: %v), the record has %d moves", len(stones), s.Done(), len(r.Moves))
	}
	for i, p := range stones {
		if r.Moves[i].Point != p {
			return fmt.Errorf("the opening's stone %d is %s, the record's move is %s", i+1, p, r.Moves[i].Point)
		}
	}
	if !slices.Equal(s.Offers(), r.Offers) && (s.nOffers > 0 || len(r.Offers) > 0) {
		return fmt.Errorf("the opening offered %v, the record says %v", s.Offers(), r.Offers)
	}
	if r.Opener != engine.Empty && r.Opener != s.ColorOf(First) {
		return fmt.Errorf("the opener plays %s after the opening, the record says %s", s.ColorOf(First), r.Opener)
	}
	return nil
}
