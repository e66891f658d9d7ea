package server

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/time/rate"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/protocol"
)

// The lobby chat's limit, server-wide (each connection has its own too).
const (
	lobbyChatRate  = 10 // lines per second
	lobbyChatBurst = 30
)

// user is a player known to the lobby: online (with one or more
// connections) or with running games. Lock order: hub.mu before user.mu;
// game goroutines take only user.mu (to send).
type user struct {
	name      string // unique, compared ignoring case
	kind      string // protocol.KindUser or KindGuest
	accountID int64  // > 0 for accounts

	mu    sync.Mutex
	conns map[*conn]struct{}

	// Guarded by hub.mu.
	rating   int
	games    map[int64]*game // running games the user plays
	seeking  *seekEntry
	starting bool // a game is being created for the user
}

func userKey(name string) string { return strings.ToLower(name) }

// send queues frame on every connection of the user.
func (u *user) send(frame []byte) {
	u.mu.Lock()
	for c := range u.conns {
		c.send(frame)
	}
	u.mu.Unlock()
}

// online reports whether the user has a connection.
func (u *user) online() bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	return len(u.conns) > 0
}

// storePlayer is the user as a stored game side.
func (u *user) storePlayer() gomoku.Player {
	if u.accountID > 0 {
		return gomoku.Player{AccountID: u.accountID, Name: u.name}
	}
	return gomoku.Player{Guest: u.name, Name: u.name}
}

// hub is the lobby: who is online, open challenges, the seek queue, and the
// index of games. One mutex guards it; it never waits on a game while
// holding it.
type hub struct {
	env  *env
	bots *botPool // handed to the games it starts

	mu            sync.Mutex
	users         map[string]*user // by userKey
	games         map[int64]*game  // running and recently finished games
	challenges    map[int64]*challenge
	nextChallenge int64
	seeks         []*seekEntry
	guests        map[string]*guestEntry // by guest token hash
	guestNames    map[string]int         // names of guest sessions (userKey): sessions holding each

	// chat bounds the lobby chat as a whole: each line goes to everyone.
	chat *rate.Limiter
	// chatLog keeps its recent lines for the lobby snapshot.
	chatLog chatLog

	// Lobby changes waiting for the next push (latest state of each).
	pendPlayers map[string]protocol.Player // by userKey
	pendGames   map[int64]protocol.GameSummary
}

func newHub(e *env, bots *botPool) *hub {
	return &hub{
		env: e, bots: bots, users: map[string]*user{}, games: map[int64]*game{},
		challenges: map[int64]*challenge{}, guests: map[string]*guestEntry{}, guestNames: map[string]int{},
		pendPlayers: map[string]protocol.Player{}, pendGames: map[int64]protocol.GameSummary{},
		chat: rate.NewLimiter(lobbyChatRate, lobbyChatBurst),
	}
}

// identity is who a connection logs in as.
type identity struct {
	name      string
	kind      string
	accountID int64
	rating    int
}

// userLocked returns the user named id.name, creating it (offline) if
// needed. Caller holds h.mu.
func (h *hub) userLocked(id identity) *user {
	k := userKey(id.name)
	u := h.users[k]
	if u == nil {
		u = &user{name: id.name, kind: id.kind, accountID: id.accountID, rating: id.rating,
			conns: map[*conn]struct{}{}, games: map[int64]*game{}}
		h.users[k] = u
	}
	return u
}

// attach logs c in as id: it joins the user's connections. It returns the
// user and its running games. Presence and the games are told when the user
// comes online.
func (h *hub) attach(c *conn, id identity) (*user, []int64) {
	h.mu.Lock()
	u := h.userLocked(id)
	if id.rating > 0 {
		u.rating = id.rating
	}
	u.mu.Lock()
	first := len(u.conns) == 0
	u.conns[c] = struct{}{}
	u.mu.Unlock()
	games := make([]int64, 0, len(u.games))
	var notify []*game
	for gid, g := range u.games {
		games = append(games, gid)
		notify = append(notify, g)
	}
	if first {
		h.pendPlayers[userKey(u.name)] = h.playerLocked(u)
	}
	h.mu.Unlock()
	for _, g := range notify {
		g.post(g.presenceChanged)
	}
	return u, games
}

// detach removes c from u. When it was u's last connection, u goes offline:
// its challenges and seek are cancelled and its games told.
func (h *hub) detach(c *conn, u *user) {
	h.mu.Lock()
	u.mu.Lock()
	delete(u.conns, c)
	last := len(u.conns) == 0
	u.mu.Unlock()
	if !last {
		h.mu.Unlock()
		return
	}
	h.removeSeekLocked(u)
	h.cancelChallengesLocked(u, u.name+" went offline")
	var notify []*game
	for _, g := range u.games {
		notify = append(notify, g)
	}
	if len(u.games) == 0 && !u.starting {
		delete(h.users, userKey(u.name))
	}
	p := h.playerLocked(u)
	p.Status = protocol.StatusOffline
	h.pendPlayers[userKey(u.name)] = p
	h.mu.Unlock()
	for _, g := range notify {
		g.post(g.presenceChanged)
	}
}

