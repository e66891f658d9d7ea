package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/server"
)

// TestBrowserAccount: blocking from a profile (the blocked player's
// challenge is refused) and from the account page, unblocking, changing the
// password, and deleting the account after a confirmation.
func TestBrowserAccount(t *testing.T) {
	long(t)
	// Password checks are limited like logins; this test makes many.
	srv := servertest.Start(t, servertest.Options{Config: server.Config{AuthPerIP: 100, AuthBurst: 100}})
	b := newBrowser(t)
	dana, eve := b.tab("dana", false), b.tab("eve", true)
	dana.open(srv.HTTP + "/")
	eve.open(srv.HTTP + "/")
	dana.register("dana", "dana's password")
	eve.register("eve", "eve's first password")

	// Eve blocks dana from her profile; dana's challenge is refused.
	eval[string](eve, `location.hash = '#profile/dana'`)
	eve.until("the block button", `document.querySelector('#profile-block') && document.querySelector('#profile-block').textContent === 'Block dana'`)
	eve.click("#profile-block")
	eve.until("dana blocked", `document.querySelector('#profile-block').textContent === 'Unblock dana'`)
	dana.until("eve in the lobby", `document.querySelector('#players [data-player="eve"] .challenge')`)
	dana.click(`#players [data-player="eve"] .challenge`)
	dana.until("the refusal", `document.querySelector('#toast.error') && !document.querySelector('#toast').hidden`)
	eval[string](dana, `location.hash = '#account'`)
	dana.until("the account page", `document.querySelector('#blocks') && document.querySelector('#blocks').textContent.includes('Nobody')`)
	dana.screenshot("account-desktop")

	// The account page lists the block; unblock there, block by name again.
	eval[string](eve, `location.hash = '#profile'`)
	eve.until("the account link", `document.querySelector('#account-link')`)
	eve.click("#account-link")
	eve.until("dana in the blocks", `document.querySelector('#blocks [data-blocked="dana"]')`)
	eve.click(`#blocks [data-blocked="dana"] .unblock`)
	eve.until("nobody blocked", `!document.querySelector('#blocks [data-blocked]') && document.querySelector('#blocks').textContent.includes('Nobody')`)
	eve.do(chromedp.SetValue(chromedp.CSS("#block-name"), "dana"))
	eve.click("#block-submit")
	eve.until("dana blocked again", `document.querySelector('#blocks [data-blocked="dana"]')`)
	eve.do(chromedp.SetValue(chromedp.CSS("#block-name"), "nobody-here"))
	eve.click("#block-submit")
	eve.until("no such account", `document.querySelector('#toast').textContent.includes('No account named nobody-here')`)

	// Change the password: a wrong current one, then the right one.
	eve.do(chromedp.SetValue(chromedp.CSS("#pw-old"), "not my password"),
		chromedp.SetValue(chromedp.CSS("#pw-new"), "eve's second password"),
		chromedp.SetValue(chromedp.CSS("#pw-new2"), "eve's second password"))
	eve.click("#pw-submit")
	eve.until("the refusal", `document.querySelector('#pw-msg').textContent.includes('current password is wrong')`)
	eve.do(chromedp.SetValue(chromedp.CSS("#pw-old"), "eve's first password"))
	eve.click("#pw-submit")
	eve.until("the change", `document.querySelector('#pw-msg').textContent === 'Password changed.'`)
	eve.screenshot("account-phone")

	// Log out and in with the new password; the block is still there.
	eve.click("#logout")
	eve.until("the login form", `document.querySelector('#login')`)
	eve.do(chromedp.SetValue(chromedp.CSS("#login-name"), "eve"), chromedp.SetValue(chromedp.CSS("#login-password"), "eve's second password"))
	eve.click("#login-submit")
	eve.until("the lobby", `document.querySelector('#lobby')`)
	eval[string](eve, `location.hash = '#account'`)
	eve.until("dana still blocked", `document.querySelector('#blocks [data-blocked="dana"]')`)

	// Delete the account: the first click only asks again.
	eve.do(chromedp.SetValue(chromedp.CSS("#delete-password"), "eve's second password"))
	eve.click("#delete-submit")
	eve.until("the confirmation", `document.querySelector('#delete-submit').textContent.startsWith('Really delete eve')`)
	if !eval[bool](eve, `!!localStorage.getItem('gomoku.token') && !!document.querySelector('#account')`) {
		t.Fatal("the account went before the confirmation")
	}
	eve.screenshot("delete-confirm-phone")
	eve.click("#delete-submit")
	eve.until("logged out, the token gone", `document.querySelector('#login') && document.querySelector('#login .form-msg').textContent.includes('account was deleted') && !localStorage.getItem('gomoku.token')`)
	eve.do(chromedp.SetValue(chromedp.CSS("#login-name"), "eve"), chromedp.SetValue(chromedp.CSS("#login-password"), "eve's second password"))
	eve.click("#login-submit")
	eve.until("no such account any more", `document.querySelector('#login .form-msg').textContent.includes('Wrong name or password')`)
	eval[string](dana, `location.hash = '#profile/eve'`)
	dana.until("eve's profile gone", `document.querySelector('#profile').textContent.includes('No account named eve')`)
}
