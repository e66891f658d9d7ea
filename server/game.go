package server

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/protocol"
)

// Game goroutine limits.
const (
	gameQueue   = 64  // commands waiting for a game goroutine
	eventWindow = 512 // events kept for resync; older ones need a full state
)

// seat is one side of a game.
type seat struct {
	color     engine.Color
	user      *user // nil for a bot
	bot       ai.Level
	player    protocol.Player
	away      bool
	awaySince time.Time
}

func (s *seat) isBot() bool { return s.user == nil }

// game is one game, owned by its goroutine (run): the engine.Game, the
// clocks, the seats' presence, the watchers, offers and the event log are
// touched only there. Others talk to it with post/tryPost. The summary is
// published under sumMu for the lobby.
type game struct {
	srv      *Server
	id       int64
	settings settings
	info     protocol.GameInfo
	eng      *engine.Game
	clock    gameClock
	seats    [2]*seat
	grace    time.Duration
	started  time.Time
	fresh    bool // send game_start when the goroutine starts

	watchers map[*conn]struct{}
	seq      int64
	firstSeq int64    // seq of events[0]
	restored bool     // brought back from the store at start-up
	events   [][]byte // frames of the last events, for resync
	offer    *protocol.Offer
	declined map[declined]int // takeback and draw offers turned down: the gen they were at
	gen      int              // bumped on every change of the board
	botBusy  bool             // a bot job is queued or running
	over     bool
	paused   bool      // restored: the clock waits for the player to move
	linger   time.Time // when a finished game goroutine exits
	timer    *time.Timer

	cmds  chan func()
	botCh chan botReply
	done  chan struct{}

	sumMu sync.Mutex
	sum   protocol.GameSummary
}

// newGame builds a game around eng; the caller starts the clock and calls
// hub.launch.
func newGame(s *Server, id int64, st settings, eng *engine.Game, specs [2]seatSpec, started time.Time) *game {
	g := &game{
		srv: s, id: id, settings: st, eng: eng, clock: newClock(st.tc), grace: s.graceFor(st.tc),
		started: started.UTC().Truncate(time.Millisecond), watchers: map[*conn]struct{}{}, firstSeq: 1,
		cmds: make(chan func(), gameQueue), botCh: make(chan botReply, 1), done: make(chan struct{}),
	}
	for i, sp := range specs {
		st := &seat{color: engine.Color(i + 1), user: sp.user, bot: sp.bot}
		if sp.user != nil {
			st.player = protocol.Player{Name: sp.user.name, Kind: sp.user.kind, Rating: sp.user.rating}
		} else {
			st.player = protocol.Player{Name: botName(sp.bot), Kind: protocol.KindBot}
		}
		g.seats[i] = st
	}
	g.info = protocol.GameInfo{GameID: id, Rule: st.rule.String(), Size: st.size, Time: wireTC(st.tc),
		Rated: st.rated, Black: g.seats[0].player, White: g.seats[1].player}
	g.sum = protocol.GameSummary{GameID: id, Rule: g.info.Rule, Size: g.info.Size, Time: g.info.Time,
		Rated: st.rated, Black: g.info.Black, White: g.info.White, StartedAt: g.started,
		Plies: len(eng.Moves())}
	return g
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
	if g.srv.down.Load() {
		return errShuttingDown
	}
	return errf(protocol.CodeNotFound, "game %d is no longer running", g.id)
}

// run is the game goroutine. It ends when the server stops (the game stays
// stored, unfinished, and is restored by the next server) or a while after
// the game is over.
func (g *game) run(ctx context.Context) {
	defer g.srv.wg.Done()
	defer close(g.done)
	defer g.srv.hub.gameGone(g)
	g.timer = time.NewTimer(time.Hour)
	defer g.timer.Stop()
	if g.fresh {
		for _, s := range g.seats {
			if s.user != nil {
				s.user.send(protocol.MustEncode("", protocol.GameStart{Snapshot: g.snapshot(s.user)}))
			}
		}
	}
	g.presenceChanged()
	g.arm()
	g.maybeBot()
	for {
		select {
		case f := <-g.cmds:
			g.safely(f)
		case r := <-g.botCh:
			g.safely(func() { g.botMoved(r) })
		case <-g.timer.C:
			g.safely(g.onTimer)
		case <-ctx.Done():
			if !g.over {
				g.srv.metrics.games.Dec()
				g.pauseClocks()
			}
			return
		}
		if g.over && !time.Now().Before(g.linger) {
			return
		}
	}
}

