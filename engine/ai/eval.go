package ai

// The static evaluation is linear: every empty point adds, for each side,
// the weights of its four line patterns and of its category, one set of
// weights when the side is the one to move (its threats come first) and
// another when it is the opponent. Weights are in tenths of a point of
// evaluation, so the opponent's can be nine tenths of the mover's without
// rounding. TestTexel fits them to game results.
var (
	evalPat = [2][numPats]int32{
		{0, 10, 30, 60, 160, 200, 600, 700, 3000, 3000, 0, 20000},
		{0, 9, 27, 54, 144, 180, 540, 630, 2700, 2700, 0, 18000},
	}
	evalCat = [2][numCats]int32{
		{0, 0, 0, 2000, 0, 4000, 8000, 40000},
		{0, 0, 0, 1800, 0, 3600, 7200, 36000},
	}
	// evalTempo is the side to move's bonus, in points.
	evalTempo = 20
)
