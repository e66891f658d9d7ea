package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// Challenge is an open challenge to or from the local player.
type Challenge struct {
	ID       int64
	From, To string
	Incoming bool // addressed to me
	Settings Settings
}

// Choices the settings keys cycle through.
var (
	ruleChoices  = engine.Rules[:]
	sizeChoices  = []int{15, 19, 20, 13, 9}
	timeChoices  = []string{"10+5", "5+3", "15+10", "30+0", "30m/60s", "none"}
	colorChoices = []string{"random", "black", "white"}
)

type lobbyFocus int

const (
	focusPlayers lobbyFocus = iota
	focusGames
	focusChallenges
)

// LobbyModel is the lobby screen: players and bots, challenges, quick-pair,
// the settings used to challenge or seek, and chat. Keys become Intents.
type LobbyModel struct {
	Me         string
	Server     string
	Status     string // connection state shown in the title
	Players    []client.Player
	Challenges []Challenge
	Games      []LobbyGame     // running games, newest first
	Blocked    map[string]bool // lower-case names of the players I block
	Chat       []ChatLine
	Settings   Settings
	Seeking    bool
	MyGame     int64 // a running game of mine to return to, 0 for none
	Message    string
	IsError    bool
	msgSeq     int    // counts messages shown, for expire
	Conn       string // the connection's trouble, shown instead of the help line

	Width, Height int
	styles        Styles
	focus         lobbyFocus
	sel           int  // index into Players or Challenges
	chatting      bool // typing: a chat line, or a clock when clock is set
	clock         bool
	input         string
	quitArmed     bool // q pressed once with a running game
	chatBack      int  // chat rows scrolled back from the newest (pgup / pgdown)
	chatRows      int  // the chat's height when last drawn: a page
}

// NewLobbyModel opens the lobby with default settings.
func NewLobbyModel(me, server string, st Styles) *LobbyModel {
	return &LobbyModel{
		Me: me, Server: server, Status: "connecting", styles: st, Width: 80, Height: 24,
		Settings: Settings{Rule: engine.Freestyle, Size: 15, Time: "10+5", Color: "random"},
	}
}

// Info shows an information line.
func (m *LobbyModel) Info(format string, args ...any) {
	m.Message, m.IsError = fmt.Sprintf(format, args...), false
	m.msgSeq++
}

// Error shows an error line.
func (m *LobbyModel) Error(format string, args ...any) {
	m.Message, m.IsError = fmt.Sprintf(format, args...), true
	m.msgSeq++
}

// expire clears the message line if it still shows message number seq:
// "challenge sent" should not stay on screen for good.
func (m *LobbyModel) expire(seq int) {
	if seq == m.msgSeq {
		m.Message, m.IsError = "", false
	}
}

// SetPlayers replaces the player list, humans first then bots, keeping the
// selection on the same name when it is still there. The first list
// selects the first player other than me, so c challenges someone at once.
func (m *LobbyModel) SetPlayers(ps []client.Player) {
	selected, had := "", false
	if p, ok := m.selectedPlayer(); ok {
		selected, had = p.Name, true
	}
	m.Players = sortPlayers(ps)
	if m.focus == focusPlayers && !had {
		m.focusPlayers()
	}
	for i, p := range m.Players {
		if had && p.Name == selected && m.focus == focusPlayers {
			m.sel = i
		}
	}
	m.clampSel()
}

// SetChallenges replaces the open challenges.
// With the last one gone (accepted, say) the focus goes back to the
// players, so the cursor is never on an empty list.
func (m *LobbyModel) SetChallenges(cs []Challenge) {
	m.Challenges = cs
	if m.focus == focusChallenges && len(cs) == 0 {
		m.focusPlayers()
	}
	m.clampSel()
}

// focusPlayers moves the cursor to the players, on the first one who is not
// me (the one a challenge can go to).
func (m *LobbyModel) focusPlayers() {
	m.focus, m.sel = focusPlayers, 0
	for i, p := range m.Players {
		if p.Name != m.Me {
			m.sel = i
			return
		}
	}
}

func sortPlayers(ps []client.Player) []client.Player {
	out := make([]client.Player, 0, len(ps))
	for _, bot := range []bool{false, true} {
		for _, p := range ps {
			if p.Bot == bot {
				out = append(out, p)
			}
		}
	}
	return out
}

func (m *LobbyModel) listLen() int {
	switch m.focus {
	case focusChallenges:
		return len(m.Challenges)
	case focusGames:
		return len(m.Games)
	}
	return len(m.Players)
}

func (m *LobbyModel) clampSel() {
	m.sel = min(max(m.sel, 0), max(m.listLen()-1, 0))
}

func (m *LobbyModel) selectedPlayer() (client.Player, bool) {
	if m.focus != focusPlayers || m.sel >= len(m.Players) {
		return client.Player{}, false
	}
	return m.Players[m.sel], true
}

