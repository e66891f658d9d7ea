package ai

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gomokud/gomoku/engine"
)

// Errors returned by Think. Engine errors (ErrBadSize, ErrBadRule,
// ErrOffBoard, ErrOccupied, ErrGameOver) come wrapped.
var (
	// ErrNoMove: the side to move has no legal point (full board, or every
	// empty point forbidden for black).
	ErrNoMove = errors.New("no legal move")
)

// Request is a position to move in and how to think about it.
type Request struct {
	Size  int // board size; 0 means engine.DefaultSize
	Rule  engine.Rule
	Moves []engine.Move // the stones on the board, oldest first
	Level Level
	// TimeLimit bounds the search; 0 means the level's MoveTime. Easy to
	// Hard never take longer than their MoveTime.
	TimeLimit time.Duration
	// Seed makes the choice among equal moves repeatable.
	Seed int64
	// NodeLimit, if positive, stops the search after about that many nodes:
	// with it, Think is deterministic (given a large enough TimeLimit).
	NodeLimit int64
	// ToMove is the side to move; Empty means the opponent of the last
	// move's colour (black on an empty board).
	ToMove engine.Color
	// TTMiB overrides the level's transposition table size in MiB (0 = default).
	TTMiB int
	// Threads is how many goroutines search the move (Max only, up to
	// MaxThreads; 0 means one). They share one transposition table; with a
	// NodeLimit the search stays on one, so that it stays deterministic.
	Threads int
	// Session, if set, keeps the transposition table from this move to the
	// next Think given the same Session (see Session).
	Session *Session
	// Dedicated says the process has nothing else to run while it thinks
	// (a Gomocup brain): the search then never yields the processor. By
	// default it yields every half millisecond or so, so that a server's
	// other goroutines are not kept waiting for a scheduler time slice; a
	// yield wakes an idle thread and costs some 6% of the search.
	Dedicated bool

	tune *params // search settings instead of the level's (tests only)
}

// Reply is the chosen move and how it was found.
type Reply struct {
	Move    engine.Point
	Score   int // from the mover's view; beyond ±WinScore/2 a forced win or loss
	Depth   int // deepest completed search iteration (0 for Easy and book moves)
	Nodes   int64
	Elapsed time.Duration
}

// WinScore is the score of an immediate five; a win found n plies ahead
// scores WinScore-n.
const WinScore = 30000

// Think chooses a move for the side to move. It is stateless and safe for
// concurrent use: every call owns its memory (bounded by the level's table
// size). It returns by the deadline — ctx's or TimeLimit, whichever is
// sooner — with the best move found so far, and never an occupied point or,
// for black under renju, a forbidden one. It fails on an invalid position or
// a game already won, and with ErrNoMove when no point is legal.
func Think(ctx context.Context, req Request) (Reply, error) {
	start := time.Now()
	pos, err := setup(req)
	if err != nil {
		return Reply{}, err
	}
	limit := req.Level.MoveTime()
	if req.TimeLimit > 0 && (req.Level == Max || req.TimeLimit < limit) {
		limit = req.TimeLimit
	}
	deadline := start.Add(limit)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	var r Reply
	if req.Level == Easy {
		p, s := easyMove(pos.eb, pos.rule, pos.toMove, req.Seed)
		r = Reply{Move: p, Score: s}
	} else {
		r = search(ctx, pos, req, deadline)
	}
	if !pos.legal(r.Move) {
		// Never answer an illegal point, whatever happened inside.
		p, ok := pos.anyLegal()
		if !ok {
			return Reply{}, fmt.Errorf("%w: %s to move", ErrNoMove, pos.toMove)
		}
		r.Move = p
	}
	r.Elapsed = time.Since(start)
	return r, nil
}

// position is a validated request.
type position struct {
	size   int
	rule   engine.Rule
	eb     *engine.Board
	toMove engine.Color
	moves  []engine.Move
}

// legal reports whether the side to move may play p.
func (pos *position) legal(p engine.Point) bool {
	return pos.eb.Contains(p) && pos.eb.At(p) == engine.Empty &&
		(pos.rule != engine.Renju || pos.toMove != engine.Black || pos.eb.ForbiddenAt(p) == engine.NotForbidden)
}

// anyLegal returns a legal point, nearest the centre first.
func (pos *position) anyLegal() (engine.Point, bool) {
	n := pos.size
	c := (n - 1) / 2
	for r := 0; r <= n; r++ {
		for y := c - r; y <= c+r; y++ {
			for x := c - r; x <= c+r; x++ {
				if max(abs(x-c), abs(y-c)) != r {
					continue
				}
				if p := (engine.Point{X: x, Y: y}); pos.legal(p) {
					return p, true
				}
			}
		}
	}
	return engine.NoPoint, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func setup(req Request) (*position, error) {
	size := req.Size
	if size == 0 {
		size = engine.DefaultSize
	}
	if !req.Rule.Valid() {
		return nil, fmt.Errorf("ai: %w: %d", engine.ErrBadRule, req.Rule)
	}
	if !req.Level.Valid() {
		return nil, fmt.Errorf("ai: %w: %d", ErrBadLevel, int(req.Level))
	}
	eb, err := engine.NewBoard(size)
	if err != nil {
		return nil, fmt.Errorf("ai: %w", err)
	}
	for k, m := range req.Moves {
		if m.Color != engine.Black && m.Color != engine.White {
			return nil, fmt.Errorf("ai: move %d: %w", k+1, engine.ErrBadColor)
		}
		if err := eb.Set(m.Point, m.Color); err != nil {
			return nil, fmt.Errorf("ai: move %d at %s: %w", k+1, m.Point, err)
		}
		if eb.Win(m.Point, req.Rule) {
			return nil, fmt.Errorf("ai: move %d at %s makes five: %w", k+1, m.Point, engine.ErrGameOver)
		}
	}
	if eb.Full() {
		return nil, fmt.Errorf("ai: %w: board full", ErrNoMove)
	}
	to := req.ToMove
	if to == engine.Empty {
		to = engine.Black
		if n := len(req.Moves); n > 0 {
			to = req.Moves[n-1].Color.Opponent()
		}
	}
	if to != engine.Black && to != engine.White {
		return nil, fmt.Errorf("ai: to move: %w", engine.ErrBadColor)
	}
	return &position{size: size, rule: req.Rule, eb: eb, toMove: to, moves: req.Moves}, nil
}

// Warm builds the shared pattern tables of every rule set (about 0.1 s of
// CPU, done once per process). Think builds them on first use anyway; call
// Warm at start-up so that the first move is not late.
func Warm() {
	for _, r := range engine.Rules {
		getTables(r)
	}
}
