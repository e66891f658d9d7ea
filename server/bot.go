package server

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/engine/ai/openbook"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/match"
	"github.com/gomokud/gomoku/protocol"
)

// Bot limits.
const (
	botQueue     = 4096                   // jobs waiting for a worker
	botMinBudget = 30 * time.Millisecond  // the least time a bot move is given
	botRetry     = 100 * time.Millisecond // retry when the queue is full
	botTablesMax = 16                     // most Max games keeping a table between moves
)

// botName is the lobby name of a level ("bot:hard").
func botName(l ai.Level) string { return "bot:" + l.String() }

// botLevel parses a bot's lobby name.
func botLevel(name string) (ai.Level, bool) {
	s, ok := botLevelName(name)
	if !ok {
		return 0, false
	}
	l, err := ai.ParseLevel(s)
	return l, err == nil
}

// botPlayers lists the bots for the lobby.
func botPlayers() []protocol.Player {
	var out []protocol.Player
	for _, l := range ai.Levels() {
		out = append(out, protocol.Player{Name: botName(l), Kind: protocol.KindBot, Status: protocol.StatusIdle})
	}
	return out
}

func (s seatSpec) storePlayer() gomoku.Player {
	if s.user != nil {
		return s.user.storePlayer()
	}
	return gomoku.Player{Bot: s.bot.String(), Name: botName(s.bot)}
}

// challengeBot starts a game against a bot at once; the game starts after
// the reply.
func (h *hub) challengeBot(c *conn, u *user, st settings, level ai.Level) (protocol.Message, error) {
	if st.rated {
		return nil, errf(protocol.CodeNotAllowed, "games against bots are casual")
	}
	h.mu.Lock()
	h.nextChallenge++
	cid := h.nextChallenge
	h.mu.Unlock()
	black, white := seatOf(u), seatSpec{bot: level}
	if !st.challengerBlack() {
		black, white = white, black
	}
	// Reserve before replying, so a refusal is the request's error.
	_, start, err := h.prepareGame(st, black, white)
	if err != nil {
		return nil, err
	}
	c.afterReply(start)
	return protocol.Challenge{ChallengeID: cid, From: u.name, To: botName(level),
		Settings: st.wire(), ExpiresAt: h.env.now().UTC().Truncate(time.Millisecond)}, nil
}

// botJob is one move to compute for a game. The bot should have moved by
// due (its budget from when it was queued): time spent waiting for a
// worker comes off the search.
type botJob struct {
	g   *game
	gen int
	req ai.Request
	due time.Time
	// open is the opening while it runs: the job decides its next action
	// (engine/ai/openbook) instead of a move.
	open *opening.State
}

// botReply is a computed move, for the board generation it was asked for.
type botReply struct {
	gen  int
	move engine.Point
	act  *opening.Action // the opening action, when the job was one
	err  error
}

// botPool runs bot searches on a fixed number of workers (the CPUs), so bot
// games never take more than that from move handling.
type botPool struct {
	jobs    chan botJob
	workers int
	wg      sync.WaitGroup
	// tables holds a token for each Max game that keeps its search table
	// from move to move (an ai.Session, the Max level's 32 MiB): twice
	// the workers, at most botTablesMax, so their memory stays bounded.
	tables  chan struct{}
	metrics *metrics
}

func newBotPool(e *env, workers int) *botPool {
	p := &botPool{jobs: make(chan botJob, botQueue), workers: workers,
		tables: make(chan struct{}, min(2*workers, botTablesMax)), metrics: e.metrics}
	for range workers {
		p.wg.Add(1)
		go p.work(e.work.ctx, e)
	}
	return p
}

func (p *botPool) work(ctx context.Context, e *env) {
	defer p.wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case j := <-p.jobs:
			start := time.Now() // the search runs on the wall clock
			j.req.TimeLimit = p.limit(j, e.now())
			tctx, cancel := context.WithTimeout(ctx, j.req.TimeLimit+time.Second)
			reply := think(tctx, j)
			cancel()
			e.metrics.botThink.Observe(time.Since(start).Seconds())
			select {
			case j.g.botCh <- reply:
			case <-j.g.done:
			}
		}
	}
}

// think computes job j's move or opening action.
func think(ctx context.Context, j botJob) botReply {
	if j.open != nil {
		a, err := openbook.Decide(ctx, openbook.Request{State: j.open, Level: j.req.Level,
			Budget: j.req.TimeLimit, Seed: j.req.Seed})
		return botReply{gen: j.gen, act: &a, err: err}
	}
	r, err := ai.Think(ctx, j.req)
	return botReply{gen: j.gen, move: r.Move, err: err}
}

