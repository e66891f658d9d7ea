package main

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

// root builds a game as c-gomoku-cli writes it, with the given root
// properties after its fixed ones: one opening stone, bhh, then a move.
func root(props string) string {
	return "(;FF[4]GM[4]GN[1]SZ[15]" + props + "\n;B[hh]C[opening move];W[hi]C[460ms])\n\n"
}

func TestParseCollection(t *testing.T) {
	hh := []string{"bhh"}
	tests := []struct {
		name string
		in   string
		want []sgfGame
	}{
		{"one game", root("PB[a]PW[b]RE[B+1]"),
			[]sgfGame{{Black: "a", White: "b", Result: "B+1", Outcome: blackWins, Opening: hh}}},
		{"two games and no trailing space", root("PB[a]PW[b]RE[W+1]") + strings.TrimSpace(root("PB[b]PW[a]RE[0]")),
			[]sgfGame{{"a", "b", "W+1", whiteWins, hh}, {"b", "a", "0", draw, hh}}},
		{"SGF's other result forms", root("PB[a]PW[b]RE[W+R]") + root("PB[a]PW[b]RE[Draw]") + root("PB[a]PW[b]RE[B+T]"),
			[]sgfGame{{"a", "b", "W+R", whiteWins, hh}, {"a", "b", "Draw", draw, hh}, {"a", "b", "B+T", blackWins, hh}}},
		{"escapes and a soft line break", root(`PB[a\]b\\]PW[c\` + "\n" + `d]RE[B+1]`),
			[]sgfGame{{`a]b\`, "cd", "B+1", blackWins, hh}}},
		{"spaces between tokens", "( ; PB [a] PW\n[b] RE [0] ; B [aa] )",
			[]sgfGame{{"a", "b", "0", draw, nil}}},
		{"variations are read and dropped", "(;PB[a]PW[b]RE[0];B[aa](;W[bb])(;W[cc](;B[dd]))) ",
			[]sgfGame{{"a", "b", "0", draw, nil}}},
		{"the opening is the leading marked moves", "(;PB[a]PW[b]RE[0];B[aa]C[opening move];W[bb]C[opening move];B[cc];W[dd]C[opening move])",
			[]sgfGame{{"a", "b", "0", draw, []string{"baa", "wbb"}}}},
		{"players only in the root count", "(;PB[a]PW[b]RE[0];PB[x]B[aa])",
			[]sgfGame{{"a", "b", "0", draw, nil}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseCollection([]byte(tt.in))
			if err != nil {
				t.Fatalf("parseCollection: %v", err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d games %+v, want %d", len(got), got, len(tt.want))
			}
			for i := range got {
				if !reflect.DeepEqual(got[i], tt.want[i]) {
					t.Errorf("game %d = %+v, want %+v", i+1, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestParseCollectionErrors(t *testing.T) {
	ok := root("PB[a]PW[b]RE[0]")
	tests := []struct {
		name string
		in   string
		is   error
		game int // the game the error names
		text string
	}{
		{"empty file", "", errSGFSyntax, 0, "no game"},
		{"only space", " \n\n", errSGFSyntax, 0, "no game"},
		{"text before a game", "x" + ok, errSGFSyntax, 0, "want '('"},
		{"text between games", ok + "junk" + ok, errSGFSyntax, 1, "want '('"},
		{"game cut short", ok + "(;PB[a]PW[b]RE[0];B[aa]", errSGFSyntax, 2, "want ')'"},
		{"value cut short", ok + "(;PB[a]PW[b]RE[0];C[12", errSGFSyntax, 2, "unterminated value"},
		{"escape at the end", "(;PB[a\\", errSGFSyntax, 1, "unterminated value"},
		{"no node", "()", errSGFSyntax, 1, "want ';'"},
		{"lower-case identifier", "(;pb[a]PW[b]RE[0])", errSGFSyntax, 1, "property name"},
		{"property without value", "(;PB PW[b]RE[0])", errSGFSyntax, 1, "PB has no value"},
		{"property twice", "(;PB[a]PB[a]PW[b]RE[0])", errSGFSyntax, 1, "PB twice"},
		{"nested too deep", "(;PB[a]PW[b]RE[0]" + strings.Repeat("(;", 100) + strings.Repeat(")", 101),
			errSGFSyntax, 1, "nested deeper"},
		{"no PB", ok + "(;PW[b]RE[0])", errSGFGame, 2, "no PB"},
		{"no RE", "(;PB[a]PW[b])", errSGFGame, 1, "no RE"},
		{"PW twice over", "(;PB[a]PW[b][c]RE[0])", errSGFGame, 1, "PW has 2 values"},
		{"empty name", "(;PB[ ]PW[b]RE[0])", errSGFGame, 1, "PB is empty"},
		{"unfinished game", ok + ok + root("PB[a]PW[b]RE[*]"), errSGFGame, 3, "RE[*]"},
		{"void game", root("PB[a]PW[b]RE[Void]"), errSGFGame, 1, "RE[Void]"},
		{"black without a plus", root("PB[a]PW[b]RE[Black]"), errSGFGame, 1, "RE[Black]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := parseCollection([]byte(tt.in))
			if err == nil {
				t.Fatalf("parseCollection = %+v, want an error", games)
			}
			var se *sgfError
			if !errors.As(err, &se) || !errors.Is(err, tt.is) {
				t.Fatalf("error %v (%T) is not an *sgfError wrapping %v", err, err, tt.is)
			}
			if se.Game != tt.game || !strings.Contains(err.Error(), tt.text) {
				t.Errorf("error %q (game %d), want game %d and %q", err, se.Game, tt.game, tt.text)
			}
		})
	}
}

// FuzzParseCollection checks that no input panics the parser, that an
// error is always a located *sgfError wrapping one of the two sentinels,
// and that every game it accepts has players and a result that agree.
func FuzzParseCollection(f *testing.F) {
	for _, path := range []string{"testdata/score-f-main-6.sgf", "testdata/score-adjudicated.sgf"} {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{"", root("PB[a]PW[b]RE[0]"), "(;PB[a\\]]PW[b]RE[W+T](;B[aa])(;W[bb]))",
		"(;PB[a]PW[b]RE[*])", "((;", "(;PB[a]PW[b]RE[0]\\"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := parseCollection(data)
		if err != nil {
			var se *sgfError
			if !errors.As(err, &se) || !(errors.Is(err, errSGFSyntax) || errors.Is(err, errSGFGame)) {
				t.Fatalf("error %v (%T) is not a typed SGF error", err, err)
			}
			if se.Offset < 0 || se.Offset > len(data) {
				t.Fatalf("error offset %d outside the input (%d bytes)", se.Offset, len(data))
			}
			return
		}
		if len(games) == 0 {
			t.Fatal("no error and no game")
		}
		for i, g := range games {
			if strings.TrimSpace(g.Black) == "" || strings.TrimSpace(g.White) == "" {
				t.Fatalf("game %d has an empty player: %+v", i+1, g)
			}
			if o, err := parseOutcome(g.Result); err != nil || o != g.Outcome {
				t.Fatalf("game %d: outcome %v does not match RE[%s]", i+1, g.Outcome, g.Result)
			}
		}
	})
}
