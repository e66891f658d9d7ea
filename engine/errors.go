package engine

import (
	"errors"
	"fmt"
)

// Sentinel errors. Callers branch on them with errors.Is.
var (
	ErrOffBoard      = errors.New("point is off the board")
	ErrOccupied      = errors.New("point is occupied")
	ErrNotYourTurn   = errors.New("not your turn")
	ErrGameOver      = errors.New("game is over")
	ErrForbidden     = errors.New("forbidden move")
	ErrNothingToUndo = errors.New("not that many moves to undo")
	ErrBadSize       = errors.New("unsupported board size")
	ErrBadRule       = errors.New("unknown rule")
	ErrBadNotation   = errors.New("bad notation")
	ErrBadColor      = errors.New("bad colour")
)

// ForbiddenError is returned for a renju move that black may not play. It
// matches ErrForbidden under errors.Is and names the forbidden shape.
type ForbiddenError struct {
	Point Point
	Kind  Forbidden
}

func (e *ForbiddenError) Error() string {
	return fmt.Sprintf("forbidden move %s: %s", e.Point, e.Kind)
}

// Is reports whether target is ErrForbidden.
func (e *ForbiddenError) Is(target error) bool { return target == ErrForbidden }
