package gomoku

import (
	"fmt"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/rating"
)

// Rating is a Glicko-2 rating on the familiar (Glicko-1) scale.
type Rating = rating.Rating

// DefaultRating is the rating of a new account (Glickman's defaults).
var DefaultRating = rating.Default()

// Account is a registered player.
type Account struct {
	ID           int64
	Username     string // as registered (case preserved)
	PasswordHash string // auth.HashPassword output; empty in Leaderboard results
	CreatedAt    time.Time
	LastLoginAt  time.Time // zero until the first TouchLogin
	// Ratings holds a rating per rule (indexed by engine.Rule): a renju
	// player's strength says little of their freestyle. A rule never
	// played rated holds the account's starting rating.
	Ratings [len(engine.Rules)]RuleRating
	// Rating is the headline rating shown where one number stands for the
	// player (the lobby): that of the rule with the most rated games,
	// freestyle when none; RatedGames counts rated games of every rule.
	Rating     Rating
	Games      int // finished games counted in the statistics
	Wins       int
	Losses     int
	Draws      int
	RatedGames int
}

// RuleRating is an account's rating in one rule.
type RuleRating struct {
	Rating     Rating
	RatedGames int // rated games of this rule
	// Wins, Losses and Draws split RatedGames: what a rule's leaderboard
	// shows (Account.Wins and the others count every rule, casual too).
	Wins, Losses, Draws int
}

// SetHeadline fills Rating from Ratings: the rule with the most rated
// games (the lowest rule on a tie, so freestyle when none).
func (a *Account) SetHeadline() {
	best := 0
	for i, r := range a.Ratings {
		if r.RatedGames > a.Ratings[best].RatedGames {
			best = i
		}
	}
	a.Rating = a.Ratings[best].Rating
}

// NewAccount is the input of CreateAccount.
type NewAccount struct {
	Username     string // validated by the caller (auth.ValidateUsername)
	PasswordHash string
	CreatedAt    time.Time // zero means now
	Rating       Rating    // zero means DefaultRating
}

// GuestSession is a guest's resumable session. Guests have no account, so
// the name is kept with the token's hash (never the token).
type GuestSession struct {
	TokenHash string
	Name      string
	Expires   time.Time
}

// Validate checks a guest session before it is stored (ErrInvalid).
func (s GuestSession) Validate() error {
	if s.TokenHash == "" || s.Name == "" {
		return fmt.Errorf("%w: guest session without token hash or name", ErrInvalid)
	}
	return nil
}

// OrNow returns t truncated to milliseconds in UTC, or now when t is zero:
// how stores normalise the times they write.
func OrNow(t time.Time) time.Time {
	if t.IsZero() {
		t = time.Now()
	}
	return t.UTC().Truncate(time.Millisecond)
}

// DeletedName is the name a deleted account's games show: not a valid
// username (a colon), so no one can register it.
func DeletedName(id int64) string { return fmt.Sprintf("deleted:%d", id) }
