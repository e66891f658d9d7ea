package protocol

import (
	"encoding/json"
	"time"
)

// Game requests. Each names its game; only the game's players may send the
// ones that act on it. Each gets OK (or an error) as its reply; what happens
// is then announced by numbered game events to players and watchers.

// Move places a stone for your colour. Reply: OK; all get GameMove. Errors:
// not_your_turn, occupied, off_board, forbidden (with kind), game_over.
type Move struct {
	GameID int64  `json:"game_id"`
	Move   string `json:"move"` // "h8"
}

// Takeback asks the opponent to take back your last move (and the
// opponent's reply to it, if made). Against a bot in a casual game it is
// granted at once. Reply: OK; all get Offer, then OfferAnswer and
// GameTakeback when answered.
type Takeback struct {
	GameID int64 `json:"game_id"`
}

// TakebackAnswer answers the opponent's takeback request. Reply: OK.
type TakebackAnswer struct {
	GameID int64 `json:"game_id"`
	Accept bool  `json:"accept"`
}

// DrawOffer offers a draw. Reply: OK; all get Offer. A pending offer lapses
// with the next move.
type DrawOffer struct {
	GameID int64 `json:"game_id"`
}

// DrawAnswer answers the opponent's draw offer; accepting ends the game
// (GameOver, reason "agreement"). Reply: OK.
type DrawAnswer struct {
	GameID int64 `json:"game_id"`
	Accept bool  `json:"accept"`
}

// Resign loses the game. Reply: OK; all get GameOver.
type Resign struct {
	GameID int64 `json:"game_id"`
}

// Abort calls the game off while at least one side has not moved yet; it is
// not rated. Reply: OK; all get GameOver (reason "aborted").
type Abort struct {
	GameID int64 `json:"game_id"`
}

// RematchOffer offers a new game with the same settings and colours swapped,
// after the game ended. Reply: OK; the opponent gets Offer (kind rematch).
type RematchOffer struct {
	GameID int64 `json:"game_id"`
}

// RematchAnswer answers a rematch offer; accepting starts the new game
// (GameStart to both). Reply: OK.
type RematchAnswer struct {
	GameID int64 `json:"game_id"`
	Accept bool  `json:"accept"`
}

// ClaimWin claims the game once the disconnected opponent's grace period
// (PlayerAway.ClaimAfterMS) has run out. Reply: OK; all get GameOver
// (reason "abandon").
type ClaimWin struct {
	GameID int64 `json:"game_id"`
}

// GameSay sends a chat line to the game's players and watchers. Reply: OK;
// all get GameChat.
type GameSay struct {
	GameID int64  `json:"game_id"`
	Text   string `json:"text"`
}

// Watch starts spectating a game. Reply: GameState; then its events.
type Watch struct {
	GameID int64 `json:"game_id"`
}

// Unwatch stops spectating. Reply: OK.
type Unwatch struct {
	GameID int64 `json:"game_id"`
}

// Resync asks for the events of a game after LastSeq (the last number
// seen; 0 after GameStart). Reply: GameEvents with exactly the missed events
// followed by a GameClock push, or GameState when LastSeq is negative or too
// old. It also re-subscribes the connection to the game (as a player or a
// watcher).
type Resync struct {
	GameID  int64 `json:"game_id"`
	LastSeq int64 `json:"last_seq"`
}

// GameStart is pushed to both players when a game starts (event number 0).
type GameStart struct {
	Snapshot
}

// GameState is a full snapshot: the reply to Watch and to some Resyncs.
type GameState struct {
	Snapshot
}

// GameEvents is the reply to Resync: the missed event frames, in order, each
// exactly as it was pushed (decode each with Decode).
type GameEvents struct {
	GameID int64             `json:"game_id"`
	Events []json.RawMessage `json:"events"`
}

// GameClock is the current clock of a game, pushed after GameEvents and
// when a game restored after a server restart resumes. Not numbered.
type GameClock struct {
	GameID int64 `json:"game_id"`
	Clock  Clock `json:"clock"`
}

// GameMove is a move accepted by the server (event).
type GameMove struct {
	GameID    int64    `json:"game_id"`
	Seq       int64    `json:"seq"`
	Ply       int      `json:"ply"`   // 1 for the first move
	Color     string   `json:"color"` // who moved
	Move      string   `json:"move"`  // "h8"
	Clock     *Clock   `json:"clock,omitempty"`
	Forbidden []string `json:"forbidden,omitempty"` // renju: black's forbidden points, black to move
}

// GameTakeback is an accepted takeback (event): Undone moves were removed.
type GameTakeback struct {
	GameID    int64    `json:"game_id"`
	Seq       int64    `json:"seq"`
	Undone    int      `json:"undone"`
	Plies     int      `json:"plies"` // moves left on the board
	Turn      string   `json:"turn"`
	Clock     *Clock   `json:"clock,omitempty"`
	Forbidden []string `json:"forbidden,omitempty"`
}

// OfferMade is a takeback, draw or rematch offer (event "offer").
type OfferMade struct {
	GameID int64  `json:"game_id"`
	Seq    int64  `json:"seq"`
	Kind   string `json:"kind"` // OfferTakeback, OfferDraw, OfferRematch
	From   string `json:"from"` // offering colour
}

