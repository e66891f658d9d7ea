package client

import (
	"context"
	"errors"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/protocol"
)

// Event is an event in engine terms, as NextEvent returns it: one of the
// event types of this file.
type Event interface {
	clientEvent()
}

// ErrBadEvent is wrapped by the error for a server event (or the reply of a
// typed request) the library cannot read: a point that is not one, an
// unknown colour or rule. The error names the message.
var ErrBadEvent = errors.New("bad event from the server")

// NextEvent waits for the next event on Events and returns it typed. Server
// messages without a typed form (lobby_games, say) are skipped. A message
// the library cannot read is returned as an error wrapping ErrBadEvent, and
// the next call goes on with the following event. Once Events is closed it
// returns ErrClosed after Close, ErrDisconnected otherwise; it returns ctx's
// error when ctx ends first.
//
// NextEvent reads Events: a program uses one or the other, since each event
// is delivered once.
func (c *Client) NextEvent(ctx context.Context) (Event, error) {
	for {
		var m protocol.Message
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case ev, ok := <-c.events.out:
			if !ok {
				return nil, c.endErr()
			}
			m = ev
		}
		e, err := eventOf(m)
		if err != nil || e != nil {
			return e, err
		}
	}
}

// endErr is why Events closed: Close, or a drop without reconnection.
func (c *Client) endErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return ErrClosed
	}
	return ErrDisconnected
}

// Events the client adds to the server's on the Events channel. They satisfy
// protocol.Message so one channel carries everything.

// Disconnected says the connection dropped. With reconnection on, the client
// retries after RetryIn; otherwise the Events channel closes after it.
type Disconnected struct {
	Err     error
	RetryIn time.Duration // 0 when the client will not retry
}

// Reconnected says the client is connected again and, with the saved token,
// logged in again; its games are being resynced.
type Reconnected struct {
	// LoggedIn is false when the session could not be resumed (its token
	// expired, or a guest the server forgot) or there was none: the client
	// is connected but logged out.
	LoggedIn bool
	Me       Player  // zero when not LoggedIn
	Games    []int64 // my running games, being resynced
}

// Type implements protocol.Message.
func (Disconnected) Type() string { return "client.disconnected" }

// Type implements protocol.Message.
func (Reconnected) Type() string { return "client.reconnected" }

// ServerShutdown says the server is about to stop; running games are kept
// and resume when it is back.
type ServerShutdown struct {
	Message string
}

// LobbySnapshot is the whole lobby, sent after every login; the presence
// and challenge events keep it current.
type LobbySnapshot struct {
	Players       []Player    // online humans (capped on a busy server)
	Bots          []Player    // AI levels anyone can challenge
	Challenges    []Challenge // open challenges from or to me
	PlayersOnline int         // all online humans, listed or not
	Games         []LobbyGame // running games, to watch
	// Chat is the lobby chat's recent lines, oldest first.
	Chat []ChatMessage
}

// LobbyGame is a game as the lobby lists it.
type LobbyGame struct {
	Game         int64
	Rule         engine.Rule
	Size         int
	Time         TimeControl
	Rated        bool
	Black, White Player
	Plies        int  // moves when the summary was made
	Watchers     int  // spectators
	Over         bool // it ended: off the list
}

// LobbyGamesChanged carries games that started, ended (Over) or changed
// their watcher count.
type LobbyGamesChanged struct{ Games []LobbyGame }

// WatchersChanged is how many watch a game I play or watch, now.
type WatchersChanged struct {
	Game     int64
	Watchers int
}

// RematchStarted says the players of a game I watched started a rematch,
// game NewGame.
type RematchStarted struct{ Game, NewGame int64 }

// PresenceChanged carries the players who came online, changed status or
// rating, or left (StatusOffline): the latest state of each.
type PresenceChanged struct {
	Players []Player
}

// ChallengeMade is a challenge to me.
type ChallengeMade struct {
	Challenge
}

