package server

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/auth"
	"github.com/gomokud/gomoku/protocol"
)

// Guest limits.
const (
	maxGuestName = 16
	guestTTL     = 24 * time.Hour // a guest token resumes for this long after its last use
)

// guestEntry is a guest's session. The hub's map is the live copy; the
// store keeps one too (SaveGuestSession), loaded at start-up, so a guest
// resumes its games after a restart as an account does.
type guestEntry struct {
	name    string
	expires time.Time
}

// authAllowed applies the per-connection and per-address limits of
// login, register, guest and resume.
// Register's cheap checks come first so only real attempts use a token.
func (c *conn) authAllowed() error {
	if c.user != nil {
		return errf(protocol.CodeConflict, "already logged in as %s; log out first", c.user.name)
	}
	if !c.authLimiter.Allow() || !c.gate.authIP.allow(c.ip) {
		return errf(protocol.CodeRateLimited, "too many login attempts; wait a little")
	}
	return nil
}

// resumeAllowed is authAllowed for resume, without the per-address limit:
// a 256-bit token cannot be guessed, and players behind one address (a
// LAN, a NAT) reconnect together after a restart.
func (c *conn) resumeAllowed() error {
	if c.user != nil {
		return errf(protocol.CodeConflict, "already logged in as %s; log out first", c.user.name)
	}
	if !c.authLimiter.Allow() {
		return errf(protocol.CodeRateLimited, "too many login attempts; wait a little")
	}
	return nil
}

// register creates an account and logs in.
func (c *conn) register(m *protocol.Register) (protocol.Message, error) {
	if err := auth.ValidateUsername(m.Username); err != nil {
		return nil, errf(protocol.CodeBadRequest, "%v", err)
	}
	if err := auth.ValidatePassword(m.Password); err != nil {
		return nil, errf(protocol.CodeBadRequest, "%v", err)
	}
	if err := c.authAllowed(); err != nil {
		return nil, err
	}
	hash, err := auth.HashPassword(m.Password)
	if err != nil {
		return nil, fmt.Errorf("register: %w", err)
	}
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	a, err := c.env.store.CreateAccount(ctx, gomoku.NewAccount{Username: m.Username, PasswordHash: hash})
	if err != nil {
		return nil, fmt.Errorf("register %s: %w", m.Username, err)
	}
	return c.startSession(ctx, a)
}

// login checks a password in constant time (also for unknown names).
func (c *conn) login(m *protocol.Login) (protocol.Message, error) {
	if err := c.authAllowed(); err != nil {
		return nil, err
	}
	bad := errf(protocol.CodeUnauthorized, "wrong username or password")
	if len(m.Username) > auth.MaxUsername || len(m.Password) > 4*auth.MaxPassword {
		return nil, bad
	}
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	a, err := c.env.store.AccountByName(ctx, m.Username)
	if err == nil && a.PasswordHash == "" {
		err = gomoku.ErrNotFound // a deleted account: no password opens it
	}
	if errors.Is(err, gomoku.ErrNotFound) {
		auth.VerifyDummy(m.Password) // same time as a real check
		return nil, bad
	}
	if err != nil {
		return nil, fmt.Errorf("login: %w", err)
	}
	ok, err := auth.VerifyPassword(a.PasswordHash, m.Password)
	if err != nil {
		return nil, fmt.Errorf("login %s: %w", a.Username, err)
	}
	if !ok {
		return nil, bad
	}
	return c.startSession(ctx, a)
}

// startSession issues a token for account a and logs the connection in.
func (c *conn) startSession(ctx context.Context, a gomoku.Account) (protocol.Message, error) {
	token := auth.NewToken()
	hash := auth.HashToken(token)
	now := c.env.now()
	if err := c.env.store.CreateSession(ctx, hash, a.ID, now.Add(c.env.cfg.SessionTTL)); err != nil {
		return nil, fmt.Errorf("session for %s: %w", a.Username, err)
	}
	if err := c.env.store.TouchLogin(ctx, a.ID, now); err != nil {
		c.env.log.Warn("touch login", "account", a.Username, "err", err)
	}
	return c.enter(token, hash, accountIdentity(a)), nil
}

func accountIdentity(a gomoku.Account) identity {
	return identity{name: a.Username, kind: protocol.KindUser, accountID: a.ID, rating: roundRating(a.Rating.Rating)}
}

// enter attaches the connection to its user and returns the Session
// reply; the lobby follows it.
func (c *conn) enter(token, hash string, who identity) protocol.Message {
	u, games := c.lobby.attach(c, who)
	c.user, c.tokenHash = u, hash
	c.loggedIn.Store(true)
	c.env.log.Info("login", "player", u.name, "kind", u.kind, "addr", c.ip)
	c.afterReply(func() { c.send(protocol.MustEncode("", c.lobby.lobby(u))) })
	return protocol.Session{Token: token, Games: games,
		Player: protocol.Player{Name: u.name, Kind: u.kind, Rating: who.rating}}
}

