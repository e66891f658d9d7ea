package tui

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/protocol"
)

// maxChatInput is the longest chat line one can type: what the server takes.
const maxChatInput = protocol.MaxChatRunes

// ClientBackend is the Backend over a client.Client: it turns intents into
// requests and the client's events into screen messages, and keeps the lobby
// (players, challenges, seek) as the events describe it.
type ClientBackend struct {
	c   *client.Client
	now func() time.Time

	mu         sync.Mutex
	players    map[string]protocol.Player
	bots       []protocol.Player
	challenges map[int64]protocol.Challenge
	seeking    bool
	colors     map[int64]string            // my colour per game ("" when watching)
	names      map[int64]map[string]string // player names per game and colour
	shutdown   string                      // the server's shutdown notice, until reconnected
}

// NewClientBackend adapts a logged-in client.
func NewClientBackend(c *client.Client) *ClientBackend {
	return &ClientBackend{
		c: c, now: time.Now,
		players:    map[string]protocol.Player{},
		challenges: map[int64]protocol.Challenge{},
		colors:     map[int64]string{},
		names:      map[int64]map[string]string{},
	}
}

// Next waits for the client's next event that changes the screen.
func (b *ClientBackend) Next() tea.Msg {
	for m := range b.c.Events() {
		if msg := b.convert(m); msg != nil {
			return msg
		}
	}
	return nil
}

