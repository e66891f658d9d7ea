package web_test

import (
	"fmt"
	"net"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/server"
)

// TestBrowserByoYomi: against a bot with a 10 s + 5 s byo-yomi clock, the
// first move's own countdown, the clock turning to byo-yomi when the main
// time is spent, a move in the period, then a loss on time with the
// server's final clock (0) shown.
func TestBrowserByoYomi(t *testing.T) {
	long(t)
	srv := servertest.Start(t, servertest.Options{})
	b := newBrowser(t)
	web := b.tab("browser", true)
	web.open(srv.HTTP + "/")
	web.guest("byo")
	web.settings("freestyle", "custom", "black")
	web.do(chromedp.SetValue(chromedp.CSS("#set-time-custom"), "10s/5s"))
	web.click("#bot-easy")
	web.until("the game against the bot", `document.querySelector('#card-white .name') && document.querySelector('#card-white .name').textContent === 'bot:easy'`)
	if info := web.text("#game .info"); !strings.Contains(info, "10s/5s") {
		t.Fatalf("game info %q", info)
	}
	// The first move is not charged: its own countdown shows instead.
	web.until("the first-move countdown", `!document.querySelector('#first-black').hidden && /first move within \d+ s/.test(document.querySelector('#first-black').textContent)`)
	web.screenshot("first-move-phone")
	if c := web.text("#clock-black"); c != "0:10" {
		t.Fatalf("black's clock before the first move: %q", c)
	}
	web.play("h8")
	web.waitMoves(2)
	web.until("no countdown after the first move", `document.querySelector('#first-black').hidden`)
	// Black's main time runs out: the period shows.
	web.until("byo-yomi", `document.querySelector('#clock-black').textContent.startsWith('byo ')`)
	web.screenshot("byoyomi-phone")
	free := eval[string](web, `(() => {
		const taken = new Set([...document.querySelectorAll('#game .stone')].map((s) => s.dataset.point));
		return ['h9', 'g7', 'j9', 'g9', 'j7'].find((p) => !taken.has(p));
	})()`)
	web.play(free)
	web.waitMoves(4)
	// The move in the period reset it; the next one is never made.
	web.until("the period running again", `document.querySelector('#clock-black').textContent.startsWith('byo ') && document.querySelector('#card-black.to-move')`)
	web.until("the loss on time", `document.querySelector('#game-status').textContent.includes('bot:easy (white) wins by time')`)
	if c := web.text("#clock-black"); c != "byo 0.0" && c != "0.0" {
		t.Fatalf("black's final clock %q, want 0.0", c)
	}
	web.screenshot("byoyomi-lost-phone")
}

// TestBrowserLag plays through a network with 40 ms of delay each way: both
// players' measured lag shows next to their clocks, the browser's and the
// terminal player's.
func TestBrowserLag(t *testing.T) {
	long(t)
	srv := servertest.Start(t, servertest.Options{Config: server.Config{PingInterval: 150 * time.Millisecond}})
	addr := lagProxy(t, strings.TrimPrefix(srv.HTTP, "http://"), 40*time.Millisecond)
	b := newBrowser(t)
	web := b.tab("browser", false)
	web.open("http://" + addr + "/")
	me := web.guest("laggy")
	term := newTermPlayer(t, "ws://"+addr+"/ws", "lou")
	term.autoplay(engine.White, []string{"a1", "a3", "a5", "a7"})
	term.challenge(me, "freestyle", "white")
	web.until("the challenge", `document.querySelector('#challenges .accept')`)
	web.click("#challenges .accept")
	web.until("the game", `document.querySelector('#game')`)
	for i, p := range []string{"h8", "i9", "j10"} {
		web.play(p)
		web.waitMoves(2*i + 2)
	}
	lagRE := regexp.MustCompile(`(\d+) ms lag`)
	for _, c := range []string{"black", "white"} {
		web.until(c+"'s lag", fmt.Sprintf(`/\d+ ms lag/.test(document.querySelector('#lag-%s').textContent)`, c))
		m := lagRE.FindStringSubmatch(web.text("#lag-" + c))
		if n, _ := strconv.Atoi(m[1]); n < 60 || n > 2000 {
			t.Errorf("%s's lag %d ms through an 80 ms round trip", c, n)
		}
	}
	web.screenshot("game-lag-desktop")
}