// statusLocked is u's lobby status.
func (h *hub) statusLocked(u *user) string {
	switch {
	case len(u.games) > 0:
		return protocol.StatusPlaying
	case u.seeking != nil:
		return protocol.StatusSeeking
	}
	return protocol.StatusIdle
}

// playerLocked is u as the lobby shows it.
func (h *hub) playerLocked(u *user) protocol.Player {
	p := protocol.Player{Name: u.name, Kind: u.kind, Rating: u.rating, Status: h.statusLocked(u)}
	for id := range u.games {
		p.Games = append(p.Games, id)
	}
	return p
}

// presenceLocked queues u's current status for the next push.
func (h *hub) presenceLocked(u *user) {
	if !u.online() {
		return
	}
	h.pendPlayers[userKey(u.name)] = h.playerLocked(u)
}

// gameChangedLocked queues a game's start or end for the next push.
func (h *hub) gameChangedLocked(g *game) {
	h.pendGames[g.id] = g.summary()
}

// push sends the queued lobby changes to everybody: one presence and one
// lobby_games frame, encoded once, whatever the number of changes.
func (h *hub) push() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.pendPlayers) > 0 {
		p := protocol.Presence{Players: make([]protocol.Player, 0, len(h.pendPlayers))}
		for k, pl := range h.pendPlayers {
			p.Players = append(p.Players, pl)
			delete(h.pendPlayers, k)
		}
		h.broadcastLocked(protocol.MustEncode("", p))
	}
	if len(h.pendGames) > 0 {
		lg := protocol.LobbyGames{Games: make([]protocol.GameSummary, 0, len(h.pendGames))}
		for id, sum := range h.pendGames {
			lg.Games = append(lg.Games, sum)
			delete(h.pendGames, id)
		}
		h.broadcastLocked(protocol.MustEncode("", lg))
	}
}

// broadcastLocked sends frame to every online user.
func (h *hub) broadcastLocked(frame []byte) {
	for _, u := range h.users {
		u.send(frame)
	}
}

// broadcast is broadcastLocked taking the lock.
func (h *hub) broadcast(frame []byte) {
	h.mu.Lock()
	h.broadcastLocked(frame)
	h.mu.Unlock()
}

// lobby returns the lobby as u sees it.
func (h *hub) lobby(u *user) protocol.Lobby {
	h.mu.Lock()
	defer h.mu.Unlock()
	l := protocol.Lobby{Bots: botPlayers(), Challenges: []protocol.Challenge{}}
	l.Players, l.PlayersOnline = h.listPlayersLocked()
	l.Games, l.GamesRunning = h.listGamesLocked()
	for _, ch := range h.challenges {
		if ch.from == u || ch.to == u {
			l.Challenges = append(l.Challenges, ch.wire())
		}
	}
	l.Chat = h.chatLog.recent()
	return l
}

// listPlayersLocked lists the online players, at most MaxLobbyPlayers of
// them, those one can challenge first, and counts them all. Every login
// calls it, so on a busy server it builds only what it sends.
func (h *hub) listPlayersLocked() ([]protocol.Player, int) {
	var byRank [3][]*user
	online := 0
	for _, o := range h.users {
		if !o.online() {
			continue
		}
		online++
		r := statusRank(h.statusLocked(o))
		if len(byRank[r]) < protocol.MaxLobbyPlayers {
			byRank[r] = append(byRank[r], o)
		}
	}
	out := make([]protocol.Player, 0, min(online, protocol.MaxLobbyPlayers))
	for _, us := range byRank {
		for _, o := range us {
			if len(out) == protocol.MaxLobbyPlayers {
				return out, online
			}
			out = append(out, h.playerLocked(o))
		}
	}
	return out, online
}

// listGamesLocked lists the running games, the newest MaxLobbyGames of
// them, and counts them all.
func (h *hub) listGamesLocked() ([]protocol.GameSummary, int) {
	var running []protocol.GameSummary
	n := 0
	for _, g := range h.games {
		s := g.summary()
		if s.Result != nil {
			continue
		}
		n++
		// Keep the newest: a bounded list, trimmed when it doubles.
		running = append(running, s)
		if len(running) == 2*protocol.MaxLobbyGames {
			running = newestGames(running)
		}
	}
	out := newestGames(running)
	if out == nil {
		out = []protocol.GameSummary{}
	}
	return out, n
}

// newestGames sorts gs newest first and keeps MaxLobbyGames of them.
func newestGames(gs []protocol.GameSummary) []protocol.GameSummary {
	slices.SortFunc(gs, func(a, b protocol.GameSummary) int { return cmp.Compare(b.GameID, a.GameID) })
	return gs[:min(len(gs), protocol.MaxLobbyGames)]
}

// statusRank orders lobby statuses: the challengeable first.
func statusRank(status string) int {
	switch status {
	case protocol.StatusIdle:
		return 0
	case protocol.StatusSeeking:
		return 1
	}
	return 2
}

// game returns a running or recently finished game.
func (h *hub) game(id int64) *game {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.games[id]
}

// status returns the lobby status of the named user, or offline.
func (h *hub) status(name string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	u := h.users[userKey(name)]
	if u == nil || !u.online() {
		return protocol.StatusOffline
	}
	return h.statusLocked(u)
}
