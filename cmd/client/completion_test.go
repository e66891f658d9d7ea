package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// complete runs the shell's completion request for args and returns what
// it offers and the directive line (":4" is no file names).
func complete(t *testing.T, server string, args ...string) (offers []string, directive string) {
	t.Helper()
	var out bytes.Buffer
	env := &Env{In: strings.NewReader(""), Out: &out, Err: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
	cfg := t.TempDir() + "/config.json"
	if code := run(context.Background(), append([]string{"__complete", "--config", cfg, "--server", server}, args...), env); code != 0 {
		t.Fatalf("__complete %v: status %d", args, code)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	return lines[:len(lines)-1], lines[len(lines)-1]
}

// TestCompletionOffersNoFiles: arguments and flags that take names,
// numbers or settings never fall back to file names.
func TestCompletionOffersNoFiles(t *testing.T) {
	const down = "127.0.0.1:1" // nothing listens: the server's lists are empty
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"who", ""}, nil},
		{[]string{"challenge", "bob", "--time", ""}, []string{"10+5", "30m/60s", "none"}},
		{[]string{"challenge", "bob", "--color", ""}, []string{"black", "white", "random"}},
		{[]string{"challenge", "bob", "--rule", ""}, []string{"renju"}},
		{[]string{"games", "--limit", ""}, nil},
		{[]string{"play", "--name", ""}, nil},
		{[]string{"show", ""}, nil},
		{[]string{"challenge", ""}, nil},
	} {
		offers, dir := complete(t, down, tc.args...)
		if dir != ":4" {
			t.Errorf("%v: directive %s, want :4 (no file names)", tc.args, dir)
		}
		for _, w := range tc.want {
			if !strings.Contains(strings.Join(offers, "\n"), w) {
				t.Errorf("%v: offers %q, want %q among them", tc.args, offers, w)
			}
		}
	}
}

// TestCompletionOffersPlayers: a challenge completes the names online and
// the bots.
func TestCompletionOffersPlayers(t *testing.T) {
	s := startServer(t)
	bob := newUser(t, s.URL, "bob")
	bob.must("secret-bob-1\nsecret-bob-1\n", "register", "bob")
	bob.connect() // online
	offers, _ := complete(t, s.URL, "challenge", "")
	got := strings.Join(offers, " ")
	for _, w := range []string{"bob", "bot:easy", "bot:max"} {
		if !strings.Contains(got, w) {
			t.Errorf("challenge <tab> offers %q, want %q", got, w)
		}
	}
}