// convert applies one event to the backend's lobby and returns its message.
func (b *ClientBackend) convert(m protocol.Message) tea.Msg {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch e := m.(type) {
	case client.Disconnected:
		status := "disconnected"
		if e.RetryIn > 0 {
			status = fmt.Sprintf("reconnecting in %s", e.RetryIn.Round(100*time.Millisecond))
		}
		detail := b.shutdown // the server said why: better than any network error
		if detail == "" {
			detail = shortError(e.Err)
		}
		return ConnMsg{Status: status, Down: true, Detail: detail}
	case client.Reconnected:
		b.shutdown = ""
		if !e.LoggedIn {
			// The lobby as last seen is stale, and no event will update it
			// until the player enters again.
			b.players, b.challenges, b.seeking = map[string]protocol.Player{}, map[int64]protocol.Challenge{}, false
			return MultiMsg{b.lobbyMsg(), ConnMsg{Status: "connected, logged out", LoggedOut: true, Detail: "the session has expired"}}
		}
		return ConnMsg{Status: "connected"}
	case *protocol.Shutdown:
		b.shutdown = e.Message
		return NoticeMsg{Text: "server: " + e.Message}
	case *protocol.Lobby:
		b.players = map[string]protocol.Player{}
		for _, p := range e.Players {
			b.players[p.Name] = p
		}
		b.bots = e.Bots
		b.challenges = map[int64]protocol.Challenge{}
		for _, c := range e.Challenges {
			b.challenges[c.ChallengeID] = c
		}
		return b.lobbyMsg()
	case *protocol.Presence:
		for _, p := range e.Players {
			if p.Status == protocol.StatusOffline {
				delete(b.players, p.Name)
			} else if p.Kind != protocol.KindBot {
				b.players[p.Name] = p
			}
			if p.Name == b.c.Me().Name {
				b.seeking = p.Status == protocol.StatusSeeking
			}
		}
		return b.lobbyMsg()
	case *protocol.Challenge:
		b.challenges[e.ChallengeID] = *e
		return MultiMsg{b.lobbyMsg(), challengeNotice(e.From, Challenge{Incoming: true, Settings: settingsOf(e.Settings)})}
	case *protocol.ChallengeDeclined:
		delete(b.challenges, e.ChallengeID)
		return MultiMsg{b.lobbyMsg(), NoticeMsg{Text: e.By + " declined your challenge"}}
	case *protocol.ChallengeCancelled:
		c, ok := b.challenges[e.ChallengeID]
		delete(b.challenges, e.ChallengeID)
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
	case *protocol.ChallengeExpired:
		delete(b.challenges, e.ChallengeID)
		return MultiMsg{b.lobbyMsg(), NoticeMsg{Text: "a challenge expired"}}
	case *protocol.LobbyChat:
		return ChatMsg{Line: ChatLine{From: e.From, Text: e.Text}}
	case *protocol.GameStart:
		b.seeking = false
		b.dropChallengesOf(e.Game)
		return MultiMsg{b.lobbyMsg(), b.start(e.Snapshot)}
	case *protocol.GameState:
		return b.start(e.Snapshot)
	case *protocol.GameMove:
		p, err := engine.ParsePoint(e.Move, engine.MaxSize)
		c, cerr := engine.ParseColor(e.Color)
		if err != nil || cerr != nil {
			return NoticeMsg{Text: fmt.Sprintf("bad move from the server: %q %q", e.Color, e.Move), Error: true}
		}
		return GameMoveMsg{Game: e.GameID, Move: engine.Move{Point: p, Color: c}, Clock: b.clocks(e.Clock)}
	case *protocol.GameTakeback:
		return GameUndoMsg{Game: e.GameID, N: e.Undone, Clock: b.clocks(e.Clock)}
	case *protocol.GameClock:
		return GameClockMsg{Game: e.GameID, Clock: *b.clocks(&e.Clock)}
	case *protocol.OfferMade:
		mine := e.From == b.colors[e.GameID]
		return GameOfferMsg{Game: e.GameID, Offer: e.Kind, Mine: mine}
	case *protocol.OfferAnswer:
		return b.offerAnswer(e)
	case *protocol.GameOver:
		m := GameOverMsg{Game: e.GameID, Result: resultOf(e.Result), Note: ratingNote(e)}
		if e.BlackRating != nil && e.WhiteRating != nil {
			m.BlackRating, m.WhiteRating = e.BlackRating.After, e.WhiteRating.After
		}
		return m
	case *protocol.GameChat:
		return ChatMsg{Game: e.GameID, Line: ChatLine{From: e.From, Text: e.Text}}
	case *protocol.PlayerAway:
		mine, known := b.colors[e.GameID]
		switch {
		case e.Color == mine:
			return nil
		case !known || mine == "":
			return NoticeMsg{Text: b.name(e.GameID, e.Color) + " disconnected"}
		}
		return MultiMsg{GameAwayMsg{Game: e.GameID, Away: true},
			NoticeMsg{Text: fmt.Sprintf("%s disconnected; you may claim the win (w) after %s, or wait",
				b.name(e.GameID, e.Color), time.Duration(e.ClaimAfterMS)*time.Millisecond)}}
	case *protocol.PlayerBack:
		mine, known := b.colors[e.GameID]
		switch {
		case e.Color == mine:
			return nil
		case !known || mine == "":
			return NoticeMsg{Text: b.name(e.GameID, e.Color) + " is back"}
		}
		return MultiMsg{GameAwayMsg{Game: e.GameID, Away: false}, NoticeMsg{Text: b.name(e.GameID, e.Color) + " is back"}}
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
func (b *ClientBackend) offerAnswer(e *protocol.OfferAnswer) tea.Msg {
	m := GameOfferMsg{Game: e.GameID, Offer: e.Kind, Answered: true, Accepted: e.Accepted}
	what := offerNoun(e.Kind)
	if e.By == "" {
		m.Text = "the " + what + " lapsed"
		return m
	}
	verb := "declined"
	if e.Accepted {
		verb = "accepted"
	}
	mine := b.colors[e.GameID] // "" when watching
	offerer := protocol.ColorBlack
	if e.By == protocol.ColorBlack {
		offerer = protocol.ColorWhite
	}
	switch {
	case mine != "" && e.By == mine:
		m.Text = fmt.Sprintf("you %s %s's %s", verb, b.name(e.GameID, offerer), what)
	case mine != "":
		m.Mine = true
		m.Text = fmt.Sprintf("%s %s your %s", b.name(e.GameID, e.By), verb, what)
	default:
		m.Text = fmt.Sprintf("%s %s %s's %s", b.name(e.GameID, e.By), verb, b.name(e.GameID, offerer), what)
	}
	return m
}

// offerNoun names an offer: "draw offer", "takeback request".
func offerNoun(kind string) string {
	if kind == protocol.OfferTakeback {
		return "takeback request"
	}
	return kind + " offer"
}

// name is the name of the player of color in a game ("black" when unknown).
// Call with b.mu held.
func (b *ClientBackend) name(game int64, color string) string {
	if n := b.names[game][color]; n != "" {
		return n
	}
	return color
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
	return NoticeMsg{Text: fmt.Sprintf("%s challenges you to %s %dx%d %s%s, %s: tab, a accepts",
		from, s.Rule, s.Size, s.Size, s.Time, rated, color)}
}

// dropChallengesOf forgets the challenges between the two players of a game
// that starts: one was accepted (the server says so only with the game).
// Call with b.mu held.
func (b *ClientBackend) dropChallengesOf(g protocol.GameInfo) {
	for id, c := range b.challenges {
		if strings.EqualFold(c.From, g.Black.Name) && strings.EqualFold(c.To, g.White.Name) ||
			strings.EqualFold(c.From, g.White.Name) && strings.EqualFold(c.To, g.Black.Name) {
			delete(b.challenges, id)
		}
	}
}

// lobbyMsg is the lobby as the screen shows it. Call with b.mu held.
func (b *ClientBackend) lobbyMsg() LobbyMsg {
	me := b.c.Me().Name
	var ps []Player
	for _, p := range b.players {
		ps = append(ps, playerOf(p))
	}
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].Name == me || ps[j].Name == me {
			return ps[i].Name == me
		}
		return strings.ToLower(ps[i].Name) < strings.ToLower(ps[j].Name)
	})
	for _, p := range b.bots {
		ps = append(ps, playerOf(p))
	}
	var cs []Challenge
	for _, c := range b.challenges {
		cs = append(cs, Challenge{ID: c.ChallengeID, From: c.From, To: c.To, Incoming: c.To == me, Settings: settingsOf(c.Settings)})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].ID < cs[j].ID })
	return LobbyMsg{Players: ps, Challenges: cs, Seeking: b.seeking}
}

