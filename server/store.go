package server

import (
	"context"
	"errors"
	"time"
)

// Sentinel errors returned (wrapped) by every Store implementation. Callers
// branch on them with errors.Is.
var (
	// ErrNotFound: no such account, session (or the session expired) or game.
	ErrNotFound = errors.New("not found")
	// ErrUsernameTaken: another account already has this username, compared
	// case-insensitively.
	ErrUsernameTaken = errors.New("username taken")
	// ErrConflict: the write contradicts stored state: a ply number that is
	// not the next one, a move or undo on a finished game, finishing a game
	// twice, undoing more moves than stored.
	ErrConflict = errors.New("conflict")
	// ErrInvalid: an argument breaks the documented contract (a player
	// with no or two identities, a colour other than "black"/"white", a
	// ply below 1, an empty reason...). It signals a caller bug.
	ErrInvalid = errors.New("invalid argument")
)

// Rating is a Glicko-2 rating on the familiar (Glicko-1) scale.
type Rating struct {
	Rating     float64 // e.g. 1500
	RD         float64 // rating deviation, e.g. 350
	Volatility float64 // e.g. 0.06
}

// DefaultRating is the rating of a new account (Glickman's defaults).
var DefaultRating = Rating{Rating: 1500, RD: 350, Volatility: 0.06}

// Account is a registered player.
type Account struct {
	ID           int64
	Username     string // as registered (case preserved)
	PasswordHash string // auth.HashPassword output; empty in Leaderboard results
	CreatedAt    time.Time
	LastLoginAt  time.Time // zero until the first TouchLogin
	Rating       Rating
	Games        int // finished games counted in the statistics
	Wins         int
	Losses       int
	Draws        int
	RatedGames   int // finished games that changed the rating
}

// NewAccount is the input of CreateAccount.
type NewAccount struct {
	Username     string // validated by the caller (auth.ValidateUsername)
	PasswordHash string
	CreatedAt    time.Time // zero means now
	Rating       Rating    // zero means DefaultRating
}

// TimeControl is a game's clock. All zero means no clock.
type TimeControl struct {
	MainMS      int64 // main time per side
	IncrementMS int64 // Fischer increment added after each move
	ByoYomiMS   int64 // per-move time once the main time is spent
}

// Player is one side of a game: exactly one of AccountID, Guest and Bot is set.
type Player struct {
	AccountID int64  // > 0: a registered account
	Guest     string // non-empty: a guest's display name
	Bot       string // non-empty: an AI level ("easy", "medium", "hard", "max")
	// Name is filled on read: the account's username, the guest name, or the
	// bot level. Ignored on write.
	Name string
}

// NewGame is the input of CreateGame.
type NewGame struct {
	Rule      string // engine.Rule.String(): "freestyle", "standard", "renju"
	Size      int    // board size
	Clock     TimeControl
	Rated     bool
	Black     Player
	White     Player
	StartedAt time.Time // zero means now
}

// Move is one stored move. Ply numbers start at 1 and have no gaps.
type Move struct {
	Ply          int
	X, Y         int       // engine.Point coordinates
	Color        string    // "black" or "white"
	BlackClockMS int64     // black's remaining time after the move
	WhiteClockMS int64     // white's remaining time after the move
	SpentMS      int64     // time the mover used
	At           time.Time // when the move was accepted; zero means now
}

// RatingChange is one side's rating before and after a rated game; zero for
// unrated games and for sides that are not accounts.
type RatingChange struct {
	Before, After Rating
}

// Game is a stored game. Result fields are zero while it runs.
type Game struct {
	ID        int64
	Rule      string
	Size      int
	Clock     TimeControl
	Rated     bool
	Black     Player
	White     Player
	StartedAt time.Time

	Finished bool
	Winner   string // "black", "white" or "" (draw, aborted, or still running)
	Reason   string // engine.Reason.String(); "" while running
	EndedAt  time.Time

	BlackRating RatingChange
	WhiteRating RatingChange

	Plies int    // number of stored moves (also filled when Moves is not)
	Moves []Move // in ply order; nil in GamesByAccount results

	// Paused is the clocks saved when the server stopped (PauseClocks);
	// nil when none were. They are newer than the last move's only while
	// Paused.Ply == Plies.
	Paused *PausedClocks
}

// PausedClocks are a running game's main times left when the server
// stopped, after Ply moves.
type PausedClocks struct {
	Ply              int
	BlackMS, WhiteMS int64
}

// GameResult is the input of FinishGame.
type GameResult struct {
	Winner  string    // "black", "white", or "" for a draw / no result
	Reason  string    // engine.Reason.String(): "five", "resign", "timeout", ...
	EndedAt time.Time // zero means now
	// Unrated skips the rating update of a game created rated (e.g. one
	// aborted or abandoned before both sides moved).
	Unrated bool
	// Uncounted leaves the accounts' Games/Wins/Losses/Draws alone (aborted
	// games).
	Uncounted bool
}

// GuestSession is a guest's resumable session. Guests have no account, so
// the name is kept with the token's hash (never the token).
type GuestSession struct {
	TokenHash string
	Name      string
	Expires   time.Time
}

