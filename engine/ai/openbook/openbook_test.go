package openbook

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/engine/opening"
)

// TestBotsFinishEveryOpening plays each opening rule bot against bot: every
// decision must be legal (Decide checks it) and the opening must end with
// a legal position.
func TestBotsFinishEveryOpening(t *testing.T) {
	rules := map[opening.Kind]engine.Rule{opening.Swap2: engine.Freestyle, opening.Soosorv8: engine.Renju,
		opening.Taraguchi10: engine.Renju}
	levels := []ai.Level{ai.Easy, ai.Medium}
	seeds := 6
	if testing.Short() {
		seeds = 3
	}
	for k, rule := range rules {
		for _, level := range levels {
			for seed := range seeds {
				s, err := opening.New(k, rule, 15)
				if err != nil {
					t.Fatal(err)
				}
				for step := 0; !s.Done(); step++ {
					if step > 20 {
						t.Fatalf("%s %s seed %d: not done after 20 actions: %v", k, level, seed, s.Actions())
					}
					a, err := Decide(context.Background(), Request{State: s, Level: level, Budget: 40 * time.Millisecond, Seed: int64(seed*31 + step)})
					if err != nil {
						t.Fatalf("%s %s seed %d: %v", k, level, seed, err)
					}
					if err := s.Apply(s.ToMove(), a); err != nil {
						t.Fatalf("%s %s seed %d: %s refused: %v", k, level, seed, a, err)
					}
				}
				if g, err := s.Game(); err != nil || g.Result().Over() {
					t.Fatalf("%s %s seed %d: position %v, %v", k, level, seed, s.Stones(), err)
				}
			}
		}
	}
}

func TestDecideRefusesAFinishedOpening(t *testing.T) {
	s, _ := opening.New(opening.None, engine.Freestyle, 15)
	if _, err := Decide(context.Background(), Request{State: s}); err == nil {
		t.Fatal("decided in a finished opening")
	}
}

func TestSelfPlay(t *testing.T) {
	for _, k := range []opening.Kind{opening.Swap2, opening.Soosorv8, opening.Taraguchi10} {
		rule := engine.Renju
		if k == opening.Swap2 {
			rule = engine.Freestyle
		}
		res := SelfPlay{Kind: k, Rule: rule, Size: 15, Level: ai.Easy, MoveTime: 10 * time.Millisecond, Games: 4, Jobs: 2}.Run(context.Background())
		if res.Games != 4 || res.Illegal != 0 || res.BlackWins+res.WhiteWins+res.Draws != 4 {
			t.Errorf("%s: %+v", k, res)
		}
	}
}

// soosorvAt replays a Soosõrv-8 opening: h8, g7, i8, no swap, white's 4th
// far off at a1, n declared, no swap; then offers, if any.
func soosorvAt(t *testing.T, n int, offers ...string) *opening.State {
	t.Helper()
	script := []string{"place h8", "place g7", "place i8", "stay", "place a1", fmt.Sprintf("declare %d", n), "stay"}
	if len(offers) > 0 {
		script = append(script, "offer "+strings.Join(offers, " "))
	}
	var as []opening.Action
	for _, s := range script {
		a, err := opening.ParseAction(s, 15)
		if err != nil {
			t.Fatal(err)
		}
		as = append(as, a)
	}
	s, err := opening.Replay(opening.Soosorv8, engine.Renju, 15, as)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFifthsByEvaluation: black offers a strong fifth (one near its h8 i8,
// white's 4th being far off), and white, offered j8 (an open three for
// black) and a corner point, takes the corner.
func TestFifthsByEvaluation(t *testing.T) {
	ctx := context.Background()
	a, err := Decide(ctx, Request{State: soosorvAt(t, 1), Level: ai.Hard, Budget: 300 * time.Millisecond, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if a.Kind != opening.Offer || len(a.Points) != 1 {
		t.Fatalf("action %s, want one offer", a)
	}
	if p := a.Points[0]; dist(p, []engine.Point{{X: 7, Y: 7}, {X: 8, Y: 7}}) > 2 {
		t.Errorf("offered %s: want a point that works with black's h8 i8", p)
	}
	a, err = Decide(ctx, Request{State: soosorvAt(t, 2, "j8", "o15"), Level: ai.Hard, Budget: 300 * time.Millisecond, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if a.Kind != opening.Choose || a.Point.String() != "o15" {
		t.Errorf("white chose %s of j8 and o15, want o15", a)
	}
}

// TestDecideOutOfTime: with its time already gone, Decide still returns a
// legal action in every phase a bot meets (the server resigns a bot whose
// decision fails).
func TestDecideOutOfTime(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, rule := range []opening.Kind{opening.Swap2, opening.Soosorv8, opening.Taraguchi10} {
		s, err := opening.New(rule, engine.Renju, 15)
		if rule == opening.Swap2 {
			s, err = opening.New(rule, engine.Freestyle, 15)
		}
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !s.Done() && step < 40; step++ {
			a, err := Decide(ctx, Request{State: s, Level: ai.Hard, Budget: time.Second, Seed: int64(step)})
			if err != nil {
				t.Fatalf("%s step %d (%s): %v", rule, step, s.Phase(), err)
			}
			if err := s.Apply(s.ToMove(), a); err != nil {
				t.Fatalf("%s step %d: %s refused: %v", rule, step, a, err)
			}
		}
	}
}
