package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/internal/servertest"
)

// long skips a long browser test under -short; the smoke test always runs.
func long(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("long browser test: skipped with -short")
	}
}

// TestBrowserSmoke loads the app, checks its headers, enters as a guest and
// sees the lobby, at phone and desktop sizes.
func TestBrowserSmoke(t *testing.T) {
	srv := servertest.Start(t, servertest.Options{})
	resp, err := http.Get(srv.HTTP + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Fatalf("CSP %q", csp)
	}
	b := newBrowser(t)
	for _, phone := range []bool{false, true} {
		size := map[bool]string{false: "desktop", true: "phone"}[phone]
		tb := b.tab(size, phone)
		tb.open(srv.HTTP + "/")
		if phone {
			tb.screenshot("login-" + size)
		}
		me := tb.guest("smoke" + size[:1])
		if !strings.HasPrefix(me, "guest:smoke") {
			t.Fatalf("%s: signed in as %q", size, me)
		}
		tb.until("the bots", `document.querySelector('#bot-easy')`)
		if !phone {
			// Caro is offered; renju only on 15x15, and no other size with renju.
			tb.until("the caro rule", `document.querySelector('#set-rule option[value="caro"]:not(:disabled)')`)
			tb.choose("#set-size", "19")
			tb.until("renju not offered on 19x19", `document.querySelector('#set-rule option[value="renju"]').disabled && document.querySelector('#set-rule option[value="renju"]').textContent.includes('15×15 only')`)
			tb.choose("#set-size", "15")
			tb.choose("#set-rule", "renju")
			tb.until("only 15x15 with renju", `!document.querySelector('#set-rule option[value="renju"]').disabled && document.querySelector('#set-size option[value="19"]').disabled && !document.querySelector('#set-size option[value="15"]').disabled`)
			tb.choose("#set-rule", "caro")
			tb.until("every size with caro", `!document.querySelector('#set-size option[value="19"]').disabled`)
		}
		tb.until("myself in the player list", `document.querySelector('#players [data-player^="guest:smoke`+size[:1]+`"]')`)
		tb.screenshot("lobby-" + size)
	}
}

