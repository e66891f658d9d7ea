package server

import "github.com/gomokud/gomoku/protocol"

// The spectators of a game, as its players, its watchers and the lobby
// see them. Runs on the game goroutine, like everything of a game.

// watchersChanged tells everyone in the game, and the lobby, how many
// watch it now, when that changed.
func (g *game) watchersChanged() {
	n := len(g.watchers)
	g.sumMu.Lock()
	same := g.sum.Watchers == n
	g.sum.Watchers = n
	g.sumMu.Unlock()
	if same {
		return
	}
	g.notice(nil, protocol.GameWatchers{GameID: g.id, Watchers: n})
	g.lobby.gameChanged(g)
}

// addWatcher subscribes c to the game's events, as a spectator.
func (g *game) addWatcher(c *conn) {
	g.watchers[c] = struct{}{}
	g.watchersChanged()
}

// removeWatcher unsubscribes c.
func (g *game) removeWatcher(c *conn) {
	delete(g.watchers, c)
	g.watchersChanged()
}

// rematchStarted takes the watchers along to the rematch: they are told
// its number (a watcher's client watches it, as its own request). Sent at
// once: the rematch starts after the command's frames went out.
func (g *game) rematchStarted(next *game) {
	if next == nil || len(g.watchers) == 0 {
		return
	}
	frame := protocol.MustEncode("", protocol.RematchStarted{GameID: g.id, NewGameID: next.id})
	for c := range g.watchers {
		c.send(frame)
	}
}

// gameChanged queues a game's new summary for the next lobby push.
func (h *hub) gameChanged(g *game) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.gameChangedLocked(g)
}
