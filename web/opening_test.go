package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gomokud/gomoku/internal/servertest"
)

// Browser tests of the opening rules (docs/protocol.md, "Openings"): the
// phase panel, its choices by click and by key, the allowed area, the
// fifth moves picked and offered on the board, the swaps of colour and the
// server's refusals shown.

// phase waits until the page shows an opening phase of kind for this player to act in.
func (tb *tab) phase(kind string) {
	tb.t.Helper()
	tb.until("my "+kind+" phase", fmt.Sprintf(`document.querySelector('#phase:not([hidden])[data-kind=%q]') && document.querySelector('#game-status.mine')`, kind))
}

// place places the next opening stone at p.
func (tb *tab) place(p string) {
	tb.t.Helper()
	tb.phase("place")
	tb.point(p)
	tb.until("the stone at "+p, fmt.Sprintf(`document.querySelector('#game .stone[data-point=%q]')`, p))
}

// pick taps p in an offer phase and waits for its mark to come or go.
func (tb *tab) pick(p string, on bool) {
	tb.t.Helper()
	tb.point(p)
	not := map[bool]string{true: "", false: "!"}[on]
	tb.until("the pick at "+p, fmt.Sprintf(`%sdocument.querySelector('#game [data-pick=%q]')`, not, p))
}

// plays waits for a player's stone at p, the other's move.
func (tb *tab) sees(p, color string) {
	tb.t.Helper()
	tb.until(color+" at "+p, fmt.Sprintf(`document.querySelector('#game .stone[data-point=%q][data-color=%q]')`, p, color))
}

// openingGame starts a server and two guests in two browser tabs (a on a
// phone when aPhone, b on the other size); a challenges b under rule with
// a's colour black (a opens). The new-game form must offer want first, the
// rule's default opening, and b must see it in the challenge.
func openingGame(t *testing.T, rule, want, aName string, aPhone bool, bName string) (a, b *tab) {
	t.Helper()
	srv := servertest.Start(t, servertest.Options{})
	br := newBrowser(t)
	a, b = br.tab(aName, aPhone), br.tab(bName, !aPhone)
	a.open(srv.HTTP + "/")
	b.open(srv.HTTP + "/")
	a.guest(aName)
	bName = b.guest(bName)
	a.choose("#set-rule", rule)
	a.choose("#set-time", "10+5")
	a.choose("#set-color", "black")
	if got := eval[string](a, `document.querySelector('#set-opening').value`); got != want {
		t.Fatalf("the %s default opening offered: %q, want %q", rule, got, want)
	}
	a.until(bName+" in the lobby", fmt.Sprintf(`document.querySelector('#players [data-player=%q] .challenge')`, bName))
	a.click(fmt.Sprintf(`#players [data-player=%q] .challenge`, bName))
	b.until("the challenge", `document.querySelector('#challenges .accept')`)
	if got := b.text("#challenges li"); !strings.Contains(got, map[string]string{"swap2": "Swap2", "soosorv-8": "Soosõrv-8"}[want]) || !strings.Contains(got, "they open") {
		t.Fatalf("the challenge reads %q", got)
	}
	b.click("#challenges .accept")
	a.until("the game", `document.querySelector('#game')`)
	b.until("the game", `document.querySelector('#game')`)
	return a, b
}

// playToFive plays the moves after an opening, white first (the opening
// placed five stones), until black's five; both see black win.
func playToFive(white, black *tab, whiteMoves, blackMoves []string, blackName string) {
	white.t.Helper()
	for i := range whiteMoves {
		white.play(whiteMoves[i])
		black.play(blackMoves[i])
	}
	for _, tb := range []*tab{white, black} {
		tb.until(blackName+"'s five", fmt.Sprintf(`document.querySelector('#game-status').textContent.includes(%q)`, blackName+" (black) wins by five"))
	}
}

