package loadtest

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/gomokud/gomoku/protocol"
)

// pair is two clients playing each other, game after game: a challenges b
// and plays black. Moves alternate at the run's interval per game.
type pair struct {
	r    *runner
	a, b *client

	mu     sync.Mutex
	rng    *rand.Rand
	script script
	last   time.Time // when the last move was due; zero at a game's start
	games  int       // games started
}

// challenge prepares the next game's script and has a challenge b.
func (p *pair) challenge() {
	if p.r.stopping.Load() {
		return
	}
	p.mu.Lock()
	p.script = newScript(p.r.cfg.Size, p.rng)
	p.mu.Unlock()
	p.a.send(reqChallenge, protocol.ChallengeCreate{To: p.b.name, Settings: p.r.settings})
}

// retry challenges again after a second or two (a refused or lost
// challenge, or a game that could not start).
func (p *pair) retry() {
	p.mu.Lock()
	d := time.Second + time.Duration(p.rng.Int64N(int64(time.Second)))
	p.mu.Unlock()
	time.AfterFunc(d, p.challenge)
}

// started records a new game (seen by a).
func (p *pair) started(gid int64) {
	p.mu.Lock()
	p.last = time.Time{}
	first := p.games == 0
	p.games++
	p.mu.Unlock()
	p.r.gamesStarted.Add(1)
	if first {
		p.r.pairsStarted.Add(1)
	}
}

// over records the end of a game (seen by a) and starts the next one a
// moment later, when the server has freed both players.
func (p *pair) over(m *protocol.GameOver) {
	p.r.gamesOver.Add(1)
	p.r.note("game_over_" + m.Reason)
	p.retry()
}

// schedule has c play at ply of game gid one interval after the previous
// move was due (at once if that is past).
func (p *pair) schedule(c *client, gid int64, ply int) {
	now := time.Now()
	p.mu.Lock()
	at := p.last.Add(p.r.interval)
	if p.last.IsZero() || at.Before(now) {
		at = now
	}
	p.last = at
	p.mu.Unlock()
	time.AfterFunc(at.Sub(now), func() { c.move(gid, ply) })
}

// scriptMove is the current game's move for black (or white) at ply.
func (p *pair) scriptMove(black bool, ply int) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.script.move(black, ply)
}

// echoFrame is what a pair sends to an echo server: a move request of the
// size the game server receives.
var echoFrame = protocol.Move{GameID: 1234567, Move: "h8"}

// startEcho starts the pairs' turns on an echo server, spread over
// GameRamp: each pair sends one frame per interval, its two clients in turn.
func (r *runner) startEcho(ctx context.Context, pairs []*pair, rep *Report) error {
	r.cfg.Logf("starting %d echo pairs over %s", len(pairs), r.cfg.GameRamp)
	start := time.Now()
	for i, p := range pairs {
		at := start.Add(time.Duration(int64(r.cfg.GameRamp) * int64(i) / int64(len(pairs))))
		if err := sleep(ctx, time.Until(at)); err != nil {
			return err
		}
		r.pairsStarted.Add(1)
		p.echoTurn(p.a, start)
	}
	rep.GamesStarted = len(pairs)
	rep.GameStartSeconds = time.Since(start).Seconds()
	return nil
}

// echoTurn has c send its frame, then schedules the partner's turn one
// interval after this one was due (at once if that is past).
func (p *pair) echoTurn(c *client, due time.Time) {
	if p.r.stopping.Load() {
		return
	}
	c.send(reqMove, echoFrame)
	next, other := due.Add(p.r.interval), p.a
	if c == p.a {
		other = p.b
	}
	if now := time.Now(); next.Before(now) {
		next = now
	}
	time.AfterFunc(time.Until(next), func() { p.echoTurn(other, next) })
}