func (m *LobbyModel) selectedChallenge() (Challenge, bool) {
	if m.focus != focusChallenges || m.sel >= len(m.Challenges) {
		return Challenge{}, false
	}
	return m.Challenges[m.sel], true
}

// Update handles keys and resizes; it returns the intent of a key, or nil.
func (m *LobbyModel) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.Width, m.Height = msg.Width, msg.Height
	case tea.KeyMsg:
		if m.chatting {
			return m.typing(msg)
		}
		return m.key(msg.String())
	}
	return nil
}

func (m *LobbyModel) key(key string) tea.Cmd {
	if key != "q" {
		m.quitArmed = false
	}
	switch key {
	case "up", "k":
		m.sel--
		m.clampSel()
	case "down", "j":
		m.sel++
		m.clampSel()
	case "tab":
		// Players, then the games (if any), then the challenges.
		switch m.focus {
		case focusPlayers:
			m.focus, m.sel = focusGames, 0
			if len(m.Games) == 0 {
				m.focus = focusChallenges
			}
		case focusGames:
			m.focus, m.sel = focusChallenges, 0
		default:
			m.focusPlayers()
		}
	case "t", "/":
		m.chatting, m.clock, m.input = true, false, ""
	case "h":
		return intentCmd(HistoryIntent{})
	case "B":
		p, ok := m.selectedPlayer()
		switch {
		case !ok || p.Bot || p.Name == m.Me:
			m.Error("select another player to block")
		case p.Guest:
			m.Error("guests cannot be blocked: they have no account")
		default:
			return intentCmd(BlockIntent{Name: p.Name, On: !m.Blocked[strings.ToLower(p.Name)]})
		}
	case "L": // the board of the rule chosen in the settings ([1] changes it)
		return intentCmd(LeaderboardIntent{Rule: m.Settings.Rule})
	case "P":
		name := ""
		if p, ok := m.selectedPlayer(); ok && !p.Bot && !p.Guest {
			name = p.Name
		}
		return intentCmd(ProfileIntent{Name: name})
	case "T":
		if m.Seeking {
			m.Error("you are seeking with these settings: p stops, then change them")
			return nil
		}
		m.chatting, m.clock, m.input = true, true, ""
	case "pgup", "pgdown", "end":
		m.chatBack = scrollChat(m.chatBack, key, max(m.chatRows, 1))
	case "p":
		if m.Seeking {
			return intentCmd(CancelSeekIntent{})
		}
		return intentCmd(SeekIntent{Settings: m.Settings})
	case "g":
		if m.MyGame != 0 {
			return intentCmd(OpenGameIntent{Game: m.MyGame})
		}
		m.Info("you have no running game")
	case "q":
		if m.MyGame != 0 && !m.quitArmed {
			m.quitArmed = true
			m.Error("your game %d is running and its clock with it: g returns to it, q again quits", m.MyGame)
			return nil
		}
		return intentCmd(QuitIntent{})
	case "1", "2", "3", "4", "5", "6":
		if m.Seeking {
			// The seek went with the settings it had; p stops it first.
			m.Error("you are seeking with these settings: p stops, then change them")
			return nil
		}
		m.cycleSetting(key)
	default:
		switch m.focus {
		case focusChallenges:
			return m.challengeKey(key)
		case focusGames:
			if in := m.gameKey(key); in != nil {
				return intentCmd(in)
			}
			return nil
		}
		return m.playerKey(key)
	}
	return nil
}

func (m *LobbyModel) playerKey(key string) tea.Cmd {
	p, ok := m.selectedPlayer()
	if !ok {
		return nil
	}
	switch key {
	case "c", "enter":
		if p.Name == m.Me {
			m.Error("you cannot challenge yourself")
			return nil
		}
		return intentCmd(ChallengeIntent{Name: p.Name, Settings: m.Settings})
	case "w":
		if p.Game == 0 {
			m.Error("%s is not playing", p.Name)
			return nil
		}
		return intentCmd(WatchIntent{Game: p.Game})
	}
	return nil
}

func (m *LobbyModel) challengeKey(key string) tea.Cmd {
	c, ok := m.selectedChallenge()
	if !ok {
		return nil
	}
	switch {
	case c.Incoming && (key == "a" || key == "enter"):
		return intentCmd(AcceptChallengeIntent{ID: c.ID})
	case c.Incoming && (key == "d" || key == "x"):
		return intentCmd(DeclineChallengeIntent{ID: c.ID})
	case !c.Incoming && (key == "x" || key == "d"):
		return intentCmd(CancelChallengeIntent{ID: c.ID})
	}
	return nil
}