// TestBrowserSwap2 plays a full freestyle game through swap2 between two
// browsers (a desktop and a phone): three stones, "two more", the colour
// chosen by key (a swap), then normal play to five.
func TestBrowserSwap2(t *testing.T) {
	long(t)
	alice, bob := openingGame(t, "freestyle", "swap2", "alice", false, "bob")

	alice.phase("place")
	if got := alice.text("#phase-who"); !strings.HasPrefix(got, "You act, holding black") {
		t.Fatalf("alice's phase panel: %q", got)
	}
	bob.until("bob waits", `document.querySelector('#phase').textContent.includes('Waiting for their decision') && !document.querySelector('#game-status.mine')`)
	alice.place("h8")
	alice.place("h9")
	alice.until("the third stone asked for", `document.querySelector('#phase .phase-title').textContent.includes('stone 3 (black)')`)
	alice.place("i8")

	bob.phase("swap2-choice")
	bob.until("the tentative stones, numbered", `document.querySelectorAll('#game .stone.tentative').length === 3 && document.querySelectorAll('#game .num').length === 3`)
	bob.screenshot("opening-swap2-choice-phone")
	bob.click("#ph-two")
	bob.place("i9")
	bob.sees("i9", "white")
	bob.place("j8")

	alice.phase("color-choice")
	alice.screenshot("opening-color-choice-desktop")
	alice.key("2") // play white
	for _, tb := range []*tab{alice, bob} {
		tb.until("the swap: bob black, alice white", `document.querySelector('#phase').hidden && document.querySelector('#card-black .name').textContent.startsWith('guest:bob') &&
			document.querySelector('#card-white .name').textContent.startsWith('guest:alice')`)
	}
	bob.until("bob sees himself black", `document.querySelector('#card-black .name').textContent.endsWith('(you)')`)
	if n := alice.moves(); n != 5 {
		t.Fatalf("%d stones after the opening, want 5", n)
	}
	// White plays the 6th stone as a normal move; black makes five.
	playToFive(alice, bob, []string{"a1", "a2"}, []string{"k8", "l8"}, "guest:bob")
	alice.until("the opening in the game's line", `document.querySelector('#game .info').textContent.includes('Swap2')`)
}

// TestBrowserSoosorv8 plays a full renju game through Soosõrv-8 between a
// phone and a desktop: a stone outside the area refused and shown, a swap,
// N declared, a swap declined by key, a reload mid-opening, a symmetric
// offer refused and shown, an offer picked on the board and sent by key,
// one fifth chosen, then normal play to five, and its replay.
func TestBrowserSoosorv8(t *testing.T) {
	long(t)
	carol, dave := openingGame(t, "renju", "soosorv-8", "carol", true, "dave")

	// The first stone goes at the centre: a1 is refused, and said so.
	carol.phase("place")
	if got := carol.text("#phase-area"); got != "Allowed: the centre point h8 (shaded)." {
		t.Fatalf("the first stone's area: %q", got)
	}
	carol.point("a1")
	carol.until("the refusal in the panel", `document.querySelector('#phase-error') && document.querySelector('#phase-error').textContent === 'Outside the allowed area: a1 is not in the centre point h8.'`)
	carol.screenshot("opening-outside-area-phone")
	if n := carol.moves(); n != 0 {
		t.Fatalf("%d stones after the refused one", n)
	}
	carol.place("h8")
	carol.until("the 3x3 area shaded", `document.querySelector('#game rect.area[data-area="g7-i9"]') && document.querySelector('#phase-area').textContent.includes('3×3 square g7–i9')`)
	carol.screenshot("opening-area-phone")
	carol.place("h9")
	carol.place("h10")

	dave.phase("swap")
	dave.click("#ph-swap")
	carol.until("carol white now", `document.querySelector('#card-white .name').textContent.endsWith('(you)')`)

	// White (carol) places the 4th anywhere and declares two fifth moves.
	carol.place("h6")
	carol.phase("declare")
	carol.screenshot("opening-declare-phone")
	carol.click("#ph-declare-2")

	dave.phase("swap")
	dave.key("2") // keep the colours
	dave.phase("offer")
	// A reload in the middle of the opening comes back to the same phase.
	dave.do(chromedp.Reload())
	dave.phase("offer")
	dave.until("the count asked", `document.querySelector('#phase').dataset.count === '2'`)
	dave.pick("g8", true)
	dave.until("one still needed", `document.querySelector('#phase-need').textContent.includes('1 picked, 1 still needed') && document.querySelector('#ph-send').disabled`)
	dave.pick("i8", true)
	dave.click("#ph-send")
	dave.until("the symmetric offer refused", `document.querySelector('#phase-error') && document.querySelector('#phase-error').textContent.startsWith('Symmetric fifth moves') &&
		document.querySelector('#phase-error').textContent.includes('g8 and i8')`)
	dave.screenshot("opening-symmetric-desktop")
	dave.pick("i8", false)
	dave.pick("g10", true)
	dave.key("o")

	carol.phase("choose")
	carol.until("the offers on the board", `document.querySelector('#game [data-offer="g8"]') && document.querySelector('#game [data-offer="g10"]')`)
	carol.screenshot("opening-choose-phone")
	carol.point("g8")
	for _, tb := range []*tab{carol, dave} {
		tb.until("the opening over", `document.querySelector('#phase').hidden && document.querySelector('#game .stone[data-point="g8"][data-color="black"]')`)
	}
	// Carol (white) plays the 6th; dave (black) makes five on the 8th row.
	playToFive(carol, dave, []string{"a1", "a2", "a3"}, []string{"f8", "i8", "e8"}, "guest:dave")
	// The replay names the opening and the fifth moves offered.
	eval[string](carol, `location.hash = '#replay/' + window.gomoku.view.g.id`)
	carol.until("the replay with its opening", `document.querySelector('#replay-pos').textContent.startsWith('Move 11 of 11') &&
		document.querySelector('#replay .info').textContent.includes('Soosõrv-8') && /g8.*g10/.test(document.querySelector('#replay-offers').textContent)`)
}

