package server

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gomokud/gomoku/protocol"
)

// handle decodes one frame and serves it, on the reader goroutine. Every
// request gets exactly one reply: its answer or a typed error. Game
// requests are handed to the game's goroutine, which replies.
func (c *conn) handle(data []byte) {
	f, err := protocol.Decode(data)
	if err != nil {
		c.replyErr(f.ID, errf(protocol.CodeBadRequest, "%v", err))
		return
	}
	if err := c.serve(f.ID, f.Msg); err != nil {
		c.replyErr(f.ID, err)
	}
}

// serve routes a request. A nil error means the reply was (or will be)
// sent by the handler.
func (c *conn) serve(id string, m protocol.Message) error {
	if h, ok := m.(*protocol.Hello); ok {
		return c.hello(id, h)
	}
	if !c.greeted {
		return errf(protocol.CodeBadRequest, "say hello first")
	}
	if !requests[m.Type()] {
		return errf(protocol.CodeBadRequest, "%s is not a request", m.Type())
	}
	if c.srv.down.Load() {
		return errShuttingDown
	}
	switch m := m.(type) {
	case *protocol.Ping:
		c.reply(id, protocol.Pong{})
		return nil
	case *protocol.Register:
		return c.register(id, m)
	case *protocol.Login:
		return c.login(id, m)
	case *protocol.Guest:
		return c.guest(id, m)
	case *protocol.Resume:
		return c.resume(id, m)
	}
	if c.user == nil {
		return errf(protocol.CodeUnauthorized, "log in first (login, register, guest or resume)")
	}
	if err := c.serveLobby(id, m); err != errUnhandled {
		return err
	}
	if err := c.serveHistory(id, m); err != errUnhandled {
		return err
	}
	return c.serveGame(id, m)
}

// requests are the message types a client may send; the others are the
// server's replies and events.
var requests = map[string]bool{}

func init() {
	for _, m := range []protocol.Message{
		protocol.Hello{}, protocol.Ping{}, protocol.Register{}, protocol.Login{}, protocol.Guest{},
		protocol.Resume{}, protocol.Logout{}, protocol.GetLobby{}, protocol.ChallengeCreate{},
		protocol.ChallengeAccept{}, protocol.ChallengeDecline{}, protocol.ChallengeCancel{}, protocol.Seek{},
		protocol.Unseek{}, protocol.LobbySay{}, protocol.GetProfile{}, protocol.GetHistory{},
		protocol.GetRecord{}, protocol.GetLeaderboard{}, protocol.Move{}, protocol.Takeback{},
		protocol.TakebackAnswer{}, protocol.DrawOffer{}, protocol.DrawAnswer{}, protocol.Resign{},
		protocol.Abort{}, protocol.RematchOffer{}, protocol.RematchAnswer{}, protocol.ClaimWin{},
		protocol.GameSay{}, protocol.Watch{}, protocol.Unwatch{}, protocol.Resync{},
	} {
		requests[m.Type()] = true
	}
}

// errUnhandled tells serve to try the next group of requests.
var errUnhandled = errf(protocol.CodeBadRequest, "unhandled")

// hello checks the protocol version.
func (c *conn) hello(id string, h *protocol.Hello) error {
	if h.Version != protocol.Version {
		return errf(protocol.CodeUnsupportedVersion, "this server speaks protocol version %d, not %d",
			protocol.Version, h.Version)
	}
	c.greeted = true
	c.reply(id, protocol.Welcome{Version: protocol.Version, Server: c.srv.cfg.Name})
	return nil
}