// guest enters as a guest with a fresh token.
func (c *conn) guest(m *protocol.Guest) (protocol.Message, error) {
	if err := c.authAllowed(); err != nil {
		return nil, err
	}
	token := auth.NewToken()
	hash := auth.HashToken(token)
	gs := c.lobby.newGuest(hash, m.Name)
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	if err := c.env.store.SaveGuestSession(ctx, gs); err != nil {
		c.lobby.dropGuest(hash)
		// The write may have landed after all (a timeout): remove it, so no
		// session that nobody holds reserves the name after a restart.
		dctx, dcancel := c.env.requestCtx()
		_ = c.env.store.DeleteGuestSession(dctx, hash)
		dcancel()
		return nil, fmt.Errorf("guest: %w", err)
	}
	return c.enter(token, hash, identity{name: gs.Name, kind: protocol.KindGuest}), nil
}

// resume logs in with a token from an earlier session.
func (c *conn) resume(m *protocol.Resume) (protocol.Message, error) {
	if err := c.resumeAllowed(); err != nil {
		return nil, err
	}
	bad := errf(protocol.CodeUnauthorized, "the session has ended; log in again")
	if !auth.ValidToken(m.Token) {
		return nil, bad
	}
	hash := auth.HashToken(m.Token)
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	if gs, ok := c.lobby.guestByToken(hash); ok {
		// The extended expiry is stored so that it outlives a restart; the
		// session works now either way.
		if err := c.env.store.ExtendGuestSession(ctx, hash, gs.Expires); err != nil {
			c.env.log.Warn("extend guest session", "player", gs.Name, "err", err)
		}
		return c.enter(m.Token, hash, identity{name: gs.Name, kind: protocol.KindGuest}), nil
	}
	a, err := c.env.store.SessionAccount(ctx, hash)
	if errors.Is(err, gomoku.ErrNotFound) {
		return nil, bad
	}
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	if err := c.env.store.TouchLogin(ctx, a.ID, c.env.now()); err != nil {
		c.env.log.Warn("touch login", "account", a.Username, "err", err)
	}
	return c.enter(m.Token, hash, accountIdentity(a)), nil
}

// logout ends the session: the token stops working and the connection
// leaves the lobby (it stays open, logged out).
func (c *conn) logout(*protocol.Logout) (protocol.Message, error) {
	u := c.user
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	if u.kind == protocol.KindGuest {
		if err := c.env.store.DeleteGuestSession(ctx, c.tokenHash); err != nil {
			return nil, fmt.Errorf("logout: %w", err)
		}
		c.lobby.dropGuest(c.tokenHash)
	} else if err := c.env.store.DeleteSession(ctx, c.tokenHash); err != nil {
		return nil, fmt.Errorf("logout: %w", err)
	}
	c.lobby.detach(c, u)
	c.user, c.tokenHash = nil, ""
	return protocol.OK{}, nil
}

// newGuest registers a guest token and picks the guest's name: the wished
// one when it is a valid, free name, else a numbered one.
func (h *hub) newGuest(hash, wish string) gomoku.GuestSession {
	h.mu.Lock()
	defer h.mu.Unlock()
	wish = strings.TrimPrefix(strings.TrimSpace(wish), protocol.GuestPrefix)
	taken := func(name string) bool {
		_, online := h.users[userKey(name)]
		return online || h.guestNames[userKey(name)] > 0
	}
	name := protocol.GuestPrefix + wish
	if len(wish) > maxGuestName || auth.ValidateUsername(wish) != nil || taken(name) {
		// Random numbers, with more digits as the numbered names fill up.
		for n := 10000; ; n *= 10 {
			name = fmt.Sprintf("%s%d", protocol.GuestPrefix, n/10+rand.IntN(n-n/10))
			if !taken(name) {
				break
			}
		}
	}
	gs := gomoku.GuestSession{TokenHash: hash, Name: name, Expires: h.env.now().Add(guestTTL)}
	h.addGuestLocked(gs)
	return gs
}

func (h *hub) addGuestLocked(gs gomoku.GuestSession) {
	h.guests[gs.TokenHash] = &guestEntry{name: gs.Name, expires: gs.Expires}
	h.guestNames[userKey(gs.Name)]++
}

// loadGuests registers stored guest sessions (at start-up).
func (h *hub) loadGuests(sessions []gomoku.GuestSession) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, gs := range sessions {
		if h.guests[gs.TokenHash] == nil {
			h.addGuestLocked(gs)
		}
	}
}

// hasGuest reports whether a guest session of that name is live: its
// player can come back.
func (h *hub) hasGuest(name string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.guestNames[userKey(name)] > 0
}

// guestByToken finds a guest session and extends it.
func (h *hub) guestByToken(hash string) (gomoku.GuestSession, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	g := h.guests[hash]
	now := h.env.now()
	if g == nil || now.After(g.expires) {
		return gomoku.GuestSession{}, false
	}
	g.expires = now.Add(guestTTL)
	return gomoku.GuestSession{TokenHash: hash, Name: g.name, Expires: g.expires}, true
}

func (h *hub) dropGuest(hash string) {
	h.mu.Lock()
	h.dropGuestLocked(hash)
	h.mu.Unlock()
}

func (h *hub) dropGuestLocked(hash string) {
	g := h.guests[hash]
	if g == nil {
		return
	}
	delete(h.guests, hash)
	if k := userKey(g.name); h.guestNames[k] <= 1 {
		delete(h.guestNames, k)
	} else {
		h.guestNames[k]--
	}
}

// pruneGuestsLocked forgets expired guest sessions.
func (h *hub) pruneGuestsLocked(now time.Time) {
	for k, g := range h.guests {
		if now.After(g.expires) {
			h.dropGuestLocked(k)
		}
	}
}