// takeTable returns a session for a Max game to keep its search table in
// from move to move, as a tournament engine does (what one move's search
// learnt orders and cuts the next's), or nil when all the pool's tables
// are taken. The game gives it back with dropTable when it ends.
func (p *botPool) takeTable() *ai.Session {
	select {
	case p.tables <- struct{}{}:
		p.metrics.botTables.Inc()
		return ai.NewSession()
	default:
		return nil
	}
}

// dropTable gives back the token of a session from takeTable (nil: none
// was taken). The session itself is not reused: a search of the game may
// still be running with it.
func (p *botPool) dropTable(s *ai.Session) {
	if s != nil {
		<-p.tables
		p.metrics.botTables.Dec()
	}
}

// dropBotTable gives the game's kept table (if any) back to the pool: when
// the game ends, or its goroutine does.
func (g *game) dropBotTable() {
	g.bots.dropTable(g.botTable)
	g.botTable = nil
}

// limit is the search time of job j starting at now: its budget, shrunk
// when jobs are waiting (so a crowd of bot games answers sooner, a little
// weaker) and by the time it waited, never below botMinBudget.
func (p *botPool) limit(j botJob, now time.Time) time.Duration {
	limit := j.req.TimeLimit
	if q := len(p.jobs); q > 0 {
		limit = limit * time.Duration(p.workers) / time.Duration(p.workers+q)
	}
	return max(min(limit, j.due.Sub(now)), botMinBudget)
}

// botBudget is the time a bot may spend on its move: its level's cap, or
// less when its clock is short (a twentieth of the main time left plus most
// of the increment or byo-yomi period).
func (g *game) botBudget(s *seat) time.Duration {
	budget := s.bot.MoveTime()
	if k := g.m.Clock(); k.Enabled() {
		left, byo := k.Remaining(s.color, g.env.now())
		var t time.Duration
		if byo {
			t = left / 2
		} else {
			t = left/20 + time.Duration(g.settings.tc.IncrementMS)*time.Millisecond*3/4
			if g.settings.tc.ByoYomiMS > 0 {
				t += time.Duration(g.settings.tc.ByoYomiMS) * time.Millisecond / 2
			}
		}
		budget = min(budget, t)
	}
	return max(budget, botMinBudget)
}

// maybeBot queues the bot's move when a bot is to move.
func (g *game) maybeBot() {
	if g.botBusy || !g.m.BotToMove() {
		return
	}
	s := g.seats[g.m.Turn()-1]
	budget := g.botBudget(s)
	if s.bot == ai.Max && g.botTable == nil {
		g.botTable = g.bots.takeTable() // or at a later move, if none is free now
	}
	req := ai.Request{Size: g.settings.size, Rule: g.settings.rule, Moves: slices.Clone(g.m.Moves()),
		Level: s.bot, TimeLimit: budget, Seed: rand.Int64(), Session: g.botTable}
	job := botJob{g: g, gen: g.m.Gen(), req: req, due: g.env.now().Add(budget)}
	if o := g.m.Opening(); !o.Done() {
		job.open = o
	}
	select {
	case g.bots.jobs <- job:
		g.botBusy = true
	default:
		g.env.clock.AfterFunc(botRetry, func() { g.post(g.maybeBot) })
	}
}

// botMoved plays a computed move, unless the board changed meanwhile. A
// bot whose search failed or whose move the match refused resigns; one
// whose move could not be stored tries again.
func (g *game) botMoved(r botReply) {
	g.botBusy = false
	if g.m.Over() || r.gen != g.m.Gen() {
		return // settle queues a search for the new board
	}
	c := g.m.Turn()
	err := r.err
	switch {
	case err == nil && r.act != nil:
		err = g.exec(match.Act{Color: c, Action: *r.act})
	case err == nil:
		err = g.exec(match.Play{Color: c, Point: r.move})
	}
	switch {
	case err == nil:
	case r.err == nil && isStoreFailure(err):
		g.env.log.Error("bot move not stored; trying again", "game", g.id, "err", err)
	default:
		g.env.log.Error("bot failed; it resigns", "game", g.id, "move", r.move, "err", err)
		if err := g.exec(match.Resign{Color: c}); err != nil {
			g.env.log.Error("bot resignation", "game", g.id, "err", err)
		}
	}
}
