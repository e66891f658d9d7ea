package web_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Browser tests drive a real headless Chromium (Debian's chromium package)
// against the real server on a loopback port. They skip, saying so, when no
// browser is found; GOMOKU_CHROME names one explicitly.

// wait is how long a test waits for the page to show something: generous,
// since CI machines are shared and the AI may be thinking.
const wait = 90 * time.Second

func findChrome() string {
	if p := os.Getenv("GOMOKU_CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// browser is one Chromium process; each tab gets its own browser context
// (like a separate profile), so two tabs are two independent players.
type browser struct {
	t   *testing.T
	ctx context.Context
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	path := findChrome()
	if path == "" {
		t.Skip("no Chromium found: install it (apt-get install chromium) or set GOMOKU_CHROME; browser tests skipped")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.Flag("mute-audio", true))
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, bcancel := chromedp.NewContext(actx, chromedp.WithBrowserOption(chromedp.WithConsolef(func(f string, a ...any) { t.Logf("console: "+f, a...) })))
	t.Cleanup(func() { bcancel(); acancel() })
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	return &browser{t: t, ctx: bctx}
}

// tab is one page in its own browser context.
type tab struct {
	t     *testing.T
	name  string
	ctx   context.Context
	phone bool
}

// viewport sizes: a phone in portrait and a desktop window.
const (
	phoneW, phoneH     = 390, 844
	desktopW, desktopH = 1280, 860
)

func (b *browser) tab(name string, phone bool) *tab {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	b.t.Cleanup(cancel)
	tb := &tab{t: b.t, name: name, ctx: ctx, phone: phone}
	if err := chromedp.Do(ctx); err != nil {
		b.t.Fatalf("%s: new tab: %v", name, err)
	}
	tb.emulate()
	return tb
}

// emulate sets the tab's viewport: a phone (touch, portrait, 2x) or a desktop.
func (tb *tab) emulate() {
	tb.t.Helper()
	if tb.phone {
		tb.do(chromedp.EmulateViewport(phoneW, phoneH, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	} else {
		tb.do(chromedp.EmulateViewport(desktopW, desktopH))
	}
}

func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := tb.try(actions...); err != nil {
		tb.t.Fatalf("%s: %v\n%s", tb.name, err, tb.state())
	}
}

// try runs actions within the wait and returns their error.
func (tb *tab) try(actions ...chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(tb.ctx, wait)
	defer cancel()
	return chromedp.Do(ctx, actions...)
}

// state is what the page shows, for failure messages.
func (tb *tab) state() string {
	ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash + " | toast: " + (document.querySelector('#toast')||{}).textContent + " | stones: " +
		[...document.querySelectorAll('.stone')].map((s) => s.dataset.color[0] + s.dataset.point).join(' ') + " | " + document.body.innerText.replace(/\s+/g, ' ').slice(0, 400)`))
	return s
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](tb *tab, js string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, wait)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		tb.t.Fatalf("%s: eval %s: %v", tb.name, js, err)
	}
	return v
}

// until waits for a JavaScript expression to be truthy.
func (tb *tab) until(what, js string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, wait+5*time.Second)
	defer cancel()
	// An element not there yet is "not yet", not a failure.
	safe := "(() => { try { return !!(" + js + "); } catch (e) { return false; } })()"
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](safe, chromedp.WithPollingTimeout(wait), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		tb.t.Fatalf("%s: waiting for %s (%s): %v\npage: %s", tb.name, what, js, err, tb.state())
	}
}

// click clicks the element sel matches. A page that re-renders between
// chromedp finding the node and clicking it (a toast redrawing the lobby)
// leaves a stale node id, "Could not find node with given id": the click is
// tried again, on the node the selector matches now.
func (tb *tab) click(sel string) {
	tb.t.Helper()
	for try := 1; ; try++ {
		err := tb.try(chromedp.Click(chromedp.CSS(sel)))
		switch {
		case err == nil:
			return
		case try < 5 && strings.Contains(err.Error(), "Could not find node"):
			continue
		}
		tb.t.Fatalf("%s: click %s: %v\n%s", tb.name, sel, err, tb.state())
	}
}

func (tb *tab) text(sel string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`(document.querySelector(%q)||{textContent:''}).textContent`, sel))
}

func (tb *tab) open(url string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(url))
	tb.until("the login or lobby screen", `document.querySelector('#login, #lobby, #game')`)
}

func (tb *tab) register(name, password string) {
	tb.t.Helper()
	tb.until("the login form", `document.querySelector('#login')`)
	tb.click("#tab-register")
	tb.do(chromedp.SetValue(chromedp.CSS("#login-name"), name),
		chromedp.SetValue(chromedp.CSS("#login-password"), password),
		chromedp.SetValue(chromedp.CSS("#login-password2"), password))
	tb.click("#login-submit")
	tb.until("the lobby", `document.querySelector('#lobby') && document.querySelector('#me').textContent.startsWith(`+jsString(name)+`)`)
}

func (tb *tab) guest(name string) string {
	tb.t.Helper()
	tb.until("the guest form", `document.querySelector('#guest')`)
	tb.do(chromedp.SetValue(chromedp.CSS("#guest-name"), name))
	tb.click("#guest-submit")
	tb.until("the lobby", `document.querySelector('#lobby') && document.querySelector('#me')`)
	return tb.text("#me")
}

// settings picks the lobby's new-game settings, with no opening rule (the
// tests of openings choose one with opening).
func (tb *tab) settings(rule, timeCtl, color string) {
	tb.t.Helper()
	tb.do(chromedp.SetValue(chromedp.CSS("#set-rule"), rule),
		chromedp.SetValue(chromedp.CSS("#set-opening"), "none"),
		chromedp.SetValue(chromedp.CSS("#set-time"), timeCtl),
		chromedp.SetValue(chromedp.CSS("#set-color"), color))
}

// choose sets a select's value as a person would: the page hears the change.
func (tb *tab) choose(sel, value string) {
	tb.t.Helper()
	tb.do(chromedp.SetValue(chromedp.CSS(sel), value))
	eval[bool](tb, fmt.Sprintf(`document.querySelector(%q).dispatchEvent(new Event('change', {bubbles: true}))`, sel))
}

// moves is the number of stones on the game board.
func (tb *tab) moves() int {
	return eval[int](tb, `document.querySelectorAll('#game .stone').length`)
}

func (tb *tab) waitMoves(n int) {
	tb.t.Helper()
	tb.until(fmt.Sprintf("%d stones", n), fmt.Sprintf(`document.querySelectorAll('#game .stone').length === %d`, n))
}

func (tb *tab) waitMyTurn() {
	tb.t.Helper()
	tb.until("my turn", `document.querySelector('#game-status.mine')`)
}

// point clicks (or, on a phone, taps) a board point like "h8".
func (tb *tab) point(p string) {
	tb.t.Helper()
	xy := eval[[]float64](tb, fmt.Sprintf(`(() => {
		const b = document.querySelector('#game svg.board, #replay svg.board');
		const size = +b.dataset.size, x = %q.charCodeAt(0) - 97, y = parseInt(%q.slice(1), 10) - 1;
		const pt = b.createSVGPoint(); pt.x = 30 + x * 32; pt.y = 30 + (size - 1 - y) * 32;
		const r = b.getBoundingClientRect();
		if (r.top < 0 || r.bottom > innerHeight) { b.scrollIntoView({block: 'center'}); }
		const p = pt.matrixTransform(b.getScreenCTM());
		return [p.x, p.y];
	})()`, p, p))
	if tb.phone {
		tb.do(chromedp.TapXY(xy[0], xy[1]))
	} else {
		tb.do(chromedp.MouseClickXY(xy[0], xy[1]))
	}
}

// play waits for my turn and plays p, then waits for its stone.
func (tb *tab) play(p string) {
	tb.t.Helper()
	tb.waitMyTurn()
	tb.point(p)
	tb.until("the stone at "+p, fmt.Sprintf(`document.querySelector('#game [data-point=%q]')`, p))
}

func jsString(s string) string { return fmt.Sprintf("%q", s) }

// screenshot writes a PNG of the page to the screenshot directory
// ($GOMOKU_SCREENSHOTS, or gomoku-screenshots in the temporary directory).
func (tb *tab) screenshot(name string) {
	tb.t.Helper()
	dir := os.Getenv("GOMOKU_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "gomoku-screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.t.Fatal(err)
	}
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > eval[int](tb, `innerWidth`) {
		tb.t.Errorf("%s: %s: the page is %d px wide, wider than the window", tb.name, name, w)
	}
	ctx, cancel := context.WithTimeout(tb.ctx, wait)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		tb.t.Fatalf("%s: screenshot: %v", tb.name, err)
	}
	// A full-page capture resizes the page for a moment; set the viewport
	// again so later taps land where the page says.
	tb.emulate()
	path := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.t.Fatal(err)
	}
	tb.t.Logf("screenshot %s", path)
}

// dark switches the page to the dark colour scheme, as a system setting would.
func (tb *tab) dark() {
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
		return err
	}))
}

// key presses a key in the page (on the focused element).
func (tb *tab) key(k string) {
	tb.t.Helper()
	tb.do(chromedp.KeyEvent(k))
}

// download clicks sel, which saves a file, and returns the file's content.
func (tb *tab) download(sel, file string) string {
	tb.t.Helper()
	dir := tb.t.TempDir()
	id := chromedp.FromContext(tb.ctx).BrowserContextID
	tb.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, BrowserContextID: id, DownloadPath: dir})
		return err
	}))
	tb.click(sel)
	path := filepath.Join(dir, file)
	deadline := time.Now().Add(wait)
	for {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return string(b)
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("%s: no download %s", tb.name, path)
		}
		time.Sleep(50 * time.Millisecond) // a file appearing has no event to wait on
	}
}
