package main

import (
	"context"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/client/config"
)

// TestAccountCommands: passwd, block, blocks, unblock and delete-account
// against the real server.
func TestAccountCommands(t *testing.T) {
	s := startServer(t)
	alice, mal := newUser(t, s.URL, "alice"), newUser(t, s.URL, "mallory")
	alice.must("secret-alice\nsecret-alice\n", "register", "alice")
	mal.must("secret-mal-1\nsecret-mal-1\n", "register", "mallory")

	if r := alice.run(context.Background(), "wrong-one\nnew-secret-1\nnew-secret-1\n", "passwd"); r.code != 1 || !strings.Contains(r.err, "wrong password") {
		t.Errorf("passwd with a wrong password: %+v", r)
	}
	mustContain(t, "passwd", alice.must("secret-alice\nnew-secret-1\nnew-secret-1\n", "passwd"), "password changed")
	mustContain(t, "login", alice.must("new-secret-1\n", "login", "alice"), "logged in as alice")

	mustContain(t, "block", alice.must("", "block", "mallory"), "blocked mallory")
	mustContain(t, "blocks", alice.must("", "blocks"), "mallory")
	alice.connect() // online, to be challenged
	if r := mal.run(context.Background(), "", "challenge", "alice", "--play=false"); r.code != 1 || !strings.Contains(r.err, "a block") {
		t.Errorf("a challenge through a block: %+v", r)
	}
	mustContain(t, "unblock", alice.must("", "unblock", "mallory"), "unblocked mallory")
	mustContain(t, "blocks after unblock", alice.must("", "blocks"), "you block no one")

	if r := alice.run(context.Background(), "bob\n", "delete-account"); r.code != 1 || !strings.Contains(r.err, "not confirmed") {
		t.Errorf("delete-account not confirmed: %+v", r)
	}
	mustContain(t, "delete-account", alice.must("alice\nnew-secret-1\n", "delete-account"), "account deleted")
	if cfg, _ := config.Load(alice.cfg); cfg.Token != "" || cfg.Username != "" {
		t.Errorf("config after deleting the account: %+v", cfg)
	}
	if r := alice.run(context.Background(), "new-secret-1\n", "login", "alice"); r.code != 1 {
		t.Errorf("login to a deleted account: %+v", r)
	}
}
