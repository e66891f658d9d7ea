package engine

import (
	"errors"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"time"
)

// sampleRecord is a short renju game that black wins with a five on the
// column h (h8-h12), with names, a time control, a date and move times.
func sampleRecord(tb testing.TB) *Record {
	tb.Helper()
	moves := []string{"h8", "i9", "h9", "g7", "h10", "h7", "h11", "j8", "h12"}
	r := &Record{
		Black: "alice", White: "Bob the Builder", Rule: Renju, Size: 15,
		TimeControl: "10m+5s", Date: "2026-11-23",
		Result: RecordResult{Winner: Black, Reason: ReasonFive},
	}
	for i, m := range moves {
		r.Moves = append(r.Moves, RecordMove{Point: mustPoint(tb, m, 15), Time: time.Duration(i*1500+250) * time.Millisecond})
	}
	return r
}

const sampleText = `Black: alice
White: Bob the Builder
Rule: renju
Size: 15
TimeControl: 10m+5s
Date: 2026-11-23
Result: black wins by five

1. [Black] h8 250ms
2. [White] i9 1.75s
3. [Black] h9 3.25s
4. [White] g7 4.75s
5. [Black] h10 6.25s
6. [White] h7 7.75s
7. [Black] h11 9.25s
8. [White] j8 10.75s
9. [Black] h12 12.25s
`

const samplePSQ = `Piskvorky 15x15, 11:11, 0
8,8,250
9,7,1750
8,7,3250
7,9,4750
8,6,6250
8,9,7750
8,5,9250
10,8,10750
8,4,12250
alice
Bob the Builder
-1
`

const sampleSGF = `(;FF[4]GM[4]CA[UTF-8]AP[gomokud]SZ[15]RU[renju]PB[alice]PW[Bob the Builder]DT[2026-11-23]TC[10m+5s]RE[B+]
;B[hh];W[ig];B[hg];W[gi];B[hf];W[hi];B[he];W[jh];B[hd])
`

func TestRecordGolden(t *testing.T) {
	r := sampleRecord(t)
	for _, f := range []struct {
		name   string
		encode func() ([]byte, error)
		want   string
	}{
		{"text", r.EncodeText, sampleText},
		{"psq", r.EncodePSQ, samplePSQ},
		{"sgf", r.EncodeSGF, sampleSGF},
	} {
		got, err := f.encode()
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if string(got) != f.want {
			t.Errorf("%s:\n%s\nwant:\n%s", f.name, got, f.want)
		}
	}
	g, err := r.Game()
	if err != nil || g.Result().Winner != Black || len(g.Result().Line) != 5 {
		t.Fatalf("Game: %v %+v", err, g.Result())
	}
}

// withoutTimes returns a copy of r with the move times dropped (SGF does
// not keep them).
func withoutTimes(r *Record) *Record {
	c := *r
	c.Moves = append([]RecordMove{}, r.Moves...)
	for i := range c.Moves {
		c.Moves[i].Time = 0
	}
	return &c
}

func TestRecordRoundTrip(t *testing.T) {
	r := sampleRecord(t)
	text, _ := r.EncodeText()
	back, err := ParseText(text)
	if err != nil || !reflect.DeepEqual(back, r) {
		t.Errorf("text: %v\n%+v\n%+v", err, back, r)
	}
	psq, _ := r.EncodePSQ()
	back, err = ParsePSQ(psq, Renju)
	want := &Record{Black: r.Black, White: r.White, Rule: Renju, Size: 15, Result: r.Result, Moves: r.Moves}
	if err != nil || !reflect.DeepEqual(back, want) {
		t.Errorf("psq: %v\n%+v\n%+v", err, back, want)
	}
	sgf, _ := r.EncodeSGF()
	back, err = ParseSGF(sgf)
	if err != nil || !reflect.DeepEqual(back, withoutTimes(r)) {
		t.Errorf("sgf: %v\n%+v", err, back)
	}
}

