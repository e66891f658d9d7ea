package loadtest

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// TestScriptNeverWins plays whole scripts through the engine: no move is
// refused and no prefix makes five, on every colouring shift and a few
// board sizes.
func TestScriptNeverWins(t *testing.T) {
	for _, size := range []int{9, 15, 19} {
		for seed := range uint64(8) {
			s := newScript(size, rand.New(rand.NewPCG(seed, 1)))
			if len(s.black) < len(s.white) || len(s.black)+len(s.white) != size*size {
				t.Fatalf("size %d: %d black and %d white points", size, len(s.black), len(s.white))
			}
			g, err := engine.NewGame(engine.Options{Size: size, Rule: engine.Freestyle})
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ; ply++ {
				mv, ok := s.move(ply%2 == 0, ply)
				if !ok {
					break
				}
				p, err := engine.ParsePoint(mv, size)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Play(p); err != nil {
					t.Fatalf("size %d seed %d ply %d %s: %v", size, seed, ply, mv, err)
				}
				if r := g.Result(); r.Over() && r.Reason != engine.ReasonFullBoard {
					t.Fatalf("size %d seed %d: game over at ply %d: %+v", size, seed, ply+1, r)
				}
			}
		}
	}
}

func TestPeekType(t *testing.T) {
	for in, want := range map[string]string{
		`{"type":"presence","player":{}}`: "presence",
		`{"type":"ok","id":"1"}`:          "ok",
		`{"id":"1","type":"ok"}`:          "",
		`{"type":"unterminated`:           "",
		``:                                "",
	} {
		if got := peekType([]byte(in)); got != want {
			t.Errorf("peekType(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestSamplesSummary(t *testing.T) {
	var s samples
	for i := 1; i <= 1000; i++ {
		s.add(time.Duration(i) * time.Millisecond)
	}
	l := s.summary()
	if l.Count != 1000 || l.P50 != 500 || l.P90 != 900 || l.P99 != 990 || l.P999 != 999 || l.Max != 1000 {
		t.Errorf("summary = %+v", l)
	}
}
