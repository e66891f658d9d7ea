package server

import (
	"fmt"
	"testing"

	"github.com/gomokud/gomoku/protocol"
)

func moveEvent(seq int64) protocol.GameMove {
	return protocol.GameMove{GameID: 7, Seq: seq, Ply: int(seq), Color: "black", Move: "h8"}
}

// TestEventLog: frames come back from since exactly as staged, in order,
// across buffer growth and trimming; frames handed out earlier never change.
func TestEventLog(t *testing.T) {
	l := eventLog{first: 1}
	var handed [][]byte
	var want []string
	for seq := int64(1); seq <= 3*eventWindow; seq++ {
		f := l.stage(moveEvent(seq))
		l.keep(f)
		handed = append(handed, f)
		want = append(want, string(protocol.MustEncode("", moveEvent(seq))))
	}
	for i, f := range handed {
		if string(f) != want[i] {
			t.Fatalf("frame %d changed after later events: %s", i+1, f)
		}
	}
	if l.newest() != 3*eventWindow {
		t.Fatalf("newest = %d, want %d", l.newest(), 3*eventWindow)
	}
	cases := []struct {
		last int64
		n    int
		ok   bool
	}{
		{last: l.newest(), n: 0, ok: true},
		{last: l.newest() - 1, n: 1, ok: true},
		{last: l.first - 1, n: len(l.ends), ok: true},
		{last: l.first - 2, ok: false},
		{last: l.newest() + 1, ok: false},
		{last: 0, ok: false},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.last), func(t *testing.T) {
			got, ok := l.since(c.last)
			if ok != c.ok || len(got) != c.n {
				t.Fatalf("since(%d) = %d frames, %v; want %d, %v", c.last, len(got), ok, c.n, c.ok)
			}
			for i, f := range got {
				if seq := c.last + 1 + int64(i); string(f) != want[seq-1] {
					t.Fatalf("frame %d = %s, want %s", seq, f, want[seq-1])
				}
			}
		})
	}
	if len(l.ends) > eventWindow {
		t.Fatalf("log keeps %d frames, more than %d", len(l.ends), eventWindow)
	}
}

// BenchmarkEventLog: staging and keeping a move event; the one allocation
// is the message passed as an interface, the frame itself takes none.
func BenchmarkEventLog(b *testing.B) {
	l := eventLog{first: 1}
	b.ReportAllocs()
	for i := range b.N {
		l.keep(l.stage(moveEvent(int64(i + 1))))
	}
}