// safely runs f, turning a panic into a logged error so one bad command
// cannot take the server down.
func (g *game) safely(f func()) {
	defer func() {
		if r := recover(); r != nil {
			g.srv.log.Error("game command panicked", "game", g.id, "panic", r)
		}
	}()
	f()
}

// arm sets the timer: the running clock's flag fall, or the end of the
// lingering after the game.
func (g *game) arm() {
	var at time.Time
	switch {
	case g.over:
		at = g.linger
	default:
		at = g.clock.deadline()
		for _, t := range [...]time.Time{g.botClaimAt(), g.abandonAt()} {
			if !t.IsZero() && (at.IsZero() || t.Before(at)) {
				at = t
			}
		}
	}
	if at.IsZero() {
		g.timer.Stop()
		return
	}
	g.timer.Reset(max(time.Until(at), 0) + time.Millisecond)
}

// onTimer ends the game on a flag fall.
func (g *game) onTimer() {
	if g.over {
		return
	}
	now := time.Now()
	if g.clock.flagged(now) {
		g.finish(g.clock.running.Opponent(), engine.ReasonTimeout)
		return
	}
	if claim := g.botClaimAt(); !claim.IsZero() && !now.Before(claim) {
		for _, s := range g.seats {
			if s.isBot() {
				g.finish(s.color, engine.ReasonAbandon)
				return
			}
		}
	}
	if at := g.abandonAt(); !at.IsZero() && !now.Before(at) {
		g.finish(engine.Empty, engine.ReasonAborted)
		return
	}
	g.arm()
}

// abandonAt is when a game both players have left ends without a result:
// AbandonAfter after the later of them left. Zero while either is here
// (a bot always is).
func (g *game) abandonAt() time.Time {
	var last time.Time
	for _, s := range g.seats {
		if s.isBot() || !s.away {
			return time.Time{}
		}
		if s.awaySince.After(last) {
			last = s.awaySince
		}
	}
	return last.Add(g.srv.cfg.AbandonAfter)
}

// botClaimAt is when a bot claims the win against a human who left: the end
// of the grace period. Zero when no bot plays or its opponent is here.
func (g *game) botClaimAt() time.Time {
	for _, s := range g.seats {
		if s.isBot() {
			if opp := g.other(s); !opp.isBot() && opp.away {
				return opp.awaySince.Add(g.grace)
			}
		}
	}
	return time.Time{}
}

// seatOfUser returns u's seat, or nil for a non-player.
func (g *game) seatOfUser(u *user) *seat {
	for _, s := range g.seats {
		if u != nil && s.user == u {
			return s
		}
	}
	return nil
}

// player returns u's seat or a not_allowed error.
func (g *game) player(u *user) (*seat, error) {
	s := g.seatOfUser(u)
	if s == nil {
		return nil, errf(protocol.CodeNotAllowed, "you do not play game %d", g.id)
	}
	return s, nil
}

func (g *game) other(s *seat) *seat { return g.seats[1-side(s.color)] }

// next returns the number of the next event.
func (g *game) next() int64 {
	g.seq++
	return g.seq
}

// publish sends a numbered event to players and watchers and logs it for
// resync.
func (g *game) publish(m protocol.GameEvent) {
	frame := protocol.MustEncode("", m)
	g.events = append(g.events, frame)
	if len(g.events) > eventWindow {
		drop := len(g.events) - eventWindow/2
		g.events = append(g.events[:0:0], g.events[drop:]...)
		g.firstSeq += int64(drop)
	}
	g.sendAll(frame)
}

// sendAll sends a frame to players and watchers without logging it.
func (g *game) sendAll(frame []byte) {
	for _, s := range g.seats {
		if s.user != nil {
			s.user.send(frame)
		}
	}
	for c := range g.watchers {
		c.send(frame)
	}
}

// points returns the moves in notation.
func points(moves []engine.Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.Point.String()
	}
	return out
}

