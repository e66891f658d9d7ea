package engine

import "fmt"

// Color is the content of a board point: a stone of either side or nothing.
type Color uint8

// The colours. Black moves first.
const (
	Empty Color = iota
	Black
	White
	wall // the border around the playing area; never returned by the API
)

// Opponent returns the other side; Empty for Empty.
func (c Color) Opponent() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	case Empty:
		return "empty"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// ParseColor reads "black", "white" (or "b", "w", "x", "o").
func ParseColor(s string) (Color, error) {
	switch s {
	case "black", "b", "x", "B", "X", "Black":
		return Black, nil
	case "white", "w", "o", "W", "O", "White":
		return White, nil
	}
	return Empty, fmt.Errorf("%w: %q", ErrBadColor, s)
}
