// Package openbook makes a bot's decisions in an opening rule (package
// engine/opening): which stones to propose, whether to swap, which colour
// to take, how many fifth moves to declare, which to offer and which to
// choose. It judges positions with the AI's public API only: ai.Think's
// score of a position, from the side to move's view.
//
// The aim of each decision: stones the opponent may swap after are chosen
// to make the position as balanced as the search sees it (a swap then
// gains the opponent nothing); a swap or a colour is chosen for the side
// the search prefers, and swap2's two more stones when it sees the three
// level; of the offered fifths white takes the one best for white, so black
// offers the best for black (the set least useful to the chooser that the
// rule allows); the number of fifths (Soosõrv) is the one that leaves
// black's outlook, the worst of the best N, nearest level, since the other
// player may swap after it; Taraguchi's black offers ten fifths when the
// tenth best still favours black, else places one (level, since a swap may
// follow).
package openbook

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/engine/opening"
)

// Request is a decision to make.
type Request struct {
	State *opening.State // the opening; its ToMove is the bot (read only)
	Level ai.Level
	// Budget is the time the whole decision may take; each position
	// judged gets a share of it.
	Budget time.Duration
	Seed   int64
}

// minEval is the least time one judgement of a position is given.
const minEval = 15 * time.Millisecond

// candidates is how many stones are judged for a balanced placement.
const candidates = 8

// Decide returns a legal action for the player to act in r.State. It fails
// only when the opening is over. When ctx ends early (a busy server cut the
// budget short) the action is the best judged so far, or a plain legal
// default: a bot that runs out of time still acts, it does not resign.
func Decide(ctx context.Context, r Request) (opening.Action, error) {
	s := r.State
	if s.Done() {
		return opening.Action{}, fmt.Errorf("openbook: %w", opening.ErrFinished)
	}
	d := &decider{ctx: ctx, r: r, s: s, rng: rand.New(rand.NewPCG(uint64(r.Seed), 0x6f70656e))}
	var a opening.Action
	switch s.Phase() {
	case opening.PlaceStone:
		a = d.place()
	case opening.SwapChoice:
		a = d.swap()
	case opening.Swap2Choice:
		a = d.swap2()
	case opening.ColorChoice:
		a = d.color()
	case opening.DeclareN:
		a = d.declare()
	case opening.BranchChoice:
		a = d.branch()
	case opening.OfferFifths:
		a = d.offer()
	case opening.ChooseFifth:
		a = d.choose()
	}
	if err := d.legal(a); err != nil {
		return opening.Action{}, fmt.Errorf("openbook: %s in the %s phase: %w", a, s.Phase(), err)
	}
	return a, nil
}

type decider struct {
	ctx context.Context
	r   Request
	s   *opening.State
	rng *rand.Rand
}

// legal checks a on a copy of the state.
func (d *decider) legal(a opening.Action) error {
	t := *d.s
	return t.Apply(t.ToMove(), a)
}

// blackScore judges the position of the stones with extra played after
// them: the score from black's view (positive: black is better).
func (d *decider) blackScore(extra []engine.Point, each time.Duration) int {
	v, _ := d.judge(extra, each)
	return v
}

// judge is blackScore and the search's best move for the side to move.
func (d *decider) judge(extra []engine.Point, each time.Duration) (int, engine.Point) {
	moves := d.s.Moves()
	for _, p := range extra {
		c := engine.Black
		if len(moves)%2 == 1 {
			c = engine.White
		}
		moves = append(moves, engine.Move{Point: p, Color: c})
	}
	next := engine.Black
	if len(moves)%2 == 1 {
		next = engine.White
	}
	rep, err := ai.Think(d.ctx, ai.Request{Size: d.s.Size(), Rule: d.s.Rule(), Moves: moves, Level: d.r.Level,
		TimeLimit: each, Seed: d.rng.Int64(), ToMove: next})
	if err != nil {
		return 0, engine.NoPoint
	}
	v := rep.Score + moverEdge
	if next == engine.White {
		return -v, rep.Move
	}
	return v, rep.Move
}

// moverEdge is what a short search underrates the side to move by in an
// opening, in its score's units. Bot-against-bot games (hard, 50 ms a
// move, 100 per opening rule) from positions it called level went to the
// side to move about three times in five; with 80 added, swap2, Soosõrv-8
// and Taraguchi-10 gave black 47%, 42.5% and 47% (40: 44%, 40%, 43%; 120:
// 53%, 41%, 42.5%).
const moverEdge = 80

// share is the time of one judgement when n are to be made.
func (d *decider) share(n int) time.Duration {
	return max(d.r.Budget/time.Duration(max(n, 1)), minEval)
}

// mine is the colour the bot holds.
func (d *decider) mine() engine.Color { return d.s.ColorOf(d.s.ToMove()) }