// serveLobby handles the lobby's requests.
func (c *conn) serveLobby(id string, m protocol.Message) error {
	h, u := c.srv.hub, c.user
	switch m := m.(type) {
	case *protocol.Logout:
		return c.logout(id)
	case *protocol.GetLobby:
		c.reply(id, h.lobby(u))
	case *protocol.ChallengeCreate:
		return h.createChallenge(c, id, u, m)
	case *protocol.ChallengeAccept:
		return h.acceptChallenge(c, id, u, m.ChallengeID)
	case *protocol.ChallengeDecline:
		return c.ok(id, h.declineChallenge(u, m.ChallengeID))
	case *protocol.ChallengeCancel:
		return c.ok(id, h.cancelChallenge(u, m.ChallengeID))
	case *protocol.Seek:
		return c.ok(id, h.seek(u, m.Settings))
	case *protocol.Unseek:
		h.unseek(u)
		c.reply(id, protocol.OK{})
	case *protocol.LobbySay:
		text, err := c.chatText(m.Text)
		if err != nil {
			return err
		}
		if !h.chat.Allow() {
			return errf(protocol.CodeRateLimited, "the lobby chat is busy; try again in a moment")
		}
		h.broadcast(protocol.MustEncode("", protocol.LobbyChat{From: u.name, Text: text,
			At: time.Now().UTC().Truncate(time.Millisecond)}))
		c.reply(id, protocol.OK{})
	default:
		return errUnhandled
	}
	return nil
}

// ok replies OK when err is nil and returns err otherwise.
func (c *conn) ok(id string, err error) error {
	if err == nil {
		c.reply(id, protocol.OK{})
	}
	return err
}

// chatText validates a chat line: 1 to MaxChatRunes characters of printable
// text after trimming, within the connection's chat rate.
func (c *conn) chatText(text string) (string, error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return "", errf(protocol.CodeBadRequest, "empty chat line")
	case !utf8.ValidString(text):
		return "", errf(protocol.CodeBadRequest, "chat text is not UTF-8")
	case utf8.RuneCountInString(text) > protocol.MaxChatRunes:
		return "", errf(protocol.CodeBadRequest, "chat line longer than %d characters", protocol.MaxChatRunes)
	case strings.IndexFunc(text, unicode.IsControl) >= 0:
		return "", errf(protocol.CodeBadRequest, "control characters in chat text")
	case !c.chatLimiter.Allow():
		return "", errf(protocol.CodeRateLimited, "chatting too fast")
	}
	return text, nil
}

// serveGame hands a request about one game to the game's goroutine,
// which answers it.
func (c *conn) serveGame(id string, m protocol.Message) error {
	var gid int64
	switch m := m.(type) {
	case *protocol.Move:
		gid = m.GameID
	case *protocol.Takeback:
		gid = m.GameID
	case *protocol.TakebackAnswer:
		gid = m.GameID
	case *protocol.DrawOffer:
		gid = m.GameID
	case *protocol.DrawAnswer:
		gid = m.GameID
	case *protocol.RematchOffer:
		gid = m.GameID
	case *protocol.RematchAnswer:
		gid = m.GameID
	case *protocol.Resign:
		gid = m.GameID
	case *protocol.Abort:
		gid = m.GameID
	case *protocol.ClaimWin:
		gid = m.GameID
	case *protocol.GameSay:
		text, err := c.chatText(m.Text)
		if err != nil {
			return err
		}
		m.Text = text
		gid = m.GameID
	case *protocol.Watch:
		gid = m.GameID
	case *protocol.Resync:
		gid = m.GameID
	case *protocol.Unwatch:
		if g := c.watching[m.GameID]; g != nil {
			delete(c.watching, m.GameID)
			g.post(func() { g.removeWatcher(c) })
		}
		c.reply(id, protocol.OK{})
		return nil
	default:
		return errf(protocol.CodeBadRequest, "%s is not a request", m.Type())
	}
	g := c.srv.hub.game(gid)
	if g == nil {
		return errf(protocol.CodeNotFound, "no running game %d", gid)
	}
	switch m.(type) {
	case *protocol.Watch, *protocol.Resync:
		c.watching[gid] = g // so the connection leaves it when it closes
	}
	r := request{c: c, u: c.user, id: id, msg: m, received: c.srv.now()}
	return g.tryPost(func() { g.handle(r) })
}
