package tui

import (
	"time"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
)

// Messages a Backend sends the App. They carry plain values; a GameState in
// GameStartMsg is handed over to the App, which owns it from then on.

// ConnMsg reports the connection: Status is shown in the lobby title and,
// while Down, on every screen's bottom line with Detail.
type ConnMsg struct {
	Status    string // "connected", "reconnecting in 2s", ...
	Down      bool   // requests cannot be sent now
	Detail    string // why, in a few words: the server's shutdown notice, "connection refused"
	LoggedOut bool   // connected, but the session is gone (expired, or a guest the server forgot)
}

// SessionMsg says the player entered again, under the name Me.
type SessionMsg struct {
	Me string
}

// LobbyMsg is a new snapshot of the lobby.
type LobbyMsg struct {
	Players    []client.Player
	Challenges []Challenge
	Games      []LobbyGame
	Seeking    bool
}

// GameWatchersMsg is how many watch a game now.
type GameWatchersMsg struct {
	Game     int64
	Watchers int
}

// RematchMsg says the players of a watched game started a rematch, New.
type RematchMsg struct{ Old, New int64 }

// ChatHistoryMsg replaces the lobby chat with the server's recent lines
// (sent with every lobby snapshot: after entering, after a reconnect).
type ChatHistoryMsg struct{ Lines []ChatLine }

// ChatMsg is a chat line in the lobby (Game 0) or in a game.
type ChatMsg struct {
	Game int64
	Line ChatLine
}

// GameStartMsg opens (or replaces) a game: a new game, a watched one, or a
// full state after a reconnect.
type GameStartMsg struct {
	State *GameState
}

// GameMoveMsg is a move the server accepted, with both clocks after it
// (nil without a clock) and the mover's network lag as the server measured
// it (0: unknown).
type GameMoveMsg struct {
	Game  int64
	Move  engine.Move
	Clock *Clocks
	Lag   time.Duration
}

// GameOpeningMsg is an opening action the server applied: the phase due
// next (nil once the opening is over), whether the players exchanged
// colours, both clocks after it (nil without a clock) and what happened,
// as the reader should see it ("bob swapped: you play white now"; "" when
// the board says it all).
type GameOpeningMsg struct {
	Game    int64
	Phase   *client.Phase
	Swapped bool
	Places  bool         // the action placed a stone: its GameMoveMsg follows
	Turn    engine.Color // the colour to act or move next
	Clock   *Clocks
	Text    string
}

// GameUndoMsg is a takeback the server granted.
type GameUndoMsg struct {
	Game  int64
	N     int
	Clock *Clocks
}

// GameClockMsg sets a game's clocks.
type GameClockMsg struct {
	Game  int64
	Clock Clocks
}

// MultiMsg is several messages applied in order.
type MultiMsg []any

// GameOfferMsg is an offer in a game made by the opponent (Mine false), or
// the answer to a pending offer (Answered), with its text as the reader
// should see it.
type GameOfferMsg struct {
	Game     int64
	Offer    string // "takeback", "draw", "rematch"
	Mine     bool   // the offer was mine
	Answered bool   // accepted, declined or lapsed: no longer pending
	Accepted bool
	Text     string // for an answer: "bob declined your draw offer"
}

// GameOverMsg is the server's result.
type GameOverMsg struct {
	Game   int64
	Result engine.Result
	Note   string // e.g. rating change
	// BlackRating and WhiteRating are the new ratings after a rated game
	// (0: unchanged).
	BlackRating, WhiteRating int
	// Clock is both clocks as the game ended (nil: none sent; the running
	// clock then stops where it stands).
	Clock *Clocks
}

// GameAwayMsg says the opponent dropped (Away) or came back.
type GameAwayMsg struct {
	Game int64
	Away bool
}

// NoticeMsg is a line for the current screen: an error from the server or an
// information.
type NoticeMsg struct {
	Text  string
	Error bool
}

// BlocksMsg is the set of players I block (names as the server spells
// them).
type BlocksMsg struct{ Names []string }

// PasswordChangedMsg says my password was changed: its form closes.
type PasswordChangedMsg struct{}

// AccountDeletedMsg says my account Name was deleted: the program stays,
// logged out (G enters as a guest).
type AccountDeletedMsg struct{ Name string }

// ScreenMsg opens a screen over the current one (history, replay,
// profile, leaderboard).
type ScreenMsg struct{ screen screen }

// tickMsg redraws running clocks.
type tickMsg time.Time
