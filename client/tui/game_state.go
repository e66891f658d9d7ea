package tui

import (
	"fmt"
	"time"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// Side is one player of a game as the game screen shows it.
type Side struct {
	Name   string
	Rating int // 0: unrated (guest, bot)
	Bot    bool
	Clock  time.Duration // remaining time when the clocks were last set
	Byo    bool          // Clock is a byo-yomi period
	Lag    time.Duration // network round trip as the server measured it; 0: unknown
}

// GameInfo is the fixed part of a game: who plays what under which rules.
type GameInfo struct {
	ID    int64
	Rule  engine.Rule
	Size  int
	Time  string // time control as shown, "" for none
	Rated bool
	Black Side // who holds black now: an opening's swaps exchange the sides
	White Side
	Me    engine.Color // engine.Empty when spectating; follows my swaps
	// Opening is the game's opening rule (opening.None without one).
	Opening opening.Kind
}

// GameState is the client's copy of a game: the server is its authority, and
// every change comes from a server event applied through its methods.
type GameState struct {
	Info    GameInfo
	game    *engine.Game
	clocked bool         // the game has a clock
	clockAt time.Time    // when Black/White.Clock were last set
	running engine.Color // whose clock runs; Empty when stopped
	// firstMove is what the side to move had left at clockAt to make its
	// first move (its clock starts after it); 0 when not waiting for one.
	firstMove time.Duration
	result    engine.Result
	over      bool
	Offer     string // pending offer from the opponent: "takeback", "draw", "rematch"
	MyOffer   string // my pending offer
	Away      bool   // the opponent is disconnected
	Watchers  int    // spectators now
	// Phase is the decision the opening waits for; nil once it is over
	// (or without an opening rule).
	Phase *client.Phase
	// turnAhead is the side to move when the opening's last action is
	// applied but the stone it placed is not yet (its move comes next):
	// the board's turn is one behind until then. Empty otherwise.
	turnAhead engine.Color
}

// NewGameState starts a game state from its info and the moves played so far,
// with clocks (nil for a game without a clock). It fails when the server sent
// a size, rule or move the engine rejects.
func NewGameState(info GameInfo, moves []engine.Move, clocks *Clocks) (*GameState, error) {
	g, err := engine.NewGame(engine.Options{Size: info.Size, Rule: info.Rule})
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", info.ID, err)
	}
	s := &GameState{Info: info, game: g}
	for _, m := range moves {
		if err := s.Apply(m); err != nil {
			return nil, err
		}
	}
	if clocks != nil {
		s.SetClocks(*clocks)
	}
	return s, nil
}

// Apply plays a move the server accepted. The client's engine judges nothing
// final: a five reported here is confirmed by the server's game-over event.
func (s *GameState) Apply(m engine.Move) error {
	if err := s.game.PlayAs(m.Color, m.Point); err != nil {
		return fmt.Errorf("game %d: move %s: %w", s.Info.ID, m.Point, err)
	}
	s.Offer, s.MyOffer = "", ""
	s.turnAhead = engine.Empty
	return nil
}

// ApplyOpening records an opening action the server applied: the
// players' sides are exchanged when they swapped colours, so Info.Black
// is always who holds black, and Info.Me the colour I hold now.
func (s *GameState) ApplyOpening(m GameOpeningMsg) {
	if m.Swapped {
		s.Info.Black, s.Info.White = s.Info.White, s.Info.Black
		if s.Info.Me != engine.Empty {
			s.Info.Me = s.Info.Me.Opponent()
		}
	}
	s.Phase = m.Phase
	if m.Phase == nil && m.Places {
		s.turnAhead = m.Turn
	}
	if m.Clock != nil {
		s.SetClocks(*m.Clock)
	}
}

// openerStones is how many stones each opening rule's first player places
// before the other player's first decision, which is a swap: until that
// decision is made only one player has acted.
var openerStones = map[opening.Kind]int{opening.Swap2: 3, opening.Soosorv8: 3, opening.Taraguchi10: 1}

// Abortable reports whether the server still lets a player call the game
// off: before both sides have moved or, with an opening rule, before both
// players have acted (docs/protocol.md, "Openings").
func (s *GameState) Abortable() bool {
	switch {
	case s.over:
		return false
	case s.Info.Opening == opening.None:
		return len(s.game.Moves()) < 2
	case s.Phase == nil:
		return false // the opening is over: both acted
	}
	n, k := len(s.Phase.Stones), openerStones[s.Info.Opening]
	waiting := s.Phase.Kind == opening.SwapChoice || s.Phase.Kind == opening.Swap2Choice
	return n < k || n == k && waiting
}

// Undo takes back n moves the server granted.
func (s *GameState) Undo(n int) error {
	if err := s.game.Undo(n); err != nil {
		return fmt.Errorf("game %d: takeback %d: %w", s.Info.ID, n, err)
	}
	s.Offer, s.MyOffer = "", ""
	return nil
}

