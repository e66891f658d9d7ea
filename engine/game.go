package engine

import "fmt"

// Move is a stone placed by one side.
type Move struct {
	Point Point
	Color Color
}

// Reason says how a game ended.
type Reason uint8

const (
	ReasonNone      Reason = iota // still running
	ReasonFive                    // a winning line
	ReasonFullBoard               // draw: no point left
	ReasonResign                  // the loser resigned
	ReasonTimeout                 // the loser's clock ran out
	ReasonAgreement               // draw by agreement
	ReasonAbandon                 // the loser left the game
	ReasonAborted                 // called off (before it started, or left by both players); no winner, not rated
)

var reasonNames = [...]string{"", "five", "full-board", "resign", "timeout", "agreement", "abandon", "aborted"}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// ParseReason reads a Reason from its String form.
func ParseReason(s string) (Reason, error) {
	for i, n := range reasonNames {
		if n == s {
			return Reason(i), nil
		}
	}
	return ReasonNone, fmt.Errorf("%w: unknown reason %q", ErrBadNotation, s)
}

// Result is the outcome of a game. Winner is Empty for a draw (or while the
// game runs: then Reason is ReasonNone). Line holds the winning stones for
// ReasonFive.
type Result struct {
	Winner Color
	Reason Reason
	Line   []Point
}

// Over reports whether the result ends the game.
func (r Result) Over() bool { return r.Reason != ReasonNone }

// Options configure a new game. The zero value is a 15x15 freestyle game.
type Options struct {
	Size int // 0 means DefaultSize
	Rule Rule
}

// Game is a game in progress: the board, the moves played and the result. It
// judges every move. A Game is not safe for concurrent use; give it one owner.
type Game struct {
	board  Board
	rule   Rule
	moves  []Move
	result Result
}

// initialMoves is the move list's first capacity. A server keeps two games
// per live game (the match and a spare to roll back to): sized for the whole
// board they cost 12 KB a game, most of it never used, and thousands of
// games make that the largest part of the heap the collector marks. The
// list grows by doubling (3 times up to a full 15x15 board), and a game that
// is copied into (CopyFrom) keeps its grown list: no allocation per move.
const initialMoves = 32

// NewGame starts an empty game. It fails with ErrBadSize or ErrBadRule.
func NewGame(o Options) (*Game, error) {
	if o.Size == 0 {
		o.Size = DefaultSize
	}
	if err := CheckSize(o.Size); err != nil {
		return nil, err
	}
	if !o.Rule.Valid() {
		return nil, fmt.Errorf("%w: %d", ErrBadRule, o.Rule)
	}
	g := &Game{rule: o.Rule, moves: make([]Move, 0, min(o.Size*o.Size, initialMoves))}
	g.board.init(o.Size)
	return g, nil
}

// CopyFrom makes g a copy of o, reusing g's storage: once g's move list has
// grown to o's, it allocates nothing (a caller may keep a spare copy of a
// game to roll a change back).
func (g *Game) CopyFrom(o *Game) {
	g.board, g.rule, g.result = o.board, o.rule, o.result
	g.moves = append(g.moves[:0], o.moves...)
}

// Rule returns the game's rule set.
func (g *Game) Rule() Rule { return g.rule }

// Size returns the board size.
func (g *Game) Size() int { return g.board.size }

// Turn returns the side to move. Black moves first.
func (g *Game) Turn() Color {
	if len(g.moves)%2 == 0 {
		return Black
	}
	return White
}

// Moves returns the moves played so far, oldest first. The slice is the
// game's own: read it, do not change it, and do not keep it across Play or Undo.
func (g *Game) Moves() []Move { return g.moves }

// LastMove returns the last move, if any.
func (g *Game) LastMove() (Move, bool) {
	if len(g.moves) == 0 {
		return Move{Point: NoPoint}, false
	}
	return g.moves[len(g.moves)-1], true
}

// Board returns a copy of the position.
func (g *Game) Board() Board { return g.board }

// Hash returns the Zobrist hash of the position (see Board.Hash).
func (g *Game) Hash() uint64 { return g.board.hash }

