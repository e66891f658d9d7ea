package protocol

import "time"

// Player kinds.
const (
	KindUser  = "user"  // a registered account
	KindGuest = "guest" // a guest: casual games only; name starts with GuestPrefix
	KindBot   = "bot"   // an AI level; name BotPrefix and the level: "bot:easy", "bot:medium", "bot:hard", "bot:max"
)

// Name prefixes. A player's kind can be told from the name alone: account
// names may not contain ':', so only guests and bots have these prefixes.
const (
	// BotPrefix starts the name of every bot, followed by its level:
	// "bot:easy". Challenging such a name challenges that bot.
	BotPrefix = "bot:"
	// GuestPrefix starts the name of every guest: the server puts it
	// before the wished (or a numbered) name, "guest:ann".
	GuestPrefix = "guest:"
)

// Lobby statuses.
const (
	StatusIdle    = "idle"
	StatusPlaying = "playing"
	StatusSeeking = "seeking"
	StatusOffline = "offline" // only in presence events: the player left
)

// Colours, also the "color" of challenge settings (with ColorRandom).
const (
	ColorBlack  = "black"
	ColorWhite  = "white"
	ColorRandom = "random"
)

// Offer kinds.
const (
	OfferTakeback = "takeback"
	OfferDraw     = "draw"
	OfferRematch  = "rematch"
)

// Record formats of get_record.
const (
	FormatText = "txt"
	FormatPSQ  = "psq"
	FormatSGF  = "sgf"
)

// Player is a player as others see it.
type Player struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"`             // KindUser, KindGuest, KindBot
	Rating int    `json:"rating,omitempty"` // rounded rating; 0 for guests
	Status string `json:"status,omitempty"` // lobby status (lists and presence only)
	// Games lists the running games the player plays (lobby lists only).
	Games []int64 `json:"games,omitempty"`
}

// TimeControl is a game's clock. All zero means no clock. Increment and
// byo-yomi are exclusive.
type TimeControl struct {
	MainMS      int64 `json:"main_ms,omitempty"`      // main time per side
	IncrementMS int64 `json:"increment_ms,omitempty"` // Fischer increment per move
	ByoYomiMS   int64 `json:"byoyomi_ms,omitempty"`   // time per move once main time is spent
}

// Settings are the settings of a challenge or a seek.
type Settings struct {
	Rule  string      `json:"rule"`            // "freestyle", "standard", "renju"
	Size  int         `json:"size,omitempty"`  // board size 5..20; 0 means 15
	Time  TimeControl `json:"time"`            // zero: no clock
	Color string      `json:"color,omitempty"` // the challenger's colour: black, white, random (default)
	Rated bool        `json:"rated,omitempty"` // rated games need two accounts
	// Opening is the opening rule: none, swap2, soosorv-8, taraguchi-10;
	// "" is the rule's default (swap2, renju: soosorv-8). The challenger's
	// Color is the colour they open with: the first player is the
	// tentative black.
	Opening string `json:"opening,omitempty"`
}

// Clock is the state of both clocks. A side's MS is its remaining main time,
// or, when its ByoYomi flag is set, what is left of the current byo-yomi
// period. Running names the side whose clock runs ("" when stopped); its MS
// is as of when the frame was sent.
type Clock struct {
	BlackMS      int64  `json:"black_ms"`
	WhiteMS      int64  `json:"white_ms"`
	BlackByoYomi bool   `json:"black_byoyomi,omitempty"`
	WhiteByoYomi bool   `json:"white_byoyomi,omitempty"`
	Running      string `json:"running,omitempty"`
	// FirstMoveMS is, while the side to move has not made its first move
	// (its clock starts only after it), the time it has left to make it
	// before the game is aborted.
	FirstMoveMS int64 `json:"first_move_ms,omitempty"`
}

// GameInfo is what does not change during a game.
type GameInfo struct {
	GameID int64       `json:"game_id"`
	Rule   string      `json:"rule"`
	Size   int         `json:"size"`
	Time   TimeControl `json:"time"`
	Rated  bool        `json:"rated"`
	Black  Player      `json:"black"` // who holds black now (changes with an opening's swaps)
	White  Player      `json:"white"`
	// Opening is the opening rule; "" or "none" without one.
	Opening string `json:"opening,omitempty"`
}

