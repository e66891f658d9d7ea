package opening

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

// FuzzParseAction: bad text is an error wrapping ErrBadAction, never a
// panic; what parses writes back to text that parses to the same action.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"place h8", "swap", "stay", "black", "white", "two", "declare 3",
		"branch-place", "branch-offer", "offer g7 j7 k9", "choose j7", "PLACE  H8 ", "offer", "declare -1", "place z99"} {
		f.Add(s, 15)
	}
	f.Fuzz(func(t *testing.T, s string, size int) {
		a, err := ParseAction(s, size)
		if err != nil {
			if !errors.Is(err, ErrBadAction) {
				t.Fatalf("ParseAction(%q): %v does not wrap ErrBadAction", s, err)
			}
			return
		}
		text := a.String()
		if strings.ContainsRune(text, ',') {
			t.Fatalf("%q holds a comma", text)
		}
		back, err := ParseAction(text, size)
		if err != nil || !reflect.DeepEqual(back, a) {
			t.Fatalf("ParseAction(%q) = %+v, but %q reads as %+v, %v", s, a, text, back, err)
		}
	})
}

// FuzzReplay: any comma-separated action log, under any opening, either
// replays or fails with a refusal or a parse error; a replayed state's own
// log replays to the same state.
func FuzzReplay(f *testing.F) {
	f.Add(uint8(1), "place h8, place i9, place j10, two, place a1, place b2, white")
	f.Add(uint8(2), soosorvSymmetric+", offer a1 g5 b2")
	f.Add(uint8(3), taraguchiFour+", branch-offer, offer a1 b1 c1 d1 e1 f1 g1 h1 i1 j1, choose a1")
	f.Fuzz(func(t *testing.T, kind uint8, log string) {
		k := Kinds[int(kind)%len(Kinds)]
		rule := engine.Renju
		if k == Swap2 {
			rule = engine.Standard
		}
		var as []Action
		for _, f := range strings.Split(log, ",") {
			a, err := ParseAction(f, RenjuSize)
			if err != nil {
				return
			}
			as = append(as, a)
		}
		s, err := Replay(k, rule, RenjuSize, as)
		if err != nil {
			var re *RefusalError
			if !errors.As(err, &re) {
				t.Fatalf("Replay: %v is no refusal", err)
			}
			return
		}
		back, err := Replay(k, rule, RenjuSize, s.Actions())
		if err != nil || *back != *s {
			t.Fatalf("log %v does not replay: %v", s.Actions(), err)
		}
	})
}
