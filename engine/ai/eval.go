package ai

// The static evaluation is linear: every empty point adds, for each side,
// the weights of its four line patterns and of its category, one set of
// weights when the side is the one to move and another when it is the
// opponent. Weights are in tenths of a point of evaluation.
//
// A pattern's weight is the worth of the shape the side already has on
// that line, spread over the points that show it: a point where a stone
// makes a straight four shows an open three (worth about 364 points, shown
// on two points), a point that makes any other four shows a three (99,
// on about two), an open three's point an open two (99, on about three),
// and so on down to single stones. The mover's and the opponent's weights
// are equal and there is no tempo: the classical searcher averages the
// evaluation over two plies instead (smoothEval), and its margins
// (classicMargin) are in these units. TestTexel fits weights to game
// results.
var (
	evalPat = [2][numPats]int32{
		{0, 0, 0, 20, 50, 100, 330, 500, 1820, 1820, 0, 3640},
		{0, 0, 0, 20, 50, 100, 330, 500, 1820, 1820, 0, 3640},
	}
	evalCat = [2][numCats]int32{}
	// evalTempo is the side to move's bonus, in points.
	evalTempo = 0
)
