package server

import (
	"fmt"
	"time"
)

// Colours and winners as stored.
const (
	ColorBlack = "black"
	ColorWhite = "white"
)

// Validate reports whether exactly one of AccountID, Guest and Bot is set
// (ErrInvalid otherwise).
func (p Player) Validate() error {
	n := 0
	if p.AccountID != 0 {
		n++
	}
	if p.Guest != "" {
		n++
	}
	if p.Bot != "" {
		n++
	}
	if n != 1 || p.AccountID < 0 {
		return fmt.Errorf("%w: player %+v must be exactly one of account, guest, bot", ErrInvalid, p)
	}
	return nil
}

// Validate checks the settings of a new game (ErrInvalid).
func (g NewGame) Validate() error {
	if g.Rule == "" {
		return fmt.Errorf("%w: empty rule", ErrInvalid)
	}
	if g.Size <= 0 {
		return fmt.Errorf("%w: board size %d", ErrInvalid, g.Size)
	}
	c := g.Clock
	if c.MainMS < 0 || c.IncrementMS < 0 || c.ByoYomiMS < 0 {
		return fmt.Errorf("%w: negative time control %+v", ErrInvalid, c)
	}
	if err := g.Black.Validate(); err != nil {
		return fmt.Errorf("black: %w", err)
	}
	if err := g.White.Validate(); err != nil {
		return fmt.Errorf("white: %w", err)
	}
	return nil
}

// Validate checks a move before it is stored (ErrInvalid).
func (m Move) Validate() error {
	if m.Ply < 1 {
		return fmt.Errorf("%w: ply %d", ErrInvalid, m.Ply)
	}
	if m.Color != ColorBlack && m.Color != ColorWhite {
		return fmt.Errorf("%w: colour %q", ErrInvalid, m.Color)
	}
	if m.X < 0 || m.Y < 0 {
		return fmt.Errorf("%w: point %d,%d", ErrInvalid, m.X, m.Y)
	}
	return nil
}

// Validate checks a result before it is stored (ErrInvalid).
func (r GameResult) Validate() error {
	if r.Winner != "" && r.Winner != ColorBlack && r.Winner != ColorWhite {
		return fmt.Errorf("%w: winner %q", ErrInvalid, r.Winner)
	}
	if r.Reason == "" {
		return fmt.Errorf("%w: empty reason", ErrInvalid)
	}
	return nil
}

// Counts returns the increments of the Wins, Losses and Draws counters of
// the side ("black" or "white") for a game won by winner ("" = draw).
func Counts(winner, side string) (wins, losses, draws int) {
	switch winner {
	case "":
		return 0, 0, 1
	case side:
		return 1, 0, 0
	}
	return 0, 1, 0
}

// Rates reports whether FinishGame must update ratings: a rated game between
// two distinct accounts whose result is not marked Unrated.
func Rates(rated bool, black, white int64, r GameResult) bool {
	return rated && !r.Unrated && black > 0 && white > 0 && black != white
}

// OrNow returns t truncated to milliseconds in UTC, or the current time when
// t is zero: how stores normalise the times they write.
func OrNow(t time.Time) time.Time {
	if t.IsZero() {
		t = time.Now()
	}
	return t.UTC().Truncate(time.Millisecond)
}

// Named fills p.Name from the stored identity and the account's username.
func (p Player) Named(username string) Player {
	switch {
	case p.AccountID > 0:
		p.Name = username
	case p.Guest != "":
		p.Name = p.Guest
	default:
		p.Name = p.Bot
	}
	return p
}

// Validate checks a guest session before it is stored (ErrInvalid).
func (s GuestSession) Validate() error {
	if s.TokenHash == "" || s.Name == "" {
		return fmt.Errorf("%w: guest session without token hash or name", ErrInvalid)
	}
	return nil
}
