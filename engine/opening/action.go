package opening

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gomokud/gomoku/engine"
)

// ActionKind is what a player does in the opening.
type ActionKind uint8

const (
	Place       ActionKind = iota // place the next stone at Point
	Swap                          // exchange colours
	Stay                          // decline a swap
	TakeBlack                     // swap2: the acting player plays black
	TakeWhite                     // swap2: the acting player plays white
	PlaceTwo                      // swap2: place two more stones (white, black), then the first player chooses
	Declare                       // Soosõrv: declare N fifth moves
	BranchPlace                   // Taraguchi: black will place one fifth move within 9x9 (swaps around it)
	BranchOffer                   // Taraguchi: black will offer ten fifth moves anywhere
	Offer                         // offer the fifth moves at Points
	Choose                        // choose the offered fifth move at Point
	numActionKinds
)

var actionNames = [numActionKinds]string{"place", "swap", "stay", "black", "white", "two", "declare",
	"branch-place", "branch-offer", "offer", "choose"}

func (k ActionKind) String() string {
	if k < numActionKinds {
		return actionNames[k]
	}
	return fmt.Sprintf("ActionKind(%d)", uint8(k))
}

// Action is one step of the opening. Only the fields of its kind are read:
// Point for Place and Choose, N for Declare, Points for Offer.
type Action struct {
	Kind   ActionKind
	Point  engine.Point
	N      int
	Points []engine.Point
}

// String writes the action's text form, which ParseAction reads: "place h8",
// "swap", "stay", "black", "white", "two", "declare 3", "branch-place",
// "branch-offer", "offer g7 j7 k9", "choose j7". It holds no comma.
func (a Action) String() string {
	switch a.Kind {
	case Place, Choose:
		return a.Kind.String() + " " + a.Point.String()
	case Declare:
		return "declare " + strconv.Itoa(a.N)
	case Offer:
		var sb strings.Builder
		sb.WriteString("offer")
		for _, p := range a.Points {
			sb.WriteByte(' ')
			sb.WriteString(p.String())
		}
		return sb.String()
	}
	return a.Kind.String()
}

// maxOfferText bounds the points an offer's text may hold, far above any
// rule's count, so that parsing is cheap whatever the input.
const maxOfferText = 32

// ParseAction reads an action's text form (see Action.String) on a board of
// the given size. Errors wrap ErrBadAction. It checks the syntax and that
// points are on the board, not the rule: Apply does that.
func ParseAction(s string, size int) (Action, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return Action{}, fmt.Errorf("%w: empty", ErrBadAction)
	}
	kind := numActionKinds
	for k, n := range actionNames {
		if strings.EqualFold(f[0], n) {
			kind = ActionKind(k)
		}
	}
	a := Action{Kind: kind}
	args := f[1:]
	var err error
	switch kind {
	case numActionKinds:
		return Action{}, fmt.Errorf("%w: unknown action %.20q", ErrBadAction, f[0])
	case Place, Choose:
		if len(args) != 1 {
			return Action{}, fmt.Errorf("%w: %s takes one point", ErrBadAction, kind)
		}
		a.Point, err = engine.ParsePoint(args[0], size)
	case Declare:
		if len(args) != 1 {
			return Action{}, fmt.Errorf("%w: declare takes one number", ErrBadAction)
		}
		a.N, err = strconv.Atoi(args[0])
		if err == nil && (a.N < 0 || a.N > maxOfferText) {
			err = fmt.Errorf("declare %d is out of range", a.N)
		}
	case Offer:
		a.Points, err = parsePoints(args, size)
	default:
		if len(args) != 0 {
			return Action{}, fmt.Errorf("%w: %s takes nothing", ErrBadAction, kind)
		}
	}
	if err != nil {
		return Action{}, fmt.Errorf("%w: %w", ErrBadAction, err)
	}
	return a, nil
}

func parsePoints(args []string, size int) ([]engine.Point, error) {
	if len(args) == 0 || len(args) > maxOfferText {
		return nil, fmt.Errorf("offer takes 1 to %d points, not %d", maxOfferText, len(args))
	}
	pts := make([]engine.Point, len(args))
	for i, s := range args {
		p, err := engine.ParsePoint(s, size)
		if err != nil {
			return nil, err
		}
		pts[i] = p
	}
	return pts, nil
}