// At returns what stands on p.
func (g *Game) At(p Point) Color { return g.board.At(p) }

// Result returns the outcome; Reason is ReasonNone while the game runs.
func (g *Game) Result() Result { return g.result }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.result.Over() }

// Check reports whether side c may play p now, without playing it: nil, or
// one of ErrGameOver, ErrNotYourTurn, ErrOffBoard, ErrOccupied or a
// *ForbiddenError.
func (g *Game) Check(c Color, p Point) error {
	if g.result.Over() {
		return ErrGameOver
	}
	if c != g.Turn() {
		return ErrNotYourTurn
	}
	if !g.board.Contains(p) {
		return fmt.Errorf("%w: %s", ErrOffBoard, p)
	}
	i := g.board.index(p)
	if g.board.cells[i] != Empty {
		return fmt.Errorf("%w: %s", ErrOccupied, p)
	}
	if g.rule == Renju && c == Black {
		if k := g.board.forbidden(i); k != NotForbidden {
			return &ForbiddenError{Point: p, Kind: k}
		}
	}
	return nil
}

// Play plays p for the side to move and judges the result.
func (g *Game) Play(p Point) error { return g.PlayAs(g.Turn(), p) }

// PlayAs plays p for side c. It fails, changing nothing, with the errors of
// Check. After a successful move Result tells whether it ended the game.
func (g *Game) PlayAs(c Color, p Point) error {
	if err := g.Check(c, p); err != nil {
		return err
	}
	g.board.Set(p, c) // cannot fail: Check saw an empty point on the board
	g.moves = append(g.moves, Move{Point: p, Color: c})
	if line, ok := g.board.WinningLine(p, g.rule); ok {
		g.result = Result{Winner: c, Reason: ReasonFive, Line: line}
	} else if g.board.Full() {
		g.result = Result{Winner: Empty, Reason: ReasonFullBoard}
	}
	return nil
}

// Undo takes back the last n moves (a takeback). It fails with
// ErrNothingToUndo when fewer than n moves were played, and with ErrGameOver
// when the game ended other than on the board (resignation, time, agreement,
// abandonment). Undoing the winning move reopens the game.
func (g *Game) Undo(n int) error {
	if n < 0 || n > len(g.moves) {
		return fmt.Errorf("%w: %d of %d", ErrNothingToUndo, n, len(g.moves))
	}
	if r := g.result.Reason; r != ReasonNone && r != ReasonFive && r != ReasonFullBoard {
		return ErrGameOver
	}
	if n == 0 {
		return nil
	}
	for _, m := range g.moves[len(g.moves)-n:] {
		g.board.Clear(m.Point)
	}
	g.moves = g.moves[:len(g.moves)-n]
	g.result = Result{}
	return nil
}

// Finish ends a running game with a result decided off the board: Winner is
// the side that did not resign, time out or leave; Empty for a draw by
// agreement or an aborted game. It fails with ErrGameOver if the game is over.
func (g *Game) Finish(winner Color, reason Reason) error {
	if g.result.Over() {
		return ErrGameOver
	}
	switch reason {
	case ReasonResign, ReasonTimeout, ReasonAbandon:
		if winner != Black && winner != White {
			return fmt.Errorf("%w: %s needs a winner", ErrBadColor, reason)
		}
	case ReasonAgreement, ReasonAborted:
		winner = Empty
	default:
		return fmt.Errorf("engine: Finish with reason %q", reason)
	}
	g.result = Result{Winner: winner, Reason: reason}
	return nil
}

// ForbiddenPoints lists the points black may not play now: under renju with
// black to move; nil otherwise.
func (g *Game) ForbiddenPoints() []Point {
	if g.rule != Renju || g.Turn() != Black || g.result.Over() {
		return nil
	}
	return g.board.AppendForbidden(nil)
}

// Replay builds a game from a move list, judging every move; it fails at the
// first illegal one, naming its number.
func Replay(o Options, points []Point) (*Game, error) {
	g, err := NewGame(o)
	if err != nil {
		return nil, err
	}
	for n, p := range points {
		if err := g.Play(p); err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", n+1, p, err)
		}
	}
	return g, nil
}