// SetLag records the network round trip the server measured for c; 0
// (not measured) keeps what was known.
func (s *GameState) SetLag(c engine.Color, lag time.Duration) {
	switch {
	case lag <= 0:
	case c == engine.Black:
		s.Info.Black.Lag = lag
	case c == engine.White:
		s.Info.White.Lag = lag
	}
}

// Clocks is both clocks as the server measured them At.
type Clocks struct {
	Black, White       time.Duration
	BlackByo, WhiteByo bool
	Running            engine.Color  // Empty when stopped
	FirstMove          time.Duration // left for the side to move's first move; 0: not waiting
	At                 time.Time
}

// SetClocks sets both clocks; the game has a clock from then on.
func (s *GameState) SetClocks(c Clocks) {
	s.Info.Black.Clock, s.Info.White.Clock = c.Black, c.White
	s.Info.Black.Byo, s.Info.White.Byo = c.BlackByo, c.WhiteByo
	s.running, s.clockAt, s.clocked = c.Running, c.At, true
	s.firstMove = c.FirstMove
}

// FirstMoveLeft is the time the side to move has left at now to make its
// first move before the server aborts the game; false when it is not
// waiting for one.
func (s *GameState) FirstMoveLeft(now time.Time) (time.Duration, bool) {
	if s.over || s.firstMove <= 0 {
		return 0, false
	}
	return max(s.firstMove-now.Sub(s.clockAt), 0), true
}

// StopClock stops the running clock where it stands at now: without the
// server's final clocks, a finished game shows the time used up to its end,
// not the time its side had when the turn began.
func (s *GameState) StopClock(now time.Time) {
	if !s.clocked || s.running == engine.Empty {
		return
	}
	left := s.Remaining(s.running, now)
	if s.running == engine.White {
		s.Info.White.Clock = left
	} else {
		s.Info.Black.Clock = left
	}
	s.running, s.clockAt = engine.Empty, now
}

// Finish records the server's result.
func (s *GameState) Finish(r engine.Result) {
	s.result, s.over = r, true
	s.running, s.firstMove = engine.Empty, 0
	s.Phase = nil
	s.Offer, s.MyOffer = "", ""
}

// Over reports whether the server ended the game.
func (s *GameState) Over() bool { return s.over }

// Result is the server's result once Over.
func (s *GameState) Result() engine.Result { return s.result }

// Turn is the side to move or, in the opening, the colour of the player
// who acts.
func (s *GameState) Turn() engine.Color {
	switch {
	case s.Phase != nil:
		return s.Phase.Color
	case s.turnAhead != engine.Empty:
		return s.turnAhead
	}
	return s.game.Turn()
}

// NextStone is the colour of the next stone placed on the board (in the
// opening, not always the acting player's).
func (s *GameState) NextStone() engine.Color { return s.game.Turn() }

// Moves is the record; read only.
func (s *GameState) Moves() []engine.Move { return s.game.Moves() }

// Board is the current position.
func (s *GameState) Board() engine.Board { return s.game.Board() }

// MyTurn reports whether the local player is to move, or to act in the
// opening, in a running game.
func (s *GameState) MyTurn() bool {
	return !s.over && s.Info.Me != engine.Empty && s.Info.Me == s.Turn()
}

// Remaining is c's clock at now: the side to move's clock runs.
func (s *GameState) Remaining(c engine.Color, now time.Time) time.Duration {
	d := s.Info.Black.Clock
	if c == engine.White {
		d = s.Info.White.Clock
	}
	if s.clocked && !s.over && c == s.running {
		d -= now.Sub(s.clockAt)
	}
	return max(d, 0)
}

// Clocked reports whether the game has a clock.
func (s *GameState) Clocked() bool { return s.clocked }

// View is the board view of the position with the marks the rules call for.
func (s *GameState) View(cursor engine.Point) BoardView {
	v := BoardView{Board: s.game.Board(), Last: engine.NoPoint, Cursor: cursor}
	if m, ok := s.game.LastMove(); ok {
		v.Last = m.Point
	}
	v.ShowCursor = !s.over && s.Info.Me != engine.Empty
	if !s.over {
		v.Forbidden = s.game.ForbiddenPoints()
	}
	if s.over {
		v.Win = s.result.Line
	}
	if p := s.Phase; p != nil {
		if p.Kind == opening.PlaceStone && p.Area != nil && !wholeBoard(*p.Area, s.Info.Size) {
			v.Area = p.Area
		}
		v.Marks = p.Offers
	}
	return v
}

// wholeBoard reports whether area a covers a board of size n: no area
// worth showing.
func wholeBoard(a opening.Area, n int) bool {
	return a.Min == engine.Point{} && a.Max == engine.Point{X: n - 1, Y: n - 1}
}

// side returns the player of colour c.
func (s *GameState) side(c engine.Color) Side {
	if c == engine.White {
		return s.Info.White
	}
	return s.Info.Black
}
