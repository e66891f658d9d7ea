package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestFlagErrors runs commands whose flags are refused before any
// connection is made (the server URL points nowhere).
func TestFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
		in   string // standard input
	}{
		{[]string{"challenge", "bob", "--rule", "go"}, "--rule", ""},
		{[]string{"challenge", "bob", "--size", "30"}, "--size", ""},
		{[]string{"challenge", "bob", "--time", "ten"}, "--time", ""},
		{[]string{"challenge", "bob", "--color", "red"}, "--color", ""},
		{[]string{"challenge", "bob", "--opening", "swap3"}, "--opening", ""},
		{[]string{"challenge"}, "accepts 1 arg", ""},
		{[]string{"show", "x1"}, "not a game number", ""},
		{[]string{"export", "4", "--format", "pdf"}, "--format", ""},
		{[]string{"play"}, "needs a terminal", ""},
		{[]string{"games"}, "not logged in", ""},
		// The username and the password are checked before the password
		// is asked (again): the input holds no password to read.
		{[]string{"register", "ab"}, "invalid username: must be 3 to 24 characters", ""},
		{[]string{"register", "bad name"}, "invalid username: only letters, digits", ""},
		{[]string{"register"}, "invalid username", "no\n"},
		{[]string{"register", "carol"}, "invalid password: must be 8 to 128", "short\n"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			env := &Env{In: strings.NewReader(tc.in), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
			args := append([]string{"--config", t.TempDir() + "/c.json", "--server", "127.0.0.1:1"}, tc.args...)
			if code := run(context.Background(), args, env); code != 1 {
				t.Fatalf("status %d, want 1", code)
			}
			if !strings.Contains(errb.String(), tc.want) {
				t.Fatalf("stderr %q, want %q", errb.String(), tc.want)
			}
		})
	}
}

func TestParseGameID(t *testing.T) {
	for s, want := range map[string]int64{"42": 42, "#7": 7, "0": 0, "-3": 0, "abc": 0, "": 0} {
		got, err := parseGameID(s)
		if got != want || (err == nil) != (want != 0) {
			t.Errorf("parseGameID(%q) = %d, %v", s, got, err)
		}
	}
}
