package server

import (
	"fmt"
	"testing"

	"github.com/gomokud/gomoku/protocol"
)

func TestChatLogKeepsTheLast(t *testing.T) {
	var l chatLog
	if got := l.recent(); len(got) != 0 {
		t.Fatalf("empty log: %+v", got)
	}
	for i := 1; i <= chatHistory+5; i++ {
		l.add(protocol.LobbyChat{From: "ann", Text: fmt.Sprint(i)})
	}
	got := l.recent()
	if len(got) != chatHistory || got[0].Text != "6" || got[len(got)-1].Text != fmt.Sprint(chatHistory+5) {
		t.Fatalf("kept %d lines, %s..%s", len(got), got[0].Text, got[len(got)-1].Text)
	}
	got[0].Text = "changed"
	if l.recent()[0].Text != "6" {
		t.Error("recent shares the log's storage")
	}
}
