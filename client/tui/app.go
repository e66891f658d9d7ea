package tui

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/gomokud/gomoku/client"
)

// Backend is the network side of the App. Both methods are called from
// bubbletea commands, off the UI loop, and may block.
type Backend interface {
	// Do performs an intent and returns what to show: a NoticeMsg (an error
	// from the server is a NoticeMsg with Error set), a GameStartMsg, or nil.
	Do(ctx context.Context, in Intent) tea.Msg
	// Next waits for the next server event as one of the messages of
	// msgs.go; it returns nil once the backend is closed.
	Next() tea.Msg
}

// tickEvery is how often running clocks are redrawn.
const tickEvery = 200 * time.Millisecond

// App is the whole interactive program: the lobby and the games, switched
// by intents, fed by the backend's events.
type App struct {
	ctx     context.Context
	backend Backend
	styles  Styles
	now     func() time.Time

	Lobby   *LobbyModel
	Games   map[int64]*GameModel
	Current int64 // the game on screen; 0 for the lobby

	width, height int
	help          bool      // the help screen of the current screen is shown
	screens       []screen  // history, replay... over the lobby or a game; the last on top
	screenNote    NoticeMsg // the last notice while a screen is shown ("saved game-12.sgf")
	// OnSettings, when set, is told the lobby's settings after they
	// changed, to keep them for the next run (off the UI loop).
	OnSettings func(Settings)
	saved      Settings // the settings OnSettings last heard
	ticking    bool
	msgTimer   int     // the lobby message a clearing timer is set for
	conn       ConnMsg // the connection's last state
	deleted    string  // my account, deleted: logged out until G
}

// NewApp builds the program's model for player me on server.
func NewApp(ctx context.Context, b Backend, me, server string, st Styles) *App {
	return &App{
		ctx: ctx, backend: b, styles: st, now: time.Now,
		Lobby: NewLobbyModel(me, server, st),
		Games: map[int64]*GameModel{},
		width: 80, height: 24,
	}
}

// Init starts listening to the backend.
func (a *App) Init() tea.Cmd {
	return tea.Batch(a.next(), tea.SetWindowTitle("gomoku"))
}

func (a *App) next() tea.Cmd {
	return func() tea.Msg {
		msg := a.backend.Next()
		if msg == nil {
			return backendClosed{}
		}
		return eventMsg{msg}
	}
}

// eventMsg wraps a backend event so the App re-arms Next exactly once per event.
type eventMsg struct{ tea.Msg }

type backendClosed struct{}

// messageLife is how long the lobby shows an info or error line.
const messageLife = 8 * time.Second

// expireMsg clears message number seq of a game's screen (game 0: the
// lobby), if still shown.
type expireMsg struct {
	game int64
	seq  int
}

// Update is the UI loop's only entry: it never blocks. A new lobby message
// gets a timer that clears it.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if e, ok := msg.(expireMsg); ok {
		if g := a.Games[e.game]; g != nil {
			g.expire(e.seq)
		} else if e.game == 0 {
			a.Lobby.expire(e.seq)
		}
		return a, nil
	}
	m, cmd := a.update(msg)
	if s := a.Lobby.Settings; s != a.saved && a.OnSettings != nil {
		a.saved = s
		save := a.OnSettings
		cmd = tea.Batch(cmd, func() tea.Msg { save(s); return nil })
	}
	if seq := a.Lobby.msgSeq; seq != a.msgTimer && a.Lobby.Message != "" {
		a.msgTimer = seq
		cmd = tea.Batch(cmd, expireAfter(0, seq))
	}
	if g := a.Games[a.Current]; g != nil && g.msgSeq != g.msgTimer && g.Message != "" {
		g.msgTimer = g.msgSeq
		cmd = tea.Batch(cmd, expireAfter(a.Current, g.msgSeq))
	}
	return m, cmd
}

func expireAfter(game int64, seq int) tea.Cmd {
	return tea.Tick(messageLife, func(time.Time) tea.Msg { return expireMsg{game: game, seq: seq} })
}

