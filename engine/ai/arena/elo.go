package arena

import "math"

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.96

// Elo returns the score fraction and the Elo difference it implies, with a
// 95% Wilson confidence interval (draws count half), so that even a
// perfect score gives a finite lower bound.
func Elo(w, d, l int) (score, elo, low, high float64) {
	n := float64(w + d + l)
	if n == 0 {
		return 0, 0, 0, 0
	}
	score = (float64(w) + float64(d)/2) / n
	const z = z95
	centre := (score + z*z/(2*n)) / (1 + z*z/n)
	half := z * math.Sqrt(score*(1-score)/n+z*z/(4*n*n)) / (1 + z*z/n)
	return score, eloOf(score, n), eloOf(centre-half, n), eloOf(centre+half, n)
}

// PairElo is Elo for a match played in pairs, each opening once with each
// colour: pairs[k] counts the pairs where the side scored k half points
// (0, lost both, to 4, won both). The interval comes from the spread of
// the pairs' scores, as chess engine testing does it (the pentanomial
// model): an opening that one colour wins whoever plays it scores 1-1 and
// adds nothing to the spread, where Elo counts its two games as two
// independent results and so gives a wider interval than the games allow.
// The spread is the pairs' sample variance: one pair gives the widest
// interval there is. Pairs all alike leave no spread to measure (the model
// would say the interval has no width), so there the games' own interval
// (Elo's) stands in.
func PairElo(pairs [5]int) (score, elo, low, high float64) {
	n := 0
	sum := 0.0
	for k, c := range pairs {
		n += c
		sum += float64(c*k) / 4
	}
	if n == 0 {
		return 0, 0, 0, 0
	}
	score = sum / float64(n)
	variance := 0.0
	for k, c := range pairs {
		d := float64(k)/4 - score
		variance += float64(c) * d * d
	}
	games := float64(2 * n)
	if n < 2 {
		return score, eloOf(score, games), eloOf(0, games), eloOf(1, games)
	}
	if variance == 0 {
		w, d, l := gamesOf(pairs)
		return Elo(w, d, l)
	}
	half := z95 * math.Sqrt(variance/float64(n-1)/float64(n))
	return score, eloOf(score, games), eloOf(score-half, games), eloOf(score+half, games)
}

// eloOf converts a score fraction over n games to an Elo difference, the
// score kept half a game from 0 and 1 so that the result is finite.
func eloOf(s, n float64) float64 {
	s = math.Min(math.Max(s, 0.5/n), 1-0.5/n)
	return -400 * math.Log10(1/s-1)
}

// gamesOf counts the wins, draws and losses of pairs scored in half points
// (as PairElo's), a 1-1 pair as a win and a loss.
func gamesOf(pairs [5]int) (w, d, l int) {
	for k, c := range pairs {
		switch k {
		case 0:
			l += 2 * c
		case 1:
			d, l = d+c, l+c
		case 2:
			w, l = w+c, l+c
		case 3:
			w, d = w+c, d+c
		case 4:
			w += 2 * c
		}
	}
	return w, d, l
}
