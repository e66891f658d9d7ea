package openbook

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/engine/opening"
)

// SelfPlay configures bot-against-bot games through an opening rule: the
// measure of how balanced the rule leaves the game between the bots.
type SelfPlay struct {
	Kind     opening.Kind
	Rule     engine.Rule
	Size     int
	Level    ai.Level      // both players
	MoveTime time.Duration // per move and per opening decision
	Games    int
	Jobs     int // games played at once (at least 1)
	Seed     int64
	Progress func(SelfPlayGame) // called after each game, from one goroutine at a time
}

// SelfPlayGame is one finished game.
type SelfPlayGame struct {
	Index   int
	Actions []string     // the opening's actions
	Winner  engine.Color // Empty: a draw
	First   engine.Color // the colour the opening's first player ended with
	Moves   int
	Err     error // an illegal action or move, or a failed search
}

// SelfPlayResult counts the games.
type SelfPlayResult struct {
	Games, BlackWins, WhiteWins, Draws, FirstWins, Illegal int
}

// BlackScore is black's score (a draw counts a half).
func (r SelfPlayResult) BlackScore() float64 {
	if r.Games-r.Illegal == 0 {
		return 0
	}
	return (float64(r.BlackWins) + float64(r.Draws)/2) / float64(r.Games-r.Illegal)
}

// Run plays the games and counts them; it stops early when ctx ends.
func (c SelfPlay) Run(ctx context.Context) SelfPlayResult {
	var mu sync.Mutex
	var res SelfPlayResult
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(c.Jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				g := c.play(ctx, i)
				mu.Lock()
				res.add(g)
				if c.Progress != nil {
					c.Progress(g)
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < c.Games && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	return res
}

func (r *SelfPlayResult) add(g SelfPlayGame) {
	r.Games++
	switch {
	case g.Err != nil:
		r.Illegal++
	case g.Winner == engine.Black:
		r.BlackWins++
	case g.Winner == engine.White:
		r.WhiteWins++
	default:
		r.Draws++
	}
	if g.Err == nil && g.Winner != engine.Empty && g.Winner == g.First {
		r.FirstWins++
	}
}

// play plays game i: the opening by Decide, then moves by ai.Think.
func (c SelfPlay) play(ctx context.Context, i int) SelfPlayGame {
	out := SelfPlayGame{Index: i}
	s, err := opening.New(c.Kind, c.Rule, c.Size)
	if err != nil {
		out.Err = err
		return out
	}
	seed := c.Seed*7919 + int64(i)
	for step := 0; !s.Done(); step++ {
		a, err := Decide(ctx, Request{State: s, Level: c.Level, Budget: c.MoveTime, Seed: seed + int64(step)})
		if err == nil {
			err = s.Apply(s.ToMove(), a)
		}
		if err != nil {
			out.Err = fmt.Errorf("opening action %d: %w", step+1, err)
			return out
		}
		out.Actions = append(out.Actions, a.String())
	}
	out.First = s.ColorOf(opening.First)
	g, err := s.Game()
	if err != nil {
		out.Err = err
		return out
	}
	for !g.Over() && ctx.Err() == nil {
		r, err := ai.Think(ctx, ai.Request{Size: c.Size, Rule: c.Rule, Moves: g.Moves(), Level: c.Level,
			TimeLimit: c.MoveTime, Seed: seed + int64(len(g.Moves()))})
		if err == nil {
			err = g.Play(r.Move)
		}
		if err != nil {
			out.Err = fmt.Errorf("move %d: %w", len(g.Moves())+1, err)
			return out
		}
	}
	out.Winner, out.Moves = g.Result().Winner, len(g.Moves())
	return out
}