func (a *App) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
		a.Lobby.Update(msg)
		for _, g := range a.Games {
			g.Update(msg)
		}
		return a, nil
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			return a, tea.Quit
		}
		if a.conn.LoggedOut && msg.String() == "G" && !a.typing() {
			return a, a.intent(GuestIntent{Name: strings.TrimPrefix(a.Lobby.Me, client.GuestPrefix)})
		}
		if a.helpKey(msg.String()) {
			return a, nil
		}
		if n := len(a.screens); n > 0 {
			a.screenNote = NoticeMsg{}
			if t, ok := a.screens[n-1].(typingScreen); ok && msg.Type != tea.KeyEsc {
				return a, t.input(msg)
			}
			if k := msg.String(); k == "q" || k == "esc" {
				a.screens = a.screens[:n-1]
				return a, nil
			}
			return a, a.screens[n-1].key(msg.String())
		}
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 {
			// Keys typed faster than the terminal is read arrive as one
			// message: each is a key of its own.
			var cmds []tea.Cmd
			for _, r := range msg.Runes {
				cmds = append(cmds, a.screenUpdate(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt}))
			}
			return a, tea.Sequence(cmds...)
		}
		return a, a.screenUpdate(msg)
	case tea.MouseMsg:
		return a, a.screenUpdate(msg)
	case Intent:
		return a, a.intent(msg)
	case eventMsg:
		return a, tea.Batch(a.event(msg.Msg), a.next())
	case backendClosed:
		a.Lobby.Status = "closed"
		return a, nil
	case tickMsg:
		a.ticking = false
		return a, a.tick()
	default:
		// Replies of Do.
		return a, a.event(msg)
	}
}

// typing reports whether the screen shown takes keys as text.
func (a *App) typing() bool {
	if n := len(a.screens); n > 0 {
		_, ok := a.screens[n-1].(typingScreen)
		return ok
	}
	if g := a.Games[a.Current]; g != nil {
		return g.mode != inputNone
	}
	return a.Lobby.chatting
}

func (a *App) screenUpdate(msg tea.Msg) tea.Cmd {
	if g := a.Games[a.Current]; g != nil {
		return g.Update(msg)
	}
	return a.Lobby.Update(msg)
}

// intent handles what is local and hands the rest to the backend.
func (a *App) intent(in Intent) tea.Cmd {
	switch i := in.(type) {
	case QuitIntent:
		return tea.Quit
	case OpenGameIntent:
		if a.Games[i.Game] != nil {
			a.Current = i.Game
			return a.tick()
		}
	case LeaveGameIntent:
		g := a.Games[i.Game]
		a.Current = 0
		if g == nil || g.player() && !g.State.Over() {
			// Still playing: the game stays open in the background.
			return nil
		}
		delete(a.Games, i.Game)
		if a.conn.Down {
			return nil // the client forgets it; nothing to tell the server
		}
	case GuestIntent:
		if a.conn.Down {
			a.notice(NoticeMsg{Text: "not connected yet: wait for the reconnect, then G", Error: true})
			return nil
		}
	default:
		if a.conn.LoggedOut {
			a.failed(intentFailed{in, NoticeMsg{Text: "not logged in: " + notSent(in) + " (G enters as a guest)", Error: true}})
			return nil
		}
		if a.conn.Down {
			// Said at once, and it stays on the screen: a move typed while
			// the server is away is not silently lost.
			a.failed(intentFailed{in, NoticeMsg{Text: "not connected: " + notSent(in), Error: true}})
			return nil
		}
	}
	ctx := a.ctx
	return func() tea.Msg {
		msg := a.backend.Do(ctx, in)
		if n, ok := msg.(NoticeMsg); ok && n.Error {
			return intentFailed{in, n}
		}
		return msg
	}
}

// intentFailed is an intent the backend could not perform, and why.
type intentFailed struct {
	in     Intent
	notice NoticeMsg
}

// failed undoes what the screen assumed when the intent was made (my pending
// offer) and shows why: on the screen that made it, when it says why
// itself (a form).
func (a *App) failed(f intentFailed) {
	if n := len(a.screens); n > 0 {
		if r, ok := a.screens[n-1].(refusedScreen); ok && r.refused(f.in, f.notice) {
			return
		}
	}
	if o, ok := f.in.(OfferIntent); ok {
		if g := a.Games[o.Game]; g != nil {
			g.State.MyOffer = ""
		}
	}
	a.notice(f.notice)
}

// connEvent records the connection's state; while it is down every screen
// says so on its bottom line, so notices are not overwritten by retries.
func (a *App) connEvent(m ConnMsg) {
	wasDown := a.conn.Down
	a.conn = m
	a.Lobby.Status = m.Status
	line := ""
	switch {
	case m.Down:
		line = m.Status + "…"
		if m.Detail != "" {
			line += " " + m.Detail
		}
	case m.LoggedOut && a.deleted != "":
		line = "account " + a.deleted + " deleted: G plays as a guest"
	case m.LoggedOut && strings.HasPrefix(a.Lobby.Me, client.GuestPrefix):
		line = "guest gone after a server restart: G enters again as a new guest"
	case m.LoggedOut:
		line = "session expired: G plays as a guest, or quit and log in again"
	}
	a.Lobby.Conn = line
	for _, g := range a.Games {
		g.Conn = line
	}
	if wasDown && !m.Down && !m.LoggedOut {
		a.notice(NoticeMsg{Text: "reconnected"})
	}
}

