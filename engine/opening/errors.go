package opening

import (
	"errors"
	"fmt"

	"github.com/gomokud/gomoku/engine"
)

// Reason says why an action was refused. Callers branch on it, through
// errors.As on a *RefusalError or errors.Is with the matching sentinel.
type Reason uint8

// The reasons. Their String forms are stable names, fit for a wire code.
const (
	_           Reason = iota
	OutsideArea        // a stone off the board or outside the area the rule allows now
	Occupied           // a stone or an offer on a point already taken
	Symmetric          // two offered fifth moves are symmetric (or the same point)
	WrongPlayer        // the player who acted is not the one who must act
	NoSwap             // swap (or decline one) where the rule allows no swap now
	WrongCount         // a declared number or a number of offers the rule does not allow
	WrongAction        // an action the current phase does not take
	NotOffered         // a fifth move chosen that was not offered
	Finished           // the opening is over: play goes on in the game
	numReasons
)

var reasonNames = [numReasons]string{"", "outside-area", "occupied", "symmetric", "wrong-player",
	"no-swap", "wrong-count", "wrong-action", "not-offered", "finished"}

func (r Reason) String() string {
	if r > 0 && r < numReasons {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Sentinel errors, one a reason: errors.Is(err, ErrSymmetric) holds for a
// refusal with reason Symmetric.
var (
	ErrOutsideArea = errors.New("opening: stone outside the allowed area")
	ErrOccupied    = errors.New("opening: point is occupied")
	ErrSymmetric   = errors.New("opening: symmetric fifth moves offered")
	ErrWrongPlayer = errors.New("opening: not this player's action")
	ErrNoSwap      = errors.New("opening: no swap is allowed now")
	ErrWrongCount  = errors.New("opening: wrong count")
	ErrWrongAction = errors.New("opening: wrong action for the phase")
	ErrNotOffered  = errors.New("opening: that fifth move was not offered")
	ErrFinished    = errors.New("opening: the opening is over")

	// ErrUnsupported: the opening rule does not go with this rule set or
	// board size (renju openings are 15x15 renju only; swap2 is not renju).
	ErrUnsupported = errors.New("opening: rule not supported for this game")
	// ErrBadAction: an action's text form cannot be read.
	ErrBadAction = errors.New("opening: bad action")
)

var reasonErrs = [numReasons]error{nil, ErrOutsideArea, ErrOccupied, ErrSymmetric, ErrWrongPlayer,
	ErrNoSwap, ErrWrongCount, ErrWrongAction, ErrNotOffered, ErrFinished}

// Err returns the sentinel error of r (nil for an unknown reason).
func (r Reason) Err() error {
	if r < numReasons {
		return reasonErrs[r]
	}
	return nil
}

// RefusalError is the error Apply returns for an action the rule does not
// allow. It matches its reason's sentinel under errors.Is, and also the
// engine's sentinel for the same fault: engine.ErrOccupied for Occupied,
// engine.ErrNotYourTurn for WrongPlayer and engine.ErrOffBoard for a point
// off the board.
type RefusalError struct {
	Reason   Reason
	Action   ActionKind
	Detail   string // what exactly, for people
	offBoard bool
}

func (e *RefusalError) Error() string {
	return fmt.Sprintf("opening: %s refused (%s): %s", e.Action, e.Reason, e.Detail)
}

// Is reports whether target is the reason's sentinel or the engine's
// matching sentinel.
func (e *RefusalError) Is(target error) bool {
	switch {
	case target == e.Reason.Err():
		return true
	case e.Reason == Occupied:
		return target == engine.ErrOccupied
	case e.Reason == WrongPlayer:
		return target == engine.ErrNotYourTurn
	case e.offBoard:
		return target == engine.ErrOffBoard
	}
	return false
}

func refuse(r Reason, a ActionKind, format string, args ...any) *RefusalError {
	return &RefusalError{Reason: r, Action: a, Detail: fmt.Sprintf(format, args...)}
}
