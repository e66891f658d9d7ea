package gomocup

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai/openbook"
	"github.com/gomokud/gomoku/engine/opening"
)

// swap2 answers SWAP2BOARD, whose stones come as "x,y" in the order they
// were placed (black, white, black, white, black), as the Gomocup protocol
// has it:
//   - no stones: the brain opens with three, "x1,y1 x2,y2 x3,y3";
//   - three: "SWAP" (the brain takes black; white moves next), one point
//     (the brain takes white and plays the 4th), or two points (white's 4th
//     and black's 5th; the other player then chooses the colour);
//   - five: "SWAP" (the brain takes black) or one point (white's 6th).
//
// Every decision is the bots' own (package openbook: balanced stones, the
// colour the search prefers, two more stones when it sees the three level),
// made on the swap2 opening rebuilt from the stones.
func (b *Brain) swap2(ctx context.Context) {
	start := time.Now()
	budget := b.budget()
	s, err := b.swap2State()
	if err != nil {
		b.say("ERROR %v", err)
		return
	}
	me := s.ToMove()
	var placed []engine.Point
	for !s.Done() && s.ToMove() == me {
		a, err := openbook.Decide(ctx, openbook.Request{State: s, Level: b.Level, Budget: budget / 3, Seed: b.nextSeed()})
		if err == nil {
			err = s.Apply(me, a)
		}
		if err != nil {
			b.say("ERROR swap2: %v", err)
			return
		}
		switch a.Kind {
		case opening.Place:
			placed = append(placed, a.Point)
			b.stones = append(b.stones, stone{p: a.Point})
		case opening.TakeBlack:
			b.own(engine.Black)
			b.say("SWAP")
			return
		case opening.TakeWhite:
			b.own(engine.White)
			b.playWhite(ctx, budget-time.Since(start))
			return
		}
	}
	b.own(s.ColorOf(me)) // the colour the brain holds until the other player chooses
	b.answer(placed)
}

// swap2State rebuilds the swap2 opening from 0, 3 or 5 stones: the brain
// is to decide next.
func (b *Brain) swap2State() (*opening.State, error) {
	n := len(b.stones)
	if n != 0 && n != 3 && n != 5 {
		return nil, fmt.Errorf("SWAP2BOARD with %d stones (want 0, 3 or 5)", n)
	}
	s, err := opening.New(opening.Swap2, b.rule, b.size)
	if err != nil {
		return nil, err
	}
	for i, st := range b.stones {
		if i == 3 {
			if err := s.Apply(s.ToMove(), opening.Action{Kind: opening.PlaceTwo}); err != nil {
				return nil, err
			}
		}
		if err := s.Apply(s.ToMove(), opening.Action{Kind: opening.Place, Point: st.p}); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// own marks the stones of colour c (they alternate from black) as the
// brain's.
func (b *Brain) own(c engine.Color) {
	for i := range b.stones {
		b.stones[i].own = (i%2 == 0) == (c == engine.Black)
	}
}

// playWhite plays white's next stone as a normal move.
func (b *Brain) playWhite(ctx context.Context, limit time.Duration) {
	r, err := b.think(ctx, engine.White, max(limit, fastMove))
	if err != nil {
		b.say("ERROR no move: %v", err)
		return
	}
	b.stones = append(b.stones, stone{p: r.Move, own: true})
	b.say("%s", r.Move.Gomocup(b.size))
}

// answer writes the stones placed, on one line.
func (b *Brain) answer(ps []engine.Point) {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Gomocup(b.size)
	}
	b.say("%s", strings.Join(parts, " "))
}

func (b *Brain) nextSeed() int64 {
	b.seed++
	return b.seed
}
