package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/client/config"
	"github.com/gomokud/gomoku/client/tui"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/protocol"
)

func TestGuestNotice(t *testing.T) {
	tests := []struct {
		guest      bool
		wish, got  string
		wantNotice bool
	}{
		{true, "bob", "guest:bob", false},
		{true, "guest:bob", "guest:bob", false},
		{true, " Bob ", "guest:Bob", false},
		{true, "", "guest:1234", false},
		{true, "x", "guest:9513", true},
		{true, "bob", "guest:2001", true},
		{false, "bob", "alice", false},
	}
	for _, tt := range tests {
		o := &playOptions{Guest: tt.guest, Name: tt.wish}
		n := guestNotice(o, protocol.Session{Player: protocol.Player{Name: tt.got}})
		if (n != "") != tt.wantNotice || (n != "" && !strings.Contains(n, tt.got)) {
			t.Errorf("guestNotice(%q -> %q) = %q", tt.wish, tt.got, n)
		}
	}
}

// TestLobbySettingsRoundTrip: the lobby's settings are kept in the config
// and read back; settings that no longer read give the defaults.
func TestLobbySettingsRoundTrip(t *testing.T) {
	for _, s := range []tui.Settings{
		{Rule: engine.Renju, Size: 19, Time: "30m/60s", Color: "white", Rated: true}, // the rule's default opening
		{Rule: engine.Renju, Size: 15, Time: "10+5", Color: "black", Opening: client.Opening(opening.Taraguchi10)},
		{Rule: engine.Caro, Size: 15, Time: "none", Color: "random", Opening: client.Opening(opening.None)},
	} {
		if got := lobbySettings(configSettings(s)); got == nil || *got != s {
			t.Fatalf("round trip %+v -> %+v", s, got)
		}
	}
	for _, bad := range []config.Settings{
		{Rule: "renju", Size: 15, Time: "10+5", Color: "black", Opening: "swap2"},
		{Rule: "freestyle", Size: 15, Time: "10+5", Color: "black", Opening: "swap3"},
		{Rule: "chess", Size: 15, Time: "10+5", Color: "black"},
		{Rule: "renju", Size: 99, Time: "10+5", Color: "black"},
		{Rule: "renju", Size: 15, Time: "ten", Color: "black"},
		{Rule: "renju", Size: 15, Time: "10+5", Color: "green"},
	} {
		if got := lobbySettings(&bad); got != nil {
			t.Errorf("%+v read as %+v", bad, got)
		}
	}
}

// TestPlayForgetsDeletedAccount: an account deleted in the program loses
// its saved session the way delete-account does; the rest of the config
// stays.
func TestPlayForgetsDeletedAccount(t *testing.T) {
	g := &globalOptions{ConfigPath: filepath.Join(t.TempDir(), "config.json")}
	cfg := config.Config{Server: "ws://127.0.0.1:7979/ws", Token: "tok", Username: "alice",
		Settings: &config.Settings{Rule: "renju", Size: 15, Time: "10+5", Color: "black"}}
	s := &session{cfg: cfg, url: cfg.Server, g: g}
	s.runOptions(tui.RunOptions{}).OnAccountDeleted()
	got, err := config.Load(g.ConfigPath)
	if err != nil {
		t.Fatal(err)
	}
	if got.Token != "" || got.Username != "" || got.Server != cfg.Server || got.Settings == nil || got.Settings.Rule != "renju" {
		t.Errorf("config after the deletion: %+v", got)
	}
}
