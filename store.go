package gomoku

import (
	"context"
	"fmt"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// GameCommit is what one command changed in a running game, stored by
// CommitGame in one transaction: a move and the result it makes, a
// takeback, a resignation. Applied in field order.
type GameCommit struct {
	Undo  int    // the last Undo stored moves are deleted (a takeback)
	Moves []Move // then appended, in ply order from the next ply
	// Opening: then the opening actions are appended, numbered from the
	// next, each swapping the game's players when it says so.
	Opening []OpeningAction
	Result  *GameResult // then the game finishes, with the accounts' statistics and ratings
}

// LoneMove reports whether the commit is one move and nothing else: the
// commit of almost every move, which stores batch together.
func (c GameCommit) LoneMove() bool {
	return c.Undo == 0 && c.Result == nil && len(c.Moves) == 1 && len(c.Opening) == 0
}

// Empty reports whether the commit changes nothing.
func (c GameCommit) Empty() bool {
	return c.Undo == 0 && len(c.Moves) == 0 && c.Result == nil && len(c.Opening) == 0
}

// Committed is what CommitGame reports of a result: the rating changes it
// made (zero when none).
type Committed struct {
	BlackRating, WhiteRating RatingChange
}

// Store is the persistence the server needs. Implementations (package sqlite,
// package postgres) are safe for concurrent use; every method honours its
// context; times are stored with millisecond precision and returned in UTC.
type Store interface {
	// CreateAccount stores a new account with its starting rating in every
	// rule (DefaultRating when zero). ErrUsernameTaken if the name exists in any letter case.
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
	// CommitGame stores c in one transaction, all of it or nothing; it is
	// durable when CommitGame returns nil. Each of c.Moves must take exactly
	// the next ply (so of concurrent commits of the same ply exactly one
	// succeeds), each of c.Opening the next action number; an action with
	// Swap exchanges the game's black and white players. A result updates, unless r.Uncounted, each account side's
	// Games and Wins/Losses/Draws, and when r.Rates(game) both Glicko-2
	// ratings in the game's rule, computed from the ratings read inside
	// the transaction (so concurrent results never lose an update).
	// ErrNotFound on an unknown game; ErrConflict on a finished one, a ply that is not the next, or
	// an Undo of more moves than stored; ErrInvalid for a malformed move or
	// result. Concurrent commits may share a transaction (group commit);
	// each still succeeds or fails alone.
	CommitGame(ctx context.Context, gameID int64, c GameCommit) (Committed, error)
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
	// Leaderboard returns the top accounts by their rating in rule (ties:
	// more rated games of the rule, then lower id) among those with at
	// least one rated game of it, at most limit (limit <= 0 means 50),
	// deleted accounts left out. PasswordHash is left empty.
	Leaderboard(ctx context.Context, rule engine.Rule, limit int) ([]Account, error)

	// SetPassword replaces an account's password hash. ErrNotFound (also
	// for a deleted account); ErrInvalid for an empty hash.
	SetPassword(ctx context.Context, accountID int64, passwordHash string) error
	// DeleteAccount anonymises an account: it is renamed DeletedName(id)
	// (its name is free again), can no longer log in (no password, no
	// sessions) and blocks no one; its games and their results stay.
	// ErrNotFound when there is no such (undeleted) account.
	DeleteAccount(ctx context.Context, accountID int64) error
	// Block records that blocker blocks blocked (no challenges, no chat
	// from them); blocking again is not an error. ErrNotFound if either
	// account does not exist; ErrInvalid for oneself.
	Block(ctx context.Context, blocker, blocked int64) error
	// Unblock removes a block; removing none is not an error.
	Unblock(ctx context.Context, blocker, blocked int64) error
	// Blocked returns the names of the accounts blocker blocks, sorted.
	Blocked(ctx context.Context, blocker int64) ([]string, error)

	// Ping checks the database is reachable (for /healthz).
	Ping(ctx context.Context) error
	// Close releases the database. The Store must not be used afterwards.
	Close() error
}

// Validate checks a commit before it is stored (ErrInvalid).
func (c GameCommit) Validate() error {
	if c.Undo < 0 {
		return fmt.Errorf("%w: undo %d", ErrInvalid, c.Undo)
	}
	for i, m := range c.Moves {
		if err := m.Validate(); err != nil {
			return err
		}
		if i > 0 && m.Ply != c.Moves[i-1].Ply+1 {
			return fmt.Errorf("%w: ply %d after %d", ErrInvalid, m.Ply, c.Moves[i-1].Ply)
		}
	}
	for i, a := range c.Opening {
		if err := a.Validate(); err != nil {
			return err
		}
		if i > 0 && a.Seq != c.Opening[i-1].Seq+1 {
			return fmt.Errorf("%w: opening action %d after %d", ErrInvalid, a.Seq, c.Opening[i-1].Seq)
		}
	}
	if c.Result != nil {
		return c.Result.Validate()
	}
	return nil
}
