package gomoku

import (
	"fmt"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// TimeControl is a game's clock. All zero means no clock.
type TimeControl struct {
	MainMS      int64 // main time per side
	IncrementMS int64 // Fischer increment added after each move
	ByoYomiMS   int64 // per-move time once the main time is spent
}

// Enabled reports whether the time control has a clock.
func (tc TimeControl) Enabled() bool { return tc.MainMS > 0 || tc.ByoYomiMS > 0 }

// String is the time control as text for game records ("10m0s+5s"); ""
// without a clock.
func (tc TimeControl) String() string {
	d := func(ms int64) string { return (time.Duration(ms) * time.Millisecond).String() }
	switch {
	case !tc.Enabled():
		return ""
	case tc.ByoYomiMS > 0:
		return fmt.Sprintf("%s/%s", d(tc.MainMS), d(tc.ByoYomiMS))
	case tc.IncrementMS > 0:
		return fmt.Sprintf("%s+%s", d(tc.MainMS), d(tc.IncrementMS))
	}
	return d(tc.MainMS)
}

// Player is one side of a game: exactly one of AccountID, Guest and Bot is set.
type Player struct {
	AccountID int64  // > 0: a registered account
	Guest     string // non-empty: a guest's display name ("guest:carol")
	Bot       string // non-empty: an AI level ("easy", "medium", "hard", "max")
	// Name is filled on read: the account's username, the guest name, or the
	// bot level. Ignored on write.
	Name string
}

// IsBot reports whether the side is played by the AI.
func (p Player) IsBot() bool { return p.Bot != "" }

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

// NewGame is the input of CreateGame.
type NewGame struct {
	Rule      engine.Rule
	Size      int          // board size
	Opening   opening.Kind // the opening rule; Black is its first player
	Clock     TimeControl
	Rated     bool
	Black     Player
	White     Player
	StartedAt time.Time // zero means now
}

// Validate checks the settings of a new game (ErrInvalid).
func (g NewGame) Validate() error {
	if !g.Rule.Valid() {
		return fmt.Errorf("%w: rule %v", ErrInvalid, g.Rule)
	}
	if engine.CheckSize(g.Size) != nil {
		return fmt.Errorf("%w: board size %d", ErrInvalid, g.Size)
	}
	if err := g.Opening.Supports(g.Rule, g.Size); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
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

// Move is one stored move. Ply numbers start at 1 and have no gaps.
type Move struct {
	Ply          int
	Point        engine.Point
	Color        engine.Color
	BlackClockMS int64     // black's remaining main time after the move
	WhiteClockMS int64     // white's remaining main time after the move
	SpentMS      int64     // time the mover used
	At           time.Time // when the move was accepted; zero means now
}

// Validate checks a move before it is stored (ErrInvalid).
func (m Move) Validate() error {
	if m.Ply < 1 {
		return fmt.Errorf("%w: ply %d", ErrInvalid, m.Ply)
	}
	if m.Color != engine.Black && m.Color != engine.White {
		return fmt.Errorf("%w: colour %v", ErrInvalid, m.Color)
	}
	if m.Point.X < 0 || m.Point.Y < 0 || m.Point.X >= engine.MaxSize || m.Point.Y >= engine.MaxSize {
		return fmt.Errorf("%w: point %d,%d", ErrInvalid, m.Point.X, m.Point.Y)
	}
	return nil
}

// RatingChange is one side's rating before and after a rated game; zero for
// unrated games and for sides that are not accounts.
type RatingChange struct {
	Before, After Rating
}

// Game is a stored game. Result fields are zero while it runs.
type Game struct {
	ID        int64
	Rule      engine.Rule
	Size      int
	Opening   opening.Kind // None for games from before opening rules
	Clock     TimeControl
	Rated     bool
	Black     Player
	White     Player
	StartedAt time.Time

	Finished bool
	Winner   engine.Color  // Empty: a draw, no result, or still running
	Reason   engine.Reason // ReasonNone while running
	EndedAt  time.Time

	BlackRating RatingChange
	WhiteRating RatingChange

	Plies int    // number of stored moves (also filled when Moves is not)
	Moves []Move // in ply order; nil in GamesByAccount results
	// OpeningLog is the opening's actions in order, filled with Moves.
	OpeningLog []OpeningAction

	// Paused is the clocks saved when the server stopped (PauseClocks);
	// nil when none were. They are newer than the last move's only while
	// Paused.Ply == Plies.
	Paused *PausedClocks
}

// Players returns black and white.
func (g Game) Players() [2]Player { return [2]Player{g.Black, g.White} }

// PausedClocks are a running game's main times left when the server
// stopped, after Ply moves.
type PausedClocks struct {
	Ply              int
	BlackMS, WhiteMS int64
}

// Replay rebuilds the engine game from the stored rule, size and moves: how
// a restarted server restores a running game. Only the moves are replayed (a
// stored resignation or time-out is not applied). It fails with the engine's
// error (wrapped) if the size is unknown or a stored move is illegal or out
// of turn.
func (g Game) Replay() (*engine.Game, error) {
	eg, err := engine.NewGame(engine.Options{Size: g.Size, Rule: g.Rule})
	if err != nil {
		return nil, fmt.Errorf("replay game %d: %w", g.ID, err)
	}
	for _, m := range g.Moves {
		if err := eg.PlayAs(m.Color, m.Point); err != nil {
			return nil, fmt.Errorf("replay game %d ply %d: %w", g.ID, m.Ply, err)
		}
	}
	return eg, nil
}

// ColorName is how stores and records write a colour: "black", "white", or
// "" for Empty (a draw or no winner).
func ColorName(c engine.Color) string {
	if c == engine.Empty {
		return ""
	}
	return c.String()
}

// ParseColorName reads ColorName's output.
func ParseColorName(s string) (engine.Color, error) {
	if s == "" {
		return engine.Empty, nil
	}
	c, err := engine.ParseColor(s)
	if err != nil {
		return engine.Empty, fmt.Errorf("%w: colour %q", ErrInvalid, s)
	}
	return c, nil
}

// ParseText fills the rule and the result of a game read from a store that
// keeps them as text (Rule.String, ColorName, Reason.String); "" is no
// reason yet.
func (g *Game) ParseText(rule, winner, reason string) error {
	var err error
	if g.Rule, err = engine.ParseRule(rule); err != nil {
		return fmt.Errorf("game %d: %w", g.ID, err)
	}
	if g.Winner, err = ParseColorName(winner); err != nil {
		return fmt.Errorf("game %d: %w", g.ID, err)
	}
	if g.Reason, err = engine.ParseReason(reason); err != nil {
		return fmt.Errorf("game %d: %w", g.ID, err)
	}
	return nil
}

// PausedNow returns the clocks saved at the last stop if they are the
// newest (no move came after them); nil otherwise.
func (g Game) PausedNow() *PausedClocks {
	if g.Paused != nil && g.Paused.Ply == len(g.Moves) {
		return g.Paused
	}
	return nil
}
