package tui

import (
	"strings"
	"testing"
)

func TestChatRowsWrap(t *testing.T) {
	st := PlainStyles()
	chat := []ChatLine{
		{From: "ann", Text: "hi"},
		{From: "carol", Text: "nice opening, but I think you missed the three on the g file"},
	}
	rows := chatRows(chat, 20, 10, 0, st)
	if len(rows) < 4 || rows[0] != "ann: hi" {
		t.Fatalf("rows %q", rows)
	}
	for _, r := range rows {
		if len([]rune(r)) > 20 {
			t.Fatalf("row %q wider than 20", r)
		}
	}
	if got := strings.Join(rows[1:], " "); !strings.Contains(got, "missed the three on the g file") {
		t.Fatalf("the long line is not all there: %q", got)
	}
	newest := chatRows(chat, 20, 2, 0, st)
	if len(newest) != 2 || !strings.HasSuffix(newest[1], "file") {
		t.Fatalf("the last 2 rows: %q", newest)
	}
	if chatRows(chat, 20, 0, 0, st) != nil {
		t.Fatal("rows with no room")
	}
}

// TestLobbyChatWraps: a long lobby chat line is shown in full at 80x24.
func TestLobbyChatWraps(t *testing.T) {
	m := testLobby(t, 80, 24)
	m.Chat = append(m.Chat, ChatLine{From: "carol", Text: "hello lobby, anyone up for a renju game with a long clock tonight?"})
	if v := m.View(); !strings.Contains(v, "tonight?") {
		t.Fatalf("the end of a long chat line is missing:\n%s", v)
	}
}

func TestInputLineShowsTheEnd(t *testing.T) {
	if got := inputLine("say> ", "hi", 80); got != "say> hi█" {
		t.Fatalf("short: %q", got)
	}
	long := strings.Repeat("word ", 30) + "END"
	got := inputLine("say> ", long, 40)
	if n := len([]rune(got)); n != 40 || !strings.HasSuffix(got, "END█") || !strings.HasPrefix(got, "say> …") {
		t.Fatalf("long: %q (%d columns)", got, n)
	}
}
