package protocol

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestAppendEncode: the frame appended after existing bytes is Encode's,
// and ids are escaped as json.Marshal escapes them.
func TestAppendEncode(t *testing.T) {
	for _, id := range []string{"", "r1", `a"b`, `back\slash`, "<script>&", "é", "tab\there", "\x00"} {
		m := Move{GameID: 3, Move: "h8"}
		want, err := Encode(id, m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := AppendEncode([]byte("prefix"), id, m)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, append([]byte("prefix"), want...)) {
			t.Errorf("id %q: AppendEncode = %s, want prefix%s", id, got, want)
		}
		var h header
		if err := json.Unmarshal(want, &h); err != nil || h.ID != id || h.Type != "move" {
			t.Errorf("id %q: frame %s reads back as %+v, %v", id, want, h, err)
		}
	}
}

// FuzzAppendString: appendString writes what json.Marshal writes.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "abc", `"`, `\`, "<>&", "\u2028", "\xff", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("appendString(%q) = %s, want %s", s, got, want)
		}
	})
}

// BenchmarkEncode: one frame of a move event.
func BenchmarkEncode(b *testing.B) {
	m := GameMove{GameID: 7, Seq: 12, Ply: 12, Color: ColorBlack, Move: "h8"}
	b.ReportAllocs()
	for range b.N {
		if _, err := Encode("", m); err != nil {
			b.Fatal(err)
		}
	}
}
