package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/client/config"
	"github.com/gomokud/gomoku/protocol"
)

// playSession logs in as "gomoku play" does (playLogin) with the user's
// config and the given flags; the caller closes the client, which is what a
// kill -9 of the program leaves behind too (no logout).
func (u *user) playSession(guest bool, name string) *session {
	u.t.Helper()
	env := &Env{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
	g := &globalOptions{Server: u.url, ConfigPath: u.cfg}
	o := &playOptions{global: g, env: env, Guest: guest, Name: name}
	cfg, url, err := g.load(env)
	if err != nil {
		u.t.Fatal(err)
	}
	ctx, cancel := withTimeout(context.Background())
	defer cancel()
	c, err := client.Dial(ctx, url, client.Options{Name: "e2e"})
	if err != nil {
		u.t.Fatal(err)
	}
	s := &session{c: c, cfg: cfg, url: url, g: g}
	if err := playLogin(ctx, o, s); err != nil {
		c.Close()
		u.t.Fatalf("%s: play login: %v", u.name, err)
	}
	return s
}

// TestGuestResumesAfterRestart: "gomoku play --guest --name carol" keeps the
// guest's session in the config, so that after the program is killed in a
// game, the same command (or a plain "gomoku play") comes back as the same
// guest, in the same game.
func TestGuestResumesAfterRestart(t *testing.T) {
	s := startServer(t)
	carol := newUser(t, s.URL, "carol")

	first := carol.playSession(true, "carol")
	if got := first.c.Me().Name; got != "guest:carol" {
		t.Fatalf("first run: %s, want guest:carol", got)
	}
	ctx, cancel := withTimeout(context.Background())
	defer cancel()
	ch, err := first.c.Challenge(ctx, "bot:easy", protocol.Settings{Opening: "none", Rule: "freestyle", Size: 15, Color: "black"})
	if err != nil {
		t.Fatal(err)
	}
	out, err := first.c.AwaitChallenge(ctx, ch)
	if err != nil || out.Game == nil {
		t.Fatalf("game against the bot: %+v %v", out, err)
	}
	game := out.Game.Game.GameID
	first.c.Close() // kill -9: no logout

	cfg, err := config.Load(carol.cfg)
	if err != nil || cfg.GuestToken == "" || cfg.GuestName != "guest:carol" || cfg.Token != "" {
		t.Fatalf("config after a guest's run: %+v %v", cfg, err)
	}
	for _, tc := range []struct {
		name  string
		guest bool
		wish  string
	}{
		{"the same command", true, "carol"},
		{"--guest without a name", true, ""},
		{"plain gomoku play", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			again := carol.playSession(tc.guest, tc.wish)
			defer again.c.Close()
			if me := again.c.Me().Name; me != "guest:carol" || !slices.Contains(again.sess.Games, game) {
				t.Fatalf("after a restart: %s with games %v; want guest:carol in game %d", me, again.sess.Games, game)
			}
		})
	}

	// Another name is another guest, which the config keeps from then on.
	dave := carol.playSession(true, "dave")
	defer dave.c.Close()
	if cfg, _ := config.Load(carol.cfg); dave.c.Me().Name != "guest:dave" || cfg.GuestName != "guest:dave" {
		t.Fatalf("a new guest name: %s, config %+v", dave.c.Me().Name, cfg)
	}
}
