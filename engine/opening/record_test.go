package opening

import (
	"errors"
	"math/rand"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

// randomDone plays a random legal opening of kind k to its end.
func randomDone(tb testing.TB, rng *rand.Rand, k Kind, r engine.Rule) *State {
	tb.Helper()
	s := mustNew(tb, k, r, RenjuSize)
	for !s.Done() {
		if err := s.Apply(s.ToMove(), legalAction(rng, s)); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// TestRecordRoundTrip: an opening written into a record, in every format,
// reads back to the same opening, after some moves of normal play.
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	for n := 0; n < 60; n++ {
		k := Kinds[n%len(Kinds)]
		rule := engine.Renju
		if k == Swap2 || k == None {
			rule = engine.Caro
		}
		s := randomDone(t, rng, k, rule)
		g, _ := s.Game()
		for len(g.Moves()) < 9 {
			g.Play(engine.Point{X: rng.Intn(15), Y: rng.Intn(15)})
		}
		r := engine.RecordOf(g)
		r.Black, r.White = "alice", "bob"
		s.Annotate(r)
		for name, codec := range map[string]struct {
			enc func() ([]byte, error)
			dec func([]byte) (*engine.Record, error)
		}{
			"text": {r.EncodeText, engine.ParseText},
			"sgf":  {r.EncodeSGF, engine.ParseSGF},
			"psq":  {r.EncodePSQ, func(b []byte) (*engine.Record, error) { return engine.ParsePSQ(b, rule) }},
		} {
			data, err := codec.enc()
			if err != nil {
				t.Fatalf("%s %s: %v", k, name, err)
			}
			back, err := codec.dec(data)
			if err != nil {
				t.Fatalf("%s %s: %v\n%s", k, name, err, data)
			}
			got, err := FromRecord(back)
			if err != nil || *got != *s {
				t.Fatalf("%s %s: opening differs: %v\n%s", k, name, err, data)
			}
		}
	}
}

// TestFromRecordMismatch: a log that does not fit the record is refused.
func TestFromRecordMismatch(t *testing.T) {
	s := replayText(t, Soosorv8, engine.Renju, 15, soosorvSymmetric+", offer a1 g5 b2, choose g5")
	g, _ := s.Game()
	good := engine.RecordOf(g)
	s.Annotate(good)
	if _, err := FromRecord(good); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		edit func(r *engine.Record)
	}{
		{"unknown rule", func(r *engine.Record) { r.Opening = "yamaguchi" }},
		{"bad action", func(r *engine.Record) { r.OpeningLog[0] = "jump h8" }},
		{"illegal action", func(r *engine.Record) { r.OpeningLog[0] = "place a1" }},
		{"other stones", func(r *engine.Record) { r.Moves[1].Point = engine.Point{X: 8, Y: 8} }},
		{"fewer moves", func(r *engine.Record) { r.Moves = r.Moves[:4] }},
		{"moves before the end", func(r *engine.Record) { r.OpeningLog = r.OpeningLog[:len(r.OpeningLog)-1] }},
		{"other offers", func(r *engine.Record) { r.Offers = r.Offers[:2] }},
		{"wrong opener", func(r *engine.Record) { r.Opener = engine.White }},
		{"rule of another game", func(r *engine.Record) { r.Rule = engine.Standard }},
	} {
		r := *good
		r.Moves = append([]engine.RecordMove(nil), good.Moves...)
		r.OpeningLog = append([]string(nil), good.OpeningLog...)
		tc.edit(&r)
		if _, err := FromRecord(&r); !errors.Is(err, engine.ErrBadRecord) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	var none engine.Record
	if s, err := FromRecord(&none); err == nil || s != nil {
		// A zero record has no size: Replay refuses it.
		t.Errorf("zero record: %v", err)
	}
	none = engine.Record{Rule: engine.Freestyle, Size: 15}
	if s, err := FromRecord(&none); err != nil || s.Kind() != None {
		t.Errorf("record without an opening: %v", err)
	}
}
