package gomocup

import (
	"context"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
)

// colours returns the side to move (the brain) from the stone count: black
// moves when both sides have as many stones.
func (b *Brain) colours() (me engine.Color) {
	if len(b.stones)%2 == 0 {
		return engine.Black
	}
	return engine.White
}

// moves converts the position for ai.Think, own stones in the brain's colour.
func (b *Brain) moves(me engine.Color) []engine.Move {
	ms := make([]engine.Move, 0, len(b.stones))
	for _, s := range b.stones {
		c := me
		if !s.own {
			c = me.Opponent()
		}
		ms = append(ms, engine.Move{Point: s.p, Color: c})
	}
	return ms
}

// budget is the time for this move: the turn limit and a share of the match
// time left, minus a safety margin for I/O and scheduling.
func (b *Brain) budget() time.Duration {
	t := b.timeoutTurn
	if t <= 0 {
		return fastMove
	}
	if b.haveLeft && b.timeoutMatch > 0 {
		share := b.timeLeft / 12
		if empty := b.size*b.size - len(b.stones); empty < 24 {
			share = b.timeLeft / time.Duration(max(2, empty/2))
		}
		t = min(t, share)
	}
	margin := max(minMargin, t/20)
	if t-margin < fastMove {
		return min(fastMove, max(t/2, time.Millisecond))
	}
	return t - margin
}

// think asks the engine for a move for the side to move, me.
func (b *Brain) think(ctx context.Context, me engine.Color, limit time.Duration) (ai.Reply, error) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	b.seed++
	req := ai.Request{Size: b.size, Rule: b.rule, Moves: b.moves(me), Level: b.Level,
		TimeLimit: limit, Seed: b.seed, ToMove: me, Threads: b.Threads, Session: b.session,
		Dedicated: true}
	if b.maxMemory > 0 {
		req.TTMiB = int(min(32, max(1, b.maxMemory/(4<<20))))
	}
	return ai.Think(ctx, req)
}

// move plays the brain's move and answers it.
func (b *Brain) move(ctx context.Context) {
	me := b.colours()
	r, err := b.think(ctx, me, b.budget())
	if err != nil {
		b.say("ERROR no move: %v", err)
		return
	}
	b.say("MESSAGE depth %d score %d nodes %d time %dms", r.Depth, r.Score, r.Nodes, r.Elapsed.Milliseconds())
	b.stones = append(b.stones, stone{p: r.Move, own: true})
	b.say("%s", r.Move.Gomocup(b.size))
}
