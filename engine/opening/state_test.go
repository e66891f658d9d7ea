package opening

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

func mustAction(tb testing.TB, s string) Action {
	tb.Helper()
	a, err := ParseAction(s, RenjuSize)
	if err != nil {
		tb.Fatalf("ParseAction(%q): %v", s, err)
	}
	return a
}

func mustNew(tb testing.TB, k Kind, r engine.Rule, size int) *State {
	tb.Helper()
	s, err := New(k, r, size)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func parsePlayer(tb testing.TB, s string) Player {
	tb.Helper()
	switch s {
	case "first":
		return First
	case "second":
		return Second
	}
	tb.Fatalf("bad player %q", s)
	return 0
}

// A script line: "<by> <action...> => <phase> <to move> <black holder>",
// the state expected after the action.
func runScript(t *testing.T, s *State, lines []string) {
	t.Helper()
	for _, line := range lines {
		act, want, ok := strings.Cut(line, "=>")
		f, w := strings.Fields(act), strings.Fields(want)
		if !ok || len(f) < 2 || len(w) != 3 {
			t.Fatalf("bad script line %q", line)
		}
		a := mustAction(t, strings.Join(f[1:], " "))
		if err := s.Apply(parsePlayer(t, f[0]), a); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if got := s.Phase().String(); got != w[0] {
			t.Fatalf("%s: phase %s", line, got)
		}
		if got := s.ToMove(); got != parsePlayer(t, w[1]) {
			t.Fatalf("%s: to move %s", line, got)
		}
		if got := s.Black(); got != parsePlayer(t, w[2]) {
			t.Fatalf("%s: black is %s", line, got)
		}
		if s.ColorOf(s.Black()) != engine.Black || s.PlayerOf(engine.White) != s.Black().Other() {
			t.Fatalf("%s: ColorOf/PlayerOf disagree with Black", line)
		}
	}
}

// TestTransitions walks every branch of every rule, checking after each
// action the phase, who acts and who holds black.
func TestTransitions(t *testing.T) {
	swap2 := []string{
		"first place h8 => place first first",
		"first place i9 => place first first",
		"first place j10 => swap2-choice second first",
	}
	soosorv := []string{
		"first place h8 => place first first",
		"first place h9 => place first first",
		"first place j10 => swap second first",
	}
	taraguchi := []string{
		"first place h8 => swap second first",
		"second swap => place first second",
		"first place h9 => swap second second",
		"second stay => place second second",
		"second place j10 => swap first second",
		"first stay => place first second",
		"first place k11 => branch second second",
	}
	for _, tc := range []struct {
		name  string
		kind  Kind
		rule  engine.Rule
		lines []string
	}{
		{"swap2 second takes black", Swap2, engine.Freestyle, append(swap2,
			"second black => done first second")},
		{"swap2 second takes white", Swap2, engine.Standard, append(swap2,
			"second white => done second first")},
		{"swap2 two more, first takes black", Swap2, engine.Caro, append(swap2,
			"second two => place second first",
			"second place g7 => place second first",
			"second place k11 => color-choice first first",
			"first black => done second first")},
		{"swap2 two more, first takes white", Swap2, engine.Freestyle, append(swap2,
			"second two => place second first",
			"second place g7 => place second first",
			"second place k11 => color-choice first first",
			"first white => done first second")},
		{"soosorv no swaps", Soosorv8, engine.Renju, append(soosorv,
			"second stay => place second first",
			"second place i8 => declare second first",
			"second declare 2 => swap first first",
			"first stay => offer first first",
			"first offer a1 o15 => choose second first",
			"second choose o15 => done second first")},
		{"soosorv both swaps", Soosorv8, engine.Renju, append(soosorv,
			"second swap => place first second",
			"first place i8 => declare first second",
			"first declare 8 => swap second second",
			"second swap => offer first first",
			"first offer a1 b1 c1 d1 e1 f1 g1 h1 => choose second first",
			"second choose c1 => done second first")},
		{"taraguchi one fifth, swaps around it", Taraguchi10, engine.Renju, append(taraguchi,
			"second branch-place => swap second second",
			"second swap => place first first",
			"first place l6 => swap second first",
			"second swap => done first second")},
		{"taraguchi one fifth, no swaps", Taraguchi10, engine.Renju, append(taraguchi,
			"second branch-place => swap second second",
			"second stay => place second second",
			"second place d4 => swap first second",
			"first stay => done first second")},
		{"taraguchi ten fifths", Taraguchi10, engine.Renju, append(taraguchi,
			"second branch-offer => offer second second",
			"second offer a1 b1 c1 d1 e1 f1 g1 h1 i1 j1 => choose first second",
			"first choose j1 => done first second")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustNew(t, tc.kind, tc.rule, 15)
			if s.Phase() != PlaceStone || s.ToMove() != First || s.Black() != First {
				t.Fatalf("start: %s, %s to move, %s black", s.Phase(), s.ToMove(), s.Black())
			}
			runScript(t, s, tc.lines)
			checkDone(t, s)
		})
	}
}

