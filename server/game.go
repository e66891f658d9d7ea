package server

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/match"
	"github.com/gomokud/gomoku/protocol"
	"github.com/jonboulle/clockwork"
)

// gameQueue bounds the commands waiting for a game goroutine.
const gameQueue = 64

// seat is who plays one side of a game.
type seat struct {
	color  engine.Color
	user   *user // nil for a bot
	bot    ai.Level
	player protocol.Player
}

// game is the shell around one live game, owned by its goroutine (run):
// the match, the watchers and the event log are touched only there. It
// applies a command to the match, stores the events it caused in one
// store transaction, answers the requester, then publishes the events.
// Others talk to it with post/tryPost. The summary is published under sumMu
// for the lobby.
type game struct {
	env      *env
	lobby    *hub
	bots     *botPool
	id       int64
	settings settings
	info     protocol.GameInfo
	m        *match.Match
	spare    *match.Match // the state before the command being applied
	seats    [2]*seat
	started  time.Time
	fresh    bool // send game_start when the goroutine starts
	restored bool // brought back from the store at start-up

	watchers map[*conn]struct{}
	seq      int64    // number of the last event
	events   eventLog // the last events' frames, for resync
	out      []outFrame
	dirty    []*conn     // connections with frames queued by this command, to write (flush)
	rematch  bool        // the match agreed to a rematch: start it after publishing
	botBusy  bool        // a bot job is queued or running
	botTable *ai.Session // a Max bot's table kept between its moves (botPool.takeTable), or nil
	linger   time.Time
	timer    clockwork.Timer

	cmds  chan func()
	botCh chan botReply
	done  chan struct{}

	sumMu sync.Mutex
	sum   protocol.GameSummary
}

// outFrame is a frame waiting to be sent once the command is answered: an
// event (logged for resync) or a notice to one user or all.
type outFrame struct {
	frame  []byte
	to     *user // nil: players and watchers
	conn   *conn // or this connection alone
	logged bool
}

// newGame builds the shell around m; the caller calls hub.launch.
func newGame(h *hub, id int64, st settings, m *match.Match, specs [2]seatSpec, started time.Time) *game {
	g := &game{
		env: h.env, lobby: h, bots: h.bots, id: id, settings: st, m: m, spare: &match.Match{},
		started: started.UTC().Truncate(time.Millisecond), watchers: map[*conn]struct{}{}, events: eventLog{first: 1},
		cmds: make(chan func(), gameQueue), botCh: make(chan botReply, 1), done: make(chan struct{}),
	}
	for i, sp := range specs {
		st := &seat{color: engine.Color(i + 1), user: sp.user, bot: sp.bot}
		if sp.user != nil {
			st.player = protocol.Player{Name: sp.user.name, Kind: sp.user.kind, Rating: sp.user.ratings[g.settings.rule]}
		} else {
			st.player = protocol.Player{Name: botName(sp.bot), Kind: protocol.KindBot}
		}
		g.seats[i] = st
	}
	g.info = protocol.GameInfo{GameID: id, Rule: st.rule.String(), Size: st.size, Time: wireTC(st.tc),
		Rated: st.rated, Black: g.seats[0].player, White: g.seats[1].player}
	if st.open != opening.None {
		g.info.Opening = st.open.String()
	}
	g.sum = protocol.GameSummary{GameID: id, Rule: g.info.Rule, Size: g.info.Size, Time: g.info.Time,
		Rated: st.rated, Black: g.info.Black, White: g.info.White, StartedAt: g.started,
		Plies: len(m.Moves())}
	return g
}

// matchConfig is the match's configuration for a game between specs.
func (e *env) matchConfig(st settings, specs [2]seatSpec) match.Config {
	return match.Config{Rule: st.rule, Size: st.size, Clock: st.tc, Rated: st.rated, Opening: st.open,
		Bots: [2]bool{specs[0].isBot(), specs[1].isBot()}, Grace: e.graceFor(st.tc), AbandonAfter: e.cfg.AbandonAfter,
		FirstMove: e.cfg.FirstMove}
}