// offerPoints are ten fifth moves that are never symmetric to each other,
// whatever the stones near the centre: they lie in one eighth of the
// board (below the diagonal of its lower left quarter), which no symmetry
// maps onto itself except the identity.
var offerPoints = []string{"b1", "c1", "d1", "e1", "f1", "g1", "c2", "d2", "e2", "f2"}

// TestBrowserTaraguchi10 plays through Taraguchi-10 against a bot on a
// desktop: whatever the bot decides, the page acts in each phase (stones in
// the shaded areas, swaps declined, ten fifth moves offered or one chosen),
// then a normal move, then a resignation.
func TestBrowserTaraguchi10(t *testing.T) {
	long(t)
	srv := servertest.Start(t, servertest.Options{})
	b := newBrowser(t)
	web := b.tab("taraguchi", false)
	web.open(srv.HTTP + "/")
	web.guest("tara")
	web.choose("#set-rule", "renju")
	web.choose("#set-opening", "taraguchi-10")
	web.choose("#set-time", "none")
	web.choose("#set-color", "black")
	web.click("#bot-easy")
	web.until("the game against the bot", `document.querySelector('#card-white .name') && document.querySelector('#card-white .name').textContent === 'bot:easy'`)
	web.until("the opening in the game's line", `document.querySelector('#game .info').textContent.includes('Taraguchi-10')`)
	shots := map[string]bool{}
	for step := 0; ; step++ {
		if step > 30 {
			t.Fatalf("the opening did not end\n%s", web.state())
		}
		web.until("my turn in the opening, or its end", `document.querySelector('#game-status.mine') || document.querySelector('#game-status').textContent.includes('wins')`)
		kind := eval[string](web, `document.querySelector('#phase').hidden ? '' : document.querySelector('#phase').dataset.kind`)
		if kind == "" {
			break
		}
		if !shots[kind] {
			shots[kind] = true
			web.screenshot("opening-taraguchi-" + kind + "-desktop")
		}
		seq := eval[int](web, `window.gomoku.view.g.seq`)
		switch kind {
		case "place":
			p := eval[string](web, freeInArea)
			web.place(p)
		case "swap":
			web.click("#ph-stay")
		case "branch":
			web.click("#ph-branch-offer")
		case "offer":
			web.until("ten asked", `document.querySelector('#phase').dataset.count === '10'`)
			for _, p := range offerPoints {
				web.pick(p, true)
			}
			web.until("all picked", `document.querySelector('#phase-need').textContent.includes('All picked') && !document.querySelector('#ph-send').disabled`)
			web.screenshot("opening-taraguchi-ten-picked-desktop")
			web.key("o")
		case "choose":
			web.key("1")
		default:
			t.Fatalf("a %s phase in Taraguchi-10", kind)
		}
		web.until("the action applied", fmt.Sprintf(`window.gomoku.view.g.seq > %d`, seq))
	}
	if !shots["place"] {
		t.Fatal("the page never placed an opening stone")
	}
	n := web.moves()
	if n < 5 {
		t.Fatalf("%d stones when the opening ended, want at least 5", n)
	}
	// A normal move, then a resignation (clicked from the script: the bot
	// may have won first, which ends the game as well).
	web.waitMyTurn()
	web.play(eval[string](web, freeInArea))
	eval[bool](web, `(document.querySelector('#act-resign').click(), document.querySelector('#act-resign').click(), true)`)
	web.until("the end of the game", `document.querySelector('#game-status').textContent.includes('bot:easy (white) wins') ||
		document.querySelector('#game-status').textContent.includes('bot:easy (black) wins')`)
}

// freeInArea is the free point nearest the centre inside the phase's
// area (the whole board without one), for a stone the rule allows.
const freeInArea = `(() => {
	const ph = document.querySelector('#phase'), area = ph.hidden ? '' : ph.dataset.area;
	const m = /^([a-z])(\d+)-([a-z])(\d+)$/.exec(area) || [0, 'a', 1, 'o', 15];
	const x0 = m[1].charCodeAt(0) - 97, y0 = +m[2] - 1, x1 = m[3].charCodeAt(0) - 97, y1 = +m[4] - 1;
	const taken = new Set([...document.querySelectorAll('#game .stone')].map((s) => s.dataset.point));
	for (let r = 0; r < 15; r++) for (let dx = -r; dx <= r; dx++) for (let dy = -r; dy <= r; dy++) {
		const x = 7 + dx, y = 7 + dy;
		if (x < x0 || x > x1 || y < y0 || y > y1) continue;
		const p = String.fromCharCode(97 + x) + (y + 1);
		if (!taken.has(p) && !document.querySelector('#game [data-forbidden="' + p + '"]')) return p;
	}
})()`
