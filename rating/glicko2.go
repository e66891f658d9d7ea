// Package rating implements the Glicko-2 rating system as described in Mark
// E. Glickman, "Example of the Glicko-2 system" (2013). Ratings are kept on
// the familiar Glicko scale (1500 / 350); the conversion to the internal
// Glicko-2 scale happens inside Update.
package rating

import (
	"math"
)

// Defaults from Glickman's paper.
const (
	DefaultRating     = 1500.0
	DefaultRD         = 350.0
	DefaultVolatility = 0.06
	// DefaultTau constrains volatility changes; the paper suggests 0.3-1.2.
	DefaultTau = 0.5

	scale       = 173.7178 // Glicko -> Glicko-2 scale factor
	convergence = 0.000001 // epsilon of the volatility iteration (paper: 0.000001)
	maxIter     = 100      // safety bound on the volatility iteration
	minRD       = 30.0     // floor so a rating can always still move
	maxRD       = DefaultRD
)

// Rating is a player's rating on the Glicko scale.
type Rating struct {
	Rating     float64
	RD         float64
	Volatility float64
}

// Default returns a new player's rating.
func Default() Rating {
	return Rating{Rating: DefaultRating, RD: DefaultRD, Volatility: DefaultVolatility}
}

// Score is a game result from the rated player's point of view.
type Score float64

// Scores.
const (
	Loss Score = 0
	Draw Score = 0.5
	Win  Score = 1
)

// Result is one game of the rating period against Opponent.
type Result struct {
	Opponent Rating
	Score    Score
}

// System holds the system constant tau. The zero value uses DefaultTau.
type System struct {
	Tau float64
}

func (s System) tau() float64 {
	if s.Tau <= 0 {
		return DefaultTau
	}
	return s.Tau
}

// Update returns p's rating after a rating period with the given games
// (steps 1-8 of the paper). With no games only the RD grows (step 6). The
// result's RD is clamped to [30, 350] (Glickman's paper does not clamp; the
// floor keeps established ratings responsive, the ceiling keeps inactive
// players at a new player's uncertainty). Invalid inputs (non-positive RD or
// volatility, NaN) are replaced by the defaults rather than propagating NaN.
func (s System) Update(p Rating, games []Result) Rating {
	p = sanitize(p)
	mu := (p.Rating - DefaultRating) / scale
	phi := p.RD / scale
	if len(games) == 0 {
		phiStar := math.Sqrt(phi*phi + p.Volatility*p.Volatility)
		return Rating{Rating: p.Rating, RD: clampRD(phiStar * scale), Volatility: p.Volatility}
	}
	var vInv, sum float64
	for _, g := range games {
		o := sanitize(g.Opponent)
		muJ := (o.Rating - DefaultRating) / scale
		gJ := gPhi(o.RD / scale)
		e := expected(mu, muJ, gJ)
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (float64(g.Score) - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma := s.volatility(phi, v, delta, p.Volatility)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{
		Rating:     muNew*scale + DefaultRating,
		RD:         clampRD(phiNew * scale),
		Volatility: sigma,
	}
}

// Game rates one game between a and b as a rating period of its own for
// each, both updated from the ratings they had before the game. scoreA is a's
// result (Win, Draw, Loss); b's is the complement.
func (s System) Game(a, b Rating, scoreA Score) (newA, newB Rating) {
	newA = s.Update(a, []Result{{Opponent: b, Score: scoreA}})
	newB = s.Update(b, []Result{{Opponent: a, Score: 1 - scoreA}})
	return newA, newB
}

// Game is System{}.Game: one game with the default tau.
func Game(a, b Rating, scoreA Score) (newA, newB Rating) {
	return System{}.Game(a, b, scoreA)
}

// Expected returns a's expected score against b (0..1).
func Expected(a, b Rating) float64 {
	a, b = sanitize(a), sanitize(b)
	return expected((a.Rating-DefaultRating)/scale, (b.Rating-DefaultRating)/scale, gPhi(b.RD/scale))
}

func gPhi(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

func expected(mu, muJ, gJ float64) float64 {
	return 1 / (1 + math.Exp(-gJ*(mu-muJ)))
}

// volatility is step 5 of the paper: the Illinois algorithm on f(x).
func (s System) volatility(phi, v, delta, sigma float64) float64 {
	tau := s.tau()
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 && k < maxIter {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > convergence && i < maxIter; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

func sanitize(p Rating) Rating {
	if math.IsNaN(p.Rating) || math.IsInf(p.Rating, 0) {
		p.Rating = DefaultRating
	}
	if !(p.RD > 0) || math.IsInf(p.RD, 0) {
		p.RD = DefaultRD
	}
	if !(p.Volatility > 0) || math.IsInf(p.Volatility, 0) {
		p.Volatility = DefaultVolatility
	}
	return p
}

func clampRD(rd float64) float64 {
	return math.Max(minRD, math.Min(maxRD, rd))
}
