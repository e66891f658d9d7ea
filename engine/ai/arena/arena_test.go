package arena

import (
	"context"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
)

func TestElo(t *testing.T) {
	s, e, lo, hi := Elo(5, 0, 5)
	if s != 0.5 || math.Abs(e) > 1e-9 || lo >= 0 || hi <= 0 {
		t.Errorf("even score: %v %v %v %v", s, e, lo, hi)
	}
	// 76% is +200 Elo.
	if _, e, _, _ := Elo(76, 0, 24); math.Abs(e-200) > 2 {
		t.Errorf("76%%: %v, want about +200", e)
	}
	s, _, lo, _ = Elo(20, 0, 0)
	if s != 1 || lo <= 0 || math.IsInf(lo, 0) {
		t.Errorf("perfect score: lower bound %v", lo)
	}
}

// TestSession: a Max side keeps one session for the match, as a server bot
// worker does, unless fresh; the other levels search with a fresh table.
func TestSession(t *testing.T) {
	for _, tc := range []struct {
		level ai.Level
		fresh bool
		want  bool
	}{{ai.Max, false, true}, {ai.Max, true, false}, {ai.Hard, false, false}, {ai.Easy, false, false}} {
		if got := session(tc.level, tc.fresh) != nil; got != tc.want {
			t.Errorf("%v fresh %v: session %v, want %v", tc.level, tc.fresh, got, tc.want)
		}
	}
}

// TestSmokeMatch plays one opening both ways, medium against easy, quickly:
// the games must end properly with no errors.
func TestSmokeMatch(t *testing.T) {
	res, err := Run(context.Background(), Config{Rule: engine.Renju, A: ai.Medium, B: ai.Easy,
		Pairs: 1, MoveTime: 30 * time.Millisecond, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 2 || res.Errors != 0 {
		t.Fatalf("games %d errors %d: %+v", len(res.Games), res.Errors, res.Games)
	}
	if res.Games[0].Opening[0] != res.Games[1].Opening[0] || res.Games[0].ABlack == res.Games[1].ABlack {
		t.Fatalf("the opening was not replayed with colours swapped")
	}
	if n := res.Pairs[0] + res.Pairs[1] + res.Pairs[2] + res.Pairs[3] + res.Pairs[4]; n != 1 {
		t.Errorf("pairs %v: want the one opening", res.Pairs)
	}
	t.Log(res.String())
}

// TestResultPairs: a match's games are scored by openings from A's side,
// a game with no partner (a match stopped mid-pair) left out.
func TestResultPairs(t *testing.T) {
	g := func(index int, aBlack bool, winner engine.Color) Game {
		return Game{Index: index, ABlack: aBlack, Winner: winner}
	}
	var r Result
	for _, game := range []Game{
		g(0, true, engine.Black), g(1, false, engine.Black), // black won both: 1-1
		g(2, true, engine.Black), g(3, false, engine.White), // A won both
		g(4, true, engine.Empty), g(5, false, engine.Black), // a draw and a loss
		g(6, true, engine.White), // stopped before its partner
	} {
		r.add(game)
	}
	r = r.finish()
	if want := [5]int{0, 1, 1, 0, 1}; r.Pairs != want {
		t.Errorf("pairs %v, want %v", r.Pairs, want)
	}
	if _, e, lo, hi := PairElo(r.Pairs); e != r.PairEloDiff || lo != r.PairEloLow || hi != r.PairEloHigh {
		t.Errorf("pair Elo %v %v %v, want PairElo's %v %v %v", r.PairEloDiff, r.PairEloLow, r.PairEloHigh, e, lo, hi)
	}
	if !strings.Contains(r.String(), "by pairs (3 openings") {
		t.Errorf("summary lacks the pairs:\n%s", r.String())
	}
}

// TestLevelsOrdered plays every level against the one below it. It is slow:
// set GOMOKU_AI_MATCH=<pairs per rule> to run it.
func TestLevelsOrdered(t *testing.T) {
	pairs, _ := strconv.Atoi(os.Getenv("GOMOKU_AI_MATCH"))
	if pairs <= 0 || testing.Short() {
		t.Skip("set GOMOKU_AI_MATCH=<openings> to play the level matches")
	}
	levels := ai.Levels()
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
		for i := 1; i < len(levels); i++ {
			res, err := Run(context.Background(), Config{Rule: rule, A: levels[i], B: levels[i-1],
				Pairs: pairs, MoveTime: 200 * time.Millisecond, Seed: int64(i)})
			if err != nil {
				t.Fatal(err)
			}
			t.Log(res.String())
			if res.Errors > 0 || res.ScoreFraction < 0.6 {
				t.Errorf("%v does not clearly beat %v under %v", levels[i], levels[i-1], rule)
			}
		}
	}
}

// TestPairElo: the pairs' score is the games' score, and the interval
// follows the pairs' spread: pairs all split 1-1 give none, and pairs
// split between won and lost both give a wider one than the same games
// scored one by one.
func TestPairElo(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pairs [5]int
		score float64
		wider bool // wider than Elo of the same games
	}{
		{"every opening split", [5]int{0, 0, 10, 0, 0}, 0.5, false},
		{"split, one won both", [5]int{0, 0, 9, 0, 1}, 0.55, false},
		{"won or lost both", [5]int{5, 0, 0, 0, 5}, 0.5, true},
		{"mostly split, some won", [5]int{0, 0, 30, 0, 10}, 0.625, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, e, lo, hi := PairElo(tc.pairs)
			if math.Abs(s-tc.score) > 1e-9 {
				t.Fatalf("score %v, want %v", s, tc.score)
			}
			w, d, l := gamesOf(tc.pairs)
			gs, ge, glo, ghi := Elo(w, d, l)
			if math.Abs(gs-s) > 1e-9 || math.Abs(ge-e) > 1e-9 {
				t.Errorf("pairs %v %+.1f, games %v %+.1f: not the same score", s, e, gs, ge)
			}
			if lo > e || hi < e {
				t.Errorf("interval %+.1f .. %+.1f misses %+.1f", lo, hi, e)
			}
			if got := hi-lo > ghi-glo; got != tc.wider {
				t.Errorf("width %.1f against the games' %.1f: wider %v, want %v", hi-lo, ghi-glo, got, tc.wider)
			}
		})
	}
	if s, e, lo, hi := PairElo([5]int{}); s != 0 || e != 0 || lo != 0 || hi != 0 {
		t.Errorf("no pairs: %v %v %v %v", s, e, lo, hi)
	}
	// Pairs all alike leave no spread: the games' interval stands in.
	for _, pairs := range [][5]int{{0, 0, 10, 0, 0}, {0, 0, 0, 0, 10}} {
		w, d, l := gamesOf(pairs)
		_, _, glo, ghi := Elo(w, d, l)
		if _, _, lo, hi := PairElo(pairs); lo != glo || hi != ghi {
			t.Errorf("pairs %v all alike: interval %+.1f .. %+.1f, want the games' %+.1f .. %+.1f", pairs, lo, hi, glo, ghi)
		}
	}
	if _, e, lo, hi := PairElo([5]int{0, 0, 0, 0, 1}); lo >= 0 || hi != e {
		t.Errorf("one pair won: Elo %+.1f (%+.1f .. %+.1f), want the widest interval", e, lo, hi)
	}
}
