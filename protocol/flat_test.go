package protocol

import (
	"reflect"
	"testing"
)

// flatCases are frames with the answer expected of decodeFlat: true when
// it decodes them itself, false when it leaves them to encoding/json.
var flatCases = []struct {
	frame string
	flat  bool
}{
	{`{"type":"move","id":"1","game_id":3,"move":"h8"}`, true},
	{` { "type" : "move" , "game_id" : -0 , "move" : "" } `, true},
	{`{"game_id":9223372036854775807,"move":"a1","type":"move"}`, true},
	{`{"type":"move","game_id":-9223372036854775808}`, true},
	{`{"type":"move","type":"resign","game_id":1}`, true},
	{`{"type":"ping"}`, true},
	{`{"type":"move","game_id":9223372036854775808}`, false},
	{`{"type":"move","game_id":1.0}`, false},
	{`{"type":"move","game_id":1e3}`, false},
	{`{"type":"move","game_id":01}`, false},
	{`{"type":"move","game_id":"1"}`, false},
	{`{"type":"move","game_id":null}`, false},
	{`{"type":"move","Move":"h8"}`, false},
	{`{"type":"move","move":"h8","move":"h9"}`, false},
	{`{"type":"move","move":"h\u0038"}`, false},
	{`{"type":"move","move":"é"}`, false},
	{`{"Type":"move"}`, false},
	{`{"type":"move","extra":1}`, false},
	{`{"type":"move"} x`, false},
	{`{"type":"move",}`, false},
	{`{"id":"1"}`, false},
	{`{"type":"nosuch"}`, false},
	{`{"type":"move","id":3}`, false},
	{`[]`, false},
	{``, false},
}

func TestDecodeFlat(t *testing.T) {
	for _, c := range flatCases {
		f, ok := decodeFlat([]byte(c.frame))
		if ok != c.flat {
			t.Errorf("decodeFlat(%s): %v, want %v", c.frame, ok, c.flat)
			continue
		}
		if ok {
			checkFlat(t, []byte(c.frame), f)
		}
	}
}

// checkFlat fails unless encoding/json decodes data as decodeFlat did.
func checkFlat(t *testing.T, data []byte, flat Frame) {
	t.Helper()
	want, err := decodeJSON(data)
	if err != nil {
		t.Fatalf("decodeFlat took %q, encoding/json refuses it: %v", data, err)
	}
	if !reflect.DeepEqual(flat, want) {
		t.Fatalf("%q: decodeFlat %#v, encoding/json %#v", data, flat, want)
	}
}

func FuzzDecodeFlat(f *testing.F) {
	for _, c := range flatCases {
		f.Add([]byte(c.frame))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if fr, ok := decodeFlat(data); ok {
			checkFlat(t, data, fr)
		}
	})
}

func TestDecodeFlatAllocs(t *testing.T) {
	data := []byte(`{"type":"move","id":"17","game_id":123456,"move":"h8"}`)
	allocs := testing.AllocsPerRun(100, func() {
		if _, ok := decodeFlat(data); !ok {
			t.Fatal("not flat")
		}
	})
	if allocs > 3 { // the message, its id and its move
		t.Errorf("%v allocations per move frame, want at most 3", allocs)
	}
}

func BenchmarkDecodeMove(b *testing.B) {
	data := []byte(`{"type":"move","id":"17","game_id":123456,"move":"h8"}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}
