package server

import (
	"math"
	"testing"
)

func TestRateGame(t *testing.T) {
	d := DefaultRating
	tests := []struct {
		winner           string
		blackUp, whiteUp bool
	}{
		{"black", true, false},
		{"white", false, true},
	}
	for _, tt := range tests {
		b, w := RateGame(d, d, tt.winner)
		if (b.Rating > d.Rating) != tt.blackUp || (w.Rating > d.Rating) != tt.whiteUp {
			t.Errorf("%s wins: black %.2f, white %.2f", tt.winner, b.Rating, w.Rating)
		}
		if math.Abs(b.Rating-d.Rating+w.Rating-d.Rating) > 1e-9 || b.RD >= d.RD || w.RD >= d.RD {
			t.Errorf("%s wins: %+v %+v not symmetric or RD not shrinking", tt.winner, b, w)
		}
	}
	b, w := RateGame(d, d, "")
	if math.Abs(b.Rating-d.Rating) > 1e-9 || math.Abs(w.Rating-d.Rating) > 1e-9 {
		t.Errorf("draw between equals moved ratings: %+v %+v", b, w)
	}
	// The paper's first opponent: a 1500/200 player beating 1400/30 gains.
	strong := Rating{Rating: 1400, RD: 30, Volatility: 0.06}
	nb, nw := RateGame(Rating{Rating: 1500, RD: 200, Volatility: 0.06}, strong, "black")
	if nb.Rating <= 1500 || nw.Rating >= 1400 || 1500-nb.Rating > 0 {
		t.Errorf("1500 beats 1400: %+v %+v", nb, nw)
	}
}

func TestCounts(t *testing.T) {
	for _, tt := range []struct {
		winner, side string
		w, l, d      int
	}{
		{"black", "black", 1, 0, 0}, {"black", "white", 0, 1, 0},
		{"white", "white", 1, 0, 0}, {"white", "black", 0, 1, 0},
		{"", "black", 0, 0, 1}, {"", "white", 0, 0, 1},
	} {
		if w, l, d := Counts(tt.winner, tt.side); w != tt.w || l != tt.l || d != tt.d {
			t.Errorf("Counts(%q, %q) = %d %d %d", tt.winner, tt.side, w, l, d)
		}
	}
}
