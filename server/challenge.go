package server

import (
	"strings"
	"time"

	"github.com/gomokud/gomoku/protocol"
	"github.com/jonboulle/clockwork"
)

// maxOpenChallenges is how many challenges one player may have open.
const maxOpenChallenges = 5

// challenge is an open challenge between two humans, owned by the hub.
type challenge struct {
	id       int64
	from, to *user
	settings settings
	expires  time.Time
	timer    clockwork.Timer
}

func (ch *challenge) wire() protocol.Challenge {
	return protocol.Challenge{ChallengeID: ch.id, From: ch.from.name, To: ch.to.name,
		Settings: ch.settings.wire(), ExpiresAt: ch.expires}
}

// createChallenge handles challenge_create from u.
func (h *hub) createChallenge(c *conn, u *user, m *protocol.ChallengeCreate) (protocol.Message, error) {
	s, err := parseSettings(m.Settings)
	if err != nil {
		return nil, err
	}
	if level, ok := botLevel(m.To); ok {
		return h.challengeBot(c, u, s, level)
	}
	if s.rated && u.kind != protocol.KindUser {
		return nil, errf(protocol.CodeNotAllowed, "guests play casual games only")
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	to := h.users[userKey(m.To)]
	switch {
	case to == nil || !to.online():
		return nil, errf(protocol.CodeNotFound, "%q is not online", m.To)
	case to == u:
		return nil, errf(protocol.CodeConflict, "you cannot challenge yourself")
	case s.rated && to.kind != protocol.KindUser:
		return nil, errf(protocol.CodeNotAllowed, "%s is a guest: casual games only", to.name)
	case len(u.games) > 0 || u.starting:
		return nil, errf(protocol.CodeConflict, "you are playing a game")
	case len(to.games) > 0 || to.starting:
		return nil, errf(protocol.CodeConflict, "%s is playing a game", to.name)
	}
	// One open challenge per pair (a new one replaces it), a few in all.
	open := 0
	for cid, ch := range h.challenges {
		if ch.from != u {
			continue
		}
		if ch.to == to {
			// Both sides are told: the challenger's other screens (and
			// lists) would keep the old one forever.
			delete(h.challenges, cid)
			ch.timer.Stop()
			frame := protocol.MustEncode("", protocol.ChallengeCancelled{ChallengeID: cid, Reason: "replaced by a new challenge"})
			to.send(frame)
			u.send(frame)
			continue
		}
		open++
	}
	if open >= maxOpenChallenges {
		return nil, errf(protocol.CodeConflict, "you have %d open challenges: cancel one first", open)
	}
	h.nextChallenge++
	ch := &challenge{id: h.nextChallenge, from: u, to: to, settings: s,
		expires: h.env.now().Add(h.env.cfg.ChallengeTTL).UTC().Truncate(time.Millisecond)}
	cid := ch.id
	ch.timer = h.env.clock.AfterFunc(h.env.cfg.ChallengeTTL, func() { h.expire(cid) })
	h.challenges[ch.id] = ch
	to.send(protocol.MustEncode("", ch.wire()))
	return ch.wire(), nil
}

// takeChallenge removes the challenge cid if u may answer it (as the
// challenged player when asTarget, else as the challenger).
func (h *hub) takeChallenge(cid int64, u *user, asTarget bool) (*challenge, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ch := h.challenges[cid]
	if ch == nil || (asTarget && ch.to != u) || (!asTarget && ch.from != u) {
		return nil, errf(protocol.CodeNotFound, "no challenge %d for you", cid)
	}
	delete(h.challenges, cid)
	ch.timer.Stop()
	return ch, nil
}

// acceptChallenge starts the challenge's game, after the reply.
func (h *hub) acceptChallenge(c *conn, u *user, cid int64) (protocol.Message, error) {
	ch, err := h.takeChallenge(cid, u, true)
	if err != nil {
		return nil, err
	}
	black, white := seatOf(ch.from), seatOf(ch.to)
	if !ch.settings.challengerBlack() {
		black, white = white, black
	}
	_, start, err := h.prepareGame(ch.settings, black, white)
	if err != nil {
		ch.from.send(protocol.MustEncode("", protocol.ChallengeCancelled{ChallengeID: cid, Reason: "could not start: " + err.Error()}))
		return nil, err
	}
	c.afterReply(start)
	return protocol.OK{}, nil
}

// declineChallenge tells the challenger.
func (h *hub) declineChallenge(u *user, cid int64) error {
	ch, err := h.takeChallenge(cid, u, true)
	if err != nil {
		return err
	}
	ch.from.send(protocol.MustEncode("", protocol.ChallengeDeclined{ChallengeID: cid, By: u.name}))
	return nil
}

// cancelChallenge tells the challenged player.
func (h *hub) cancelChallenge(u *user, cid int64) error {
	ch, err := h.takeChallenge(cid, u, false)
	if err != nil {
		return err
	}
	ch.to.send(protocol.MustEncode("", protocol.ChallengeCancelled{ChallengeID: cid, Reason: u.name + " cancelled"}))
	return nil
}

// expire drops an unanswered challenge and tells both sides.
func (h *hub) expire(cid int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ch := h.challenges[cid]
	if ch == nil {
		return
	}
	delete(h.challenges, cid)
	frame := protocol.MustEncode("", protocol.ChallengeExpired{ChallengeID: cid})
	ch.from.send(frame)
	ch.to.send(frame)
}

// cancelChallengesLocked voids every challenge from or to u.
func (h *hub) cancelChallengesLocked(u *user, reason string) {
	for cid, ch := range h.challenges {
		if ch.from != u && ch.to != u {
			continue
		}
		delete(h.challenges, cid)
		ch.timer.Stop()
		frame := protocol.MustEncode("", protocol.ChallengeCancelled{ChallengeID: cid, Reason: reason})
		ch.from.send(frame)
		ch.to.send(frame)
	}
}

// botLevel parses a bot's name ("bot:hard").
func botLevelName(name string) (string, bool) {
	level, ok := strings.CutPrefix(strings.ToLower(name), protocol.BotPrefix)
	return level, ok
}