// randomRecord plays a random legal game and gives it a random ending.
func randomRecord(rng *rand.Rand) *Record {
	size := MinSize + rng.Intn(MaxSize-MinSize+1)
	g, _ := NewGame(Options{Size: size, Rule: Rules[rng.Intn(len(Rules))]})
	stop := rng.Intn(size*size + 1)
	for !g.Over() && len(g.Moves()) < stop {
		g.Play(Point{rng.Intn(size), rng.Intn(size)})
	}
	if !g.Over() {
		switch rng.Intn(6) {
		case 0:
			g.Finish(Color(1+rng.Intn(2)), ReasonResign)
		case 1:
			g.Finish(Color(1+rng.Intn(2)), ReasonTimeout)
		case 2:
			g.Finish(Color(1+rng.Intn(2)), ReasonAbandon)
		case 3:
			g.Finish(Empty, ReasonAgreement)
		case 4:
			g.Finish(Empty, ReasonAborted)
		}
	}
	r := RecordOf(g)
	names := []string{"", "alice", "Bob", "pbrain-embryo.exe", "名人 ] \\ [x]"}
	r.Black, r.White = names[rng.Intn(len(names))], names[rng.Intn(len(names))]
	r.Date = []string{"", "2026-11-23"}[rng.Intn(2)]
	r.TimeControl = []string{"", "5m", "15m+10s"}[rng.Intn(3)]
	for i := range r.Moves {
		if rng.Intn(2) == 0 {
			r.Moves[i].Time = time.Duration(rng.Intn(100000)) * time.Millisecond
		}
	}
	if len(r.Moves) >= 4 && rng.Intn(2) == 0 {
		randomOpening(rng, r)
	}
	return r
}

// randomOpening gives r opening fields of the right form: offers off the
// first four moves that include the fifth, if any (engine/opening's tests
// check real openings).
func randomOpening(rng *rand.Rand, r *Record) {
	r.Opening = []string{"swap2", "soosorv-8", "taraguchi-10", "x"}[rng.Intn(4)]
	r.Opener = Color(rng.Intn(3))
	for n := rng.Intn(4); n > 0; n-- {
		r.OpeningLog = append(r.OpeningLog, []string{"place h8", "swap", "offer a1 b2", "名人 ] \\ ["}[rng.Intn(4)])
	}
	if len(r.Moves) >= 5 {
		r.Offers = append(r.Offers, r.Moves[4].Point)
	}
	for n := rng.Intn(4); n > 0; n-- {
		p := Point{rng.Intn(r.Size), rng.Intn(r.Size)}
		taken := false
		for _, m := range r.Moves[:4] {
			taken = taken || m.Point == p
		}
		for _, q := range r.Offers {
			taken = taken || q == p
		}
		if !taken {
			r.Offers = append(r.Offers, p)
		}
	}
}

// TestRecordRoundTripRandom: every format reads back what it wrote, for
// random games of every size, rule and ending.
func TestRecordRoundTripRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for n := 0; n < 300; n++ {
		r := randomRecord(rng)
		text, err := r.EncodeText()
		if err != nil {
			t.Fatal(err)
		}
		if back, err := ParseText(text); err != nil || !reflect.DeepEqual(back, r) {
			t.Fatalf("text: %v\n%s", err, text)
		}
		sgf, err := r.EncodeSGF()
		if err != nil {
			t.Fatal(err)
		}
		if back, err := ParseSGF(sgf); err != nil || !reflect.DeepEqual(back, withoutTimes(r)) {
			t.Fatalf("sgf: %v\n%s\n%+v\n%+v", err, sgf, back, r)
		}
		psq, err := r.EncodePSQ()
		if r.Black != "" && r.White != "" && (strings.Contains(r.Black+r.White, ",")) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParsePSQ(psq, r.Rule)
		if err != nil {
			t.Fatalf("psq: %v\n%s", err, psq)
		}
		if len(back.Moves) != len(r.Moves) || back.Size != r.Size || !reflect.DeepEqual(back.Moves, r.Moves) {
			t.Fatalf("psq moves differ:\n%s", psq)
		}
		if back.Opening != r.Opening || back.Opener != r.Opener || !reflect.DeepEqual(back.Offers, r.Offers) ||
			!reflect.DeepEqual(back.OpeningLog, r.OpeningLog) {
			t.Fatalf("psq opening differs:\n%s", psq)
		}
		if r.Result.Reason == ReasonFive || r.Result.Reason == ReasonFullBoard {
			if back.Result != r.Result {
				t.Fatalf("psq result %v, want %v", back.Result, r.Result)
			}
		}
	}
}

