package gomocup

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
)

// run feeds script to a fresh brain and returns its answers, MESSAGE lines
// removed.
func run(t *testing.T, level ai.Level, script string) []string {
	t.Helper()
	var out strings.Builder
	if err := New(level).Run(context.Background(), strings.NewReader(script), &out); err != nil {
		t.Fatalf("Run: %v", err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !strings.HasPrefix(l, "MESSAGE") && !strings.HasPrefix(l, "DEBUG") {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestProtocolBasics(t *testing.T) {
	got := run(t, ai.Medium, "START 3\nSTART 15\nABOUT\nFOO bar\nRECTSTART 15,20\nRECTSTART 20,20\nRESTART\nTAKEBACK 1,1\nEND\nSTART 15\n")
	want := []string{
		"ERROR unsupported board size 3 (want 5 to 20)",
		"OK",
		About,
		"UNKNOWN command FOO",
		"ERROR rectangular boards are not supported",
		"OK",
		"OK",
		`ERROR no stone at "1,1"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestBeginTurn(t *testing.T) {
	got := run(t, ai.Medium, "START 20\nINFO timeout_turn 200\nBEGIN\nTURN 10,10\nTURN 9,9\nEND\n")
	if len(got) != 4 || got[0] != "OK" {
		t.Fatalf("answers %q", got)
	}
	seen := map[string]bool{"10,10": true, "9,9": true}
	for _, a := range got[1:] {
		if _, err := engine.ParseGomocup(a, 20); err != nil || seen[a] {
			t.Fatalf("bad or repeated move %q in %q", a, got)
		}
		seen[a] = true
	}
	if got[1] != "10,9" {
		t.Errorf("first move %s, want the centre point 10,9 (k11)", got[1])
	}
}

// TestBoardWin: the brain (own stones 1) has four in a row and must finish:
// x at 3..6,5 with 7,5 open.
func TestBoardWin(t *testing.T) {
	script := "START 15\nINFO timeout_turn 300\nBOARD\n3,5,1\n3,7,2\n4,5,1\n4,7,2\n5,5,1\n5,7,2\n6,5,1\n2,5,2\nDONE\nEND\n"
	got := run(t, ai.Max, script)
	if len(got) != 2 || got[1] != "7,5" {
		t.Fatalf("answers %q, want OK and 7,5", got)
	}
}

// TestRenjuForbidden: under renju the brain is black (equal stone counts) and
// 7,7 would make a double three (two open threes through it), so it must not
// be played even though it looks best; the answer is any other legal point.
func TestRenjuForbidden(t *testing.T) {
	script := "START 15\nINFO rule 4\nINFO timeout_turn 300\nBOARD\n" +
		"5,7,1\n6,7,1\n7,5,1\n7,6,1\n0,0,2\n0,14,2\n14,0,2\n14,14,2\nDONE\nEND\n"
	got := run(t, ai.Max, script)
	if len(got) != 2 {
		t.Fatalf("answers %q", got)
	}
	if got[1] == "7,7" {
		t.Fatalf("black played the forbidden double three 7,7")
	}
	p, err := engine.ParseGomocup(got[1], 15)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := engine.NewBoard(15)
	for _, s := range []string{"5,7", "6,7", "7,5", "7,6"} {
		q, _ := engine.ParseGomocup(s, 15)
		b.Set(q, engine.Black)
	}
	if f := b.ForbiddenAt(p); f != engine.NotForbidden {
		t.Fatalf("answer %s is forbidden: %v", got[1], f)
	}
}

func TestRuleBits(t *testing.T) {
	for n, want := range map[int64]engine.Rule{0: engine.Freestyle, 1: engine.Standard, 2: engine.Freestyle,
		3: engine.Standard, 4: engine.Renju, 5: engine.Renju, 6: engine.Renju, 8: engine.Caro, 9: engine.Caro} {
		if got := ruleFromBits(n); got != want {
			t.Errorf("rule %d: %v, want %v", n, got, want)
		}
	}
}

// TestTimeLimit: with timeout_turn 150 ms every answer comes well within
// it, on one searching thread or several. The game starts as a manager
// starts it, with START (answered before any clock runs: the brain
// reserves its table then), and the turns are timed.
func TestTimeLimit(t *testing.T) {
	for _, threads := range []int{1, 3} {
		b := New(ai.Max)
		head := fmt.Sprintf("START 15\nINFO timeout_turn 150\nINFO thread_num %d\nEND\n", threads)
		if err := b.Run(context.Background(), strings.NewReader(head), io.Discard); err != nil {
			t.Fatal(err)
		}
		for _, p := range []engine.Point{{X: 7, Y: 7}, {X: 8, Y: 8}, {X: 6, Y: 8}, {X: 8, Y: 6}} {
			b.stones = append(b.stones, stone{p: p, own: len(b.stones)%2 == 1})
		}
		var out strings.Builder
		start := time.Now()
		if err := b.Run(context.Background(), strings.NewReader("TURN 9,9\nTURN 9,7\nEND\n"), &out); err != nil {
			t.Fatal(err)
		}
		if took := time.Since(start); took > 2*150*time.Millisecond {
			t.Fatalf("%d threads: took %v for two 150ms turns:\n%s", threads, took, out.String())
		}
	}
}

// TestThreadNum: INFO thread_num sets the searching threads, at most
// ai.MaxThreads; 0 or less (or no number) leaves them as they were.
func TestThreadNum(t *testing.T) {
	for val, want := range map[string]int{"3": 3, "1": 1, "0": 5, "-2": 5, "99": ai.MaxThreads, "x": 5} {
		b := New(ai.Max)
		b.Threads = 5
		if err := b.Run(context.Background(), strings.NewReader("INFO thread_num "+val+"\nEND\n"), io.Discard); err != nil {
			t.Fatal(err)
		}
		if b.Threads != want {
			t.Errorf("INFO thread_num %s: %d threads, want %d", val, b.Threads, want)
		}
	}
}

// TestSwap2 plays every SWAP2BOARD step: the answers must have the
// protocol's shapes, be legal, and follow the evaluation: a lopsided
// position is taken by the side it favours.
func TestSwap2(t *testing.T) {
	const head = "START 15\nINFO timeout_turn 300\nSWAP2BOARD\n"
	got := run(t, ai.Hard, head+"DONE\nEND\n")
	if len(got) != 2 || len(strings.Fields(got[1])) != 3 {
		t.Fatalf("answers %q, want three stones", got)
	}
	checkPoints(t, got[1], nil)
	// Three stones: SWAP, white's 4th, or white's 4th and black's 5th.
	three := []string{"7,7", "8,8", "6,8"}
	got = run(t, ai.Hard, head+strings.Join(three, "\n")+"\nDONE\nEND\n")
	if len(got) != 2 {
		t.Fatalf("answers %q", got)
	}
	if got[1] != "SWAP" {
		if n := len(strings.Fields(got[1])); n != 1 && n != 2 {
			t.Fatalf("answer %q: want SWAP, one point or two", got[1])
		}
		checkPoints(t, got[1], three)
	}
	// Five stones: SWAP or white's 6th.
	five := []string{"7,7", "8,8", "6,8", "9,9", "7,9"}
	got = run(t, ai.Hard, head+strings.Join(five, "\n")+"\nDONE\nEND\n")
	if len(got) != 2 || (got[1] != "SWAP" && len(strings.Fields(got[1])) != 1) {
		t.Fatalf("answers %q: want SWAP or one point", got)
	}
	if got[1] != "SWAP" {
		checkPoints(t, got[1], five)
	}
	// Black's open three in the centre against white's two stones in the
	// corners: black is clearly better, so the brain takes black.
	lopsided := []string{"7,7", "0,0", "8,7", "0,14", "9,7"}
	got = run(t, ai.Hard, head+strings.Join(lopsided, "\n")+"\nDONE\nEND\n")
	if len(got) != 2 || got[1] != "SWAP" {
		t.Fatalf("answers %q: want SWAP (black has an open three)", got)
	}
	// White in the centre, black's two stones in the corners: white is no
	// worse, so the brain plays white's 4th or places two, never SWAP.
	got = run(t, ai.Hard, head+"0,0\n7,7\n14,14\nDONE\nEND\n")
	if len(got) != 2 || got[1] == "SWAP" {
		t.Fatalf("answers %q: black's scattered stones are worth no SWAP", got)
	}
	// Renju has no swap2.
	got = run(t, ai.Hard, "START 15\nINFO rule 4\nSWAP2BOARD\nDONE\nEND\n")
	if len(got) != 2 || !strings.HasPrefix(got[1], "ERROR") {
		t.Fatalf("answers %q: want ERROR under renju", got)
	}
}

// checkPoints checks that the answer's points are on the board, distinct
// and not on the stones.
func checkPoints(t *testing.T, answer string, stones []string) {
	t.Helper()
	seen := map[engine.Point]bool{}
	for _, s := range stones {
		p, _ := engine.ParseGomocup(s, 15)
		seen[p] = true
	}
	for _, f := range strings.Fields(answer) {
		p, err := engine.ParseGomocup(f, 15)
		if err != nil || seen[p] {
			t.Fatalf("answer %q: %q is not a free point (%v)", answer, f, err)
		}
		seen[p] = true
	}
}

// TestTableSize: the brain's table at Max is 256 MiB at every turn length,
// within max_memory less 64 MiB, or half of it where that is more. Other
// levels keep their own size (0), within a quarter of max_memory.
func TestTableSize(t *testing.T) {
	for _, c := range []struct {
		info  string
		want  int
		level ai.Level
	}{
		{"", 256, ai.Max}, // the protocol's default turn, 5 s, no memory limit
		{"INFO timeout_turn 500\nINFO thread_num 2\nINFO max_memory 367001600\n", 256, ai.Max},
		{"INFO timeout_turn 200\nINFO thread_num 2\nINFO max_memory 367001600\n", 256, ai.Max},
		// 222 MiB allowed: the table itself is its power of two, 128 MiB.
		{"INFO timeout_turn 500\nINFO thread_num 2\nINFO max_memory 300000000\n", 222, ai.Max},
		{"INFO timeout_turn 500\nINFO thread_num 2\nINFO max_memory 134217728\n", 64, ai.Max},
		{"INFO timeout_turn 5000\nINFO thread_num 1\n", 256, ai.Max},
		{"INFO timeout_turn 5000\nINFO thread_num 2\nINFO max_memory 104857600\n", 50, ai.Max},
		{"INFO timeout_turn 30000\nINFO thread_num 2\nINFO max_memory 0\n", 256, ai.Max},
		{"INFO timeout_turn 5000\nINFO thread_num 2\n", 0, ai.Hard},
		{"INFO timeout_turn 5000\nINFO max_memory 367001600\n", 32, ai.Medium},
		{"INFO timeout_turn 30000\nINFO timeout_match 3000\nINFO thread_num 2\n", 256, ai.Max},
		{"INFO timeout_turn 0\nINFO thread_num 4\n", 256, ai.Max},
		{"INFO timeout_turn 5000\nINFO max_memory 1000\n", 1, ai.Max},
	} {
		b := New(c.level)
		if err := b.Run(context.Background(), strings.NewReader(c.info+"END\n"), io.Discard); err != nil {
			t.Fatal(err)
		}
		if got := b.tableMiB(); got != c.want {
			t.Errorf("%q: %d MiB, want %d", c.info, got, c.want)
		}
	}
}
