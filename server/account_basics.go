package server

import (
	"errors"
	"fmt"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/auth"
	"github.com/gomokud/gomoku/protocol"
)

// Account basics: password, deletion, blocks. Blocks live in the store
// and, for the players online, in their user (hub.mu), where challenges,
// pairing and the lobby chat read them.

// myAccount is the logged-in account, or not_allowed for a guest.
func (c *conn) myAccount() (gomoku.Account, error) {
	if c.user.accountID == 0 {
		return gomoku.Account{}, errf(protocol.CodeNotAllowed, "guests have no account")
	}
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	a, err := c.env.store.AccountByID(ctx, c.user.accountID)
	if err != nil {
		return a, fmt.Errorf("account %d: %w", c.user.accountID, err)
	}
	return a, nil
}

// passwordAllowed limits password checks like logins: guessing stays slow
// on a connection left logged in too.
func (c *conn) passwordAllowed() error {
	if !c.authLimiter.Allow() || !c.gate.authIP.allow(c.ip) {
		return errf(protocol.CodeRateLimited, "too many password attempts; wait a little")
	}
	return nil
}

// checkPassword checks the account's password: unauthorized when wrong.
func checkPassword(a gomoku.Account, password string) error {
	if len(password) > 4*auth.MaxPassword {
		return errf(protocol.CodeUnauthorized, "wrong password")
	}
	ok, err := auth.VerifyPassword(a.PasswordHash, password)
	switch {
	case err != nil:
		return fmt.Errorf("check password of %s: %w", a.Username, err)
	case !ok:
		return errf(protocol.CodeUnauthorized, "wrong password")
	}
	return nil
}

func (c *conn) changePassword(m *protocol.ChangePassword) (protocol.Message, error) {
	if err := auth.ValidatePassword(m.NewPassword); err != nil {
		return nil, errf(protocol.CodeBadRequest, "%v", err)
	}
	if err := c.passwordAllowed(); err != nil {
		return nil, err
	}
	a, err := c.myAccount()
	if err != nil {
		return nil, err
	}
	if err := checkPassword(a, m.OldPassword); err != nil {
		return nil, err
	}
	hash, err := auth.HashPassword(m.NewPassword)
	if err != nil {
		return nil, fmt.Errorf("change password: %w", err)
	}
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	return ok(c.env.store.SetPassword(ctx, a.ID, hash))
}

func (c *conn) deleteAccount(m *protocol.DeleteAccount) (protocol.Message, error) {
	if err := c.passwordAllowed(); err != nil {
		return nil, err
	}
	a, err := c.myAccount()
	if err != nil {
		return nil, err
	}
	if err := checkPassword(a, m.Password); err != nil {
		return nil, err
	}
	if c.lobby.playing(c.user) {
		return nil, errf(protocol.CodeConflict, "you are playing a game: finish it first")
	}
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	if err := c.env.store.DeleteAccount(ctx, a.ID); err != nil {
		return nil, fmt.Errorf("delete account: %w", err)
	}
	c.env.log.Info("account deleted", "player", a.Username, "id", a.ID)
	c.lobby.detach(c, c.user)
	c.user, c.tokenHash = nil, ""
	return protocol.OK{}, nil
}

// blockTarget is the account a block or unblock names.
func (c *conn) blockTarget(name string) (gomoku.Account, error) {
	if c.user.accountID == 0 {
		return gomoku.Account{}, errf(protocol.CodeNotAllowed, "guests cannot block: log in to an account")
	}
	if userKey(name) == userKey(c.user.name) {
		return gomoku.Account{}, errf(protocol.CodeBadRequest, "you cannot block yourself")
	}
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	a, err := c.env.store.AccountByName(ctx, name)
	if errors.Is(err, gomoku.ErrNotFound) || err == nil && a.PasswordHash == "" {
		return a, errf(protocol.CodeNotFound, "no account %q", name)
	}
	return a, err
}

func (c *conn) block(m *protocol.Block) (protocol.Message, error) {
	a, err := c.blockTarget(m.Name)
	if err != nil {
		return nil, err
	}
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	if err := c.env.store.Block(ctx, c.user.accountID, a.ID); err != nil {
		return nil, fmt.Errorf("block: %w", err)
	}
	c.lobby.setBlock(c.user, a.Username, true)
	return protocol.OK{}, nil
}

func (c *conn) unblock(m *protocol.Unblock) (protocol.Message, error) {
	a, err := c.blockTarget(m.Name)
	if err != nil {
		return nil, err
	}
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	if err := c.env.store.Unblock(ctx, c.user.accountID, a.ID); err != nil {
		return nil, fmt.Errorf("unblock: %w", err)
	}
	c.lobby.setBlock(c.user, a.Username, false)
	return protocol.OK{}, nil
}

func (c *conn) blocks(*protocol.GetBlocks) (protocol.Message, error) {
	if c.user.accountID == 0 {
		return protocol.Blocks{Names: []string{}}, nil
	}
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	names, err := c.env.store.Blocked(ctx, c.user.accountID)
	if err != nil {
		return nil, fmt.Errorf("blocks: %w", err)
	}
	return protocol.Blocks{Names: names}, nil
}

// loadBlocks reads the blocks of an account entering, for the hub.
func (c *conn) loadBlocks(u *user) {
	if u.accountID == 0 {
		return
	}
	ctx, cancel := c.env.requestCtx()
	defer cancel()
	names, err := c.env.store.Blocked(ctx, u.accountID)
	if err != nil {
		// The player plays on; blocks apply again at the next login.
		c.env.log.Warn("load blocks", "player", u.name, "err", err)
		return
	}
	for _, n := range names {
		c.lobby.setBlock(u, n, true)
	}
}

// setBlock records in u that it blocks (or no longer blocks) name.
func (h *hub) setBlock(u *user, name string, on bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if u.blocks == nil {
		u.blocks = map[string]bool{}
	}
	if on {
		u.blocks[userKey(name)] = true
	} else {
		delete(u.blocks, userKey(name))
	}
}

// blockedLocked reports whether either of a and b blocks the other.
func blockedLocked(a, b *user) bool {
	return a.blocks[userKey(b.name)] || b.blocks[userKey(a.name)]
}

// playing reports whether u plays a game (or one is starting).
func (h *hub) playing(u *user) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(u.games) > 0 || u.starting
}

// broadcastChat sends a lobby chat line of from to everybody but those
// who block from.
func (h *hub) broadcastChat(from *user, frame []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, u := range h.users {
		if !u.blocks[userKey(from.name)] {
			u.send(frame)
		}
	}
}
