package server

import (
	"context"
	"math"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/protocol"
)

// Quick pairing: the accepted rating gap starts at seekGap and widens by
// seekWiden every second of waiting, up to seekMaxGap.
const (
	seekGap    = 150
	seekWiden  = 25
	seekMaxGap = 1000
)

// seekEntry is a player waiting in the quick-pairing queue.
type seekEntry struct {
	user     *user
	settings settings
	rating   int
	since    time.Time
}

// gap is the rating difference the seek accepts at now.
func (e *seekEntry) gap(now time.Time) float64 {
	return math.Min(seekGap+seekWiden*now.Sub(e.since).Seconds(), seekMaxGap)
}

// matches reports whether two seeks may be paired at now: same game
// settings (colour aside), each within the other's accepted gap.
func (e *seekEntry) matches(o *seekEntry, now time.Time) bool {
	a, b := e.settings, o.settings
	if a.rule != b.rule || a.size != b.size || a.tc != b.tc || a.rated != b.rated || a.open != b.open {
		return false
	}
	d := math.Abs(float64(e.rating - o.rating))
	return d <= e.gap(now) && d <= o.gap(now)
}

// seek puts u in the queue (replacing an earlier seek of u) and pairs at
// once when it can.
func (h *hub) seek(u *user, ws protocol.Settings) error {
	st, err := parseSettings(ws)
	if err != nil {
		return err
	}
	if st.rated && u.kind != protocol.KindUser {
		return errf(protocol.CodeNotAllowed, "guests play casual games only")
	}
	st.color = protocol.ColorRandom
	h.mu.Lock()
	if len(u.games) > 0 || u.starting {
		h.mu.Unlock()
		return errf(protocol.CodeConflict, "you are playing a game")
	}
	h.removeSeekLocked(u)
	e := &seekEntry{user: u, settings: st, rating: u.ratings[st.rule], since: h.env.now()}
	if u.kind != protocol.KindUser {
		e.rating = int(gomoku.DefaultRating.Rating)
	}
	u.seeking = e
	h.seeks = append(h.seeks, e)
	h.presenceLocked(u)
	h.mu.Unlock()
	h.pair()
	return nil
}

// unseek takes u out of the queue.
func (h *hub) unseek(u *user) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if u.seeking != nil {
		h.removeSeekLocked(u)
		h.presenceLocked(u)
	}
}

// removeSeekLocked drops u's seek, if any.
func (h *hub) removeSeekLocked(u *user) {
	if u.seeking == nil {
		return
	}
	for i, e := range h.seeks {
		if e == u.seeking {
			h.seeks = append(h.seeks[:i], h.seeks[i+1:]...)
			break
		}
	}
	u.seeking = nil
}

// pair starts games for every pair of matching seeks, oldest seeks first.
func (h *hub) pair() {
	for {
		a, b := h.takePair(h.env.now())
		if a == nil {
			return
		}
		black, white := seatOf(a.user), seatOf(b.user)
		if a.settings.challengerBlack() { // random
			black, white = white, black
		}
		if _, err := h.startGame(a.settings, black, white); err != nil {
			h.env.log.Warn("pairing failed", "a", a.user.name, "b", b.user.name, "err", err)
		}
	}
}

// takePair removes and returns the first matching pair of seeks.
func (h *hub) takePair(now time.Time) (*seekEntry, *seekEntry) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for i, a := range h.seeks {
		for _, b := range h.seeks[i+1:] {
			if a.matches(b, now) && !blockedLocked(a.user, b.user) {
				h.removeSeekLocked(a.user)
				h.removeSeekLocked(b.user)
				return a, b
			}
		}
	}
	return nil, nil
}

// lobbyLoop pushes the lobby's changes every protocol.PushInterval of the
// wall clock (a batching interval of the transport, like its pings),
// re-pairs seeks (the accepted gaps widen while players wait) and prunes
// expired guest sessions, until ctx is done.
func (h *hub) lobbyLoop(ctx context.Context) {
	t := time.NewTicker(protocol.PushInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			h.pair()
			h.push()
			h.mu.Lock()
			h.pruneGuestsLocked(h.env.now())
			h.mu.Unlock()
		}
	}
}
