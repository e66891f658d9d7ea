package gomoku

import (
	"math"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

func TestRateGame(t *testing.T) {
	d := DefaultRating
	tests := []struct {
		winner           engine.Color
		blackUp, whiteUp bool
	}{
		{engine.Black, true, false},
		{engine.White, false, true},
	}
	for _, tt := range tests {
		b, w := RateGame(d, d, tt.winner)
		if (b.Rating > d.Rating) != tt.blackUp || (w.Rating > d.Rating) != tt.whiteUp {
			t.Errorf("%v wins: black %.2f, white %.2f", tt.winner, b.Rating, w.Rating)
		}
		if math.Abs(b.Rating-d.Rating+w.Rating-d.Rating) > 1e-9 || b.RD >= d.RD || w.RD >= d.RD {
			t.Errorf("%v wins: %+v %+v not symmetric or RD not shrinking", tt.winner, b, w)
		}
	}
	b, w := RateGame(d, d, engine.Empty)
	if math.Abs(b.Rating-d.Rating) > 1e-9 || math.Abs(w.Rating-d.Rating) > 1e-9 {
		t.Errorf("draw between equals moved ratings: %+v %+v", b, w)
	}
	// The paper's first opponent: a 1500/200 player beating 1400/30 gains.
	strong := Rating{Rating: 1400, RD: 30, Volatility: 0.06}
	nb, nw := RateGame(Rating{Rating: 1500, RD: 200, Volatility: 0.06}, strong, engine.Black)
	if nb.Rating <= 1500 || nw.Rating >= 1400 || 1500-nb.Rating > 0 {
		t.Errorf("1500 beats 1400: %+v %+v", nb, nw)
	}
}

func TestCounts(t *testing.T) {
	b, w, e := engine.Black, engine.White, engine.Empty
	for _, tt := range []struct {
		winner, side engine.Color
		w, l, d      int
	}{
		{b, b, 1, 0, 0}, {b, w, 0, 1, 0},
		{w, w, 1, 0, 0}, {w, b, 0, 1, 0},
		{e, b, 0, 0, 1}, {e, w, 0, 0, 1},
	} {
		if w, l, d := Counts(tt.winner, tt.side); w != tt.w || l != tt.l || d != tt.d {
			t.Errorf("Counts(%v, %v) = %d %d %d", tt.winner, tt.side, w, l, d)
		}
	}
}

// TestDecide is the statistics rule as a table: what counts, what rates.
func TestDecide(t *testing.T) {
	for _, tt := range []struct {
		reason             engine.Reason
		plies              int
		unrated, uncounted bool
	}{
		{engine.ReasonFive, 9, false, false},
		{engine.ReasonResign, 2, false, false},
		{engine.ReasonResign, 1, true, false},
		{engine.ReasonTimeout, 0, true, false},
		{engine.ReasonAbandon, 1, true, false},
		{engine.ReasonAborted, 1, true, true},
		{engine.ReasonAborted, 40, true, true},
		{engine.ReasonAgreement, 12, false, false},
	} {
		r := Decide(engine.Black, tt.reason, tt.plies, t0)
		if r.Unrated != tt.unrated || r.Uncounted != tt.uncounted || r.Reason != tt.reason {
			t.Errorf("Decide(%v after %d plies) = %+v", tt.reason, tt.plies, r)
		}
	}
}
