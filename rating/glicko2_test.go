package rating

import (
	"math"
	"testing"
)

// TestPaperExample reproduces the worked example of Glickman's "Example of
// the Glicko-2 system": a 1500/200 player beats a 1400/30 player and loses to
// 1550/100 and 1700/300, with tau 0.5.
func TestPaperExample(t *testing.T) {
	p := Rating{Rating: 1500, RD: 200, Volatility: 0.06}
	games := []Result{
		{Opponent: Rating{Rating: 1400, RD: 30, Volatility: 0.06}, Score: Win},
		{Opponent: Rating{Rating: 1550, RD: 100, Volatility: 0.06}, Score: Loss},
		{Opponent: Rating{Rating: 1700, RD: 300, Volatility: 0.06}, Score: Loss},
	}
	got := System{Tau: 0.5}.Update(p, games)
	check := func(name string, got, want, tol float64) {
		t.Helper()
		if math.Abs(got-want) > tol {
			t.Errorf("%s = %.5f, want %.5f", name, got, want)
		}
	}
	check("rating", got.Rating, 1464.06, 0.01)
	check("RD", got.RD, 151.52, 0.01)
	check("volatility", got.Volatility, 0.05999, 0.00001)
}

func TestNoGamesGrowsRD(t *testing.T) {
	p := Rating{Rating: 1500, RD: 200, Volatility: 0.06}
	got := System{}.Update(p, nil)
	// phi* = sqrt(phi^2 + sigma^2) on the Glicko-2 scale.
	want := math.Sqrt(math.Pow(200/scale, 2)+0.06*0.06) * scale
	if got.Rating != 1500 || math.Abs(got.RD-want) > 1e-9 || got.Volatility != 0.06 {
		t.Fatalf("got %+v, want rating 1500 RD %.4f volatility 0.06", got, want)
	}
	if big := (System{}).Update(Default(), nil); big.RD != DefaultRD {
		t.Fatalf("RD of a new player grew to %.2f, want it capped at %v", big.RD, DefaultRD)
	}
}

func TestGame(t *testing.T) {
	tests := []struct {
		name       string
		score      Score
		aUp, bUp   bool
		sameChange bool
	}{
		{"a wins", Win, true, false, true},
		{"a loses", Loss, false, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := Default(), Default()
			na, nb := Game(a, b, tt.score)
			if (na.Rating > a.Rating) != tt.aUp || (nb.Rating > b.Rating) != tt.bUp {
				t.Fatalf("a %.2f -> %.2f, b %.2f -> %.2f", a.Rating, na.Rating, b.Rating, nb.Rating)
			}
			// Equal players: symmetric change.
			if math.Abs((na.Rating-a.Rating)+(nb.Rating-b.Rating)) > 1e-9 {
				t.Fatalf("asymmetric change: %+v %+v", na, nb)
			}
			if na.RD >= a.RD || nb.RD >= b.RD {
				t.Fatalf("RD did not shrink: %+v %+v", na, nb)
			}
		})
	}
	t.Run("draw between equals", func(t *testing.T) {
		na, nb := Game(Default(), Default(), Draw)
		if math.Abs(na.Rating-DefaultRating) > 1e-9 || math.Abs(nb.Rating-DefaultRating) > 1e-9 {
			t.Fatalf("draw between equals moved ratings: %+v %+v", na, nb)
		}
	})
	t.Run("upset gains more", func(t *testing.T) {
		weak := Rating{Rating: 1300, RD: 80, Volatility: 0.06}
		strong := Rating{Rating: 1900, RD: 80, Volatility: 0.06}
		upset, _ := Game(weak, strong, Win)
		expectedWin, _ := Game(strong, weak, Win)
		if upset.Rating-weak.Rating <= expectedWin.Rating-strong.Rating {
			t.Fatalf("upset gain %.2f not above expected gain %.2f",
				upset.Rating-weak.Rating, expectedWin.Rating-strong.Rating)
		}
	})
}

func TestInvalidInputsNoNaN(t *testing.T) {
	bad := Rating{Rating: math.NaN(), RD: 0, Volatility: -1}
	na, nb := Game(bad, Default(), Win)
	for _, p := range []Rating{na, nb} {
		if math.IsNaN(p.Rating) || math.IsNaN(p.RD) || math.IsNaN(p.Volatility) {
			t.Fatalf("NaN in %+v", p)
		}
	}
}

func TestExpected(t *testing.T) {
	if e := Expected(Default(), Default()); math.Abs(e-0.5) > 1e-12 {
		t.Fatalf("Expected between equals = %v", e)
	}
	strong := Rating{Rating: 1800, RD: 50, Volatility: 0.06}
	if e := Expected(strong, Default()); e <= 0.5 {
		t.Fatalf("Expected(strong, default) = %v, want > 0.5", e)
	}
}

func BenchmarkGame(b *testing.B) {
	a, o := Default(), Rating{Rating: 1600, RD: 120, Volatility: 0.06}
	for b.Loop() {
		Game(a, o, Win)
	}
}