// TestBrowserRegisterAndPlayFive registers two players in two browsers, one
// on a phone, and plays a game to five.
func TestBrowserRegisterAndPlayFive(t *testing.T) {
	long(t)
	srv := servertest.Start(t, servertest.Options{})
	b := newBrowser(t)
	alice, bob := b.tab("alice", false), b.tab("bob", true)
	alice.open(srv.HTTP + "/")
	bob.open(srv.HTTP + "/")
	alice.register("alice", "correct horse battery")
	bob.register("bob", "staple battery horse")

	alice.settings("freestyle", "10+5", "black")
	alice.click("#set-rated")
	alice.until("bob in the lobby", `document.querySelector('#players [data-player="bob"] .challenge')`)
	alice.click(`#players [data-player="bob"] .challenge`)
	bob.until("alice's challenge", `document.querySelector('#challenges .accept')`)
	if got := bob.text("#challenges li"); !strings.Contains(got, "alice") || !strings.Contains(got, "Freestyle") {
		t.Fatalf("bob sees challenge %q", got)
	}
	bob.click("#challenges .accept")
	alice.until("the game", `document.querySelector('#game')`)
	bob.until("the game", `document.querySelector('#game')`)

	black := []string{"h8", "i8", "j8", "k8", "l8"}
	white := []string{"h9", "i9", "j9", "k9"}
	for i, p := range black {
		alice.play(p)
		bob.waitMoves(2*i + 1)
		if i == 2 {
			alice.until("bob's clock ticking", `document.querySelector('#card-white.to-move')`)
		}
		if i < len(white) {
			bob.play(white[i])
			alice.waitMoves(2*i + 2)
		}
		if i == 3 {
			bob.screenshot("game-phone")
		}
	}
	for _, tb := range []*tab{alice, bob} {
		tb.until("the result", `document.querySelector('#game-status').textContent.includes('wins by five')`)
		tb.until("the winning line", `document.querySelector('#game line.winline')`)
		tb.until("the last-move mark", `document.querySelector('#game [data-last="l8"]')`)
	}
	if got := alice.text("#game-status"); !strings.Contains(got, "alice") {
		t.Fatalf("alice sees %q", got)
	}
	alice.until("the rating change", `document.querySelector('#card-black .rating').textContent.includes('+')`)
	alice.screenshot("game-desktop")
	bob.screenshot("game-over-phone")

	// The history lists the game; the replay steps through it.
	alice.do()
	eval[string](alice, `location.hash = '#history'`)
	alice.until("the history", `document.querySelector('#history .replay')`)
	alice.click("#history .replay")
	alice.until("the replay at the end", `document.querySelector('#replay-pos').textContent.startsWith('Move 9 of 9')`)
	alice.click("#rp-first")
	alice.until("the replay at the start", `document.querySelectorAll('#replay .stone').length === 0`)
	alice.click("#rp-next")
	alice.until("one stone", `document.querySelectorAll('#replay .stone').length === 1`)
	alice.screenshot("replay-desktop")
	if sgf := alice.download("#replay .dl-sgf", "gomoku-1.sgf"); !strings.HasPrefix(sgf, "(;") || !strings.Contains(sgf, "PB[alice]") {
		t.Fatalf("downloaded SGF %q", sgf)
	}
	if psq := alice.download("#replay .dl-psq", "gomoku-1.psq"); !strings.HasPrefix(psq, "Piskvork") {
		t.Fatalf("downloaded PSQ %q", psq)
	}
	// The leaderboard of each rule: the game was freestyle.
	eval[string](alice, `location.hash = '#leaders'`)
	alice.until("alice on the freestyle leaderboard", `document.querySelector('#leaders[data-loaded="freestyle"] tbody [data-player="alice"]')`)
	alice.screenshot("leaders-desktop")
	alice.choose("#leaders-rule", "renju")
	alice.until("the renju leaderboard, empty", `document.querySelector('#leaders[data-loaded="renju"] tbody').textContent.includes('No rated renju games')`)
	// A profile lists the rating of every rule.
	eval[string](alice, `location.hash = '#profile/bob'`)
	alice.until("bob's profile", `document.querySelector('#profile').textContent.includes('0 / 1 / 0')`)
	alice.until("bob's ratings by rule", `document.querySelectorAll('#profile-ratings tbody tr').length === 4 &&
		document.querySelector('#profile-ratings [data-rule="freestyle"]').textContent.includes('1') &&
		['standard', 'renju', 'caro'].every((r) => document.querySelector('#profile-ratings [data-rule="' + r + '"]').textContent.endsWith('0'))`)
	if got := alice.text(`#profile-ratings [data-rule="freestyle"] td:nth-child(2)`); !strings.HasPrefix(got, "13") {
		t.Fatalf("bob's freestyle rating after a loss: %q", got)
	}
	alice.screenshot("profile-desktop")
	eval[string](bob, `location.hash = '#leaders/freestyle'`)
	bob.until("the leaderboard", `document.querySelector('#leaders[data-loaded="freestyle"] tbody [data-player="bob"]')`)
	bob.screenshot("leaders-phone")
	eval[string](bob, `location.hash = '#profile'`)
	bob.until("my ratings by rule", `document.querySelectorAll('#profile-ratings tbody tr').length === 4`)
	bob.screenshot("profile-phone")

	// Log out, and back in with the password.
	alice.click("#logout")
	alice.until("the login form", `document.querySelector('#login') && !localStorage.getItem('gomoku.token')`)
	alice.do(chromedp.SetValue(chromedp.CSS("#login-name"), "alice"), chromedp.SetValue(chromedp.CSS("#login-password"), "wrong password"))
	alice.click("#login-submit")
	alice.until("the refusal", `document.querySelector('#login .form-msg').textContent.includes('Wrong name or password')`)
	alice.do(chromedp.SetValue(chromedp.CSS("#login-password"), "correct horse battery"))
	alice.click("#login-submit")
	alice.until("the lobby", `document.querySelector('#lobby') && document.querySelector('#me').textContent.startsWith('alice (1')`)
}

// TestBrowserVersusTerminalClient plays a browser guest against a player
// of the terminal client's library.
func TestBrowserVersusTerminalClient(t *testing.T) {
	long(t)
	srv := servertest.Start(t, servertest.Options{})
	b := newBrowser(t)
	web := b.tab("browser", false)
	web.open(srv.HTTP + "/")
	me := web.guest("webby")
	term := newTermPlayer(t, srv.URL, "carol")
	result := term.autoplay(engine.White, []string{"a1", "a3", "a5", "a7"})
	term.challenge(me, "freestyle", "white")
	web.until("carol's challenge", `document.querySelector('#challenges .accept')`)
	web.click("#challenges .accept")
	web.until("the game", `document.querySelector('#game')`)
	for i, p := range []string{"h8", "i9", "j10", "k11", "l12"} {
		web.play(p)
		if i < 4 {
			web.waitMoves(2*i + 2)
		}
	}
	web.until("the result", `document.querySelector('#game-status').textContent.includes('wins by five')`)
	select {
	case r := <-result:
		if r.Winner != engine.Black {
			t.Fatalf("terminal player saw %+v", r)
		}
	case <-time.After(wait):
		t.Fatal("the terminal player saw no result")
	}
	for _, p := range []string{"a1", "a3", "a5", "a7"} {
		web.until("carol's stone "+p, fmt.Sprintf(`document.querySelector('#game [data-point=%q][data-color="white"]')`, p))
	}
}

