package gomoku

import (
	"fmt"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/rating"
)

// GameResult ends a game.
type GameResult struct {
	Winner  engine.Color  // Empty for a draw or no result
	Reason  engine.Reason // five, resign, timeout, ...; never ReasonNone
	EndedAt time.Time     // zero means now
	// Unrated skips the rating update of a game created rated (e.g. one
	// aborted or abandoned before both sides moved).
	Unrated bool
	// Uncounted leaves the accounts' Games/Wins/Losses/Draws alone (aborted
	// games).
	Uncounted bool
}

// Validate checks a result before it is stored (ErrInvalid).
func (r GameResult) Validate() error {
	if r.Winner != engine.Empty && r.Winner != engine.Black && r.Winner != engine.White {
		return fmt.Errorf("%w: winner %v", ErrInvalid, r.Winner)
	}
	if r.Reason == engine.ReasonNone || r.Reason.String() == "" {
		return fmt.Errorf("%w: no reason", ErrInvalid)
	}
	return nil
}

// Decide is the statistics rule of a game that ended by reason after plies
// moves: a game aborted is neither rated nor counted; one that ended before
// both sides moved is counted but not rated, unless it ended with five.
func Decide(winner engine.Color, reason engine.Reason, plies int, at time.Time) GameResult {
	return GameResult{Winner: winner, Reason: reason, EndedAt: at,
		Unrated:   (plies < 2 && reason != engine.ReasonFive) || reason == engine.ReasonAborted,
		Uncounted: reason == engine.ReasonAborted}
}

// Rates reports whether a result changes ratings: a game created rated,
// between two distinct accounts, whose result is not marked Unrated.
func (r GameResult) Rates(g Game) bool {
	b, w := g.Black.AccountID, g.White.AccountID
	return g.Rated && !r.Unrated && b > 0 && w > 0 && b != w
}

// Counts returns the increments of the Wins, Losses and Draws counters of
// side for a game won by winner (Empty: a draw or no result).
func Counts(winner, side engine.Color) (wins, losses, draws int) {
	switch winner {
	case engine.Empty:
		return 0, 0, 1
	case side:
		return 1, 0, 0
	}
	return 0, 1, 0
}

// RateGame returns both players' Glicko-2 ratings after one game (a rating
// period of its own for each, tau 0.5). Stores call it inside the
// transaction that finishes the game, on the ratings read there.
func RateGame(black, white Rating, winner engine.Color) (newBlack, newWhite Rating) {
	score := rating.Draw
	switch winner {
	case engine.Black:
		score = rating.Win
	case engine.White:
		score = rating.Loss
	}
	return rating.Game(black, white, score)
}

// WithRatings returns g with the rating changes of its result applied to
// ratings read inside the finishing transaction.
func (g Game) WithRatings(black, white Rating) Game {
	nb, nw := RateGame(black, white, g.Winner)
	g.BlackRating = RatingChange{Before: black, After: nb}
	g.WhiteRating = RatingChange{Before: white, After: nw}
	return g
}
