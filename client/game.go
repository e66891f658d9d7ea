package client

import (
	"context"
	"fmt"

	"github.com/gomokud/gomoku/protocol"
)

// The typed requests of a game of mine (Move is in requests.go). Each
// returns once the server has answered; what the request changes arrives as
// an event, to the opponent and the watchers alike.

// Offer offers a draw, or a rematch after the game, or asks for a takeback;
// OfferMade follows. A kind other than OfferTakeback, OfferDraw and
// OfferRematch is refused without asking the server.
func (c *Client) Offer(ctx context.Context, gameID int64, kind OfferKind) error {
	switch kind {
	case OfferTakeback:
		return c.ok(ctx, protocol.Takeback{GameID: gameID})
	case OfferDraw:
		return c.ok(ctx, protocol.DrawOffer{GameID: gameID})
	case OfferRematch:
		return c.ok(ctx, protocol.RematchOffer{GameID: gameID})
	}
	return fmt.Errorf("offer in game %d: unknown kind %q", gameID, kind)
}

// Answer accepts or declines the opponent's pending offer of a kind;
// OfferAnswered follows (and, when accepted, what it brings: TakenBack,
// GameEnded, the rematch's GameStarted). Unknown kinds are refused as by
// Offer.
func (c *Client) Answer(ctx context.Context, gameID int64, kind OfferKind, accept bool) error {
	switch kind {
	case OfferTakeback:
		return c.ok(ctx, protocol.TakebackAnswer{GameID: gameID, Accept: accept})
	case OfferDraw:
		return c.ok(ctx, protocol.DrawAnswer{GameID: gameID, Accept: accept})
	case OfferRematch:
		return c.ok(ctx, protocol.RematchAnswer{GameID: gameID, Accept: accept})
	}
	return fmt.Errorf("answer in game %d: unknown offer %q", gameID, kind)
}

// Resign loses the game; GameEnded follows.
func (c *Client) Resign(ctx context.Context, gameID int64) error {
	return c.ok(ctx, protocol.Resign{GameID: gameID})
}

// Abort calls the game off while a side has not moved yet; GameEnded
// (engine.ReasonAborted) follows.
func (c *Client) Abort(ctx context.Context, gameID int64) error {
	return c.ok(ctx, protocol.Abort{GameID: gameID})
}

// ClaimWin claims the game once the disconnected opponent's grace period
// (PlayerAway.ClaimAfter) has run out; GameEnded (engine.ReasonAbandon)
// follows.
func (c *Client) ClaimWin(ctx context.Context, gameID int64) error {
	return c.ok(ctx, protocol.ClaimWin{GameID: gameID})
}

// GameSay sends a chat line to a game's players and watchers (at most
// MaxChatRunes); ChatMessage follows.
func (c *Client) GameSay(ctx context.Context, gameID int64, text string) error {
	return c.ok(ctx, protocol.GameSay{GameID: gameID, Text: text})
}
