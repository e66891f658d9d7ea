package gomoku

import (
	"fmt"
	"strings"
	"time"

	"github.com/gomokud/gomoku/engine/opening"
)

// OpeningAction is one stored action of a game's opening rule (package
// engine/opening): its text form, and the clocks after it. The stones an
// action places are stored as moves in the same commit; the actions are
// what a restarted server replays to find the opening's phase, who holds
// black and the offered fifth moves.
type OpeningAction struct {
	Seq    int    // 1 for the first action; no gaps
	Action string // opening.Action.String(): "place h8", "swap", "offer g7 j9"
	// Ply is the number of moves stored once the action is: its clocks
	// are the newest while the game still has Ply moves.
	Ply int
	// Swap: the players exchanged colours with this action. The store
	// swaps the game's black and white players in the same transaction,
	// so the stored players are always who holds which colour now.
	Swap                       bool
	BlackClockMS, WhiteClockMS int64 // each colour's main time after the action (and its swap)
	SpentMS                    int64 // time the actor used
	At                         time.Time
}

// Validate checks an action before it is stored (ErrInvalid). The text is
// checked for its form only; the opening's rules are the match's business.
func (a OpeningAction) Validate() error {
	switch {
	case a.Seq < 1:
		return fmt.Errorf("%w: opening action number %d", ErrInvalid, a.Seq)
	case a.Action == "" || strings.ContainsAny(a.Action, ",\n\r"):
		return fmt.Errorf("%w: opening action %q", ErrInvalid, a.Action)
	case a.Ply < 0:
		return fmt.Errorf("%w: opening action ply %d", ErrInvalid, a.Ply)
	}
	return nil
}

// OpeningState replays the stored opening actions: the opening's state as
// the last stored action left it. It fails (wrapped) when the log is not a
// legal opening for the game's rule and size.
func (g Game) OpeningState() (*opening.State, error) {
	acts := make([]opening.Action, len(g.OpeningLog))
	for i, a := range g.OpeningLog {
		var err error
		if acts[i], err = opening.ParseAction(a.Action, g.Size); err != nil {
			return nil, fmt.Errorf("game %d opening action %d: %w", g.ID, a.Seq, err)
		}
	}
	s, err := opening.Replay(g.Opening, g.Rule, g.Size, acts)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	return s, nil
}