// Result is how a game ended.
type Result struct {
	Winner string   `json:"winner,omitempty"` // "black", "white"; "" for a draw or an aborted game
	Reason string   `json:"reason"`           // five, full-board, resign, timeout, agreement, abandon, aborted
	Line   []string `json:"line,omitempty"`   // the winning line for "five"
}

// Offer is a pending takeback, draw or rematch offer.
type Offer struct {
	Kind string `json:"kind"` // OfferTakeback, OfferDraw, OfferRematch
	From string `json:"from"` // the offering side's colour
}

// Snapshot is the full state of a game at event number Seq.
type Snapshot struct {
	Game      GameInfo `json:"game"`
	Seq       int64    `json:"seq"`                  // number of the last event included
	Moves     []string `json:"moves"`                // in order, black first
	Turn      string   `json:"turn,omitempty"`       // side to move; "" when over
	Clock     *Clock   `json:"clock,omitempty"`      // nil without a clock
	YourColor string   `json:"your_color,omitempty"` // "" for spectators
	Offer     *Offer   `json:"offer,omitempty"`
	Away      string   `json:"away,omitempty"`      // colour of a disconnected player
	Forbidden []string `json:"forbidden,omitempty"` // renju: black's forbidden points when black is to move
	Result    *Result  `json:"result,omitempty"`    // set once over
	Watchers  int      `json:"watchers"`
	Lag       *Lag     `json:"lag,omitempty"`   // the players' measured network lag; nil until measured
	Phase     *Phase   `json:"phase,omitempty"` // the opening's phase while it runs
}

// Lag is each player's network round trip as the server measures it, in
// milliseconds (0: unknown, or a bot).
type Lag struct {
	BlackMS int64 `json:"black_ms"`
	WhiteMS int64 `json:"white_ms"`
}

// GameSummary is a game in lists: running games of the lobby, history.
type GameSummary struct {
	GameID    int64       `json:"game_id"`
	Rule      string      `json:"rule"`
	Size      int         `json:"size"`
	Time      TimeControl `json:"time"`
	Rated     bool        `json:"rated"`
	Black     Player      `json:"black"`
	White     Player      `json:"white"`
	Plies     int         `json:"plies"`
	Watchers  int         `json:"watchers,omitempty"` // spectators now
	StartedAt time.Time   `json:"started_at"`
	EndedAt   *time.Time  `json:"ended_at,omitempty"`
	Result    *Result     `json:"result,omitempty"` // nil while running
}

// RatingChange is one side's rating before and after a rated game.
type RatingChange struct {
	Before int `json:"before"`
	After  int `json:"after"`
}

// Profile is an account's public record.
type Profile struct {
	Name        string     `json:"name"`
	Rating      int        `json:"rating"`
	RD          int        `json:"rd"` // rating deviation
	Games       int        `json:"games"`
	Wins        int        `json:"wins"`
	Losses      int        `json:"losses"`
	Draws       int        `json:"draws"`
	RatedGames  int        `json:"rated_games"`
	CreatedAt   time.Time  `json:"created_at"`
	LastLoginAt *time.Time `json:"last_login_at,omitempty"`
	Status      string     `json:"status"` // lobby status, or "offline"
	// Ratings holds the rating in each rule (in profile replies; in a
	// leaderboard, only the board's rule). Rating, RD and RatedGames above
	// are the headline: the rule played most (leaderboard: the board's).
	// Games, Wins, Losses and Draws count every game the account finished
	// (in a leaderboard: the rated games of the board's rule).
	Ratings []RuleRating `json:"ratings,omitempty"`
}

// RuleRating is a rating in one rule, with the rated games of the rule
// won, lost and drawn.
type RuleRating struct {
	Rule       string `json:"rule"`
	Rating     int    `json:"rating"`
	RD         int    `json:"rd"`
	RatedGames int    `json:"rated_games"`
	Wins       int    `json:"wins"`
	Losses     int    `json:"losses"`
	Draws      int    `json:"draws"`
}