// post runs f on the game goroutine, waiting for room in its queue; false
// when the game goroutine has ended. Never call it holding hub.mu.
func (g *game) post(f func()) bool {
	select {
	case g.cmds <- f:
		return true
	case <-g.done:
		return false
	}
}

// tryPost is post for client requests: it fails at once when the queue is
// full.
func (g *game) tryPost(f func()) error {
	select {
	case <-g.done:
		return g.gone()
	default:
	}
	select {
	case g.cmds <- f:
		return nil
	case <-g.done:
		return g.gone()
	default:
		return errf(protocol.CodeRateLimited, "game %d is busy", g.id)
	}
}

// gone is the error for a request to a game whose goroutine has ended:
// the server is stopping (the game is kept for the next start) or the game
// is over and closed.
func (g *game) gone() error {
	if g.env.work.stopping() {
		return errShuttingDown
	}
	return errf(protocol.CodeNotFound, "game %d is no longer running", g.id)
}

// run is the game goroutine. It ends when the server stops (the game stays
// stored, unfinished, and is restored by the next server) or a while after
// the game is over.
func (g *game) run(ctx context.Context) {
	defer g.env.work.wg.Done()
	defer close(g.done)
	defer g.lobby.gameGone(g)
	defer g.dropBotTable()
	g.timer = g.env.clock.NewTimer(time.Hour)
	defer g.timer.Stop()
	if g.fresh {
		for _, s := range g.seats {
			if s.user != nil {
				s.user.send(protocol.MustEncode("", protocol.GameStart{Snapshot: g.snapshot(s.user)}))
			}
		}
	}
	g.safely(g.presenceChanged)
	for {
		select {
		case f := <-g.cmds:
			g.safely(f)
		case r := <-g.botCh:
			g.safely(func() { g.botMoved(r) })
		case <-g.timer.Chan():
			g.safely(g.onTimer)
		case <-ctx.Done():
			if !g.m.Over() {
				g.env.metrics.games.Dec()
				g.pauseClocks()
			}
			return
		}
		if g.m.Over() && !g.env.now().Before(g.linger) {
			return
		}
	}
}

// safely runs f and then settles the game (timer, bot), turning a panic
// into a logged error so one bad command cannot take the server down.
func (g *game) safely(f func()) {
	defer func() {
		if r := recover(); r != nil {
			// The staged events are lost; their numbers stay used, so
			// clients see a gap and resync, and get the full state: the
			// log restarts after them.
			g.out = g.out[:0]
			g.events = eventLog{first: g.seq + 1}
			g.writeDirty() // what was queued before the panic still goes
			g.env.log.Error("game command panicked", "game", g.id, "panic", r)
		}
	}()
	f()
	g.flush()
	g.settle()
}

// settle arms the timer and queues the bot's move after a command.
func (g *game) settle() {
	g.arm()
	g.maybeBot()
	if g.rematch {
		g.rematch = false
		g.startRematch()
	}
}

// arm sets the timer: the match's next deadline, or the end of the
// lingering after the game.
func (g *game) arm() {
	at := g.m.Deadline()
	if g.m.Over() {
		at = g.linger
	}
	if at.IsZero() {
		g.timer.Stop()
		return
	}
	g.timer.Reset(at.Sub(g.env.now())) // due already: fires at once
}

// onTimer lets the match see the time: a flag fall, a claim, abandonment.
func (g *game) onTimer() {
	if g.m.Over() {
		return
	}
	if err := g.exec(match.Tick{}); err != nil {
		g.env.log.Error("game timer", "game", g.id, "err", err)
	}
}

// exec applies cmd to the match and stores what it changed, all or
// nothing: when the store refuses, the match goes back to its state before
// the command and the store's error is returned. On success the events are
// staged for flush. The match's own refusal is returned too (with any
// events it caused, which are stored and staged).
func (g *game) exec(cmd match.Command) error {
	now := g.env.now()
	g.spare.CopyFrom(g.m)
	evs, err := g.m.Apply(cmd, now)
	if len(evs) == 0 {
		return err
	}
	var committed gomoku.Committed
	if c := match.Commit(evs); !c.Empty() {
		start := g.env.now()
		// No deadline: once queued, a commit is waited for (the store bounds
		// its own transactions), and a context with a timer per move was a
		// sixth of the bytes the server allocated per move at 10k players.
		committed, err = g.env.store.CommitGame(context.Background(), g.id, c)
		g.env.metrics.storeAppend.Observe(g.env.now().Sub(start).Seconds())
		if err != nil {
			g.m, g.spare = g.spare, g.m
			return fmt.Errorf("game %d: %w: %w", g.id, errNotStored, err)
		}
	}
	g.stage(evs, committed, now)
	return err
}