// OfferAnswer is the answer to an offer (event). A lapsed offer (a move was
// made) is answered with Accepted false and By "".
type OfferAnswer struct {
	GameID   int64  `json:"game_id"`
	Seq      int64  `json:"seq"`
	Kind     string `json:"kind"`
	Accepted bool   `json:"accepted"`
	By       string `json:"by,omitempty"` // answering colour
}

// GameOver ends a game (event). Clock is both clocks as the game ended
// (none running; a side whose time ran out at 0); absent without a clock.
type GameOver struct {
	GameID int64 `json:"game_id"`
	Seq    int64 `json:"seq"`
	Result
	BlackRating *RatingChange `json:"black_rating,omitempty"` // rated games only
	WhiteRating *RatingChange `json:"white_rating,omitempty"`
	Clock       *Clock        `json:"clock,omitempty"`
}

// GameChat is a chat line of a game (event).
type GameChat struct {
	GameID int64     `json:"game_id"`
	Seq    int64     `json:"seq"`
	From   string    `json:"from"`
	Text   string    `json:"text"`
	At     time.Time `json:"at"`
}

// PlayerAway says a player's connection dropped (event). The clocks keep
// running; after ClaimAfterMS the opponent may ClaimWin or keep waiting.
type PlayerAway struct {
	GameID       int64  `json:"game_id"`
	Seq          int64  `json:"seq"`
	Color        string `json:"color"`
	ClaimAfterMS int64  `json:"claim_after_ms"`
}

// PlayerBack says a disconnected player is back (event).
type PlayerBack struct {
	GameID int64  `json:"game_id"`
	Seq    int64  `json:"seq"`
	Color  string `json:"color"`
}

// GameWatchers is how many watch a game now (event, not numbered), sent to
// its players and watchers when the number changes.
type GameWatchers struct {
	GameID   int64 `json:"game_id"`
	Watchers int   `json:"watchers"`
}

// RematchStarted says the players of a finished game started their rematch
// (event, not numbered): a watcher may watch NewGameID.
type RematchStarted struct {
	GameID    int64 `json:"game_id"`
	NewGameID int64 `json:"new_game_id"`
}

// Type implementations.
func (GameWatchers) Type() string   { return "game_watchers" }
func (RematchStarted) Type() string { return "rematch_started" }
func (Move) Type() string           { return "move" }
func (Takeback) Type() string       { return "takeback" }
func (TakebackAnswer) Type() string { return "takeback_answer" }
func (DrawOffer) Type() string      { return "draw_offer" }
func (DrawAnswer) Type() string     { return "draw_answer" }
func (Resign) Type() string         { return "resign" }
func (Abort) Type() string          { return "abort" }
func (RematchOffer) Type() string   { return "rematch_offer" }
func (RematchAnswer) Type() string  { return "rematch_answer" }
func (ClaimWin) Type() string       { return "claim_win" }
func (GameSay) Type() string        { return "game_say" }
func (Watch) Type() string          { return "watch" }
func (Unwatch) Type() string        { return "unwatch" }
func (Resync) Type() string         { return "resync" }
func (GameStart) Type() string      { return "game_start" }
func (GameState) Type() string      { return "game_state" }
func (GameEvents) Type() string     { return "game_events" }
func (GameClock) Type() string      { return "game_clock" }
func (GameMove) Type() string       { return "game_move" }
func (GameTakeback) Type() string   { return "game_takeback" }
func (OfferMade) Type() string      { return "offer" }
func (OfferAnswer) Type() string    { return "offer_answer" }
func (GameOver) Type() string       { return "game_over" }
func (GameChat) Type() string       { return "game_chat" }
func (PlayerAway) Type() string     { return "player_away" }
func (PlayerBack) Type() string     { return "player_back" }

// Ref implementations (GameEvent).
func (m GameMove) Ref() (int64, int64)     { return m.GameID, m.Seq }
func (m GameTakeback) Ref() (int64, int64) { return m.GameID, m.Seq }
func (m OfferMade) Ref() (int64, int64)    { return m.GameID, m.Seq }
func (m OfferAnswer) Ref() (int64, int64)  { return m.GameID, m.Seq }
func (m GameOver) Ref() (int64, int64)     { return m.GameID, m.Seq }
func (m GameChat) Ref() (int64, int64)     { return m.GameID, m.Seq }
func (m PlayerAway) Ref() (int64, int64)   { return m.GameID, m.Seq }
func (m PlayerBack) Ref() (int64, int64)   { return m.GameID, m.Seq }

func init() {
	register(Move{}, Takeback{}, TakebackAnswer{}, DrawOffer{}, DrawAnswer{}, Resign{}, Abort{},
		RematchOffer{}, RematchAnswer{}, ClaimWin{}, GameSay{}, Watch{}, Unwatch{}, Resync{},
		GameStart{}, GameState{}, GameEvents{}, GameClock{}, GameMove{}, GameTakeback{},
		OfferMade{}, OfferAnswer{}, GameOver{}, GameChat{}, PlayerAway{}, PlayerBack{},
		GameWatchers{}, RematchStarted{})
}
