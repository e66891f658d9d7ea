package tui

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
)

// maxChatInput is the longest chat line one can type: what the server takes.
const maxChatInput = client.MaxChatRunes

// ClientBackend is the Backend over a client.Client: it turns intents into
// requests and the client's typed events into screen messages, and keeps the
// lobby (players, challenges, seek) as the events describe it.
type ClientBackend struct {
	c   *client.Client
	now func() time.Time
	// OnGuest, when set, is told a new guest session's token and name.
	OnGuest func(token, name string)
	// OnAccountDeleted, when set, is told my account was deleted, to
	// forget its saved session.
	OnAccountDeleted func()

	mu         sync.Mutex
	players    map[string]client.Player
	bots       []client.Player
	challenges map[int64]client.Challenge
	games      map[int64]client.LobbyGame // running games
	seeking    bool
	colors     map[int64]engine.Color            // my colour per game (engine.Empty when watching)
	names      map[int64]map[engine.Color]string // player names per game and colour
	shutdown   string                            // the server's shutdown notice, until reconnected
}

// NewClientBackend adapts a logged-in client.
func NewClientBackend(c *client.Client) *ClientBackend {
	return &ClientBackend{
		c: c, now: time.Now,
		players:    map[string]client.Player{},
		challenges: map[int64]client.Challenge{},
		games:      map[int64]client.LobbyGame{},
		colors:     map[int64]engine.Color{},
		names:      map[int64]map[engine.Color]string{},
	}
}

// Next waits for the client's next event that changes the screen. An event
// the client could not read is shown as an error notice.
func (b *ClientBackend) Next() tea.Msg {
	for {
		e, err := b.c.NextEvent(context.Background())
		switch {
		case errors.Is(err, client.ErrBadEvent):
			return NoticeMsg{Text: err.Error(), Error: true}
		case err != nil:
			return nil // the client is closed
		}
		if msg := b.convert(e); msg != nil {
			return msg
		}
	}
}

// convert applies one event to the backend's lobby and returns its message.
func (b *ClientBackend) convert(e client.Event) tea.Msg {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch e := e.(type) {
	case client.Disconnected:
		return b.disconnected(e)
	case client.Reconnected:
		b.shutdown = ""
		if !e.LoggedIn {
			// The lobby as last seen is stale, and no event will update it
			// until the player enters again.
			b.forgetLobby()
			return MultiMsg{b.lobbyMsg(), ConnMsg{Status: "connected, logged out", LoggedOut: true, Detail: "the session has expired"}}
		}
		return ConnMsg{Status: "connected"}
	case client.ServerShutdown:
		b.shutdown = e.Message
		return NoticeMsg{Text: "server: " + e.Message}
	case client.ChatMessage:
		return ChatMsg{Game: e.Game, Line: ChatLine{From: e.From, Text: e.Text}}
	case client.GameStarted:
		b.seeking = false
		b.dropChallengesOf(e.Black.Name, e.White.Name)
		return MultiMsg{b.lobbyMsg(), b.start(e.GameSnapshot)}
	case client.GameSynced:
		return b.start(e.GameSnapshot)
	}
	if msg := b.lobbyEvent(e); msg != nil {
		return msg
	}
	return b.gameEvent(e)
}

// forgetLobby drops the lobby as last seen, once logged out: no event
// updates it until the player enters again. Call with b.mu held.
func (b *ClientBackend) forgetLobby() {
	b.players, b.challenges, b.seeking = map[string]client.Player{}, map[int64]client.Challenge{}, false
}

// disconnected says why the connection dropped. Call with b.mu held.
func (b *ClientBackend) disconnected(e client.Disconnected) tea.Msg {
	status := "disconnected"
	if e.RetryIn > 0 {
		status = fmt.Sprintf("reconnecting in %s", e.RetryIn.Round(100*time.Millisecond))
	}
	detail := b.shutdown // the server said why: better than any network error
	if detail == "" {
		detail = shortError(e.Err)
	}
	return ConnMsg{Status: status, Down: true, Detail: detail}
}