func (m *LobbyModel) cycleSetting(key string) {
	s := &m.Settings
	switch key {
	case "1":
		s.Rule = next(ruleChoices, s.Rule)
		if s.Opening.Kind.Supports(s.Rule, opening.RenjuSize) != nil {
			s.Opening = client.OpeningRule{} // the new rule's default
		}
	case "2":
		s.Size = next(sizeChoices, s.Size)
	case "3":
		s.Time = next(timeChoices, s.Time)
	case "4":
		s.Color = next(colorChoices, s.Color)
	case "5":
		s.Rated = !s.Rated
	case "6":
		s.Opening = client.Opening(next(openingChoices(s.Rule), s.Opening.For(s.Rule)))
	}
}

// openingChoices are the opening rules that go with rule r, none first.
// Renju is played on 15x15 only, so the board size does not narrow them.
func openingChoices(r engine.Rule) []opening.Kind {
	var out []opening.Kind
	for _, k := range opening.Kinds {
		if k.Supports(r, opening.RenjuSize) == nil {
			out = append(out, k)
		}
	}
	return out
}

// openingText is the opening rule settings play: "swap2", "no opening".
func openingText(s Settings) string {
	if k := s.Opening.For(s.Rule); k != opening.None {
		return k.String()
	}
	return "no opening"
}

// next returns the choice after cur, wrapping around (the first when cur is
// not a choice).
func next[T comparable](choices []T, cur T) T {
	for i, c := range choices {
		if c == cur {
			return choices[(i+1)%len(choices)]
		}
	}
	return choices[0]
}

func (m *LobbyModel) typing(k tea.KeyMsg) tea.Cmd {
	switch k.Type {
	case tea.KeyEsc:
		m.chatting, m.input = false, ""
	case tea.KeyBackspace:
		if r := []rune(m.input); len(r) > 0 {
			m.input = string(r[:len(r)-1])
		}
	case tea.KeyEnter:
		text := strings.TrimSpace(m.input)
		m.chatting, m.input = false, ""
		if m.clock {
			m.setClock(text)
			return nil
		}
		if text != "" {
			return intentCmd(ChatIntent{Text: text})
		}
	case tea.KeySpace:
		m.input += " "
	case tea.KeyRunes:
		if len([]rune(m.input)) < maxChatInput {
			m.input += string(k.Runes)
		}
	}
	return nil
}

// View draws the lobby, at most Width x Height.
func (m *LobbyModel) View() string {
	st := m.styles
	title := st.Title.Render("gomoku") + " · " + m.Me + " · " + m.Server + " · " + m.Status
	bodyH := max(m.Height-5, 4)
	leftW := min(max(m.Width/2, 36), 44)
	left := m.playerLines(bodyH, leftW)
	right := m.rightLines(bodyH, m.Width-leftW-1)
	lines := []string{title, ""}
	for i := 0; i < bodyH; i++ {
		l := ""
		if i < len(left) {
			l = left[i]
		}
		l = ansi.Truncate(l, leftW, "…")
		l += strings.Repeat(" ", max(leftW-ansi.StringWidth(l), 0))
		if i < len(right) {
			l += " " + right[i]
		}
		lines = append(lines, strings.TrimRight(l, " "))
	}
	lines = append(lines, m.settingsLine(), m.messageLine(), m.helpLine())
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.Width, "…")
	}
	return fitHeight(strings.Join(lines, "\n"), m.Height)
}

func (m *LobbyModel) playerLines(height, width int) []string {
	st := m.styles
	humans := 0
	for _, p := range m.Players {
		if !p.Bot {
			humans++
		}
	}
	out := []string{st.Title.Render(fmt.Sprintf("Players (%d online)", humans))}
	first := true
	for i, p := range m.Players {
		if p.Bot && first {
			out = append(out, st.Title.Render("Bots"))
			first = false
		}
		out = append(out, m.playerLine(i, p, width))
	}
	if len(out) > height {
		// Keep the selection visible.
		from := min(max(m.sel+2-height/2, 0), len(out)-height)
		out = out[from : from+height]
	}
	return out
}

func (m *LobbyModel) playerLine(i int, p client.Player, width int) string {
	status := p.Status
	if p.Bot {
		status = "bot"
	}
	rating := ""
	switch {
	case p.Rating > 0:
		rating = fmt.Sprint(p.Rating)
	case p.Guest:
		rating = "guest"
	}
	extra := ""
	if p.Game != 0 {
		extra = fmt.Sprintf("#%d", p.Game)
	}
	name := p.Name
	if name == m.Me {
		name += " (you)"
	}
	if m.Blocked[strings.ToLower(p.Name)] {
		name += " ⊘"
	}
	line := fmt.Sprintf("  %-18s %-8s %5s %s", name, status, rating, extra)
	if m.focus == focusPlayers && i == m.sel {
		line = "> " + line[2:]
		return m.styles.Selected.Render(strings.TrimRight(ansi.Truncate(line, width, "…"), " "))
	}
	return line
}