// TestBrowserBots plays a few moves against each bot level (caro against
// the easy one), then resigns.
func TestBrowserBots(t *testing.T) {
	long(t)
	srv := servertest.Start(t, servertest.Options{})
	b := newBrowser(t)
	web := b.tab("browser", false)
	web.open(srv.HTTP + "/")
	web.guest("botfan")
	web.settings("freestyle", "none", "black")
	for _, level := range []string{"easy", "medium", "hard", "max"} {
		web.until("the lobby", `document.querySelector('#lobby')`)
		rule := map[bool]string{true: "caro", false: "freestyle"}[level == "easy"]
		web.choose("#set-rule", rule)
		web.click("#bot-" + level)
		web.until("the game against bot:"+level, `document.querySelector('#card-white .name') && document.querySelector('#card-white .name').textContent === 'bot:`+level+`'`)
		if info := web.text("#game .info"); !strings.Contains(strings.ToLower(info), rule) {
			t.Fatalf("a %s game against bot:%s: %q", rule, level, info)
		}
		for i := 0; i < 3; i++ {
			web.waitMyTurn()
			// the first free point of a spiral around the centre
			p := eval[string](web, `(() => {
				const taken = new Set([...document.querySelectorAll('#game .stone')].map((s) => s.dataset.point));
				for (let r = 0; r < 8; r++) for (let dx = -r; dx <= r; dx++) for (let dy = -r; dy <= r; dy++) {
					const p = String.fromCharCode(104 + dx) + (8 + dy);
					if (!taken.has(p)) return p;
				}
			})()`)
			web.play(p)
			web.waitMoves(2*i + 2)
		}
		if lag := web.text("#lag-white"); lag != "" {
			t.Fatalf("a bot's lag shown: %q", lag)
		}
		web.click("#act-resign")
		web.click("#act-resign")
		web.until("the resignation", `document.querySelector('#game-status').textContent.includes('bot:`+level+` (white) wins by resignation')`)
		web.click("#act-leave")
	}
}

// TestBrowserRenjuForbidden shows black a double-three point under renju
// and the server's refusal of the move there.
func TestBrowserRenjuForbidden(t *testing.T) {
	long(t)
	srv := servertest.Start(t, servertest.Options{})
	b := newBrowser(t)
	web := b.tab("browser", false)
	web.open(srv.HTTP + "/")
	me := web.guest("renjufan")
	term := newTermPlayer(t, srv.URL, "dora")
	term.autoplay(engine.White, []string{"a1", "a3", "a5", "a7", "a9"})
	term.challenge(me, "renju", "white")
	web.until("the challenge", `document.querySelector('#challenges .accept')`)
	web.click("#challenges .accept")
	web.until("the game", `document.querySelector('#game')`)
	// f8 g8 and h6 h7: h8 would make two open threes.
	for i, p := range []string{"f8", "g8", "h6", "h7"} {
		web.play(p)
		web.waitMoves(2*i + 2)
	}
	web.until("the forbidden mark at h8", `document.querySelector('#game [data-forbidden="h8"]')`)
	web.screenshot("renju-forbidden-desktop")
	web.point("h8")
	web.until("the refusal", `document.querySelector('#toast').textContent.includes('Forbidden') && document.querySelector('#toast').textContent.includes('double-three')`)
	if n := web.moves(); n != 8 {
		t.Fatalf("%d stones after the refused move, want 8", n)
	}
	if eval[bool](web, `!!document.querySelector('#game [data-point="h8"]')`) {
		t.Fatal("a stone at the forbidden point")
	}
}