func TestParsePSQPiskvork(t *testing.T) {
	// As Piskvork writes it on Windows, with the brains' file names and a
	// status line; two-field moves (no time) are read too.
	data := "Piskvorky 20x20, 11:11, 0\r\n10,10,0\r\n11,11,15\r\n9,10\r\n" +
		"C:\\gomocup\\pbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n"
	r, err := ParsePSQ([]byte(data), Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	want := []RecordMove{{Point{9, 10}, 0}, {Point{10, 9}, 15 * time.Millisecond}, {Point{8, 10}, 0}}
	if !reflect.DeepEqual(r.Moves, want) || r.Size != 20 || r.Black != `C:\gomocup\pbrain-a.exe` || r.White != "pbrain-b.exe" {
		t.Errorf("%+v", r)
	}
	if r.Result.Reason != ReasonNone {
		t.Errorf("result %v", r.Result)
	}
}

func TestParseTextSeedRecord(t *testing.T) {
	// A record saved by the seeds' desktop game: no header, one
	// "[Side]:(Column,Row)" line per move.
	data := "[Black]:(H,8)\n[White]:(I,9)\n[Black]:(A,15)\n"
	r, err := ParseText([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	want := []RecordMove{{Point: Point{7, 7}}, {Point: Point{8, 8}}, {Point: Point{0, 14}}}
	if !reflect.DeepEqual(r.Moves, want) || r.Size != 15 || r.Result.Reason != ReasonNone {
		t.Errorf("%+v", r)
	}
	for _, bad := range []string{"[White]:(H,8)\n", "[Black]:(H8)\n", "[Black](H,8)\n", "[Black]:(P,8)\n"} {
		if _, err := ParseText([]byte(bad)); !errors.Is(err, ErrBadRecord) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestParseSGFViewers(t *testing.T) {
	// Comments, a variation, escapes, spacing and an old-style size as other
	// programs write them; the main line is the first variation.
	data := `(;GM[4]FF[4]SZ[15:15]PB[A \] B]PW[C\\D]C[comment
with a line break]RE[W+R]
 ; B[hh] C[first move] ;W[ii]
 (;B[jj];W[gg])
 (;B[aa]))`
	r, err := ParseSGF([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if r.Black != "A ] B" || r.White != `C\D` || len(r.Moves) != 4 || r.Moves[2].Point != (Point{9, 5}) ||
		r.Result != (RecordResult{White, ReasonResign}) || r.Rule != Freestyle {
		t.Errorf("%+v", r)
	}
}

func TestRecordErrors(t *testing.T) {
	occupied := strings.Replace(sampleText, "4. [White] g7", "4. [White] h8", 1)
	// j8 makes h8-j8 and j8-j10, two open threes.
	forbidden := "Rule: renju\nSize: 15\n\n1. [Black] h8\n2. [White] a1\n3. [Black] i8\n4. [White] c1\n" +
		"5. [Black] j9\n6. [White] e1\n7. [Black] j10\n8. [White] g1\n9. [Black] j8\n"
	for _, tc := range []struct {
		name string
		err  error
		text string
	}{
		{"occupied", ErrOccupied, occupied},
		{"forbidden double-three", ErrForbidden, forbidden},
		{"move after the five", ErrGameOver, sampleText + "10. [White] a1\n"},
		{"resigned after the five", ErrBadRecord, strings.Replace(sampleText, "black wins by five", "white wins by resign", 1)},
		{"five not reported", ErrBadRecord, strings.Replace(sampleText, "black wins by five", "unfinished", 1)},
		{"five by the loser", ErrBadRecord, strings.Replace(sampleText, "black wins by five", "white wins by five", 1)},
		{"draw with a winner", ErrBadRecord, strings.Replace(sampleText, "Result: black wins by five", "Result: draw by five", 1)},
		{"wrong side", ErrBadRecord, strings.Replace(sampleText, "2. [White]", "2. [Black]", 1)},
		{"wrong number", ErrBadRecord, strings.Replace(sampleText, "3. [Black]", "4. [Black]", 1)},
		{"off board", ErrOffBoard, strings.Replace(sampleText, "i9 1.75s", "p9", 1)},
		{"bad time", ErrBadRecord, strings.Replace(sampleText, "1.75s", "-1s", 1)},
		{"unknown header", ErrBadRecord, "Colour: blue\n"},
		{"duplicate header", ErrBadRecord, "Size: 15\nSize: 15\n"},
		{"bad size", ErrBadSize, "Size: 21\n"},
		{"bad rule", ErrBadRule, "Rule: chess\n"},
		{"header after moves", ErrBadRecord, "1. [Black] h8\nSize: 15\n"},
		{"control character", ErrBadRecord, "Black: a\x01b\n"},
	} {
		_, err := ParseText([]byte(tc.text))
		if !errors.Is(err, tc.err) || !errors.Is(err, ErrBadRecord) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.err)
		}
	}
	for _, tc := range []struct{ name, psq string }{
		{"empty", ""},
		{"no header", "10,10,0\n"},
		{"not square", "Piskvorky 20x15, 11:11, 0\n"},
		{"too big", "Piskvorky 30x30, 11:11, 0\n"},
		{"off board", "Piskvorky 15x15, 11:11, 0\n16,1,0\n"},
		{"zero-based", "Piskvorky 15x15, 11:11, 0\n0,1,0\n"},
		{"occupied", "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n"},
		{"negative time", "Piskvorky 15x15, 11:11, 0\n8,8,-5\n"},
		{"junk tail", "Piskvorky 15x15, 11:11, 0\n8,8,0\na\nb\nc\n-1\n"},
		{"move after names", "Piskvorky 15x15, 11:11, 0\n8,8,0\na\n9,9,0\n"},
	} {
		if _, err := ParsePSQ([]byte(tc.psq), Freestyle); !errors.Is(err, ErrBadRecord) {
			t.Errorf("psq %s: %v", tc.name, err)
		}
	}
	for _, tc := range []struct{ name, sgf string }{
		{"empty", ""},
		{"go", "(;GM[1]SZ[15];B[hh])"},
		{"unclosed", "(;GM[4];B[hh]"},
		{"unterminated value", "(;GM[4];B[hh"},
		{"pass", "(;GM[4];B[])"},
		{"off board", "(;GM[4]SZ[9];B[jj])"},
		{"white first", "(;GM[4];W[hh])"},
		{"two moves in a node", "(;GM[4];B[hh]W[ii])"},
		{"setup stones", "(;GM[4]AB[hh];W[ii])"},
		{"occupied", "(;GM[4];B[hh];W[hh])"},
		{"win not on the board", "(;GM[4]RE[B+];B[hh])"},
		{"bad result", "(;GM[4]RE[maybe];B[hh])"},
		{"size in a move node", "(;GM[4];B[hh]SZ[9])"},
		{"deep variations", "(;GM[4]" + strings.Repeat("(;B[hh]", 100) + strings.Repeat(")", 101)},
		{"lower-case property", "(;GM[4];b[hh])"},
		{"duplicate property", "(;GM[4]GM[4];B[hh])"},
	} {
		if _, err := ParseSGF([]byte(tc.sgf)); !errors.Is(err, ErrBadRecord) {
			t.Errorf("sgf %s: %v", tc.name, err)
		}
	}
}

func TestEncodeRejectsBadRecords(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(r *Record)
	}{
		{"newline in a name", func(r *Record) { r.Black = "a\nb" }},
		{"illegal move", func(r *Record) { r.Moves[1].Point = r.Moves[0].Point }},
		{"bad size", func(r *Record) { r.Size = 4 }},
		{"wrong result", func(r *Record) { r.Result = RecordResult{} }},
		{"negative time", func(r *Record) { r.Moves[0].Time = -time.Second }},
	} {
		r := sampleRecord(t)
		tc.edit(r)
		for _, enc := range []func() ([]byte, error){r.EncodeText, r.EncodePSQ, r.EncodeSGF} {
			if _, err := enc(); !errors.Is(err, ErrBadRecord) {
				t.Errorf("%s: %v", tc.name, err)
			}
		}
	}
	r := sampleRecord(t)
	r.Black = "12"
	if _, err := r.EncodePSQ(); !errors.Is(err, ErrBadRecord) {
		t.Errorf("PSQ accepted a name that reads back as a status line: %v", err)
	}
}

func BenchmarkEncodeText(b *testing.B) {
	r := sampleRecord(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.EncodeText(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseSGF(b *testing.B) {
	data := []byte(sampleSGF)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseSGF(data); err != nil {
			b.Fatal(err)
		}
	}
}
