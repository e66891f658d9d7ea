package opening

import (
	"errors"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

// replayText replays comma-separated actions.
func replayText(tb testing.TB, k Kind, r engine.Rule, size int, text string) *State {
	tb.Helper()
	var as []Action
	for _, f := range strings.Split(text, ",") {
		if f = strings.TrimSpace(f); f != "" {
			as = append(as, mustAction(tb, f))
		}
	}
	s, err := Replay(k, r, size, as)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

const (
	// A Soosõrv position symmetric about the column h: the 4th on h6 keeps
	// it so, and black must offer three fifth moves.
	soosorvSymmetric = "place h8, place h9, place h10, stay, place h6, declare 3, stay"
	taraguchiFour    = "place h8, stay, place i9, stay, place j8, stay, place k11"
)

// TestRefusals: every refusal of every rule, by reason. The state must not
// change when an action is refused.
func TestRefusals(t *testing.T) {
	offBoard := Action{Kind: Place, Point: engine.Point{X: 15, Y: 3}}
	for _, tc := range []struct {
		name   string
		kind   Kind
		rule   engine.Rule
		before string
		by     string // "" for the player to move
		act    string // "" for offBoard
		want   error
	}{
		{"soosorv 1st off the centre", Soosorv8, engine.Renju, "", "", "place h9", ErrOutsideArea},
		{"soosorv 2nd not adjacent", Soosorv8, engine.Renju, "place h8", "", "place h10", ErrOutsideArea},
		{"soosorv 3rd outside 5x5", Soosorv8, engine.Renju, "place h8, place i9", "", "place h11", ErrOutsideArea},
		{"taraguchi 2nd outside 3x3", Taraguchi10, engine.Renju, "place h8, stay", "", "place f8", ErrOutsideArea},
		{"taraguchi 4th outside 7x7", Taraguchi10, engine.Renju, "place h8, stay, place i9, stay, place j8, stay", "", "place l8", ErrOutsideArea},
		{"taraguchi 5th outside 9x9", Taraguchi10, engine.Renju, taraguchiFour + ", branch-place, stay", "", "place m8", ErrOutsideArea},
		{"swap2 off the board", Swap2, engine.Freestyle, "", "", "", engine.ErrOffBoard},
		{"swap2 on a stone", Swap2, engine.Freestyle, "place h8", "", "place h8", ErrOccupied},
		{"swap2 on a stone (engine sentinel)", Swap2, engine.Freestyle, "place h8, place a1", "", "place a1", engine.ErrOccupied},
		{"soosorv offer on a stone", Soosorv8, engine.Renju, soosorvSymmetric, "", "offer a1 h8 b2", ErrOccupied},
		{"soosorv symmetric offer", Soosorv8, engine.Renju, soosorvSymmetric, "", "offer a1 g5 i5", ErrSymmetric},
		{"soosorv the same point twice", Soosorv8, engine.Renju, soosorvSymmetric, "", "offer a1 g5 g5", ErrSymmetric},
		{"taraguchi diagonal symmetry", Taraguchi10, engine.Renju,
			"place h8, stay, place i9, stay, place j10, stay, place g7, branch-offer", "",
			"offer a1 b1 c1 d1 e1 f1 g1 a2 b3 a3", ErrSymmetric}, // a2 mirrors b1 across the diagonal
		{"swap2 second places the first stone", Swap2, engine.Standard, "", "second", "place h8", ErrWrongPlayer},
		{"swap2 first chooses for the second", Swap2, engine.Standard, "place h8, place i9, place j9", "first", "black", engine.ErrNotYourTurn},
		{"soosorv first declines his own swap", Soosorv8, engine.Renju, "place h8, place h9, place j9", "first", "stay", ErrWrongPlayer},
		{"taraguchi white chooses the branch", Taraguchi10, engine.Renju, taraguchiFour, "second", "branch-offer", ErrWrongPlayer},
		{"swap2 swap while placing", Swap2, engine.Caro, "place h8", "", "swap", ErrNoSwap},
		{"swap2 swap instead of a choice", Swap2, engine.Caro, "place h8, place i9, place j9", "", "swap", ErrNoSwap},
		{"soosorv stay while placing the 3rd", Soosorv8, engine.Renju, "place h8, place h9", "", "stay", ErrNoSwap},
		{"taraguchi swap at the branch", Taraguchi10, engine.Renju, taraguchiFour, "", "swap", ErrNoSwap},
		{"soosorv swap before declaring", Soosorv8, engine.Renju, "place h8, place h9, place j9, stay, place a1", "", "swap", ErrNoSwap},
		{"soosorv declare 0", Soosorv8, engine.Renju, "place h8, place h9, place j9, stay, place a1", "", "declare 0", ErrWrongCount},
		{"soosorv declare 9", Soosorv8, engine.Renju, "place h8, place h9, place j9, stay, place a1", "", "declare 9", ErrWrongCount},
		{"soosorv fewer offers than declared", Soosorv8, engine.Renju, soosorvSymmetric, "", "offer a1 b1", ErrWrongCount},
		{"soosorv more offers than declared", Soosorv8, engine.Renju, soosorvSymmetric, "", "offer a1 b1 c1 d1", ErrWrongCount},
		{"taraguchi nine offers", Taraguchi10, engine.Renju, taraguchiFour + ", branch-offer", "", "offer a1 b1 c1 d1 e1 f1 g1 h1 i1", ErrWrongCount},
		{"swap2 declare", Swap2, engine.Freestyle, "", "", "declare 3", ErrWrongAction},
		{"swap2 two while placing", Swap2, engine.Freestyle, "place h8", "", "two", ErrWrongAction},
		{"swap2 place at the choice", Swap2, engine.Freestyle, "place h8, place i9, place j9", "", "place a1", ErrWrongAction},
		{"swap2 two at the colour choice", Swap2, engine.Freestyle, "place h8, place i9, place j9, two, place a1, place b1", "", "two", ErrWrongAction},
		{"soosorv place the 5th", Soosorv8, engine.Renju, soosorvSymmetric, "", "place a1", ErrWrongAction},
		{"taraguchi offer ten without the branch", Taraguchi10, engine.Renju, taraguchiFour, "", "offer a1 b1 c1 d1 e1 f1 g1 h1 i1 j1", ErrWrongAction},
		{"taraguchi choose before offers", Taraguchi10, engine.Renju, taraguchiFour + ", branch-offer", "", "choose a1", ErrWrongAction},
		{"soosorv choose an unoffered move", Soosorv8, engine.Renju, soosorvSymmetric + ", offer a1 b1 g5", "", "choose i5", ErrNotOffered},
		{"none takes no action", None, engine.Freestyle, "", "", "place h8", ErrFinished},
		{"swap2 after the choice", Swap2, engine.Freestyle, "place h8, place i9, place j9, white", "", "place a1", ErrFinished},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := replayText(t, tc.kind, tc.rule, 15, tc.before)
			by := s.ToMove()
			if tc.by != "" {
				by = parsePlayer(t, tc.by)
			}
			a := offBoard
			if tc.act != "" {
				a = mustAction(t, tc.act)
			}
			before := *s
			err := s.Apply(by, a)
			var re *RefusalError
			if !errors.Is(err, tc.want) || !errors.As(err, &re) || re.Reason.Err() == nil {
				t.Fatalf("Apply(%s, %s) = %v, want %v", by, a, err, tc.want)
			}
			if !errors.Is(err, re.Reason.Err()) || re.Action != a.Kind || !strings.Contains(err.Error(), re.Reason.String()) {
				t.Errorf("refusal %+v does not describe itself", re)
			}
			if *s != before {
				t.Errorf("a refused action changed the state")
			}
		})
	}
}

