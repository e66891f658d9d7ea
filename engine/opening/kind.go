package opening

import (
	"fmt"
	"strings"

	"github.com/gomokud/gomoku/engine"
)

// Kind is an opening rule.
type Kind uint8

// The opening rules; see the package doc for their sources.
const (
	None        Kind = iota // no opening: black plays the first move
	Swap2                   // freestyle, standard and caro
	Soosorv8                // renju, 15x15
	Taraguchi10             // renju, 15x15
)

// Kinds lists every opening rule.
var Kinds = [...]Kind{None, Swap2, Soosorv8, Taraguchi10}

var kindNames = [...]string{"none", "swap2", "soosorv-8", "taraguchi-10"}

// String returns the rule's name: "none", "swap2", "soosorv-8", "taraguchi-10".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// ParseKind reads a rule name as String writes it (case-insensitive;
// "soosõrv-8" and "soosyrv-8" are read as soosorv-8, and an empty name as
// none). Anything else is ErrUnsupported.
func ParseKind(s string) (Kind, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "", "none":
		return None, nil
	case "soosõrv-8", "soosyrv-8":
		return Soosorv8, nil
	}
	for i, n := range kindNames {
		if t == n {
			return Kind(i), nil
		}
	}
	return None, fmt.Errorf("%w: unknown opening rule %q", ErrUnsupported, s)
}

// RenjuSize is the one board size of the renju openings.
const RenjuSize = 15

// Supports reports whether opening k can be played under rule r on a board
// of the given size: nil, or an error wrapping ErrUnsupported. None goes with
// everything; swap2 with freestyle, standard and caro on any size; the renju
// openings with renju on 15x15 only.
func (k Kind) Supports(r engine.Rule, size int) error {
	if err := engine.CheckSize(size); err != nil {
		return fmt.Errorf("%w: %w", ErrUnsupported, err)
	}
	if !r.Valid() {
		return fmt.Errorf("%w: %w: %d", ErrUnsupported, engine.ErrBadRule, r)
	}
	switch k {
	case None:
		return nil
	case Swap2:
		if r != engine.Renju {
			return nil
		}
		return fmt.Errorf("%w: swap2 is for freestyle, standard and caro, not %s", ErrUnsupported, r)
	case Soosorv8, Taraguchi10:
		if r == engine.Renju && size == RenjuSize {
			return nil
		}
		return fmt.Errorf("%w: %s is played under renju on 15x15, not %s on %dx%d", ErrUnsupported, k, r, size, size)
	}
	return fmt.Errorf("%w: unknown opening rule %d", ErrUnsupported, k)
}

// Player is one of the two players, named by their part in the opening.
type Player uint8

const (
	First  Player = iota // opens the game: the tentative black
	Second               // the other player
)

// Other returns the other player.
func (p Player) Other() Player { return 1 - p }

func (p Player) String() string {
	switch p {
	case First:
		return "first"
	case Second:
		return "second"
	}
	return fmt.Sprintf("Player(%d)", uint8(p))
}

// Phase is the kind of decision the opening waits for.
type Phase uint8

const (
	Done         Phase = iota // the opening is over: normal play in the game
	PlaceStone                // place the next stone (its colour alternates) within Area
	SwapChoice                // swap colours or not (Swap, Stay)
	Swap2Choice               // swap2's second player: TakeBlack, TakeWhite or PlaceTwo
	ColorChoice               // swap2's first player after two more stones: TakeBlack or TakeWhite
	DeclareN                  // Soosõrv: declare how many fifth moves will be offered (Declare)
	BranchChoice              // Taraguchi after the 4th: one fifth in 9x9 or ten offered
	OfferFifths               // offer the fifth moves, all at once (Offer)
	ChooseFifth               // choose one of the offered fifth moves (Choose)
)

var phaseNames = [...]string{"done", "place", "swap", "swap2-choice", "color-choice", "declare",
	"branch", "offer", "choose"}

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// allowed lists the action kinds each phase takes.
var allowed = [...][]ActionKind{
	Done:         nil,
	PlaceStone:   {Place},
	SwapChoice:   {Swap, Stay},
	Swap2Choice:  {TakeBlack, TakeWhite, PlaceTwo},
	ColorChoice:  {TakeBlack, TakeWhite},
	DeclareN:     {Declare},
	BranchChoice: {BranchPlace, BranchOffer},
	OfferFifths:  {Offer},
	ChooseFifth:  {Choose},
}

// Allowed returns the action kinds phase p takes; none for Done.
func (p Phase) Allowed() []ActionKind {
	if int(p) < len(allowed) {
		return append([]ActionKind(nil), allowed[p]...)
	}
	return nil
}
