package client

import (
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/protocol"
)

// The values of typed events and requests: what the server says, in engine
// terms (points, colours, rules, durations) rather than wire strings.
// convert.go is where they are made from the wire.

// MaxChatRunes is the longest chat line the server takes, in characters.
const MaxChatRunes = protocol.MaxChatRunes

// Name prefixes of bots ("bot:hard") and guests ("guest:carol").
const (
	BotPrefix   = protocol.BotPrefix
	GuestPrefix = protocol.GuestPrefix
)

// Status is a player's status in the lobby.
type Status string

// Lobby statuses.
const (
	StatusIdle    Status = protocol.StatusIdle
	StatusPlaying Status = protocol.StatusPlaying
	StatusSeeking Status = protocol.StatusSeeking
	StatusOffline Status = protocol.StatusOffline // in PresenceChanged only: the player left
)

// Player is a player as the lobby and a game show it.
type Player struct {
	Name   string
	Status Status // lobby lists and presence only; "" elsewhere
	Rating int    // rounded; 0 for guests and bots
	Bot    bool
	Guest  bool
	// Game is a running game the player plays (lobby lists only: the first
	// when several); 0 for none.
	Game int64
}

// Settings are the settings of a challenge or a seek.
type Settings struct {
	Rule  engine.Rule
	Size  int          // board size; from the server, 0 is made engine.DefaultSize
	Time  TimeControl  // all zero: no clock
	Color engine.Color // the challenger's colour; engine.Empty for random
	Rated bool
	// Opening is the opening rule. The zero value leaves the server's
	// default for the rule (DefaultOpening); Opening(opening.None) asks
	// for none. Settings from the server always name the rule.
	Opening OpeningRule
}

// OpeningRule is the opening rule settings ask for: the server's default
// for the game's rule (the zero value), or a named one (Opening).
type OpeningRule struct {
	Kind  opening.Kind // read only when Named
	Named bool         // false: the server's default, DefaultOpening
}

// Opening names opening rule k, opening.None included.
func Opening(k opening.Kind) OpeningRule { return OpeningRule{Kind: k, Named: true} }

// For is the opening rule a game under rule r is played with: the named
// one, or the server's default.
func (o OpeningRule) For(r engine.Rule) opening.Kind {
	if o.Named {
		return o.Kind
	}
	return DefaultOpening(r)
}

// String is the rule's wire name; "" for the server's default, which the
// wire leaves out.
func (o OpeningRule) String() string {
	if !o.Named {
		return ""
	}
	return o.Kind.String()
}

// DefaultOpening is the opening rule the server plays under rule r when
// settings name none (docs/protocol.md, "Openings"): Soosõrv-8 for renju,
// swap2 for the others.
func DefaultOpening(r engine.Rule) opening.Kind {
	if r == engine.Renju {
		return opening.Soosorv8
	}
	return opening.Swap2
}

// Challenge is an open challenge from or to the local player.
type Challenge struct {
	ID       int64
	From, To string
	Settings Settings
	Expires  time.Time
}

// Clock is both clocks as the server measured them when it sent them. A
// side's time is its remaining main time or, with its ByoYomi flag, what is
// left of its current byo-yomi period.
type Clock struct {
	Black, White               time.Duration
	BlackByoYomi, WhiteByoYomi bool
	Running                    engine.Color // engine.Empty when stopped
	// FirstMove is the time the side to move has left to make its first
	// move (no clock runs before it) before the game is aborted; 0 when
	// it is not waiting for one.
	FirstMove time.Duration
}

// OfferKind is what an offer in a game is about.
type OfferKind string

// Offer kinds. A newer server may send others: they are passed on as they
// come.
const (
	OfferTakeback OfferKind = protocol.OfferTakeback
	OfferDraw     OfferKind = protocol.OfferDraw
	OfferRematch  OfferKind = protocol.OfferRematch
)

// Offer is a pending offer in a game.
type Offer struct {
	Kind OfferKind
	From engine.Color // the side that offered
}

// Lag is each player's network round trip as the server measures it (lag
// compensation, docs/protocol.md); 0 for a side not measured yet, or a bot.
type Lag struct {
	Black, White time.Duration
}

// RatingChange is one side's rating before and after a rated game.
type RatingChange struct {
	Before, After int
}

// GameSnapshot is the full state of a game.
type GameSnapshot struct {
	Game         int64 // the game's id
	Rule         engine.Rule
	Size         int
	Time         TimeControl // all zero: no clock
	Rated        bool
	Black, White Player
	Moves        []engine.Move  // in order, black first
	Turn         engine.Color   // the side to move; engine.Empty once over
	Clock        *Clock         // nil without a clock
	Me           engine.Color   // my colour; engine.Empty when watching
	Offer        *Offer         // the pending offer, if any
	Away         engine.Color   // a disconnected player; engine.Empty for none
	Forbidden    []engine.Point // renju: black's forbidden points, black to move
	Result       *engine.Result // nil while running
	Watchers     int
	Lag          *Lag         // the players' measured round trips; nil until one is measured
	Opening      opening.Kind // the opening rule; opening.None without one
	Phase        *Phase       // the opening's phase while it runs
}