func (m *LobbyModel) rightLines(height, width int) []string {
	st := m.styles
	// The games take up to a third of the column (all of it, focused).
	limit := max(height/3-1, 2)
	if m.focus == focusGames {
		limit = max(height-6, 2)
	}
	out := append(m.gameLines(limit), "", st.Title.Render("Challenges"))
	if len(m.Challenges) == 0 {
		out = append(out, st.Dim.Render("  none"))
	}
	for i, c := range m.Challenges {
		var line string
		if c.Incoming {
			line = fmt.Sprintf("← %s: %s", c.From, challengeText(c))
		} else {
			line = fmt.Sprintf("→ %s: %s", c.To, challengeText(c))
		}
		if m.focus == focusChallenges && i == m.sel {
			out = append(out, st.Selected.Render("> "+line))
		} else {
			out = append(out, "  "+line)
		}
	}
	if m.Seeking {
		out = append(out, st.Info.Render("  seeking a game: "+settingsText(m.Settings)))
	}
	out = append(out, "")
	chatH := height - len(out) - 1
	if chatH < 1 {
		return out[:min(len(out), height)]
	}
	m.chatRows = chatH
	m.chatBack = min(m.chatBack, max(len(chatRows(m.Chat, width, maxChat*4, 0, st))-chatH, 0))
	out = append(out, st.Title.Render(chatTitle(m.chatBack)))
	return append(out, chatRows(m.Chat, width, chatH, m.chatBack, st)...)
}

// challengeText is a challenge's settings as its reader plays them, the
// stone first: "● renju 15x15 10+5 rated soosorv-8" (I play black; ◐ for
// random colours). The settings name the challenger's colour.
func challengeText(c Challenge) string {
	s := c.Settings
	rated := "casual"
	if s.Rated {
		rated = "rated"
	}
	// The opening last: a narrow column cuts it first.
	return fmt.Sprintf("%s %s %dx%d %s %s %s", myStone(c), s.Rule, s.Size, s.Size, s.Time, rated, openingText(s))
}

// myColor is the colour I play if c is accepted: "black", "white" or
// "random".
func myColor(c Challenge) string {
	color := c.Settings.Color
	switch {
	case color != "black" && color != "white":
		return "random"
	case !c.Incoming:
		return color
	case color == "black":
		return "white"
	}
	return "black"
}

func myStone(c Challenge) string {
	switch myColor(c) {
	case "black":
		return glyphBlack
	case "white":
		return glyphWhite
	}
	return "◐"
}

// settingsText is "renju 15x15 10+5 random casual soosorv-8".
func settingsText(s Settings) string {
	rated := "casual"
	if s.Rated {
		rated = "rated"
	}
	return fmt.Sprintf("%s %dx%d %s %s %s %s", s.Rule, s.Size, s.Size, s.Time, s.Color, rated, openingText(s))
}

func (m *LobbyModel) settingsLine() string {
	s := m.Settings
	rated := "casual"
	if s.Rated {
		rated = "rated"
	}
	open := s.Opening.For(s.Rule).String()
	line := fmt.Sprintf("Settings: [1] %s  [2] %dx%d  [3] %s  [4] %s  [5] %s  [6] %s", s.Rule, s.Size, s.Size, s.Time, s.Color, rated, open)
	if ansi.StringWidth(line) > m.Width {
		line = fmt.Sprintf("[1] %s [2] %dx%d [3] %s [4] %s [5] %s [6] %s", s.Rule, s.Size, s.Size, s.Time, s.Color, rated, open)
	}
	return line
}

func (m *LobbyModel) messageLine() string {
	switch {
	case m.chatting && m.clock:
		return inputLine("clock (10+5, 3m+2s, 30m/60s, none)> ", m.input, m.Width)
	case m.chatting:
		return inputLine("say> ", m.input, m.Width)
	case m.Message == "":
		return ""
	case m.IsError:
		return m.styles.Error.Render("! " + m.Message)
	}
	return m.styles.Info.Render(m.Message)
}

func (m *LobbyModel) helpLine() string {
	if m.Conn != "" {
		return m.styles.Error.Render(m.Conn) + m.styles.Dim.Render(" · q quit")
	}
	switch m.focus {
	case focusChallenges:
		return m.styles.Dim.Render(keyHelp(m.Width, "●/○ your stones", "↑↓ select", "a accept", "d decline", "x cancel", "tab players"))
	case focusGames:
		return m.styles.Dim.Render(keyHelp(m.Width, "↑↓ select", "w enter watch", "tab challenges", "? help", "q quit"))
	}
	items := []string{"c challenge", "w watch", "p pair", "tab lists", "t chat", "? help", "q quit"}
	if m.MyGame != 0 {
		items = append([]string{"g game"}, items...)
	}
	return m.styles.Dim.Render(keyHelp(m.Width, items...))
}