// errNotStored marks a command whose events the store did not take: the
// match was rolled back, nothing happened.
var errNotStored = errors.New("not stored")

func isStoreFailure(err error) bool { return errors.Is(err, errNotStored) }

// flush sends the staged frames, in order, after the requester's answer:
// each connection's frames leave together, written on this goroutine
// (writeNow) without waiting for a writer goroutine.
func (g *game) flush() {
	for _, f := range g.out {
		switch {
		case f.logged:
			g.events.keep(f.frame)
			g.queueAll(f.frame)
		case f.conn != nil:
			g.queueTo(f.conn, f.frame)
		case f.to != nil:
			g.queueUser(f.to, f.frame)
		default:
			g.queueAll(f.frame)
		}
	}
	clear(g.out)
	g.out = g.out[:0]
	g.writeDirty()
}

// queueTo queues a frame for c, written by the next writeDirty.
func (g *game) queueTo(c *conn, frame []byte) {
	if c.enqueue(frame) {
		g.dirty = append(g.dirty, c)
	}
}

// queueUser queues a frame for each of u's connections.
func (g *game) queueUser(u *user, frame []byte) {
	u.mu.Lock()
	for c := range u.conns {
		g.queueTo(c, frame)
	}
	u.mu.Unlock()
}

// queueAll queues a frame for players and watchers.
func (g *game) queueAll(frame []byte) {
	for _, s := range g.seats {
		if s.user != nil {
			g.queueUser(s.user, frame)
		}
	}
	for c := range g.watchers {
		g.queueTo(c, frame)
	}
}

// writeDirty writes what the command queued, one write per connection.
func (g *game) writeDirty() {
	for _, c := range g.dirty {
		c.writeNow()
	}
	clear(g.dirty)
	g.dirty = g.dirty[:0]
}

// presenceChanged tells the match which players are connected.
func (g *game) presenceChanged() {
	for _, s := range g.seats {
		if s.user == nil {
			continue
		}
		if err := g.exec(match.Presence{Color: s.color, Online: s.user.online()}); err != nil {
			g.env.log.Error("presence", "game", g.id, "err", err)
		}
	}
}

// pauseClocks saves the clocks when the server stops, so that the restored
// game charges the player to move the time already spent on it.
func (g *game) pauseClocks() {
	if !g.settings.tc.Enabled() {
		return
	}
	ctx, cancel := storeCtx()
	defer cancel()
	if err := g.env.store.PauseClocks(ctx, g.id, g.m.PausedClocks(g.env.now())); err != nil {
		g.env.log.Warn("saving the clocks at stop", "game", g.id, "err", err)
	}
}

// startRematch starts the same game with colours swapped: with an opening
// rule, the other player opens (the seats follow the colours, which the
// opening may have swapped).
func (g *game) startRematch() {
	specs := [2]seatSpec{}
	keep := g.m.Opening().Black() == opening.Second // black's holder did not open
	for i, s := range g.seats {
		j := 1 - i
		if keep {
			j = i
		}
		specs[j] = seatSpec{user: s.user, bot: s.bot}
	}
	next, err := g.lobby.startGame(g.settings, specs[0], specs[1])
	g.rematchStarted(next)
	if err != nil {
		pe := wireError(g.env.log, err)
		for _, s := range g.seats {
			if s.user != nil {
				s.user.send(protocol.MustEncode("", pe))
			}
		}
	}
}

// storeCtx is the context of the game's store calls: not the server's, so
// a shutdown does not cut a write in half.
func storeCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), requestTimeout)
}
