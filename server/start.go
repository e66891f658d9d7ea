package server

import (
	"fmt"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/match"
	"github.com/gomokud/gomoku/protocol"
)

// seatSpec is who will sit at one side of a new game: a user or a bot.
type seatSpec struct {
	user *user
	bot  ai.Level
}

func seatOf(u *user) seatSpec { return seatSpec{user: u} }

func (s seatSpec) isBot() bool { return s.user == nil }

// startGame creates, stores and starts a game. Each human may play one game
// at a time (conflict otherwise). It returns once the game goroutine runs;
// the game sends game_start to the players itself.
func (h *hub) startGame(st settings, black, white seatSpec) (*game, error) {
	g, start, err := h.prepareGame(st, black, white)
	if err != nil {
		return nil, err
	}
	start()
	return g, nil
}

// prepareGame reserves the players and stores a new game; start launches
// its goroutine (which sends game_start) and must be called once. A
// request's handler calls it after its reply, so the reply comes first.
func (h *hub) prepareGame(st settings, black, white seatSpec) (g *game, start func(), err error) {
	humans := make([]*user, 0, 2)
	for _, s := range []seatSpec{black, white} {
		if !s.isBot() {
			humans = append(humans, s.user)
		}
	}
	if err := h.reserve(humans); err != nil {
		return nil, nil, err
	}
	defer func() {
		if err != nil {
			h.unreserve(humans)
		}
	}()
	ng := gomoku.NewGame{Rule: st.rule, Size: st.size, Clock: st.tc, Rated: st.rated, Opening: st.open,
		Black: black.storePlayer(), White: white.storePlayer(), StartedAt: h.env.now()}
	ctx, cancel := h.env.requestCtx()
	defer cancel()
	id, err := h.env.store.CreateGame(ctx, ng)
	if err != nil {
		return nil, nil, fmt.Errorf("create game: %w", err)
	}
	specs := [2]seatSpec{black, white}
	m, err := match.New(h.env.matchConfig(st, specs), h.env.now())
	if err != nil {
		return nil, nil, fmt.Errorf("new game %d: %w", id, err)
	}
	g = newGame(h, id, st, m, specs, ng.StartedAt)
	g.fresh = true
	return g, func() {
		h.launch(g)
		h.unreserve(humans)
	}, nil
}

// reserve marks the humans as starting a game, or fails if one is playing.
func (h *hub) reserve(humans []*user) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, u := range humans {
		if len(u.games) > 0 || u.starting {
			return errf(protocol.CodeConflict, "%s is already playing", u.name)
		}
	}
	for _, u := range humans {
		u.starting = true
		h.removeSeekLocked(u)
	}
	return nil
}

func (h *hub) unreserve(humans []*user) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, u := range humans {
		u.starting = false
		if len(u.games) == 0 && !u.online() {
			delete(h.users, userKey(u.name))
		}
	}
}

// launch registers g with the hub and its players and starts its goroutine.
func (h *hub) launch(g *game) {
	h.mu.Lock()
	h.games[g.id] = g
	for _, s := range g.seats {
		if s.user != nil {
			s.user.games[g.id] = g
			h.presenceLocked(s.user)
		}
	}
	h.gameChangedLocked(g)
	h.mu.Unlock()
	h.env.metrics.games.Inc()
	msg := "game started"
	if g.restored {
		msg = "game restored"
	}
	h.env.log.Info(msg, "game", g.id, "rule", g.info.Rule, "size", g.info.Size,
		"black", g.info.Black.Name, "white", g.info.White.Name, "rated", g.info.Rated, "moves", len(g.m.Moves()))
	h.env.work.wg.Add(1)
	go g.run(h.env.work.ctx)
}

// gameEnded is called by g's goroutine when it is over: its players are
// free again and their ratings may have changed.
func (h *hub) gameEnded(g *game, ratings [2]int) {
	h.env.metrics.games.Dec()
	h.mu.Lock()
	defer h.mu.Unlock()
	for i, s := range g.seats {
		u := s.user
		if u == nil {
			continue
		}
		delete(u.games, g.id)
		if ratings[i] > 0 {
			if u.rating == u.ratings[g.settings.rule] { // the headline is this rule's (close enough: no counts here)
				u.rating = ratings[i]
			}
			u.ratings[g.settings.rule] = ratings[i]
		}
		if !u.online() && !u.starting && len(u.games) == 0 {
			delete(h.users, userKey(u.name))
			continue
		}
		h.presenceLocked(u)
	}
	h.gameChangedLocked(g)
}

// gameGone is called when g's goroutine exits.
func (h *hub) gameGone(g *game) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.games[g.id] == g {
		delete(h.games, g.id)
	}
}
