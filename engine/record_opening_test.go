package engine

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// openingRecord is a Soosõrv-8 game in which the second player swapped
// after the 4th move (so the opener plays white), black offered two fifth
// moves and white took o15; white then resigned.
func openingRecord(tb testing.TB) *Record {
	tb.Helper()
	r := &Record{
		Black: "bob", White: "alice", Rule: Renju, Size: 15,
		Result:     RecordResult{Winner: Black, Reason: ReasonResign},
		Opening:    "soosorv-8",
		Opener:     White,
		Offers:     []Point{mustPoint(tb, "a1", 15), mustPoint(tb, "o15", 15)},
		OpeningLog: []string{"place h8", "place h9", "place j10", "stay", "place i8", "declare 2", "swap", "offer a1 o15", "choose o15"},
	}
	for _, m := range []string{"h8", "h9", "j10", "i8", "o15", "g7"} {
		r.Moves = append(r.Moves, RecordMove{Point: mustPoint(tb, m, 15)})
	}
	return r
}

const openingText = `Black: bob
White: alice
Rule: renju
Size: 15
Opening: soosorv-8
Opener: white
Offers: a1 o15
OpeningLog: place h8, place h9, place j10, stay, place i8, declare 2, swap, offer a1 o15, choose o15
Result: black wins by resign

1. [Black] h8
2. [White] h9
3. [Black] j10
4. [White] i8
5. [Black] o15
6. [White] g7
`

const openingSGF = `(;FF[4]GM[4]CA[UTF-8]AP[gomokud]SZ[15]RU[renju]PB[bob]PW[alice]RE[B+R]ON[soosorv-8]OP[W]OF[ao][oa]OL[place h8][place h9][place j10][stay][place i8][declare 2][swap][offer a1 o15][choose o15]
;B[hh];W[hg];B[jf];W[ih];B[oa];W[gi])
`

const openingPSQ = `Piskvorky 15x15, 11:11, 0
8,8,0
8,7,0
10,6,0
9,8,0
15,1,0
7,9,0
bob
alice
-1
Opening: soosorv-8
Opener: white
Offers: a1 o15
OpeningLog: place h8, place h9, place j10, stay, place i8, declare 2, swap, offer a1 o15, choose o15
`

func TestRecordOpeningGolden(t *testing.T) {
	r := openingRecord(t)
	for _, f := range []struct {
		name   string
		encode func() ([]byte, error)
		parse  func([]byte) (*Record, error)
		want   string
	}{
		{"text", r.EncodeText, ParseText, openingText},
		{"sgf", r.EncodeSGF, ParseSGF, openingSGF},
		{"psq", r.EncodePSQ, func(b []byte) (*Record, error) { return ParsePSQ(b, Renju) }, openingPSQ},
	} {
		got, err := f.encode()
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if string(got) != f.want {
			t.Errorf("%s:\n%s\nwant:\n%s", f.name, got, f.want)
		}
		back, err := f.parse(got)
		want := *r
		if f.name == "psq" { // PSQ cannot tell a resignation from an unfinished game
			want.Result = RecordResult{}
		}
		if err != nil || !reflect.DeepEqual(back, &want) {
			t.Errorf("%s read back: %v\n%+v\n%+v", f.name, err, back, &want)
		}
	}
}

func TestRecordOpeningErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(r *Record)
		want error
	}{
		{"details without a rule", func(r *Record) { r.Opening = "" }, ErrBadRecord},
		{"bad rule name", func(r *Record) { r.Opening = "Soosorv 8" }, ErrBadRecord},
		{"bad opener", func(r *Record) { r.Opener = Color(7) }, ErrBadRecord},
		{"comma in an action", func(r *Record) { r.OpeningLog[0] = "place h8, swap" }, ErrBadRecord},
		{"empty action", func(r *Record) { r.OpeningLog[1] = "" }, ErrBadRecord},
		{"offer off the board", func(r *Record) { r.Offers[0] = Point{15, 0} }, ErrOffBoard},
		{"offer on a stone", func(r *Record) { r.Offers[0] = r.Moves[2].Point }, ErrOccupied},
		{"offer twice", func(r *Record) { r.Offers[0] = r.Offers[1] }, ErrBadRecord},
		{"fifth move not offered", func(r *Record) { r.Offers = r.Offers[:1] }, ErrBadRecord},
		{"offers before the 4th move", func(r *Record) {
			r.Moves, r.Result, r.OpeningLog = r.Moves[:3], RecordResult{}, r.OpeningLog[:3]
		}, ErrBadRecord},
	} {
		r := openingRecord(t)
		tc.edit(r)
		for _, enc := range []func() ([]byte, error){r.EncodeText, r.EncodePSQ, r.EncodeSGF} {
			if _, err := enc(); !errors.Is(err, tc.want) || !errors.Is(err, ErrBadRecord) {
				t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
			}
		}
	}
	for _, bad := range []string{
		strings.Replace(openingText, "Opener: white", "Opener: x", 1),
		strings.Replace(openingText, "Offers: a1 o15", "Offers: a1 p15", 1),
		strings.Replace(openingText, "Opening: soosorv-8\n", "", 1),
	} {
		if _, err := ParseText([]byte(bad)); !errors.Is(err, ErrBadRecord) {
			t.Errorf("text accepted:\n%s", bad)
		}
	}
	for _, bad := range []string{
		strings.Replace(openingSGF, "OP[W]", "OP[X]", 1),
		strings.Replace(openingSGF, "OF[ao][oa]", "OF[ao][zz]", 1),
		strings.Replace(openingSGF, "OL[place h8]", "OL[]", 1),
	} {
		if _, err := ParseSGF([]byte(bad)); !errors.Is(err, ErrBadRecord) {
			t.Errorf("sgf accepted:\n%s", bad)
		}
	}
	for _, bad := range []string{
		strings.Replace(openingPSQ, "Opener: white", "Colour: white", 1),
		strings.Replace(openingPSQ, "Opener: white", "Opening: swap2", 1),
		openingPSQ + "junk\n",
	} {
		if _, err := ParsePSQ([]byte(bad), Renju); !errors.Is(err, ErrBadRecord) {
			t.Errorf("psq accepted:\n%s", bad)
		}
	}
}

// A game aborted while black was to choose among offers: four moves, the
// offers kept, no fifth move yet.
func TestRecordOpeningPendingChoice(t *testing.T) {
	r := openingRecord(t)
	r.Moves, r.Result = r.Moves[:4], RecordResult{Reason: ReasonAborted}
	r.OpeningLog = r.OpeningLog[:8]
	text, err := r.EncodeText()
	if err != nil {
		t.Fatal(err)
	}
	if back, err := ParseText(text); err != nil || !reflect.DeepEqual(back, r) {
		t.Errorf("%v\n%s", err, text)
	}
}
