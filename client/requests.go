package client

import (
	"context"
	"fmt"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/protocol"
)

// call sends req and expects a reply of type *T.
func call[T any, PT interface {
	*T
	protocol.Message
}](ctx context.Context, c *Client, req protocol.Message) (T, error) {
	var zero T
	reply, err := c.Do(ctx, req)
	if err != nil {
		return zero, err
	}
	r, ok := reply.(PT)
	if !ok {
		return zero, fmt.Errorf("%s: unexpected reply %q", req.Type(), reply.Type())
	}
	return *r, nil
}

// ok sends a request whose reply is a bare OK.
func (c *Client) ok(ctx context.Context, req protocol.Message) error {
	_, err := call[protocol.OK](ctx, c, req)
	return err
}

// Register creates an account and logs in.
func (c *Client) Register(ctx context.Context, username, password string) (protocol.Session, error) {
	return call[protocol.Session](ctx, c, protocol.Register{Username: username, Password: password})
}

// Login logs in with a password.
func (c *Client) Login(ctx context.Context, username, password string) (protocol.Session, error) {
	return call[protocol.Session](ctx, c, protocol.Login{Username: username, Password: password})
}

// Guest enters as a guest (casual games only).
func (c *Client) Guest(ctx context.Context, name string) (protocol.Session, error) {
	return call[protocol.Session](ctx, c, protocol.Guest{Name: name})
}

// Resume logs in with a saved session token.
func (c *Client) Resume(ctx context.Context, token string) (protocol.Session, error) {
	return call[protocol.Session](ctx, c, protocol.Resume{Token: token})
}

// Logout ends the session and invalidates its token.
func (c *Client) Logout(ctx context.Context) error { return c.ok(ctx, protocol.Logout{}) }

// Lobby returns a snapshot of the lobby.
func (c *Client) Lobby(ctx context.Context) (protocol.Lobby, error) {
	return call[protocol.Lobby](ctx, c, protocol.GetLobby{})
}

// Challenge challenges a player or a bot ("bot:easy").
func (c *Client) Challenge(ctx context.Context, to string, s protocol.Settings) (protocol.Challenge, error) {
	return call[protocol.Challenge](ctx, c, protocol.ChallengeCreate{To: to, Settings: s})
}

// SendChallenge challenges a player or a bot ("bot:easy") and returns the
// open challenge: Challenge in engine terms. A challenge to a bot is
// accepted at once (GameStarted follows).
func (c *Client) SendChallenge(ctx context.Context, to string, s Settings) (Challenge, error) {
	ch, err := c.Challenge(ctx, to, s.wire())
	if err != nil {
		return Challenge{}, err
	}
	out, err := challengeOf(ch)
	if err != nil {
		return Challenge{}, fmt.Errorf("challenge: %w: %w", ErrBadEvent, err)
	}
	return out, nil
}

// Accept accepts a challenge made to me; GameStart follows as an event.
func (c *Client) Accept(ctx context.Context, id int64) error {
	return c.ok(ctx, protocol.ChallengeAccept{ChallengeID: id})
}

// Decline declines a challenge made to me.
func (c *Client) Decline(ctx context.Context, id int64) error {
	return c.ok(ctx, protocol.ChallengeDecline{ChallengeID: id})
}

// Cancel withdraws my challenge.
func (c *Client) Cancel(ctx context.Context, id int64) error {
	return c.ok(ctx, protocol.ChallengeCancel{ChallengeID: id})
}

// Seek joins the quick-pairing queue with the settings of the game wished
// (the colour is the server's choice); GameStarted follows when paired.
func (c *Client) Seek(ctx context.Context, s Settings) error {
	return c.ok(ctx, protocol.Seek{Settings: s.wire()})
}

// Unseek leaves the queue.
func (c *Client) Unseek(ctx context.Context) error { return c.ok(ctx, protocol.Unseek{}) }

// LobbySay sends a lobby chat line.
func (c *Client) LobbySay(ctx context.Context, text string) error {
	return c.ok(ctx, protocol.LobbySay{Text: text})
}

// Move plays p in a game; the move itself arrives as a GameMove event.
func (c *Client) Move(ctx context.Context, gameID int64, p engine.Point) error {
	return c.ok(ctx, protocol.Move{GameID: gameID, Move: p.String()})
}

// Watch starts spectating a game and returns its state. The state is also
// delivered on Events (GameSynced), ahead of the game's events that follow
// it.
func (c *Client) Watch(ctx context.Context, gameID int64) (GameSnapshot, error) {
	st, err := call[protocol.GameState](ctx, c, protocol.Watch{GameID: gameID})
	if err != nil {
		return GameSnapshot{}, err
	}
	s, err := snapshotOf(st.Snapshot)
	if err != nil {
		return GameSnapshot{}, fmt.Errorf("watch: %w: %w", ErrBadEvent, err)
	}
	return s, nil
}

// Unwatch stops spectating.
func (c *Client) Unwatch(ctx context.Context, gameID int64) error {
	return c.ok(ctx, protocol.Unwatch{GameID: gameID})
}

// GameRequest sends one of the game requests answered by OK (Takeback,
// DrawOffer, Resign, RematchOffer, the answers, ClaimWin, GameSay, Abort).
func (c *Client) GameRequest(ctx context.Context, req protocol.Message) error {
	return c.ok(ctx, req)
}

// Profile returns an account's profile ("" for mine).
func (c *Client) Profile(ctx context.Context, name string) (protocol.Profile, error) {
	return call[protocol.Profile](ctx, c, protocol.GetProfile{Name: name})
}

// History returns an account's games, newest first ("" for mine).
func (c *Client) History(ctx context.Context, name string, limit, offset int) (protocol.History, error) {
	return call[protocol.History](ctx, c, protocol.GetHistory{Name: name, Limit: limit, Offset: offset})
}

// Record returns a game's record in a format (protocol.FormatText...).
func (c *Client) Record(ctx context.Context, gameID int64, format string) (protocol.Record, error) {
	return call[protocol.Record](ctx, c, protocol.GetRecord{GameID: gameID, Format: format})
}

// Leaderboard returns the top rated accounts in rule ("" is freestyle).
func (c *Client) Leaderboard(ctx context.Context, rule string, limit int) (protocol.Leaderboard, error) {
	return call[protocol.Leaderboard](ctx, c, protocol.GetLeaderboard{Rule: rule, Limit: limit})
}

// ChangePassword replaces my account's password.
func (c *Client) ChangePassword(ctx context.Context, oldPassword, newPassword string) error {
	return c.ok(ctx, protocol.ChangePassword{OldPassword: oldPassword, NewPassword: newPassword})
}

// DeleteAccount deletes my account (its games stay, anonymised); the
// client is logged out after it.
func (c *Client) DeleteAccount(ctx context.Context, password string) error {
	return c.ok(ctx, protocol.DeleteAccount{Password: password})
}

// Block stops challenges and lobby chat from an account reaching me.
func (c *Client) Block(ctx context.Context, name string) error {
	return c.ok(ctx, protocol.Block{Name: name})
}

// Unblock lifts a block.
func (c *Client) Unblock(ctx context.Context, name string) error {
	return c.ok(ctx, protocol.Unblock{Name: name})
}

// Blocks returns the accounts I block.
func (c *Client) Blocks(ctx context.Context) ([]string, error) {
	b, err := call[protocol.Blocks](ctx, c, protocol.GetBlocks{})
	return b.Names, err
}