// TestBrowserClaimAfterReload: the opponent's connection drops; the claim
// is offered only after the grace period the server's player_away gives,
// also after a reload, when the page only has a snapshot saying who is away.
func TestBrowserClaimAfterReload(t *testing.T) {
	long(t)
	const grace = 6 * time.Second
	srv := servertest.Start(t, servertest.Options{Config: server.Config{Grace: grace}})
	b := newBrowser(t)
	web := b.tab("browser", false)
	web.open(srv.HTTP + "/")
	me := web.guest("patient")
	term := newTermPlayer(t, srv.URL, "quitter")
	term.autoplay(engine.White, []string{"a1", "a3"})
	term.challenge(me, "freestyle", "white")
	web.until("the challenge", `document.querySelector('#challenges .accept')`)
	web.click("#challenges .accept")
	web.until("the game", `document.querySelector('#game')`)
	web.play("h8")
	web.waitMoves(2)
	web.play("h9")
	web.waitMoves(4)

	term.c.Close()
	web.until("the opponent away, the claim not yet allowed", `!document.querySelector('#away').hidden && !document.querySelector('#act-claim').hidden && document.querySelector('#act-claim').disabled`)
	web.until("the claim allowed", `!document.querySelector('#act-claim').disabled`)

	// After a reload the page knows only that white is away: it does not
	// offer the claim until it has the grace period from the server.
	web.do(chromedp.Reload())
	web.until("the game after the reload", `document.querySelectorAll('#game .stone').length === 4 && !document.querySelector('#away').hidden`)
	if !eval[bool](web, `document.querySelector('#act-claim').disabled`) {
		t.Fatal("the claim is offered at once after a reload")
	}
	web.until("the claim countdown", `/claim the win in \d+ s/.test(document.querySelector('#away').textContent)`)
	web.screenshot("claim-wait-desktop")
	web.until("the claim allowed again", `!document.querySelector('#act-claim').disabled`)
	web.click("#act-claim")
	web.until("the win", `document.querySelector('#game-status').textContent.includes('wins by abandonment')`)
}

// lagProxy forwards TCP connections to addr, delaying everything by d in
// each direction: a network with lag between the players and the server.
// It returns its own address.
func lagProxy(t *testing.T, addr string, d time.Duration) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	t.Cleanup(func() { ln.Close(); wg.Wait() })
	var mu sync.Mutex
	var conns []net.Conn
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", addr)
			if err != nil {
				in.Close()
				continue
			}
			mu.Lock()
			conns = append(conns, in, out)
			mu.Unlock()
			wg.Add(2)
			go func() { defer wg.Done(); delayCopy(out, in, d) }()
			go func() { defer wg.Done(); delayCopy(in, out, d) }()
		}
	}()
	return ln.Addr().String()
}

// delayCopy copies src to dst, each chunk d after it was read, in order;
// when src ends both are closed.
func delayCopy(dst, src net.Conn, d time.Duration) {
	type chunk struct {
		b  []byte
		at time.Time
	}
	ch := make(chan chunk, 4096)
	go func() {
		defer close(ch)
		for {
			buf := make([]byte, 32<<10)
			n, err := src.Read(buf)
			if n > 0 {
				ch <- chunk{buf[:n], time.Now().Add(d)}
			}
			if err != nil {
				return
			}
		}
	}()
	for c := range ch {
		time.Sleep(time.Until(c.at)) // the lag itself
		if _, err := dst.Write(c.b); err != nil {
			break
		}
	}
	dst.Close()
	src.Close()
	for range ch { //nolint:revive // drain: the reader ends now that src is closed
	}
}
