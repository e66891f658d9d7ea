package server

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gomokud/gomoku/protocol"
)

// handle decodes one frame and serves it, on the reader goroutine. Every
// request gets exactly one reply: its answer or a typed error. Requests
// about a game are handed to the game's goroutine, which answers them.
func (c *conn) handle(data []byte) {
	f, err := protocol.Decode(data)
	if err != nil {
		c.replyErr(f.ID, errf(protocol.CodeBadRequest, "%v", err))
		return
	}
	reply, err := c.serve(f.ID, f.Msg)
	switch {
	case err != nil:
		c.replyErr(f.ID, err)
	case reply != nil:
		c.reply(f.ID, reply)
	}
	for _, after := range c.after {
		after()
	}
	clear(c.after)
	c.after = c.after[:0]
}

// afterReply runs f once the current request is answered (what must follow
// the reply: the lobby after a session, a game's start after its accept).
func (c *conn) afterReply(f func()) { c.after = append(c.after, f) }

// serve routes a request by its type (routes) and returns its reply; nil
// with no error when a game answers it.
func (c *conn) serve(id string, m protocol.Message) (protocol.Message, error) {
	r, ok := routes[m.Type()]
	switch {
	case !ok:
		return nil, errf(protocol.CodeBadRequest, "%s is not a request", m.Type())
	case !c.greeted && !r.hello:
		return nil, errf(protocol.CodeBadRequest, "say hello first")
	case !r.hello && c.env.work.stopping():
		return nil, errShuttingDown
	case r.player && c.user == nil:
		return nil, errf(protocol.CodeUnauthorized, "log in first (login, register, guest or resume)")
	case r.game != nil:
		return nil, c.toGame(id, m, r.game)
	}
	return r.serve(c, m)
}

// route is how one request type is served: answered on the reader
// (serve), or handed to a game (game names it).
type route struct {
	hello  bool // served before hello
	player bool // needs a logged-in player
	serve  func(c *conn, m protocol.Message) (protocol.Message, error)
	game   func(c *conn, m protocol.Message) (int64, error)
}

// on is a route answered on the reader goroutine.
func on[T protocol.Message](player bool, f func(c *conn, m T) (protocol.Message, error)) route {
	return route{player: player, serve: func(c *conn, m protocol.Message) (protocol.Message, error) {
		return f(c, m.(T))
	}}
}

// toGameOf is a route handed to the game the request names.
func toGameOf[T protocol.Message](id func(m T) int64) route {
	return route{player: true, game: func(_ *conn, m protocol.Message) (int64, error) { return id(m.(T)), nil }}
}

// routes are the requests a client may send, by message type; every other
// type is a reply or an event of the server's.
var routes map[string]route