// lobbyEvent applies the events of the lobby (nil for others). Call with
// b.mu held.
func (b *ClientBackend) lobbyEvent(e client.Event) tea.Msg {
	switch e := e.(type) {
	case client.LobbySnapshot:
		b.players = map[string]client.Player{}
		for _, p := range e.Players {
			b.players[p.Name] = p
		}
		b.bots = e.Bots
		b.challenges = map[int64]client.Challenge{}
		for _, c := range e.Challenges {
			b.challenges[c.ID] = c
		}
		b.games = map[int64]client.LobbyGame{}
		b.gamesChanged(e.Games)
		var history ChatHistoryMsg
		for _, c := range e.Chat {
			history.Lines = append(history.Lines, ChatLine{From: c.From, Text: c.Text})
		}
		return MultiMsg{b.lobbyMsg(), history}
	case client.LobbyGamesChanged:
		b.gamesChanged(e.Games)
		return b.lobbyMsg()
	case client.PresenceChanged:
		for _, p := range e.Players {
			if p.Status == client.StatusOffline {
				delete(b.players, p.Name)
			} else if !p.Bot {
				b.players[p.Name] = p
			}
			if p.Name == b.c.Me().Name {
				b.seeking = p.Status == client.StatusSeeking
			}
		}
		return b.lobbyMsg()
	case client.ChallengeMade:
		b.challenges[e.ID] = e.Challenge
		return MultiMsg{b.lobbyMsg(), challengeNotice(e.From, Challenge{Incoming: true, Settings: settingsOf(e.Settings)})}
	case client.ChallengeClosed:
		return b.challengeClosed(e)
	}
	return nil
}

// gamesChanged updates the running games. Call with b.mu held.
func (b *ClientBackend) gamesChanged(gs []client.LobbyGame) {
	for _, g := range gs {
		if g.Over {
			delete(b.games, g.Game)
		} else {
			b.games[g.Game] = g
		}
	}
}

// challengeClosed forgets a challenge and says why it went. Call with b.mu
// held.
func (b *ClientBackend) challengeClosed(e client.ChallengeClosed) tea.Msg {
	c, ok := b.challenges[e.ID]
	delete(b.challenges, e.ID)
	switch e.Status {
	case client.ChallengeDeclined:
		return MultiMsg{b.lobbyMsg(), NoticeMsg{Text: e.By + " declined your challenge"}}
	case client.ChallengeExpired:
		return MultiMsg{b.lobbyMsg(), NoticeMsg{Text: "a challenge expired"}}
	}
	if !ok {
		return b.lobbyMsg()
	}
	text := "challenge from " + c.From + " cancelled"
	if !strings.EqualFold(c.To, b.c.Me().Name) {
		text = "challenge to " + c.To + " cancelled"
	}
	if e.Reason != "" && e.Reason != c.From+" cancelled" {
		text += ": " + e.Reason
	}
	return MultiMsg{b.lobbyMsg(), NoticeMsg{Text: text}}
}

// gameEvent applies the events of a running game (nil for others). Call
// with b.mu held.
func (b *ClientBackend) gameEvent(e client.Event) tea.Msg {
	switch e := e.(type) {
	case client.MoveMade:
		return GameMoveMsg{Game: e.Game, Move: engine.Move{Point: e.Point, Color: e.Color}, Clock: b.clocks(e.Clock), Lag: e.Lag}
	case client.OpeningActed:
		return b.openingActed(e)
	case client.TakenBack:
		return GameUndoMsg{Game: e.Game, N: e.Undone, Clock: b.clocks(e.Clock)}
	case client.ClockSet:
		return GameClockMsg{Game: e.Game, Clock: *b.clocks(&e.Clock)}
	case client.WatchersChanged:
		return GameWatchersMsg{Game: e.Game, Watchers: e.Watchers}
	case client.RematchStarted:
		if mine, known := b.colors[e.Game]; known && mine == engine.Empty {
			return RematchMsg{Old: e.Game, New: e.NewGame}
		}
	case client.OfferMade:
		return GameOfferMsg{Game: e.Game, Offer: string(e.Kind), Mine: e.From == b.colors[e.Game]}
	case client.OfferAnswered:
		return b.offerAnswer(e)
	case client.GameEnded:
		m := GameOverMsg{Game: e.Game, Result: finalResult(e.Result), Note: ratingNote(e), Clock: b.clocks(e.Clock)}
		if e.BlackRating != nil && e.WhiteRating != nil {
			m.BlackRating, m.WhiteRating = e.BlackRating.After, e.WhiteRating.After
		}
		return m
	case client.PlayerAway:
		mine, known := b.colors[e.Game]
		switch {
		case e.Color == mine:
			return nil
		case !known || mine == engine.Empty:
			return NoticeMsg{Text: b.name(e.Game, e.Color) + " disconnected"}
		}
		return MultiMsg{GameAwayMsg{Game: e.Game, Away: true},
			NoticeMsg{Text: fmt.Sprintf("%s disconnected; you may claim the win (w) after %s, or wait",
				b.name(e.Game, e.Color), e.ClaimAfter)}}
	case client.PlayerBack:
		mine, known := b.colors[e.Game]
		switch {
		case e.Color == mine:
			return nil
		case !known || mine == engine.Empty:
			return NoticeMsg{Text: b.name(e.Game, e.Color) + " is back"}
		}
		return MultiMsg{GameAwayMsg{Game: e.Game, Away: false}, NoticeMsg{Text: b.name(e.Game, e.Color) + " is back"}}
	}
	return nil
}