// event applies a backend message.
func (a *App) event(msg tea.Msg) tea.Cmd {
	switch m := msg.(type) {
	case nil:
	case ConnMsg:
		a.connEvent(m)
	case LobbyMsg:
		a.Lobby.SetPlayers(m.Players)
		a.Lobby.SetChallenges(m.Challenges)
		a.Lobby.SetGames(m.Games)
		a.Lobby.Seeking = m.Seeking
	case ChatHistoryMsg:
		// The server's lines up to now: they include those already shown.
		a.Lobby.Chat = append([]ChatLine(nil), m.Lines...)
	case ChatMsg:
		if m.Game == 0 {
			a.Lobby.Chat = appendChat(a.Lobby.Chat, m.Line)
		} else if g := a.Games[m.Game]; g != nil && !a.Lobby.Blocked[strings.ToLower(m.Line.From)] {
			// A blocked player's lines in a game are not shown (the
			// server keeps them from the lobby chat).
			g.Chat = appendChat(g.Chat, m.Line)
		}
	case GameStartMsg:
		return a.startGame(m.State)
	case GameMoveMsg:
		if g := a.Games[m.Game]; g != nil {
			if err := g.State.Apply(m.Move); err != nil {
				g.Error("%v", err)
			} else if !g.holdMsg {
				g.Message = ""
			}
			if m.Clock != nil {
				g.State.SetClocks(*m.Clock)
			}
			g.State.SetLag(m.Move.Color, m.Lag)
		}
	case GameOpeningMsg:
		if g := a.Games[m.Game]; g != nil {
			g.opening(m)
		}
	case GameUndoMsg:
		if g := a.Games[m.Game]; g != nil {
			if err := g.State.Undo(m.N); err != nil {
				g.Error("%v", err)
			} else {
				what := fmt.Sprintf("%d moves", m.N)
				if m.N == 1 {
					what = "1 move"
				}
				g.Info("%s taken back", what)
			}
			if m.Clock != nil {
				g.State.SetClocks(*m.Clock)
			}
		}
	case GameClockMsg:
		if g := a.Games[m.Game]; g != nil {
			g.State.SetClocks(m.Clock)
		}
	case SessionMsg:
		a.Lobby.Me, a.deleted = m.Me, ""
		// A new identity: the games played under the old one are not mine.
		for id, g := range a.Games {
			if g.player() {
				delete(a.Games, id)
				if a.Current == id {
					a.Current = 0
				}
			}
		}
		a.updateMyGame()
	case MultiMsg:
		var cmds []tea.Cmd
		for _, one := range m {
			cmds = append(cmds, a.event(one))
		}
		return tea.Batch(cmds...)
	case GameOfferMsg:
		a.offer(m)
	case GameOverMsg:
		if g := a.Games[m.Game]; g != nil {
			if m.Clock != nil {
				g.State.SetClocks(*m.Clock)
			} else {
				g.State.StopClock(a.now())
			}
			g.State.Finish(m.Result)
			g.Info("%s", m.Note)
			if m.BlackRating > 0 {
				g.State.Info.Black.Rating, g.State.Info.White.Rating = m.BlackRating, m.WhiteRating
			}
		}
		a.updateMyGame()
	case GameWatchersMsg:
		if g := a.Games[m.Game]; g != nil {
			g.State.Watchers = m.Watchers
		}
	case RematchMsg:
		// Watching: follow the players to their rematch.
		if g := a.Games[m.Old]; g != nil && !g.player() {
			g.Info("rematch: game %d", m.New)
			return tea.Batch(a.intent(WatchIntent{Game: m.New}), a.tick())
		}
	case GameAwayMsg:
		if g := a.Games[m.Game]; g != nil {
			g.State.Away = m.Away
		}
	case ScreenMsg:
		a.screens = append(a.screens, m.screen)
	case PasswordChangedMsg:
		if n := len(a.screens); n > 0 {
			if f, ok := a.screens[n-1].(*formScreen); ok && f.waiting {
				a.screens = a.screens[:n-1]
			}
		}
	case AccountDeletedMsg:
		// The screens showed the account: they go with it.
		a.screens, a.help = nil, false
		a.deleted = m.Name
		a.connEvent(ConnMsg{Status: "logged out", LoggedOut: true}) // every screen says it
	case BlocksMsg:
		a.Lobby.Blocked = map[string]bool{}
		for _, n := range m.Names {
			a.Lobby.Blocked[strings.ToLower(n)] = true
		}
	case NoticeMsg:
		a.notice(m)
	case intentFailed:
		a.failed(m)
	}
	return a.tick()
}