// ChallengeClosed says a challenge from or to me is no longer open for
// another reason than its game starting (which GameStarted says).
type ChallengeClosed struct {
	ID     int64
	Status string // ChallengeDeclined, ChallengeCancelled or ChallengeExpired
	By     string // who declined (ChallengeDeclined)
	Reason string // why it was cancelled, when the server says (ChallengeCancelled)
}

// ChatMessage is a chat line in the lobby (Game 0) or in a game.
type ChatMessage struct {
	Game int64
	From string
	Text string
	At   time.Time
}

// GameStarted is a new game of mine, from its first event.
type GameStarted struct {
	GameSnapshot
}

// GameSynced is the full state of a game I watch or follow: the answer to
// Watch or Follow, or a resync too far behind to replay the events.
type GameSynced struct {
	GameSnapshot
}

// MoveMade is a move the server accepted.
type MoveMade struct {
	Game      int64
	Ply       int // 1 for the first move
	Color     engine.Color
	Point     engine.Point
	Clock     *Clock         // both clocks after the move; nil without a clock
	Forbidden []engine.Point // renju: black's forbidden points, black to move
	// Lag is the mover's network round trip as the server measured it (0:
	// unknown, or a bot); Compensation the part of it given back to the
	// mover's clock for this move (lag compensation, docs/protocol.md).
	Lag, Compensation time.Duration
}

// TakenBack is a takeback the server granted: Undone moves were removed.
type TakenBack struct {
	Game      int64
	Undone    int
	Plies     int // moves left on the board
	Turn      engine.Color
	Clock     *Clock
	Forbidden []engine.Point
}

// ClockSet is a game's clock, sent after a resync and when a game resumes
// after a server restart.
type ClockSet struct {
	Game  int64
	Clock Clock
}

// OfferMade is an offer in a game, by either side.
type OfferMade struct {
	Game int64
	Kind OfferKind
	From engine.Color
}

// OfferAnswered answers the pending offer of its kind. By is engine.Empty
// when the offer lapsed (a move was made).
type OfferAnswered struct {
	Game     int64
	Kind     OfferKind
	Accepted bool
	By       engine.Color
}

// GameEnded is a game's result. Reason is engine.ReasonNone when the server
// named a reason this client does not know (a newer server): the game is
// over all the same.
type GameEnded struct {
	Game int64
	engine.Result
	BlackRating, WhiteRating *RatingChange // rated games only
	// Clock is both clocks as the game ended (a flagged side at 0); nil
	// without a clock or from a server that does not send it.
	Clock *Clock
}

// PlayerAway says a player's connection dropped; after ClaimAfter the
// opponent may claim the win (ClaimWin) or keep waiting.
type PlayerAway struct {
	Game       int64
	Color      engine.Color
	ClaimAfter time.Duration
}

// PlayerBack says a disconnected player is back.
type PlayerBack struct {
	Game  int64
	Color engine.Color
}

func (Disconnected) clientEvent()      {}
func (Reconnected) clientEvent()       {}
func (ServerShutdown) clientEvent()    {}
func (LobbySnapshot) clientEvent()     {}
func (LobbyGamesChanged) clientEvent() {}
func (WatchersChanged) clientEvent()   {}
func (RematchStarted) clientEvent()    {}
func (PresenceChanged) clientEvent()   {}
func (ChallengeMade) clientEvent()     {}
func (ChallengeClosed) clientEvent()   {}
func (ChatMessage) clientEvent()       {}
func (GameStarted) clientEvent()       {}
func (GameSynced) clientEvent()        {}
func (MoveMade) clientEvent()          {}
func (TakenBack) clientEvent()         {}
func (ClockSet) clientEvent()          {}
func (OfferMade) clientEvent()         {}
func (OfferAnswered) clientEvent()     {}
func (GameEnded) clientEvent()         {}
func (PlayerAway) clientEvent()        {}
func (PlayerBack) clientEvent()        {}
