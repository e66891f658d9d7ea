package main

import (
	"context"
	"strings"
	"testing"
)

// TestRegisterAsksAgainOnATerminal: at a terminal, an invalid username is
// asked for again (a script gets the error at once, see the e2e tests).
func TestRegisterAsksAgainOnATerminal(t *testing.T) {
	var errb strings.Builder
	env := &Env{In: strings.NewReader("b\n!!\nbobby\n"), Err: &errb, Terminal: true}
	name, err := askNewUsername(context.Background(), env, "")
	if err != nil || name != "bobby" {
		t.Fatalf("askNewUsername = %q, %v", name, err)
	}
	if n := strings.Count(errb.String(), "try again"); n != 2 {
		t.Fatalf("want two retries, got %d in %q", n, errb.String())
	}
	env = &Env{In: strings.NewReader("b\nc\nd\nbobby\n"), Err: &errb, Terminal: true}
	if _, err := askNewUsername(context.Background(), env, ""); err == nil || !strings.Contains(err.Error(), "nothing was registered") {
		t.Fatalf("after %d bad names: %v", maxAttempts, err)
	}
	env = &Env{In: strings.NewReader("bobby\n"), Err: &errb, Terminal: true}
	if _, err := askNewUsername(context.Background(), env, "b"); err == nil {
		t.Fatal("an invalid name given as an argument was not refused")
	}
}
