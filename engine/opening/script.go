package opening

import "github.com/gomokud/gomoku/engine"

// step is one decision of an opening rule's script: the phase, which
// colour's holder acts, and for a stone the area (radius r of the centred
// square, 2r+1 points a side; whole means the whole board). next is the step
// that follows (end: the opening is over); the branching actions (swap2's
// choices, Taraguchi's branch) override it in Apply.
type step struct {
	phase Phase
	actor engine.Color
	r     int
	next  int
}

const (
	whole = -1 // step.r: the whole board
	end   = -1 // step.next: the opening is over
)

// Each script follows its published text line by line.
var scripts = [...][]step{
	None: nil,
	// Swap2. The first player puts three stones (black, white, black)
	// anywhere. The second player then plays black (TakeBlack), or plays
	// white and places the 4th (TakeWhite: the 4th is then white's first
	// normal move), or places two more stones, white then black (PlaceTwo),
	// after which the first player chooses the colour.
	Swap2: {
		{PlaceStone, engine.Black, whole, 1},
		{PlaceStone, engine.Black, whole, 2},
		{PlaceStone, engine.Black, whole, 3},
		{Swap2Choice, engine.White, 0, 4}, // TakeBlack and TakeWhite end the opening
		{PlaceStone, engine.White, whole, 5},
		{PlaceStone, engine.White, whole, 6},
		{ColorChoice, engine.Black, 0, end},
	},
	// Soosõrv-8. The first player puts one of the 26 openings: the 1st stone
	// at the centre, the 2nd in the central 3x3 (adjacent to the 1st), the
	// 3rd in the central 5x5. The other player may swap. White puts the 4th
	// anywhere and declares N, 1 to 8. The other player may swap. Black
	// offers N fifth moves, no two symmetric. White chooses one (and plays
	// the 6th as the first normal move).
	Soosorv8: {
		{PlaceStone, engine.Black, 0, 1},
		{PlaceStone, engine.Black, 1, 2},
		{PlaceStone, engine.Black, 2, 3},
		{SwapChoice, engine.White, 0, 4},
		{PlaceStone, engine.White, whole, 5},
		{DeclareN, engine.White, 0, 6},
		{SwapChoice, engine.Black, 0, 7},
		{OfferFifths, engine.Black, whole, 8},
		{ChooseFifth, engine.White, 0, end},
	},
	// Taraguchi-10. Black puts the 1st at the centre; the other player may
	// swap; white puts the 2nd within 3x3; swap; black the 3rd within 5x5;
	// swap; white the 4th within 7x7. Then black chooses (BranchChoice):
	// choice 1, "the other player may swap", black puts the 5th within 9x9,
	// the other player may swap, white plays the 6th; or choice 2, black
	// offers ten fifth moves anywhere, no two symmetric, and white chooses
	// one (and plays the 6th). The issue that asked for this rule leaves out
	// choice 1's swap before the 5th; the published text has it, and so has
	// this script (step 8): the player holding black after the 4th may hand
	// the 5th to the other player.
	Taraguchi10: {
		{PlaceStone, engine.Black, 0, 1},
		{SwapChoice, engine.White, 0, 2},
		{PlaceStone, engine.White, 1, 3},
		{SwapChoice, engine.Black, 0, 4},
		{PlaceStone, engine.Black, 2, 5},
		{SwapChoice, engine.White, 0, 6},
		{PlaceStone, engine.White, 3, 7},
		{BranchChoice, engine.Black, 0, 8}, // BranchOffer goes to step 11
		{SwapChoice, engine.Black, 0, 9},
		{PlaceStone, engine.Black, 4, 10},
		{SwapChoice, engine.White, 0, end},
		{OfferFifths, engine.Black, whole, 12},
		{ChooseFifth, engine.White, 0, end},
	},
}

// taraguchiOfferStep is where BranchOffer leads.
const taraguchiOfferStep = 11

// The rules' numbers.
const (
	MaxDeclared     = 8  // Soosõrv-8: N is 1 to 8
	TaraguchiOffers = 10 // Taraguchi-10: ten fifth moves offered
)
