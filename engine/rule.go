package engine

import (
	"fmt"
	"strings"
)

// Rule is a rule set.
type Rule uint8

const (
	// Freestyle: five or more in a row wins, for both sides.
	Freestyle Rule = iota
	// Standard: exactly five wins; an overline does not win and play goes on.
	Standard
	// Renju (RIF): black wins only with exactly five and may not make a
	// double-three, double-four or overline; white wins with five or more.
	Renju
	// Caro, as Gomocup plays it since 2023: both sides win only with an
	// unbroken row of exactly five that is not blocked at both ends by the
	// opponent's stones. Neither oxxxxxo nor xxxxxx wins for x; the board's
	// edge is not an opponent's stone, so a five against the edge wins. Sources:
	// gomocup.org/results/gomocup-result-2023/ ("standard caro rule") and
	// Piskvork, the Gomocup manager, source/game.cpp (rule 9 "standard Caro":
	// exactly five, and a five with an opponent's stone at each end does not
	// count; the border cells are not stones).
	Caro
)

// Rules lists every rule set.
var Rules = [...]Rule{Freestyle, Standard, Renju, Caro}

func (r Rule) String() string {
	switch r {
	case Freestyle:
		return "freestyle"
	case Standard:
		return "standard"
	case Renju:
		return "renju"
	case Caro:
		return "caro"
	}
	return fmt.Sprintf("Rule(%d)", uint8(r))
}

// ParseRule reads a rule name ("freestyle", "standard", "renju", "caro";
// case-insensitive; "exact5" and "gomoku" are accepted for standard). String
// writes the first of each, the names the wire uses.
func ParseRule(s string) (Rule, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "freestyle", "free":
		return Freestyle, nil
	case "standard", "exact5", "exact-five", "gomoku":
		return Standard, nil
	case "renju":
		return Renju, nil
	case "caro":
		return Caro, nil
	}
	return 0, fmt.Errorf("%w: %q", ErrBadRule, s)
}

// Valid reports whether r is one of the defined rule sets.
func (r Rule) Valid() bool { return r <= Caro }

// exact reports whether side c needs exactly five (an overline does not win).
func (r Rule) exact(c Color) bool {
	switch r {
	case Standard, Caro:
		return true
	case Renju:
		return c == Black
	}
	return false
}

// Forbidden is the kind of a renju forbidden move.
type Forbidden uint8

const (
	NotForbidden Forbidden = iota
	DoubleThree
	DoubleFour
	Overline
)

func (f Forbidden) String() string {
	switch f {
	case NotForbidden:
		return "not-forbidden"
	case DoubleThree:
		return "double-three"
	case DoubleFour:
		return "double-four"
	case Overline:
		return "overline"
	}
	return fmt.Sprintf("Forbidden(%d)", uint8(f))
}
