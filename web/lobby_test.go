package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/gomokud/gomoku/internal/servertest"
)

// TestBrowserLobby: lobby chat and its history for who comes later, quick
// pairing of two browsers, a third watching from the lobby on a phone (the
// watchers counted for the players and in the lobby), game chat, moves made
// from the keyboard, the page title, a resignation, a rematch the watcher
// follows, and an abort.
func TestBrowserLobby(t *testing.T) {
	long(t)
	srv := servertest.Start(t, servertest.Options{})
	b := newBrowser(t)
	p1, p2, fan := b.tab("p1", false), b.tab("p2", false), b.tab("fan", true)
	for _, tb := range []*tab{p1, p2, fan} {
		tb.open(srv.HTTP + "/")
	}
	p1.register("pam", "pam's password")
	p2.register("quinn", "quinn's password")

	// Lobby chat, with markup that must stay text; the fan, coming in
	// later, sees the line in the history.
	p1.do(chromedp.SetValue(chromedp.CSS("#lobby-chat-input"), "<b>hi</b> renju anyone?"))
	p1.click("#lobby-chat-form-send")
	chatLine := `document.querySelector('#lobby-chat').textContent.includes('<b>hi</b> renju anyone?') && !document.querySelector('#lobby-chat b b')`
	p2.until("the chat line", chatLine)
	fan.dark()
	fan.guest("fan")
	fan.until("the chat line said before the fan came", chatLine)

	// Quick pairing: the same settings pair the two.
	for _, tb := range []*tab{p1, p2} {
		tb.settings("freestyle", "3+2", "random")
		tb.click("#seek")
	}
	p1.until("the game", `document.querySelector('#game')`)
	p2.until("the game", `document.querySelector('#game')`)
	black, white := p1, p2
	if !strings.Contains(p1.text("#card-black .name"), "(you)") {
		black, white = p2, p1
	}
	fan.until("the game in the lobby", `document.querySelector('#games .watch')`)
	fan.screenshot("lobby-phone-dark")
	fan.click("#games .watch")
	fan.until("the watched game", `document.querySelector('#game') && document.querySelector('#game-status').textContent.includes('to move')`)
	for _, tb := range []*tab{p1, p2} {
		tb.until("the watcher counted", `document.querySelector('#game .info').textContent.includes('1 watching')`)
	}

	// Black plays from the keyboard: the board has focus; arrows, Enter.
	black.waitMyTurn()
	black.until("my turn in the title", `document.title.startsWith('● Your move')`)
	black.do(chromedp.Focus(chromedp.CSS("#game svg.board")))
	black.key(kb.ArrowRight)
	black.key(kb.Enter) // i8
	black.until("the stone at i8", `document.querySelector('#game [data-point="i8"]')`)
	fan.until("the stone at i8", `document.querySelector('#game [data-point="i8"]')`)
	white.until("the title", `document.title.startsWith('● Your move')`)
	white.play("h9")
	fan.waitMoves(2)

	// The watcher says something; the players see it, as text.
	fan.do(chromedp.SetValue(chromedp.CSS("#game-chat-input"), "nice <i>move</i>"))
	fan.click("#game .chat-form button")
	for _, tb := range []*tab{black, white} {
		tb.until("the watcher's line", `document.querySelector('#game .chat-log').textContent.includes('nice <i>move</i>')`)
	}
	fan.screenshot("game-watch-phone-dark")

	// Black resigns from the keyboard (r twice), then a rematch (m, y) with
	// colours swapped, which white (now black) aborts.
	black.do(chromedp.Focus(chromedp.CSS("#game svg.board")))
	black.key("r")
	black.key("r")
	for _, tb := range []*tab{black, white, fan} {
		tb.until("the resignation", `document.querySelector('#game-status').textContent.includes('wins by resignation')`)
	}
	first := eval[string](black, `location.hash`)
	black.key("m")
	white.until("the rematch offer", `document.querySelector('#offer-accept')`)
	white.click("#offer-accept")
	for _, tb := range []*tab{black, white, fan} {
		tb.until("the rematch", fmt.Sprintf(`location.hash !== %q && document.querySelector('#game') && document.querySelectorAll('#game .stone').length === 0`, first))
	}
	if h := eval[string](fan, `location.hash`); h != eval[string](black, `location.hash`) {
		t.Fatalf("the watcher is at %s, the players at %s", h, eval[string](black, `location.hash`))
	}
	// Someone in the lobby sees the rematch with its watcher.
	late := b.tab("late", false)
	late.open(srv.HTTP + "/")
	late.guest("late")
	late.until("the rematch watched, in the lobby", `document.querySelector('#games li[data-game] .watchers') && document.querySelector('#games li[data-game] .watchers').textContent.includes('1 watching')`)
	late.screenshot("lobby-watchers-desktop")
	fan.click("#act-leave")
	for _, tb := range []*tab{black, white} {
		tb.until("no watcher any more", `document.querySelector('#game .info').textContent.includes('0 watching')`)
	}
	if !strings.Contains(white.text("#card-black .name"), "(you)") {
		t.Fatalf("after the rematch white still plays white: %q", white.text("#card-black .name"))
	}
	white.click("#act-abort")
	for _, tb := range []*tab{black, white} {
		tb.until("the abort", `document.querySelector('#game-status').textContent.includes('aborted')`)
	}
	p1.click("#act-leave")
	p1.until("the lobby", `document.querySelector('#lobby')`)
	p1.screenshot("lobby-desktop-after")
}
