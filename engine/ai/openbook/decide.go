package openbook

import (
	"slices"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// place proposes the stone that leaves the most balanced position among a
// few legal candidates: the opponent decides a swap or a colour after
// every stone the rules let a player place.
func (d *decider) place() opening.Action {
	pts := d.candidates(candidates)
	if len(pts) == 1 {
		return opening.Action{Kind: opening.Place, Point: pts[0]}
	}
	each := d.share(len(pts))
	best, bestAbs := pts[0], -1
	for _, p := range pts {
		if d.ctx.Err() != nil {
			break
		}
		v := abs(d.blackScore([]engine.Point{p}, each))
		if bestAbs < 0 || v < bestAbs {
			best, bestAbs = p, v
		}
	}
	return opening.Action{Kind: opening.Place, Point: best}
}

// swap takes the other colour when the search prefers it.
func (d *decider) swap() opening.Action {
	v := d.blackScore(nil, d.share(1))
	if d.mine() == engine.White {
		v = -v
	}
	if v < 0 {
		return opening.Action{Kind: opening.Swap}
	}
	return opening.Action{Kind: opening.Stay}
}

// swap2 is the second player's choice after three stones: the colour the
// search prefers, or two more stones when it sees them level.
func (d *decider) swap2() opening.Action {
	v := d.blackScore(nil, d.share(1))
	switch {
	case abs(v) <= levelScore && d.rng.IntN(2) == 0:
		return opening.Action{Kind: opening.PlaceTwo}
	case v > 0:
		return opening.Action{Kind: opening.TakeBlack}
	}
	return opening.Action{Kind: opening.TakeWhite}
}

// levelScore is a score the bots call level.
const levelScore = 60

// color is the first player's colour choice after five stones.
func (d *decider) color() opening.Action {
	if d.blackScore(nil, d.share(1)) > 0 {
		return opening.Action{Kind: opening.TakeBlack}
	}
	return opening.Action{Kind: opening.TakeWhite}
}

// choose takes the offered fifth move best for white.
func (d *decider) choose() opening.Action {
	offers := d.s.Offers()
	each := d.share(len(offers))
	best, bestV := offers[0], 0
	for i, p := range offers {
		if d.ctx.Err() != nil {
			break
		}
		v := -d.blackScore([]engine.Point{p}, each)
		if i == 0 || v > bestV {
			best, bestV = p, v
		}
	}
	return opening.Action{Kind: opening.Choose, Point: best}
}

// offer gives the count fifth moves least useful for black, no two
// symmetric: candidates judged by the search, the worst for black first,
// then the farthest from the stones to complete the set.
func (d *decider) offer() opening.Action {
	n := d.s.OfferCount()
	stones := d.s.Stones()
	pool := d.candidates(2 * n)
	each := d.share(len(pool))
	type scored struct {
		p engine.Point
		v int
	}
	var judged []scored
	for _, p := range pool {
		if d.ctx.Err() != nil {
			break
		}
		judged = append(judged, scored{p, d.blackScore([]engine.Point{p}, each)})
	}
	slices.SortStableFunc(judged, func(a, b scored) int { return a.v - b.v })
	var out []engine.Point
	add := func(p engine.Point) {
		for _, q := range out {
			if q == p || opening.SymmetricMoves(d.s.Size(), stones, p, q) {
				return
			}
		}
		out = append(out, p)
	}
	for _, j := range judged {
		if len(out) < n {
			add(j.p)
		}
	}
	for _, p := range d.far() {
		if len(out) >= n {
			break
		}
		add(p)
	}
	return opening.Action{Kind: opening.Offer, Points: out}
}

// candidates returns up to n distinct legal points for the next stone or
// offer: near the stones first (where the position is decided), in a
// random order fixed by the seed.
func (d *decider) candidates(n int) []engine.Point {
	area, _ := d.s.Area()
	var near, rest []engine.Point
	stones := d.s.Stones()
	for y := area.Min.Y; y <= area.Max.Y; y++ {
		for x := area.Min.X; x <= area.Max.X; x++ {
			p := engine.Point{X: x, Y: y}
			if slices.Contains(stones, p) {
				continue
			}
			if dist(p, stones) <= 2 {
				near = append(near, p)
			} else {
				rest = append(rest, p)
			}
		}
	}
	d.rng.Shuffle(len(near), func(i, j int) { near[i], near[j] = near[j], near[i] })
	d.rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	all := append(near, rest...)
	return all[:min(n, len(all))]
}

// far lists the empty points of the area, farthest from the stones first.
func (d *decider) far() []engine.Point {
	area, _ := d.s.Area()
	stones := d.s.Stones()
	var pts []engine.Point
	for y := area.Min.Y; y <= area.Max.Y; y++ {
		for x := area.Min.X; x <= area.Max.X; x++ {
			if p := (engine.Point{X: x, Y: y}); !slices.Contains(stones, p) {
				pts = append(pts, p)
			}
		}
	}
	slices.SortStableFunc(pts, func(a, b engine.Point) int { return dist(b, stones) - dist(a, stones) })
	return pts
}

// dist is the Chebyshev distance from p to the nearest stone (99 with none).
func dist(p engine.Point, stones []engine.Point) int {
	best := 99
	for _, s := range stones {
		best = min(best, max(abs(p.X-s.X), abs(p.Y-s.Y)))
	}
	return best
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
