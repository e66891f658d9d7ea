package main

import (
	"strings"
	"testing"

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
