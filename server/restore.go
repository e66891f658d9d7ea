package server

import (
	"context"
	"fmt"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
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
// Call it once, before serving.
func (s *Server) Restore(ctx context.Context) (int, error) {
	guests, err := s.store.GuestSessions(ctx, time.Now())
	if err != nil {
		return 0, fmt.Errorf("restore: %w", err)
	}
	s.hub.loadGuests(guests)
	games, err := s.store.ActiveGames(ctx)
	if err != nil {
		return 0, fmt.Errorf("restore: %w", err)
	}
	n := 0
	for _, sg := range games {
		if err := s.restoreGame(sg); err != nil {
			s.log.Error("restore game", "game", sg.ID, "err", err)
			continue
		}
		n++
	}
	if n > 0 {
		s.log.Info("games restored", "count", n)
	}
	return n, nil
}

func (s *Server) restoreGame(sg gomoku.Game) error {
	eng, err := sg.Replay()
	if err != nil {
		return s.abortStored(sg, err)
	}
	st := settings{rule: sg.Rule, size: sg.Size, tc: sg.Clock, color: protocol.ColorBlack, rated: sg.Rated}
	var specs [2]seatSpec
	returning := 0 // players who can log in again
	for i, p := range [2]gomoku.Player{sg.Black, sg.White} {
		switch {
		case p.Bot != "":
			l, err := ai.ParseLevel(p.Bot)
			if err != nil {
				return s.abortStored(sg, err)
			}
			specs[i] = seatSpec{bot: l}
		case p.AccountID > 0:
			returning++
			a, err := s.store.AccountByID(context.Background(), p.AccountID)
			if err != nil {
				return fmt.Errorf("player of game %d: %w", sg.ID, err)
			}
			specs[i] = seatSpec{user: s.hub.restoredUser(accountIdentity(a))}
		default:
			if s.hub.hasGuest(p.Guest) {
				returning++
			}
			specs[i] = seatSpec{user: s.hub.restoredUser(identity{name: p.Guest, kind: protocol.KindGuest})}
		}
	}
	if returning == 0 {
		return s.abortStored(sg, nil)
	}
	clock := newClock(sg.Clock)
	if k := len(sg.Moves); k > 0 {
		last := sg.Moves[k-1]
		clock = restoreClock(sg.Clock, last.BlackClockMS, last.WhiteClockMS)
	}
	if p := sg.Paused; p != nil && p.Ply == len(sg.Moves) {
		// Saved at a graceful stop, after the last move: newer. Used once:
		// a takeback and new moves could bring the game back to this ply.
		clock = restoreClock(sg.Clock, p.BlackMS, p.WhiteMS)
		ctx, cancel := storeCtx()
		err := s.store.PauseClocks(ctx, sg.ID, gomoku.PausedClocks{Ply: -1})
		cancel()
		if err != nil {
			return fmt.Errorf("game %d: clear its paused clocks: %w", sg.ID, err)
		}
	}
	g := newGame(s, sg.ID, st, eng, specs, sg.StartedAt)
	g.clock = clock
	g.paused = true // the clock starts when the side to move is back (presenceChanged)
	g.restored = true
	// A new epoch of event numbers: a client's number from before the
	// restart is below it and gets the full state (it may have missed a
	// move stored just before the crash).
	g.seq = time.Now().UnixMilli()
	g.firstSeq = g.seq + 1
	s.hub.launch(g)
	return nil
}

// abortStored finishes a stored game that cannot be restored (unrated,
// uncounted), so it does not come back at every start.
func (s *Server) abortStored(sg gomoku.Game, why error) error {
	ctx, cancel := storeCtx()
	defer cancel()
	r := gomoku.Decide(engine.Empty, engine.ReasonAborted, len(sg.Moves), time.Now())
	if _, err := s.store.CommitGame(ctx, sg.ID, gomoku.GameCommit{Result: &r}); err != nil {
		return fmt.Errorf("abort game %d: %w", sg.ID, err)
	}
	if why != nil {
		s.log.Warn("stored game could not be restored; aborted", "game", sg.ID, "err", why)
	}
	return nil
}

// restoredUser returns the (offline) user of a restored game.
func (h *hub) restoredUser(id identity) *user {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.userLocked(id)
}