func (a *App) startGame(s *GameState) tea.Cmd {
	g := NewGameModel(s, a.styles, a.now)
	g.Update(tea.WindowSizeMsg{Width: a.width, Height: a.height})
	g.Conn = a.Lobby.Conn
	old := a.Games[s.Info.ID]
	if old != nil {
		g.Chat, g.Cursor = old.Chat, old.Cursor
	}
	a.Games[s.Info.ID] = g
	a.updateMyGame()
	switch {
	case old != nil:
		// A refresh (after a reconnect): the screen stays where it is.
	case a.Current == 0 && a.Lobby.chatting:
		// Keys being typed must not land on the board.
		a.Lobby.Info("game %d started: g opens it", s.Info.ID)
	default:
		a.Current = s.Info.ID
	}
	return a.tick()
}

func (a *App) offer(m GameOfferMsg) {
	g := a.Games[m.Game]
	if g == nil {
		return
	}
	if !m.Answered {
		if !m.Mine {
			g.State.Offer = m.Offer
		}
		return
	}
	// An answer ends the pending offer of its kind, whoever made it.
	if g.State.Offer == m.Offer {
		g.State.Offer = ""
	}
	if g.State.MyOffer == m.Offer {
		g.State.MyOffer = ""
	}
	if m.Text != "" {
		g.Info("%s", m.Text)
	}
}

// updateMyGame points the lobby's "back to game" key at a running game of mine.
func (a *App) updateMyGame() {
	a.Lobby.MyGame = 0
	for id, g := range a.Games {
		if g.player() && !g.State.Over() {
			a.Lobby.MyGame = id
		}
	}
}

func (a *App) notice(n NoticeMsg) {
	if len(a.screens) > 0 {
		a.screenNote = n // shown on the screen over the others
		return
	}
	set := a.Lobby.Info
	if g := a.Games[a.Current]; g != nil {
		set = g.Info
		if n.Error {
			set = g.Error
		}
	} else if n.Error {
		set = a.Lobby.Error
	}
	set("%s", n.Text)
}

// tick keeps one clock tick pending while a game with a running clock is shown.
func (a *App) tick() tea.Cmd {
	g := a.Games[a.Current]
	if a.ticking || g == nil || g.State.Over() || !g.State.Clocked() {
		return nil
	}
	a.ticking = true
	return tea.Tick(tickEvery, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// helpKey opens the help screen with ?, closes it with ?, esc or q, and
// swallows every other key while it is shown. It reports whether it took
// the key.
func (a *App) helpKey(key string) bool {
	switch {
	case a.help:
		if key == "?" || key == "esc" || key == "q" {
			a.help = false
		}
		return true
	case key == "?" && !a.typing():
		a.help = true
		return true
	}
	return false
}

// View draws the current screen.
func (a *App) View() string {
	g := a.Games[a.Current]
	if n := len(a.screens); n > 0 {
		top := a.screens[n-1]
		if a.help {
			return helpView("Keys · "+top.title(), top.keys(), a.width, a.height, a.styles)
		}
		note := ""
		switch {
		case a.screenNote.Error:
			note = a.styles.Error.Render("! " + a.screenNote.Text)
		case a.screenNote.Text != "":
			note = a.styles.Info.Render(a.screenNote.Text)
		}
		return top.view(a.width, a.height-1, a.styles) + "\n" + ansi.Truncate(note, a.width, "…")
	}
	switch {
	case a.help && g != nil:
		title := fmt.Sprintf("Keys · game %d", g.State.Info.ID)
		if g.State.Phase != nil {
			title += " · the opening"
		}
		return helpView(title, gameKeys(g.player(), g.State.Phase != nil), a.width, a.height, a.styles)
	case a.help:
		return helpView("Keys · lobby", lobbyKeys, a.width, a.height, a.styles)
	case g != nil:
		return g.View()
	}
	return a.Lobby.View()
}

// maxChat is how many chat lines a screen keeps.
const maxChat = 200

func appendChat(lines []ChatLine, l ChatLine) []ChatLine {
	lines = append(lines, l)
	if len(lines) > maxChat {
		lines = lines[len(lines)-maxChat:]
	}
	return lines
}
