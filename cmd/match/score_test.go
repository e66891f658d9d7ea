package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/engine/ai/gomocup"
)

var update = flag.Bool("update", false, "rewrite the score command's golden files")

// runScoreCmd runs "match score args..." through the root command, as a user
// would, and returns what it printed.
func runScoreCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := newMatchCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(append([]string{"score"}, args...))
	err := cmd.Execute()
	return out.String(), err
}

// The samples: score-f-main-6.sgf is six games cut from a real
// c-gomoku-cli match (gomokud 1-0-2 as black, 1-1-1 as white, a draw by full
// board among them); score-adjudicated.sgf is four games written as
// c-gomoku-cli writes the endings off the board (draw by adjudication, time
// forfeit, renju forbidden move, win by adjudication).
func TestScoreGolden(t *testing.T) {
	main6, adj := "testdata/score-f-main-6.sgf", "testdata/score-adjudicated.sgf"
	tests := []struct {
		golden string
		args   []string
	}{
		{"score-f-main-6.golden", []string{main6}},
		{"score-adjudicated.golden", []string{adj}},
		{"score-two-files.golden", []string{main6, adj}},
		{"score-opponent.golden", []string{"--engine", "PentaZen", main6}},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			got, err := runScoreCmd(t, tt.args...)
			if err != nil {
				t.Fatalf("score %v: %v\n%s", tt.args, err, got)
			}
			path := filepath.Join("testdata", tt.golden)
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("score %v printed\n%s\nwant\n%s", tt.args, got, want)
			}
		})
	}
}

func TestScoreErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	pair := write("pair.sgf", root("PB[x]PW[y]RE[0]")+root("PB[y]PW[x]RE[B+1]"))
	apart := write("apart.sgf", root("PB[x]PW[y]RE[0]")+root("PB[z]PW[w]RE[0]"))
	self := write("self.sgf", root("PB[x]PW[x]RE[0]"))
	bad := write("bad.sgf", root("PB[x]PW[y]RE[0]")+"(;PB[x]PW[y]RE[?])")
	tests := []struct {
		name string
		args []string
		is   error // nil: only the text is checked
		text string
	}{
		{"no file", nil, nil, "requires at least 1 arg"},
		{"missing file", []string{filepath.Join(dir, "none.sgf")}, os.ErrNotExist, "none.sgf"},
		{"bad result", []string{bad}, errSGFGame, "game 2"},
		{"two players in every game", []string{pair}, nil, "x, y all play every game"},
		{"nobody in every game", []string{apart}, nil, "no player is in every game"},
		{"engine missing from a game", []string{"--engine", "Rapfi", "testdata/score-adjudicated.sgf",
			"testdata/score-f-main-6.sgf"}, errNotPlayer, "score-f-main-6.sgf: game 1 (PB[PentaZen] PW[gomokud])"},
		{"engine on both sides", []string{self}, errNotPlayer, "game 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runScoreCmd(t, tt.args...)
			if err == nil {
				t.Fatalf("score %v succeeded:\n%s", tt.args, out)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %v does not wrap %v", err, tt.is)
			}
			if !strings.Contains(err.Error(), tt.text) {
				t.Errorf("error %q does not say %q", err, tt.text)
			}
		})
	}
}

// The default engine of a head-to-head match is this project's brain,
// under the name it gives c-gomoku-cli.
func TestOwnEngineIsTheBrainsName(t *testing.T) {
	if !strings.Contains(gomocup.About, `name="`+ownEngine+`"`) {
		t.Errorf("gomocup.About = %s, does not name %q", gomocup.About, ownEngine)
	}
}
