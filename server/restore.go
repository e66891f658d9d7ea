package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/match"
	"github.com/gomokud/gomoku/protocol"
)

// Restore brings back every unfinished stored game, e.g. after a crash or
// a restart: the board from the stored moves, the clocks from the values
// saved at a graceful stop (pauseClocks) or else those stored with the last
// move, restarted when the player to move is back
// (the downtime and the reconnection are charged to no one). Players find
// their games in Session.Games when they log in again (guests with their
// token: their sessions are loaded first). Games with no player left who
// can come back (only bots, or guests whose sessions expired) are aborted.
// Call it once, before serving, or through RestoreAsync while serving:
// until it returns, /readyz answers 503 and /ws turns players away. It
// stops between two games once the server stops or ctx is done; the games
// left stay stored for the next start.
func (s *Server) Restore(ctx context.Context) (int, error) {
	s.ready.restoring.Store(true)
	defer s.ready.restoring.Store(false)
	guests, err := s.env.store.GuestSessions(ctx, s.env.now())
	if err != nil {
		return 0, fmt.Errorf("restore: %w", err)
	}
	s.hub.loadGuests(guests)
	games, err := s.env.store.ActiveGames(ctx)
	if err != nil {
		return 0, fmt.Errorf("restore: %w", err)
	}
	n := 0
	for _, sg := range games {
		if ctx.Err() != nil || s.env.work.stopping() {
			s.env.log.Info("restore stopped: the server stops", "games restored", n, "left stored", len(games)-n)
			return n, nil
		}
		if err := s.restoreGame(sg); err != nil {
			s.env.log.Error("restore game", "game", sg.ID, "err", err)
			continue
		}
		n++
	}
	if n > 0 {
		s.env.log.Info("games restored", "count", n)
	}
	return n, nil
}

func (s *Server) restoreGame(sg gomoku.Game) error {
	st := settings{rule: sg.Rule, size: sg.Size, tc: sg.Clock, color: protocol.ColorBlack, rated: sg.Rated, open: sg.Opening}
	specs, returning, err := s.restoredSeats(sg)
	if errors.Is(err, errUnrestorable) {
		return s.abortStored(sg, err)
	}
	if err != nil {
		return err
	}
	m, err := match.Restore(s.env.matchConfig(st, specs), sg)
	switch {
	case err != nil:
		return s.abortStored(sg, err)
	case m.Over():
		// The last move ended the game but its result was not stored (a
		// crash under an older server, which stored them apart): store it.
		return s.finishStored(sg, m.Result())
	case returning == 0:
		return s.abortStored(sg, nil)
	}
	if sg.PausedNow() != nil {
		// Used once: a takeback and new moves could bring the game back to
		// this ply.
		ctx, cancel := storeCtx()
		err := s.env.store.PauseClocks(ctx, sg.ID, gomoku.PausedClocks{Ply: -1})
		cancel()
		if err != nil {
			return fmt.Errorf("game %d: clear its paused clocks: %w", sg.ID, err)
		}
	}
	g := newGame(s.hub, sg.ID, st, m, specs, sg.StartedAt)
	g.restored = true
	// A new epoch of event numbers: a client's number from before the
	// restart is below it and gets the full state (it may have missed a
	// move stored just before the crash).
	g.seq = s.env.now().UnixMilli()
	g.events.first = g.seq + 1
	s.hub.launch(g)
	return nil
}

// errUnrestorable marks a stored game that no server can bring back.
var errUnrestorable = errors.New("cannot be restored")

// restoredSeats finds the players of a stored game and counts those who
// can come back (accounts, guests with a live session).
func (s *Server) restoredSeats(sg gomoku.Game) ([2]seatSpec, int, error) {
	var specs [2]seatSpec
	returning := 0
	for i, p := range sg.Players() {
		switch {
		case p.Bot != "":
			l, err := ai.ParseLevel(p.Bot)
			if err != nil {
				return specs, 0, fmt.Errorf("%w: %w", errUnrestorable, err)
			}
			specs[i] = seatSpec{bot: l}
		case p.AccountID > 0:
			returning++
			a, err := s.env.store.AccountByID(context.Background(), p.AccountID)
			if err != nil {
				return specs, 0, fmt.Errorf("player of game %d: %w", sg.ID, err)
			}
			specs[i] = seatSpec{user: s.hub.restoredUser(accountIdentity(a))}
		default:
			if s.hub.hasGuest(p.Guest) {
				returning++
			}
			specs[i] = seatSpec{user: s.hub.restoredUser(identity{name: p.Guest, kind: protocol.KindGuest})}
		}
	}
	return specs, returning, nil
}

// finishStored stores the result of a stored game that was over already.
func (s *Server) finishStored(sg gomoku.Game, r gomoku.GameResult) error {
	ctx, cancel := storeCtx()
	defer cancel()
	if _, err := s.env.store.CommitGame(ctx, sg.ID, gomoku.GameCommit{Result: &r}); err != nil {
		return fmt.Errorf("finish game %d: %w", sg.ID, err)
	}
	s.env.log.Warn("stored game was over without its result; result stored", "game", sg.ID,
		"winner", colorName(r.Winner), "reason", r.Reason)
	return nil
}

// abortStored finishes a stored game that cannot be restored (unrated,
// uncounted), so it does not come back at every start.
func (s *Server) abortStored(sg gomoku.Game, why error) error {
	ctx, cancel := storeCtx()
	defer cancel()
	r := gomoku.Decide(engine.Empty, engine.ReasonAborted, len(sg.Moves), s.env.now())
	if _, err := s.env.store.CommitGame(ctx, sg.ID, gomoku.GameCommit{Result: &r}); err != nil {
		return fmt.Errorf("abort game %d: %w", sg.ID, err)
	}
	if why != nil {
		s.env.log.Warn("stored game could not be restored; aborted", "game", sg.ID, "err", why)
	}
	return nil
}

// restoredUser returns the (offline) user of a restored game.
func (h *hub) restoredUser(id identity) *user {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.userLocked(id)
}