// Store is the persistence the server needs. Implementations (package sqlite,
// package postgres) are safe for concurrent use; every method honours its
// context; times are stored with millisecond precision and returned in UTC.
type Store interface {
	// CreateAccount stores a new account with its rating (DefaultRating
	// when zero). ErrUsernameTaken if the name exists in any letter case.
	CreateAccount(ctx context.Context, a NewAccount) (Account, error)
	// AccountByName finds an account by username, ignoring case. ErrNotFound.
	AccountByName(ctx context.Context, username string) (Account, error)
	// AccountByID finds an account. ErrNotFound.
	AccountByID(ctx context.Context, id int64) (Account, error)
	// TouchLogin sets the account's last login time (zero means now).
	// ErrNotFound.
	TouchLogin(ctx context.Context, id int64, at time.Time) error

	// CreateSession stores a session token hash (auth.HashToken; never the
	// token) for an account until expires. ErrNotFound if the account does
	// not exist, ErrConflict if the hash is already stored.
	CreateSession(ctx context.Context, tokenHash string, accountID int64, expires time.Time) error
	// SessionAccount returns the account of a live session. ErrNotFound when
	// the hash is unknown or the session has expired.
	SessionAccount(ctx context.Context, tokenHash string) (Account, error)
	// DeleteSession removes a session (logout). Deleting an unknown session
	// is not an error.
	DeleteSession(ctx context.Context, tokenHash string) error
	// DeleteExpiredSessions removes sessions, account and guest ones, that
	// expired before now and reports how many.
	DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error)

	// SaveGuestSession stores a guest session, or updates the name and
	// expiry of the one stored under s.TokenHash.
	SaveGuestSession(ctx context.Context, s GuestSession) error
	// ExtendGuestSession moves the expiry of a stored guest session. It
	// never creates one: a session deleted meanwhile (a logout racing a
	// resume) stays deleted. Unknown sessions are not an error.
	ExtendGuestSession(ctx context.Context, tokenHash string, expires time.Time) error
	// GuestSessions returns the guest sessions live at now: what a starting
	// server loads, so guests resume their games after a restart.
	GuestSessions(ctx context.Context, now time.Time) ([]GuestSession, error)
	// DeleteGuestSession removes a guest session (logout). Deleting an
	// unknown session is not an error.
	DeleteGuestSession(ctx context.Context, tokenHash string) error

	// CreateGame stores a new running game and returns its id. ErrNotFound if
	// a player's AccountID does not exist.
	CreateGame(ctx context.Context, g NewGame) (int64, error)
	// AppendMove stores the next move of a running game; it is durable when
	// AppendMove returns nil. m.Ply must be exactly one more than the number
	// of stored moves, else ErrConflict (so of concurrent appends of the same
	// ply exactly one succeeds). ErrConflict on a finished game, ErrNotFound
	// on an unknown one.
	AppendMove(ctx context.Context, gameID int64, m Move) error
	// UndoMoves deletes the last n moves of a running game (a takeback).
	// ErrConflict if fewer than n moves are stored or the game is finished;
	// ErrNotFound on an unknown game. n <= 0 is a no-op.
	UndoMoves(ctx context.Context, gameID int64, n int) error
	// FinishGame records the result and, in the same transaction, updates
	// the players' accounts: unless r.Uncounted, each account side's Games
	// and Wins/Losses/Draws; if the game was created rated, r.Unrated is
	// false and both sides are distinct accounts, both Glicko-2 ratings
	// (computed by the store from the ratings it reads inside the
	// transaction, so concurrent results never lose an update). It returns
	// the finished game without moves (Plies set), with the rating changes.
	// ErrNotFound on an unknown game, ErrConflict if already finished.
	FinishGame(ctx context.Context, gameID int64, r GameResult) (Game, error)
	// PauseClocks saves the clocks of a running game when the server
	// stops, so the time the player to move had spent is not given back.
	// ErrNotFound if no running game has that id.
	PauseClocks(ctx context.Context, gameID int64, p PausedClocks) error
	// ActiveGames returns every unfinished game with all its moves, oldest
	// first: what to restore after a restart.
	ActiveGames(ctx context.Context) ([]Game, error)
	// GameByID returns a game with all its moves. ErrNotFound.
	GameByID(ctx context.Context, id int64) (Game, error)
	// GamesByAccount returns the account's games (running and finished),
	// newest first (by start time, then id), without moves, skipping offset
	// games and returning at most limit (limit <= 0 means 50).
	GamesByAccount(ctx context.Context, accountID int64, limit, offset int) ([]Game, error)
	// Leaderboard returns the top accounts by rating (ties: more rated
	// games, then lower id) among those with at least one rated game, at
	// most limit (limit <= 0 means 50). PasswordHash is left empty.
	Leaderboard(ctx context.Context, limit int) ([]Account, error)

	// Ping checks the database is reachable (for /healthz).
	Ping(ctx context.Context) error
	// Close releases the database. The Store must not be used afterwards.
	Close() error
}