func playerOf(p protocol.Player) Player {
	out := Player{Name: p.Name, Status: p.Status, Rating: p.Rating, Bot: p.Kind == protocol.KindBot, Guest: p.Kind == protocol.KindGuest}
	if len(p.Games) > 0 {
		out.Game = p.Games[0]
	}
	return out
}

// start builds the game state of a snapshot. Call with b.mu held.
func (b *ClientBackend) start(s protocol.Snapshot) tea.Msg {
	info, err := infoOf(s.Game)
	if err != nil {
		return NoticeMsg{Text: err.Error(), Error: true}
	}
	if s.YourColor != "" {
		info.Me, _ = engine.ParseColor(s.YourColor)
	}
	b.colors[s.Game.GameID] = s.YourColor
	b.names[s.Game.GameID] = map[string]string{protocol.ColorBlack: s.Game.Black.Name, protocol.ColorWhite: s.Game.White.Name}
	moves := make([]engine.Move, len(s.Moves))
	for i, mv := range s.Moves {
		p, err := engine.ParsePoint(mv, info.Size)
		if err != nil {
			return NoticeMsg{Text: fmt.Sprintf("game %d: bad move %q from the server", info.ID, mv), Error: true}
		}
		moves[i] = engine.Move{Point: p, Color: engine.Color(1 + i%2)}
	}
	st, err := NewGameState(info, moves, b.clocks(s.Clock))
	if err != nil {
		return NoticeMsg{Text: err.Error(), Error: true}
	}
	if s.Offer != nil {
		if s.Offer.From == s.YourColor {
			st.MyOffer = s.Offer.Kind
		} else {
			st.Offer = s.Offer.Kind
		}
	}
	st.Away = s.Away != "" && s.Away != s.YourColor
	if s.Result != nil {
		st.Finish(resultOf(*s.Result))
	}
	return GameStartMsg{State: st}
}