// TestBrowserTakebackAndDraw: a takeback asked and granted, then a draw
// offered and accepted, between two browsers.
func TestBrowserTakebackAndDraw(t *testing.T) {
	long(t)
	srv := servertest.Start(t, servertest.Options{})
	b := newBrowser(t)
	one, two := b.tab("one", false), b.tab("two", true)
	one.open(srv.HTTP + "/")
	two.open(srv.HTTP + "/")
	one.guest("one")
	name2 := two.guest("two")
	one.settings("standard", "5+3", "black")
	one.until("two in the lobby", fmt.Sprintf(`document.querySelector('#players [data-player=%q] .challenge')`, name2))
	one.click(fmt.Sprintf(`#players [data-player=%q] .challenge`, name2))
	two.until("the challenge", `document.querySelector('#challenges .accept')`)
	two.click("#challenges .accept")
	one.until("the game", `document.querySelector('#game')`)
	two.until("the game", `document.querySelector('#game')`)
	one.play("h8")
	two.play("h9")
	one.play("i8")
	two.waitMoves(3)
	one.click("#act-takeback")
	two.until("the takeback offer", `document.querySelector('#offer-accept')`)
	two.screenshot("offer-phone")
	two.click("#offer-accept")
	one.waitMoves(2)
	two.waitMoves(2)
	// A reload resumes the session from storage and shows the game again.
	one.do(chromedp.Reload())
	one.until("the game after a reload", `document.querySelectorAll('#game .stone').length === 2 && document.querySelector('#game-status.mine')`)
	// The clock of the side to move ticks.
	before := one.text("#clock-black")
	one.until("the clock ticking", fmt.Sprintf(`document.querySelector('#clock-black').textContent !== %q`, before))
	one.play("i9")
	two.waitMoves(3)
	two.click("#act-draw")
	one.until("the draw offer", `document.querySelector('#offer-accept')`)
	// answered from the keyboard
	one.do(chromedp.KeyEvent("y"))
	for _, tb := range []*tab{one, two} {
		tb.until("the draw", `document.querySelector('#game-status').textContent.includes('Draw (agreement)')`)
	}
}

// TestBrowserReconnectAfterRestart restarts the server in the middle of a
// game: the page reconnects by itself, resumes, resyncs, and the game goes
// on with nothing lost.
func TestBrowserReconnectAfterRestart(t *testing.T) {
	long(t)
	srv := servertest.Start(t, servertest.Options{})
	b := newBrowser(t)
	web := b.tab("browser", true)
	web.open(srv.HTTP + "/")
	me := web.guest("phoenix")
	term := newTermPlayer(t, srv.URL, "erin")
	result := term.autoplay(engine.White, []string{"a1", "a3", "a5", "a7"})
	term.challenge(me, "freestyle", "white")
	web.until("the challenge", `document.querySelector('#challenges .accept')`)
	web.click("#challenges .accept")
	web.until("the game", `document.querySelector('#game')`)
	web.play("h8")
	web.waitMoves(2)
	web.play("h9")
	web.waitMoves(4)

	srv.RestartSameAddr()
	web.until("the reconnection", `document.querySelector('#banner').textContent.includes('Reconnected')`)
	web.screenshot("reconnected-phone")
	if n := web.moves(); n != 4 {
		t.Fatalf("%d stones after the restart, want 4", n)
	}
	for _, p := range []string{"h10", "h11", "h12"} {
		web.play(p)
	}
	web.until("the result", `document.querySelector('#game-status').textContent.includes('wins by five')`)
	select {
	case r := <-result:
		if r.Winner != engine.Black {
			t.Fatalf("terminal player saw %+v", r)
		}
	case <-time.After(wait):
		t.Fatal("the terminal player saw no result")
	}
}

// TestBrowserPhoneHeader: on a phone, a logged-in player's header shows
// every link and button whole, "Log out" included, with nothing scrolled
// out of sight; on a narrower phone the account's buttons take a second row.
func TestBrowserPhoneHeader(t *testing.T) {
	srv := servertest.Start(t, servertest.Options{})
	b := newBrowser(t)
	phone := b.tab("phone", true)
	phone.open(srv.HTTP + "/")
	phone.register("maximilian", "a long enough password")
	phone.until("the header", `document.querySelector('#logout')`)
	phone.screenshot("header-phone")
	check := func(width int) {
		t.Helper()
		inside := eval[string](phone, `(() => {
			const nav = document.querySelector('#nav'), bad = [];
			if (nav.scrollWidth > nav.clientWidth + 1) bad.push('the header scrolls: ' + nav.scrollWidth + ' > ' + nav.clientWidth);
			for (const el of nav.querySelectorAll('a, button')) {
				const r = el.getBoundingClientRect();
				if (r.left < 0 || r.right > innerWidth || r.width === 0) { bad.push(el.textContent + ' at ' + r.left + '-' + r.right); continue; }
				const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
				if (!el.contains(hit)) bad.push(el.textContent + ' covered');
			}
			return bad.join('; ');
		})()`)
		if inside != "" {
			t.Fatalf("the header on a %d px phone: %s", width, inside)
		}
	}
	check(phoneW)
	if got := phone.text("#logout"); got != "Log out" {
		t.Fatalf("the log out button reads %q", got)
	}
	phone.do(chromedp.EmulateViewport(320, 640, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	check(320)
	phone.click("#logout")
	phone.until("the login form", `document.querySelector('#login') && !localStorage.getItem('gomoku.token')`)
}