func init() {
	lobby := func(f func(h *hub, c *conn) (protocol.Message, error)) func(c *conn, _ protocol.Message) (protocol.Message, error) {
		return func(c *conn, _ protocol.Message) (protocol.Message, error) { return f(c.lobby, c) }
	}
	routes = map[string]route{
		protocol.Hello{}.Type(): {hello: true, serve: func(c *conn, m protocol.Message) (protocol.Message, error) {
			return c.hello(m.(*protocol.Hello))
		}},
		protocol.Ping{}.Type():     on(false, func(*conn, *protocol.Ping) (protocol.Message, error) { return protocol.Pong{}, nil }),
		protocol.Register{}.Type(): on(false, (*conn).register),
		protocol.Login{}.Type():    on(false, (*conn).login),
		protocol.Guest{}.Type():    on(false, (*conn).guest),
		protocol.Resume{}.Type():   on(false, (*conn).resume),
		protocol.Logout{}.Type():   on(true, (*conn).logout),
		protocol.GetLobby{}.Type(): {player: true, serve: lobby(func(h *hub, c *conn) (protocol.Message, error) {
			return h.lobby(c.user), nil
		})},
		protocol.ChallengeCreate{}.Type(): on(true, func(c *conn, m *protocol.ChallengeCreate) (protocol.Message, error) {
			return c.lobby.createChallenge(c, c.user, m)
		}),
		protocol.ChallengeAccept{}.Type(): on(true, func(c *conn, m *protocol.ChallengeAccept) (protocol.Message, error) {
			return c.lobby.acceptChallenge(c, c.user, m.ChallengeID)
		}),
		protocol.ChallengeDecline{}.Type(): on(true, func(c *conn, m *protocol.ChallengeDecline) (protocol.Message, error) {
			return ok(c.lobby.declineChallenge(c.user, m.ChallengeID))
		}),
		protocol.ChallengeCancel{}.Type(): on(true, func(c *conn, m *protocol.ChallengeCancel) (protocol.Message, error) {
			return ok(c.lobby.cancelChallenge(c.user, m.ChallengeID))
		}),
		protocol.Seek{}.Type(): on(true, func(c *conn, m *protocol.Seek) (protocol.Message, error) {
			return ok(c.lobby.seek(c.user, m.Settings))
		}),
		protocol.Unseek{}.Type(): on(true, func(c *conn, _ *protocol.Unseek) (protocol.Message, error) {
			c.lobby.unseek(c.user)
			return protocol.OK{}, nil
		}),
		protocol.LobbySay{}.Type():       on(true, (*conn).lobbySay),
		protocol.ChangePassword{}.Type(): on(true, (*conn).changePassword),
		protocol.DeleteAccount{}.Type():  on(true, (*conn).deleteAccount),
		protocol.Block{}.Type():          on(true, (*conn).block),
		protocol.Unblock{}.Type():        on(true, (*conn).unblock),
		protocol.GetBlocks{}.Type():      on(true, (*conn).blocks),
		protocol.GetProfile{}.Type():     on(true, (*conn).profile),
		protocol.GetHistory{}.Type():     on(true, (*conn).history),
		protocol.GetRecord{}.Type():      on(true, (*conn).record),
		protocol.GetLeaderboard{}.Type(): on(true, (*conn).leaderboard),
		protocol.Unwatch{}.Type():        on(true, (*conn).unwatch),
		protocol.Move{}.Type():           toGameOf(func(m *protocol.Move) int64 { return m.GameID }),
		protocol.Takeback{}.Type():       toGameOf(func(m *protocol.Takeback) int64 { return m.GameID }),
		protocol.TakebackAnswer{}.Type(): toGameOf(func(m *protocol.TakebackAnswer) int64 { return m.GameID }),
		protocol.DrawOffer{}.Type():      toGameOf(func(m *protocol.DrawOffer) int64 { return m.GameID }),
		protocol.DrawAnswer{}.Type():     toGameOf(func(m *protocol.DrawAnswer) int64 { return m.GameID }),
		protocol.Resign{}.Type():         toGameOf(func(m *protocol.Resign) int64 { return m.GameID }),
		protocol.Abort{}.Type():          toGameOf(func(m *protocol.Abort) int64 { return m.GameID }),
		protocol.RematchOffer{}.Type():   toGameOf(func(m *protocol.RematchOffer) int64 { return m.GameID }),
		protocol.RematchAnswer{}.Type():  toGameOf(func(m *protocol.RematchAnswer) int64 { return m.GameID }),
		protocol.ClaimWin{}.Type():       toGameOf(func(m *protocol.ClaimWin) int64 { return m.GameID }),
		protocol.OpeningAction{}.Type():  toGameOf(func(m *protocol.OpeningAction) int64 { return m.GameID }),
		protocol.Watch{}.Type():          toGameOf(func(m *protocol.Watch) int64 { return m.GameID }),
		protocol.Resync{}.Type():         toGameOf(func(m *protocol.Resync) int64 { return m.GameID }),
		protocol.GameSay{}.Type(): {player: true, game: func(c *conn, m protocol.Message) (int64, error) {
			say := m.(*protocol.GameSay)
			text, err := c.chatText(say.Text)
			say.Text = text
			return say.GameID, err
		}},
	}
}

// ok is OK when err is nil, else err.
func ok(err error) (protocol.Message, error) {
	if err != nil {
		return nil, err
	}
	return protocol.OK{}, nil
}

// hello checks the protocol version.
func (c *conn) hello(h *protocol.Hello) (protocol.Message, error) {
	if h.Version != protocol.Version {
		return nil, errf(protocol.CodeUnsupportedVersion, "this server speaks protocol version %d, not %d",
			protocol.Version, h.Version)
	}
	c.greeted = true
	return protocol.Welcome{Version: protocol.Version, Server: c.env.cfg.Name}, nil
}

// lobbySay is a line of the lobby chat, to everyone.
func (c *conn) lobbySay(m *protocol.LobbySay) (protocol.Message, error) {
	text, err := c.chatText(m.Text)
	if err != nil {
		return nil, err
	}
	if !c.lobby.chat.Allow() {
		return nil, errf(protocol.CodeRateLimited, "the lobby chat is busy; try again in a moment")
	}
	line := protocol.LobbyChat{From: c.user.name, Text: text, At: c.env.now().UTC().Truncate(time.Millisecond)}
	c.lobby.chatLog.add(line)
	c.lobby.broadcastChat(c.user, protocol.MustEncode("", line))
	return protocol.OK{}, nil
}

// unwatch leaves a watched game.
func (c *conn) unwatch(m *protocol.Unwatch) (protocol.Message, error) {
	if g := c.watching[m.GameID]; g != nil {
		delete(c.watching, m.GameID)
		g.post(func() { g.removeWatcher(c) })
	}
	return protocol.OK{}, nil
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

// toGame hands a request to the game it names, whose goroutine answers.
func (c *conn) toGame(id string, m protocol.Message, gameOf func(*conn, protocol.Message) (int64, error)) error {
	gid, err := gameOf(c, m)
	if err != nil {
		return err
	}
	g := c.lobby.game(gid)
	if g == nil {
		return errf(protocol.CodeNotFound, "no running game %d", gid)
	}
	switch m.(type) {
	case *protocol.Watch, *protocol.Resync:
		if c.watching == nil { // most connections never watch: no map until one does
			c.watching = map[int64]*game{}
		}
		c.watching[gid] = g // so the connection leaves it when it closes
	}
	r := request{c: c, u: c.user, id: id, msg: m, received: c.env.now()}
	return g.tryPost(func() { g.handle(r) })
}