func TestUnsupported(t *testing.T) {
	for _, tc := range []struct {
		kind Kind
		rule engine.Rule
		size int
	}{
		{Swap2, engine.Renju, 15},
		{Soosorv8, engine.Freestyle, 15},
		{Soosorv8, engine.Renju, 19},
		{Taraguchi10, engine.Caro, 15},
		{Taraguchi10, engine.Renju, 13},
		{None, engine.Freestyle, 4},
		{None, engine.Rule(9), 15},
		{Kind(7), engine.Freestyle, 15},
	} {
		if _, err := New(tc.kind, tc.rule, tc.size); !errors.Is(err, ErrUnsupported) {
			t.Errorf("New(%s, %s, %d) = %v", tc.kind, tc.rule, tc.size, err)
		}
	}
	for _, k := range Kinds {
		got, err := ParseKind(strings.ToUpper(k.String()))
		if err != nil || got != k {
			t.Errorf("ParseKind(%s) = %v, %v", k, got, err)
		}
	}
	if k, err := ParseKind("Soosõrv-8"); err != nil || k != Soosorv8 {
		t.Errorf("ParseKind(Soosõrv-8) = %v, %v", k, err)
	}
	if _, err := ParseKind("yamaguchi"); !errors.Is(err, ErrUnsupported) {
		t.Errorf("ParseKind(yamaguchi) = %v", err)
	}
	if _, err := Replay(Swap2, engine.Freestyle, 15, []Action{{Kind: Swap}}); !errors.Is(err, ErrNoSwap) {
		t.Errorf("Replay of a bad log: %v", err)
	}
}