// shortError is the last, most specific part of a network error:
// "connection refused" rather than "connect to ws://…: dial tcp …: connect:
// connection refused".
func shortError(err error) string {
	if err == nil {
		return ""
	}
	text := err.Error()
	if i := strings.LastIndex(text, ": "); i >= 0 {
		text = text[i+2:]
	}
	return text
}

// offerAnswer says who answered whose offer, as the reader sees it: the
// one who answered ("you declined bob's draw offer"), the one who offered
// ("bob declined your draw offer") or a watcher ("bob declined alice's draw
// offer"). Call with b.mu held.
func (b *ClientBackend) offerAnswer(e client.OfferAnswered) tea.Msg {
	m := GameOfferMsg{Game: e.Game, Offer: string(e.Kind), Answered: true, Accepted: e.Accepted}
	what := offerNoun(string(e.Kind))
	if e.By == engine.Empty {
		m.Text = "the " + what + " lapsed"
		return m
	}
	verb := "declined"
	if e.Accepted {
		verb = "accepted"
	}
	mine := b.colors[e.Game] // engine.Empty when watching
	offerer := e.By.Opponent()
	switch {
	case mine != engine.Empty && e.By == mine:
		m.Text = fmt.Sprintf("you %s %s's %s", verb, b.name(e.Game, offerer), what)
	case mine != engine.Empty:
		m.Mine = true
		m.Text = fmt.Sprintf("%s %s your %s", b.name(e.Game, e.By), verb, what)
	default:
		m.Text = fmt.Sprintf("%s %s %s's %s", b.name(e.Game, e.By), verb, b.name(e.Game, offerer), what)
	}
	return m
}

// offerNoun names an offer: "draw offer", "takeback request".
func offerNoun(kind string) string {
	if kind == string(client.OfferTakeback) {
		return "takeback request"
	}
	return kind + " offer"
}

// name is the name of the player of color in a game ("black" when unknown).
// Call with b.mu held.
func (b *ClientBackend) name(game int64, color engine.Color) string {
	if n := b.names[game][color]; n != "" {
		return n
	}
	return color.String()
}

func challengeNotice(from string, c Challenge) NoticeMsg {
	s := c.Settings
	rated := ""
	if s.Rated {
		rated = " rated"
	}
	color := "colours at random"
	if mc := myColor(c); mc != "random" {
		color = "you " + mc
	}
	return NoticeMsg{Text: fmt.Sprintf("%s challenges you to %s %dx%d %s%s, %s, %s: in the lobby, tab then a accepts",
		from, s.Rule, s.Size, s.Size, s.Time, rated, openingText(s), color)}
}

// dropChallengesOf forgets the challenges between the two players of a game
// that starts: one was accepted (the server says so only with the game).
// Call with b.mu held.
func (b *ClientBackend) dropChallengesOf(black, white string) {
	for id, c := range b.challenges {
		if strings.EqualFold(c.From, black) && strings.EqualFold(c.To, white) ||
			strings.EqualFold(c.From, white) && strings.EqualFold(c.To, black) {
			delete(b.challenges, id)
		}
	}
}

// lobbyMsg is the lobby as the screen shows it. Call with b.mu held.
func (b *ClientBackend) lobbyMsg() LobbyMsg {
	me := b.c.Me().Name
	var ps []client.Player
	for _, p := range b.players {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].Name == me || ps[j].Name == me {
			return ps[i].Name == me
		}
		return strings.ToLower(ps[i].Name) < strings.ToLower(ps[j].Name)
	})
	ps = append(ps, b.bots...)
	var cs []Challenge
	for _, c := range b.challenges {
		cs = append(cs, Challenge{ID: c.ID, From: c.From, To: c.To, Incoming: c.To == me, Settings: settingsOf(c.Settings)})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].ID < cs[j].ID })
	var gs []LobbyGame
	for _, g := range b.games {
		gs = append(gs, lobbyGameOf(g))
	}
	return LobbyMsg{Players: ps, Challenges: cs, Games: sortGames(gs), Seeking: b.seeking}
}
