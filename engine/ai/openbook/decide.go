package openbook

import (
	"slices"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// place proposes the next stone. When the opponent decides next (a swap, a
// colour, a choice), the stone is the one among a few legal candidates
// that leaves the most balanced position: a swap then gains the opponent
// nothing. A stone the same player follows with another (swap2's first
// two) is only a natural one near the others, since its balance is judged
// with the last.
func (d *decider) place() opening.Action {
	pts := d.near(candidates)
	if len(pts) == 1 || !d.opponentDecidesAfter(pts[0]) {
		return opening.Action{Kind: opening.Place, Point: pts[0]}
	}
	// A stone a little apart weakens black: it makes room to level a
	// position the close stones leave lopsided.
	pts = append(pts[:min(len(pts), candidates-spread)], d.apart(spread, pts)...)
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

// spread is how many of the candidates of a balancing stone lie apart
// from the stones.
const spread = 3

// apart returns up to n points of the area three or four points from the
// stones, none of them in skip.
func (d *decider) apart(n int, skip []engine.Point) []engine.Point {
	var out []engine.Point
	for _, p := range d.near(d.s.Size() * d.s.Size()) {
		if k := dist(p, d.s.Stones()); k >= 3 && k <= 4 && !slices.Contains(skip, p) && len(out) < n {
			out = append(out, p)
		}
	}
	return out
}

// opponentDecidesAfter reports whether, after the stone p, the opponent acts
// or the bot declares the number of fifths (which the opponent may swap
// after): then p must leave a balanced position.
func (d *decider) opponentDecidesAfter(p engine.Point) bool {
	t := *d.s
	if err := t.Apply(t.ToMove(), opening.Action{Kind: opening.Place, Point: p}); err != nil {
		return true
	}
	return t.Done() || t.ToMove() != d.s.ToMove() || t.Phase() == opening.DeclareN
}

// swap takes the other colour when the search prefers it. After Soosõrv's
// declaration black's outlook is that of the N fifth moves black will
// offer, of which white takes the worst for black.
func (d *decider) swap() opening.Action {
	var v int
	if n := d.s.Declared(); n > 0 {
		v = offerValue(d.fifths(2*n), n)
	} else {
		v = d.blackScore(nil, d.share(1))
	}
	if d.mine() == engine.White {
		v = -v
	}
	if v < 0 {
		return opening.Action{Kind: opening.Swap}
	}
	return opening.Action{Kind: opening.Stay}
}

// swap2 is the second player's choice after three stones: the colour the
// search prefers, or, when it sees the position level (within what a short
// search can tell), two more stones that keep it level, leaving the choice
// to the other player.
func (d *decider) swap2() opening.Action {
	v := d.blackScore(nil, d.share(1))
	switch {
	case abs(v) <= levelScore:
		return opening.Action{Kind: opening.PlaceTwo}
	case v > 0:
		return opening.Action{Kind: opening.TakeBlack}
	}
	return opening.Action{Kind: opening.TakeWhite}
}

// levelScore is a score the bots call level.
const levelScore = 30

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

// offer gives the count fifth moves the chooser can make least of: white
// takes the offer best for white, so black offers the count best for black
// (by the search), no two symmetric, completed if need be by other points,
// those near the stones first.
func (d *decider) offer() opening.Action {
	n := d.s.OfferCount()
	var out []engine.Point
	for _, j := range d.fifths(2 * n) {
		if len(out) < n {
			out = d.addOffer(out, j.p)
		}
	}
	for _, p := range d.near(d.s.Size() * d.s.Size()) {
		if len(out) >= n {
			break
		}
		out = d.addOffer(out, p)
	}
	return opening.Action{Kind: opening.Offer, Points: out}
}

// addOffer appends p to the offers out unless it repeats one or is
// symmetric to one.
func (d *decider) addOffer(out []engine.Point, p engine.Point) []engine.Point {
	stones := d.s.Stones()
	for _, q := range out {
		if q == p || opening.SymmetricMoves(d.s.Size(), stones, p, q) {
			return out
		}
	}
	return append(out, p)
}

// scored is a candidate fifth move and black's score after it.
type scored struct {
	p engine.Point
	v int
}

// fifths judges at least minPool candidate fifth moves for black, or n,
// the best for black first: the search's own choice of a fifth, then
// points near the stones.
func (d *decider) fifths(n int) []scored {
	n = max(n, minPool)
	each := d.share(n + 1)
	_, best := d.judge(nil, each)
	pool := d.near(n)
	if best != engine.NoPoint && !slices.Contains(pool, best) {
		pool = append([]engine.Point{best}, pool[:len(pool)-1]...)
	}
	var judged []scored
	for _, p := range pool {
		if d.ctx.Err() != nil {
			break
		}
		judged = append(judged, scored{p, d.blackScore([]engine.Point{p}, each)})
	}
	slices.SortStableFunc(judged, func(a, b scored) int { return b.v - a.v })
	return judged
}

// minPool is the fewest fifth moves judged for an offer.
const minPool = 10

// offerValue is black's outlook when k fifth moves are offered from the
// judged candidates: white takes the worst of the k best, about the k-th.
func offerValue(judged []scored, k int) int {
	if len(judged) == 0 {
		return 0
	}
	return judged[min(k, len(judged))-1].v
}

// declare picks the number of fifth moves (Soosõrv, by white after the 4th)
// that leaves black's outlook nearest level: the other player may swap
// next, so a lopsided number would only hand them the better side.
func (d *decider) declare() opening.Action {
	judged := d.fifths(2 * maxDeclare)
	best, bestAbs := 1, -1
	for k := 1; k <= maxDeclare; k++ {
		if v := abs(offerValue(judged, k)); bestAbs < 0 || v < bestAbs {
			best, bestAbs = k, v
		}
	}
	return opening.Action{Kind: opening.Declare, N: best}
}

// maxDeclare is Soosõrv-8's largest N.
const maxDeclare = 8

// branch is Taraguchi-10's choice for black after the 4th: ten offered
// fifths when the tenth best of them still favours black; else one fifth in
// the 9x9, which the other player may swap after and so comes out level.
func (d *decider) branch() opening.Action {
	if offerValue(d.fifths(2*opening.TaraguchiOffers), opening.TaraguchiOffers) > 0 {
		return opening.Action{Kind: opening.BranchOffer}
	}
	return opening.Action{Kind: opening.BranchPlace}
}

// near returns up to n empty points of the phase's area (or, for a choice
// of fifths, of the whole board): those within two points of a stone (or
// of the centre) first, then those within four, then the rest, each group
// in a random order fixed by the seed.
func (d *decider) near(n int) []engine.Point {
	area, ok := d.s.Area()
	if !ok {
		area = opening.Area{Max: engine.Point{X: d.s.Size() - 1, Y: d.s.Size() - 1}}
	}
	stones := d.s.Stones()
	anchors := stones
	if len(anchors) == 0 {
		c := d.s.Size() / 2
		anchors = []engine.Point{{X: c, Y: c}}
	}
	var groups [3][]engine.Point
	for y := area.Min.Y; y <= area.Max.Y; y++ {
		for x := area.Min.X; x <= area.Max.X; x++ {
			p := engine.Point{X: x, Y: y}
			switch k := dist(p, anchors); {
			case slices.Contains(stones, p):
			case k <= 2:
				groups[0] = append(groups[0], p)
			case k <= 4:
				groups[1] = append(groups[1], p)
			default:
				groups[2] = append(groups[2], p)
			}
		}
	}
	var all []engine.Point
	for _, g := range groups {
		d.rng.Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
		all = append(all, g...)
	}
	return all[:min(n, len(all))]
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
