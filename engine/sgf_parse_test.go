package engine

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestReadSGFCollection: every game's root node and main line's moves, in
// file order, with the other variations read and dropped, comments and
// escapes read, and nodes without a move left out.
func TestReadSGFCollection(t *testing.T) {
	in := "(;FF[4]PB[a]PW[b]RE[B+1];B[hh]C[opening move];W[hi];C[no move](;B[ii])(;B[jj]))\n" +
		"(;PB[x\\]y]PW[b]C[two\\\nlines]RE[0])  "
	got, err := ReadSGFCollection([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []SGFRoot{
		{Offset: 1, Props: map[string][]string{"FF": {"4"}, "PB": {"a"}, "PW": {"b"}, "RE": {"B+1"}},
			Moves: []SGFMove{{Black, "hh", "opening move"}, {White, "hi", ""}, {Black, "ii", ""}}},
		{Offset: strings.IndexByte(in, '\n') + 2, Props: map[string][]string{"PB": {"x]y"}, "PW": {"b"}, "C": {"twolines"}, "RE": {"0"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

// TestReadSGFCollectionErrors: each syntax error names its game and reason
// and wraps ErrBadRecord.
func TestReadSGFCollectionErrors(t *testing.T) {
	ok := "(;PB[a]PW[b]RE[0])"
	for _, tt := range []struct {
		name, in string
		game     int
		reason   string
	}{
		{"empty", " \n", 0, "no game"},
		{"text before", "x" + ok, 0, "want '('"},
		{"text between", ok + "junk", 1, "want '('"},
		{"cut short", ok + "(;PB[a];B[aa]", 2, "want ')'"},
		{"value cut short", ok + "(;C[12", 2, "unterminated value"},
		{"no node", "()", 1, "want ';'"},
		{"lower case", "(;pb[a])", 1, "property name"},
		{"no value", "(;PB PW[b])", 1, "PB has no value"},
		{"twice", "(;PB[a]PB[a])", 1, "PB twice"},
		{"too deep", "(;PB[a]" + strings.Repeat("(;B[aa]", 70), 1, "nested deeper"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadSGFCollection([]byte(tt.in))
			var se *SGFError
			if !errors.As(err, &se) || !errors.Is(err, ErrBadRecord) {
				t.Fatalf("error %v (%T), want an *SGFError wrapping ErrBadRecord", err, err)
			}
			if se.Game != tt.game || !strings.Contains(se.Reason, tt.reason) {
				t.Errorf("game %d reason %q, want game %d and %q", se.Game, se.Reason, tt.game, tt.reason)
			}
		})
	}
}