func pointList(ps []engine.Point) []string {
	if len(ps) == 0 {
		return nil
	}
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

// snapshot is the full state as u sees it (u nil or not a player: watcher).
func (g *game) snapshot(u *user) protocol.Snapshot {
	s := protocol.Snapshot{Game: g.info, Seq: g.seq, Moves: points(g.eng.Moves()),
		Clock: g.clock.wire(time.Now()), Offer: g.offer, Watchers: len(g.watchers),
		Forbidden: pointList(g.eng.ForbiddenPoints())}
	if st := g.seatOfUser(u); st != nil {
		s.YourColor = colorName(st.color)
	}
	if g.over {
		s.Result = wireResult(g.eng.Result())
	} else {
		s.Turn = colorName(g.eng.Turn())
	}
	for _, st := range g.seats {
		if st.away {
			s.Away = colorName(st.color)
		}
	}
	return s
}

func wireResult(r engine.Result) *protocol.Result {
	return &protocol.Result{Winner: colorName(r.Winner), Reason: r.Reason.String(), Line: pointList(r.Line)}
}

// updateSummary publishes the lobby's view of the game.
func (g *game) updateSummary() {
	g.sumMu.Lock()
	defer g.sumMu.Unlock()
	g.sum.Plies = len(g.eng.Moves())
	g.sum.Black.Rating, g.sum.White.Rating = g.seats[0].player.Rating, g.seats[1].player.Rating
	if g.over {
		g.sum.Result = wireResult(g.eng.Result())
		end := time.Now().UTC().Truncate(time.Millisecond)
		g.sum.EndedAt = &end
	}
}

// summary is the published view; false once the game is over and no longer
// listed... it is always listed while its goroutine runs.
func (g *game) summary() (protocol.GameSummary, bool) {
	g.sumMu.Lock()
	defer g.sumMu.Unlock()
	return g.sum, true
}

// presenceChanged compares the players' connections with what the game
// believes and announces the difference.
func (g *game) presenceChanged() {
	now := time.Now()
	for _, s := range g.seats {
		if s.user == nil {
			continue
		}
		online := s.user.online()
		switch {
		case online && s.away:
			s.away = false
			if !g.over {
				g.publish(protocol.PlayerBack{GameID: g.id, Seq: g.next(), Color: colorName(s.color)})
				if c := g.clock.wire(now); c != nil {
					s.user.send(protocol.MustEncode("", protocol.GameClock{GameID: g.id, Clock: *c}))
				}
			}
		case !online && !s.away:
			s.away, s.awaySince = true, now
			if !g.over {
				g.publish(protocol.PlayerAway{GameID: g.id, Seq: g.next(), Color: colorName(s.color),
					ClaimAfterMS: g.grace.Milliseconds()})
			}
		}
	}
	if s := g.seats[side(g.eng.Turn())]; g.paused && !g.over && (s.isBot() || !s.away) {
		g.paused = false
		g.clock.start(s.color, now)
		if c := g.clock.wire(now); c != nil {
			g.sendAll(protocol.MustEncode("", protocol.GameClock{GameID: g.id, Clock: *c}))
		}
	}
	if g.timer != nil {
		g.arm()
	}
}

// pauseClocks saves the clocks when the server stops, so that the restored
// game charges the player to move the time already spent on it (a crash
// cannot: the clocks stored with the last move are used then).
func (g *game) pauseClocks() {
	if !g.clock.enabled() {
		return
	}
	// Saved even when no clock runs (a restored game whose player is not
	// back yet): the values restored came from the last stop, which its
	// restore used up.
	k := g.clock // a copy: the game is stopping
	if k.running != engine.Empty {
		if _, ok := k.charge(time.Now(), false); !ok {
			k.left[side(k.running)] = 0 // flagged: the restored clock flags at once
			k.running = engine.Empty
		}
	}
	bms, wms := k.stored()
	ctx, cancel := storeCtx()
	defer cancel()
	p := gomoku.PausedClocks{Ply: len(g.eng.Moves()), BlackMS: bms, WhiteMS: wms}
	if err := g.srv.store.PauseClocks(ctx, g.id, p); err != nil {
		g.srv.log.Warn("saving the clocks at stop", "game", g.id, "err", err)
	}
}

// storeCtx is the context of the game's store calls: not the server's, so
// a shutdown does not cut a write in half.
func storeCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), requestTimeout)
}

func (g *game) String() string { return fmt.Sprintf("game %d", g.id) }
