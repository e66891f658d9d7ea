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
	req.TTMiB = b.tableMiB()
	return ai.Think(ctx, req)
}

// Table sizes of the brain at Max, in MiB, and the memory it leaves the
// rest of the process under a manager's limit. At 0.5 s a move on two
// threads a search of 2-2.5M nodes overfilled the 2M slots that Max's own
// 32 MiB held then, and a table that keeps the last moves' entries (8M
// slots) scored 59.5% against PentaZen over 600 games where 32 MiB scored
// 55.8% over 200 (docs/ai.md, sessions 27-28). PentaZen keeps 25M entries
// in 256 MB at every time control; 256 MiB of 8-byte slots hold 32M, which
// a 5 s search on two threads (15M nodes) still does not overfill. The
// brain reserves the table at START (Session.Reserve), before any clock
// runs, so short turns have it too.
const (
	brainTableMiB = 256
	ownMiB        = 64 // the process besides its table: about 11 MiB measured
)

// tableMiB is the size of the brain's table (0: the level's own). At Max
// it is brainTableMiB at every turn length, within the memory the manager
// allows (INFO max_memory): all of it but ownMiB, or half of it where that
// is more (small limits). Other levels keep their own size, within a
// quarter of max_memory.
func (b *Brain) tableMiB() int {
	if b.Level != ai.Max {
		if b.maxMemory > 0 {
			return int(min(32, max(1, b.maxMemory/(4<<20))))
		}
		return 0
	}
	mib := int64(brainTableMiB)
	if m := b.maxMemory; m > 0 {
		room := max(m/2, m-ownMiB<<20)
		mib = min(mib, max(1, room>>20))
	}
	return int(mib)
}

// reserve allocates the Max brain's table for the settings known so far
// and maps its memory, off the clock (see Session.Reserve). Managers send
// INFO after START, so the first game's START knows only the defaults
// (no memory limit: 256 MiB); an INFO that changes the size
// makes that game's first move allocate the table again, on its clock,
// and every later START reserves the right size.
func (b *Brain) reserve() {
	if b.Level == ai.Max {
		b.session.Reserve(b.tableMiB())
	}
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
