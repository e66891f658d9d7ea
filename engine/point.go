package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Board sizes. Gomocup plays freestyle on 20x20; 15x15 is the renju board.
const (
	MinSize     = 5
	MaxSize     = 20
	DefaultSize = 15
)

// Point is an intersection: X counts columns from the left, Y rows from the
// bottom, both from 0.
type Point struct {
	X, Y int
}

// NoPoint is the zero value's alternative for "no point" (e.g. no last move).
var NoPoint = Point{-1, -1}

// Valid reports whether p lies on a board of the given size.
func (p Point) Valid(size int) bool {
	return p.X >= 0 && p.Y >= 0 && p.X < size && p.Y < size
}

// String returns the human notation: a column letter and a row number from 1,
// "h8" for Point{7, 7}. Off-board points print as "-".
func (p Point) String() string {
	if p.X < 0 || p.Y < 0 || p.X >= MaxSize || p.Y >= MaxSize {
		return "-"
	}
	return string(rune('a'+p.X)) + strconv.Itoa(p.Y+1)
}

// ParsePoint reads the human notation ("h8", "H8", " o15 ") for a board of the
// given size. Anything else, including a point off the board, is an error
// wrapping ErrBadNotation or ErrOffBoard; an unsupported size is ErrBadSize.
func ParsePoint(s string, size int) (Point, error) {
	if err := CheckSize(size); err != nil {
		return NoPoint, err
	}
	t := strings.ToLower(strings.TrimSpace(s))
	if len(t) < 2 || len(t) > 3 || t[0] < 'a' || t[0] > 'z' {
		return NoPoint, fmt.Errorf("%w: %q is not a point like h8", ErrBadNotation, s)
	}
	row, err := strconv.Atoi(t[1:])
	if err != nil || t[1] < '1' || t[1] > '9' {
		return NoPoint, fmt.Errorf("%w: %q is not a point like h8", ErrBadNotation, s)
	}
	p := Point{X: int(t[0] - 'a'), Y: row - 1}
	if !p.Valid(size) {
		return NoPoint, fmt.Errorf("%w: %s on a %dx%d board", ErrOffBoard, t, size, size)
	}
	return p, nil
}

// Gomocup returns the Gomocup (piskvork) notation "x,y": 0-based, y from the top.
func (p Point) Gomocup(size int) string {
	return strconv.Itoa(p.X) + "," + strconv.Itoa(size-1-p.Y)
}

// ParseGomocup reads the Gomocup notation "x,y" (0-based, y from the top).
// Errors wrap ErrBadNotation, ErrOffBoard or (for the size) ErrBadSize.
func ParseGomocup(s string, size int) (Point, error) {
	if err := CheckSize(size); err != nil {
		return NoPoint, err
	}
	xs, ys, ok := strings.Cut(strings.TrimSpace(s), ",")
	if !ok {
		return NoPoint, fmt.Errorf("%w: %q is not x,y", ErrBadNotation, s)
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if err1 != nil || err2 != nil {
		return NoPoint, fmt.Errorf("%w: %q is not x,y", ErrBadNotation, s)
	}
	p := Point{X: x, Y: size - 1 - y}
	if !p.Valid(size) || y < 0 {
		return NoPoint, fmt.Errorf("%w: %q on a %dx%d board", ErrOffBoard, s, size, size)
	}
	return p, nil
}

// CheckSize returns an error wrapping ErrBadSize unless MinSize <= size <= MaxSize.
func CheckSize(size int) error {
	if size < MinSize || size > MaxSize {
		return fmt.Errorf("%w: %d (want %d to %d)", ErrBadSize, size, MinSize, MaxSize)
	}
	return nil
}