func infoOf(g protocol.GameInfo) (GameInfo, error) {
	rule, err := engine.ParseRule(g.Rule)
	if err != nil {
		return GameInfo{}, fmt.Errorf("game %d: %w", g.GameID, err)
	}
	size := g.Size
	if size == 0 {
		size = engine.DefaultSize
	}
	return GameInfo{
		ID: g.GameID, Rule: rule, Size: size, Time: timeText(g.Time), Rated: g.Rated,
		Black: Side{Name: g.Black.Name, Rating: g.Black.Rating, Bot: g.Black.Kind == protocol.KindBot},
		White: Side{Name: g.White.Name, Rating: g.White.Rating, Bot: g.White.Kind == protocol.KindBot},
	}, nil
}

// clocks converts the server's clock, measured now (nil for none).
func (b *ClientBackend) clocks(c *protocol.Clock) *Clocks {
	if c == nil {
		return nil
	}
	run, _ := engine.ParseColor(c.Running)
	return &Clocks{
		Black: time.Duration(c.BlackMS) * time.Millisecond, White: time.Duration(c.WhiteMS) * time.Millisecond,
		BlackByo: c.BlackByoYomi, WhiteByo: c.WhiteByoYomi, Running: run, At: b.now(),
	}
}

func resultOf(r protocol.Result) engine.Result {
	out := engine.Result{}
	out.Winner, _ = engine.ParseColor(r.Winner)
	out.Reason, _ = engine.ParseReason(r.Reason)
	if out.Reason == engine.ReasonNone {
		out.Reason = engine.ReasonAborted // an unknown reason still ends the game
	}
	for _, s := range r.Line {
		if p, err := engine.ParsePoint(s, engine.MaxSize); err == nil {
			out.Line = append(out.Line, p)
		}
	}
	return out
}

func ratingNote(e *protocol.GameOver) string {
	var parts []string
	for _, r := range []struct {
		side string
		rc   *protocol.RatingChange
	}{{"black", e.BlackRating}, {"white", e.WhiteRating}} {
		if r.rc != nil {
			parts = append(parts, fmt.Sprintf("%s %d → %d", r.side, r.rc.Before, r.rc.After))
		}
	}
	if len(parts) == 0 {
		return "" // the banner says it all
	}
	return "ratings: " + strings.Join(parts, ", ")
}

func timeText(t protocol.TimeControl) string {
	tc := client.TimeControl{
		Main: time.Duration(t.MainMS) * time.Millisecond, Increment: time.Duration(t.IncrementMS) * time.Millisecond,
		ByoYomi: time.Duration(t.ByoYomiMS) * time.Millisecond,
	}
	if tc == (client.TimeControl{}) {
		return ""
	}
	return tc.String()
}

func settingsOf(s protocol.Settings) Settings {
	rule, _ := engine.ParseRule(s.Rule)
	size := s.Size
	if size == 0 {
		size = engine.DefaultSize
	}
	t := timeText(s.Time)
	if t == "" {
		t = "none"
	}
	color := s.Color
	if color == "" {
		color = protocol.ColorRandom
	}
	return Settings{Rule: rule, Size: size, Time: t, Color: color, Rated: s.Rated}
}

// ProtocolSettings converts the lobby's settings for the wire.
func ProtocolSettings(s Settings) (protocol.Settings, error) {
	tc, err := client.ParseTimeControl(s.Time)
	if err != nil {
		return protocol.Settings{}, err
	}
	return protocol.Settings{
		Rule: s.Rule.String(), Size: s.Size, Color: s.Color, Rated: s.Rated,
		Time: protocol.TimeControl{MainMS: tc.Main.Milliseconds(), IncrementMS: tc.Increment.Milliseconds(), ByoYomiMS: tc.ByoYomi.Milliseconds()},
	}, nil
}