// checkDone checks a finished opening: the position is a legal running game
// whose side to move belongs to ToMove, and replaying the log rebuilds it.
func checkDone(t *testing.T, s *State) {
	t.Helper()
	if !s.Done() || s.Allowed() != nil {
		t.Fatalf("not done: %s", s.Phase())
	}
	g, err := s.Game()
	if err != nil || g.Over() {
		t.Fatalf("position: %v", err)
	}
	if n := len(g.Moves()); (n < 3 || n > 5) && s.Kind() != None {
		t.Fatalf("%d stones at the end of the opening", n)
	}
	if g.Turn() != s.ColorOf(s.ToMove()) {
		t.Fatalf("%s to move in the game, but ToMove %s holds %s", g.Turn(), s.ToMove(), s.ColorOf(s.ToMove()))
	}
	back, err := Replay(s.Kind(), s.Rule(), s.Size(), s.Actions())
	if err != nil || *back != *s {
		t.Fatalf("replay of %v: %v", s.Actions(), err)
	}
	if err := s.Apply(s.ToMove(), Action{Kind: Place, Point: engine.Point{X: 0, Y: 14}}); !errors.Is(err, ErrFinished) {
		t.Fatalf("action after the end: %v", err)
	}
}

func TestNoneIsDone(t *testing.T) {
	for _, r := range engine.Rules {
		s := mustNew(t, None, r, 9)
		if !s.Done() || s.ToMove() != First || s.Black() != First || len(s.Stones()) != 0 {
			t.Fatalf("%s: none is not done at once", r)
		}
		if _, ok := s.Area(); ok {
			t.Errorf("none has an area")
		}
	}
}

// TestAreas checks the area the next stone may go in, phase by phase.
func TestAreas(t *testing.T) {
	s := mustNew(t, Taraguchi10, engine.Renju, 15)
	want := []string{"h8-h8", "", "g7-i9", "", "f6-j10", "", "e5-k11", "", "", "d4-l12", ""}
	acts := []string{"place h8", "stay", "place i9", "stay", "place j10", "stay", "place k11",
		"branch-place", "stay", "place d4", "stay"}
	for i, w := range want {
		area, ok := s.Area()
		if got := area.String(); (w == "") == ok || (ok && got != w) {
			t.Fatalf("step %d (%s): area %s %v, want %q", i, s.Phase(), got, ok, w)
		}
		if err := s.Apply(s.ToMove(), mustAction(t, acts[i])); err != nil {
			t.Fatal(err)
		}
	}
	s = mustNew(t, Swap2, engine.Freestyle, 20)
	if a, ok := s.Area(); !ok || a.String() != "a1-t20" {
		t.Errorf("swap2 area %s", a)
	}
	s = mustNew(t, Soosorv8, engine.Renju, 15)
	for _, w := range []string{"h8-h8", "g7-i9", "f6-j10"} {
		if a, _ := s.Area(); a.String() != w {
			t.Errorf("soosorv area %s, want %s", a, w)
		}
		a, _ := s.Area()
		s.Apply(First, Action{Kind: Place, Point: a.Max})
	}
}

func TestAccessors(t *testing.T) {
	s, err := Replay(Soosorv8, engine.Renju, 15, []Action{
		mustAction(t, "place h8"), mustAction(t, "place i9"), mustAction(t, "place j8"),
		mustAction(t, "stay"), mustAction(t, "place h6"), mustAction(t, "declare 3"), mustAction(t, "stay"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if s.Declared() != 3 || s.OfferCount() != 3 || s.Kind() != Soosorv8 || s.Rule() != engine.Renju || s.Size() != 15 {
		t.Fatalf("declared %d, count %d", s.Declared(), s.OfferCount())
	}
	if !reflect.DeepEqual(s.Allowed(), []ActionKind{Offer}) {
		t.Errorf("allowed %v", s.Allowed())
	}
	offer := mustAction(t, "offer a1 b2 c3")
	spare := *s
	if err := s.Apply(First, offer); err != nil {
		t.Fatal(err)
	}
	if spare.Phase() != OfferFifths || len(spare.Offers()) != 0 {
		t.Errorf("the spare copy changed with the original")
	}
	if s.OfferCount() != 0 || !reflect.DeepEqual(s.Offers(), offer.Points) {
		t.Errorf("offers %v", s.Offers())
	}
	ms := s.Moves()
	if len(ms) != 4 || ms[0].Color != engine.Black || ms[3].Color != engine.White || ms[3].Point != mustAction(t, "place h6").Point {
		t.Errorf("moves %v", ms)
	}
	if err := s.Apply(Second, mustAction(t, "choose b2")); err != nil {
		t.Fatal(err)
	}
	if st := s.Stones(); st[4] != offer.Points[1] || len(s.Offers()) != 3 {
		t.Errorf("stones %v offers %v", st, s.Offers())
	}
	checkDone(t, s)
	if n := testing.AllocsPerRun(100, func() { spare = *s }); n != 0 {
		t.Errorf("copying a State allocates %v times", n)
	}
}
