package match

import (
	"errors"
	"fmt"
)

// Sentinel errors of refused commands; callers branch with errors.Is. The
// engine's own errors (engine.ErrOccupied, *engine.ForbiddenError...) pass
// through from moves.
var (
	// ErrGameOver: the game has ended.
	ErrGameOver = errors.New("game over")
	// ErrConflict: the game's state does not allow it now (an offer
	// pending, nothing to take back, the opponent still connected...).
	ErrConflict = errors.New("conflict")
	// ErrNotAllowed: the game's settings never allow it.
	ErrNotAllowed = errors.New("not allowed")
	// ErrInvalid: a malformed command (a caller bug).
	ErrInvalid = errors.New("invalid command")
)

// refusal is a refused command: a message for the player and its sentinel.
type refusal struct {
	kind error
	msg  string
}

func (e *refusal) Error() string { return e.msg }
func (e *refusal) Unwrap() error { return e.kind }

func refuse(kind error, format string, args ...any) error {
	return &refusal{kind: kind, msg: fmt.Sprintf(format, args...)}
}
