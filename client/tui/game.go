package tui

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// inputMode is what the bottom line is typing.
type inputMode int

const (
	inputNone inputMode = iota
	inputMove
	inputChat
)

// ChatLine is one chat message.
type ChatLine struct {
	From string
	Text string
}

// GameModel is the game screen: the board, clocks, record, chat and the keys
// of a player or, read-only, of a spectator. It sends nothing itself: keys
// become Intents.
type GameModel struct {
	State   *GameState
	Cursor  engine.Point
	Chat    []ChatLine
	Message string // the last info or error line
	IsError bool
	Conn    string // the connection's trouble, shown instead of the help line

	msgSeq, msgTimer int // messages shown; the one a clearing timer is set for

	Width, Height int
	styles        Styles
	now           func() time.Time

	mode     inputMode
	input    string
	confirm  Intent // a ResignIntent or AbortIntent waiting for y; nil for none
	chatBack int    // chat rows scrolled back from the newest (pgup / pgdown)
	chatRows int    // the chat's height when last drawn: a page
	// marks are the fifth moves I marked to offer, in the opening's offer
	// phase; sent together with o.
	marks []engine.Point
	// holdMsg keeps the message line through moves, until it expires or
	// another replaces it: an opening action's note comes just before the
	// stone it places, or the opponent's first move.
	holdMsg bool
}

// NewGameModel opens the game screen on a state; now is the clock the timers
// read (time.Now in the program, a fixed time in tests).
func NewGameModel(s *GameState, st Styles, now func() time.Time) *GameModel {
	c := s.Info.Size / 2
	return &GameModel{State: s, Cursor: engine.Point{X: c, Y: c}, styles: st, now: now, Width: 80, Height: 24}
}

// Info shows an information line.
func (m *GameModel) Info(format string, args ...any) {
	m.Message, m.IsError = fmt.Sprintf(format, args...), false
	m.msgSeq++
	m.holdMsg = false
}

// Error shows an error line.
func (m *GameModel) Error(format string, args ...any) {
	m.Message, m.IsError = fmt.Sprintf(format, args...), true
	m.msgSeq++
	m.holdMsg = false
}

// expire clears the message line if it still shows message number seq.
func (m *GameModel) expire(seq int) {
	if seq == m.msgSeq {
		m.Message, m.IsError = "", false
	}
}

// Update handles keys, mouse and resizes; it returns the intent of the key as
// a command, or nil.
func (m *GameModel) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.Width, m.Height = msg.Width, msg.Height
	case tea.KeyMsg:
		if m.mode != inputNone {
			return m.typing(msg)
		}
		return m.key(msg)
	case tea.MouseMsg:
		return m.mouse(msg)
	}
	return nil
}

func (m *GameModel) key(k tea.KeyMsg) tea.Cmd {
	s := m.State
	id := s.Info.ID
	key := k.String()
	if pending := m.confirm; pending != nil {
		m.confirm = nil
		_, resign := pending.(ResignIntent)
		switch {
		case key == "A" && m.canAbort():
			return intentCmd(AbortIntent{Game: id})
		case key == "y" || key == "R" && resign:
			return intentCmd(pending)
		}
		if resign {
			m.Info("resignation cancelled")
		} else {
			m.Info("abort cancelled")
		}
		return nil
	}
	if cmd, ok := m.openingKey(key); ok {
		return cmd
	}
	switch key {
	case "left", "h":
		m.moveCursor(-1, 0)
	case "right", "l":
		m.moveCursor(1, 0)
	case "up", "k":
		m.moveCursor(0, 1)
	case "down", "j":
		m.moveCursor(0, -1)
	case "enter", " ":
		return m.place(m.Cursor)
	case ":", "m":
		if m.player() {
			m.mode, m.input = inputMove, ""
		}
	case "t", "/":
		m.mode, m.input = inputChat, ""
	case "q", "esc":
		return intentCmd(LeaveGameIntent{Game: id})
	case "pgup", "pgdown", "end":
		m.chatBack = scrollChat(m.chatBack, key, m.chatPage())
	case "v":
		if s.Over() {
			return intentCmd(ReplayIntent{Game: id})
		}
	}
	if !m.player() {
		return nil
	}
	switch key {
	case "u":
		if !s.Over() {
			s.MyOffer = "takeback"
			return intentCmd(OfferIntent{Game: id, Offer: "takeback"})
		}
	case "d":
		if !s.Over() {
			s.MyOffer = "draw"
			return intentCmd(OfferIntent{Game: id, Offer: "draw"})
		}
	case "R":
		if !s.Over() {
			m.confirm = ResignIntent{Game: id}
			m.Info("resign this game? y to confirm, any other key to cancel")
			if m.canAbort() {
				m.Info("resign this game (a loss)? y to confirm; A aborts it instead (no result)")
			}
		}
	case "A":
		if m.canAbort() {
			m.confirm = AbortIntent{Game: id}
			m.Info("abort this game (no result, not rated)? y to confirm, any other key to cancel")
		} else if !s.Over() {
			m.Error("too late to abort: both sides have moved (R resigns)")
		}
	case "r":
		if s.Over() {
			s.MyOffer = "rematch"
			return intentCmd(OfferIntent{Game: id, Offer: "rematch"})
		}
	case "w":
		if !s.Over() && s.Away {
			return intentCmd(ClaimIntent{Game: id})
		}
	case "y", "n":
		if s.Offer != "" {
			return intentCmd(AnswerIntent{Game: id, Offer: s.Offer, Accept: key == "y"})
		}
	}
	return nil
}

// canAbort reports whether the server allows calling the game off: a side
// has not moved yet (a player has not acted in the opening).
func (m *GameModel) canAbort() bool {
	return m.player() && m.State.Abortable()
}

// player reports whether the screen belongs to a player rather than a spectator.
func (m *GameModel) player() bool { return m.State.Info.Me != engine.Empty }

func (m *GameModel) moveCursor(dx, dy int) {
	n := m.State.Info.Size
	m.Cursor.X = min(max(m.Cursor.X+dx, 0), n-1)
	m.Cursor.Y = min(max(m.Cursor.Y+dy, 0), n-1)
}

// place asks to play p. Whose turn it is and whether the point is free is the
// server's call; only a spectator or a finished game is answered locally.
func (m *GameModel) place(p engine.Point) tea.Cmd {
	switch {
	case !m.player():
		m.Info("you are watching this game")
		return nil
	case m.State.Over():
		m.Info("the game is over")
		return nil
	case m.State.Phase != nil:
		return m.phasePoint(p)
	}
	return intentCmd(MoveIntent{Game: m.State.Info.ID, Point: p})
}

func (m *GameModel) typing(k tea.KeyMsg) tea.Cmd {
	switch k.Type {
	case tea.KeyEsc:
		m.mode, m.input = inputNone, ""
	case tea.KeyBackspace:
		if r := []rune(m.input); len(r) > 0 {
			m.input = string(r[:len(r)-1])
		}
	case tea.KeyEnter:
		mode, text := m.mode, strings.TrimSpace(m.input)
		m.mode, m.input = inputNone, ""
		if text == "" {
			return nil
		}
		if mode == inputChat {
			return intentCmd(ChatIntent{Game: m.State.Info.ID, Text: text})
		}
		p, err := engine.ParsePoint(text, m.State.Info.Size)
		if err != nil {
			if cmd, ok := m.phaseAction(text); ok {
				return cmd
			}
			m.Error("%q is not a point on this board: type a letter and a number, like h8", text)
			if m.State.Phase != nil {
				m.Error("%q is not a point or an opening action: type h8, or swap, declare 3, offer g7 j9", text)
			}
			return nil
		}
		m.Cursor = p
		return m.place(p)
	case tea.KeySpace:
		m.input += " "
	case tea.KeyRunes:
		if len([]rune(m.input)) < maxChatInput {
			m.input += string(k.Runes)
		}
	}
	return nil
}

// recordColW is the width of one column of the record.
const recordColW = 16

// maxPanelWidth keeps the clocks near the names on wide terminals.
const maxPanelWidth = 46

// boardTop is the screen row of the board's first line.
const boardTop = 0

func (m *GameModel) mouse(ev tea.MouseMsg) tea.Cmd {
	if ev.Action != tea.MouseActionPress || ev.Button != tea.MouseButtonLeft {
		return nil
	}
	p, ok := m.boardView().PointAt(ev.X, ev.Y-boardTop)
	if !ok {
		return nil
	}
	m.Cursor = p
	return m.place(p)
}

// View draws the whole screen, at most Width x Height. The right panel
// takes the whole height above the three bottom lines, below the board
// too: the chat gets the rows the record does not need.
func (m *GameModel) View() string {
	board := m.boardView()
	left := strings.Split(board.Render(m.styles), "\n")
	panelW := min(m.Width-board.Width()-2, maxPanelWidth)
	rows := max(len(left), m.Height-3)
	right := m.panel(panelW, rows)
	var sb strings.Builder
	for i := 0; i < rows; i++ {
		l := strings.Repeat(" ", board.Width())
		if i < len(left) {
			l = left[i]
		}
		sb.WriteString(l)
		if i < len(right) && panelW > 0 {
			sb.WriteString("  ")
			sb.WriteString(ansi.Truncate(right[i], panelW, "…"))
		}
		sb.WriteString("\n")
	}
	for _, l := range []string{m.banner(), m.messageLine(), m.bottomLine()} {
		sb.WriteString(ansi.Truncate(l, m.Width, "…"))
		sb.WriteByte('\n')
	}
	return fitHeight(trimLines(strings.TrimSuffix(sb.String(), "\n")), m.Height)
}

// boardView is the board as shown: the game's view, with the fifth moves
// I marked to offer.
func (m *GameModel) boardView() BoardView {
	v := m.State.View(m.Cursor)
	if p := m.myPhase(); p != nil && p.Kind == opening.OfferFifths {
		v.Marks = m.marks
	}
	return v
}

// trimLines drops the spaces at the ends of lines (the padding under the
// board).
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// panel is the right column: settings, players and clocks, record, chat.
// The record takes the rows it needs, or half those left when the chat
// has more lines than fit; the chat takes the rest.
func (m *GameModel) panel(width, height int) []string {
	s := m.State
	st := m.styles
	lines := []string{st.Title.Render(m.header(width)), ""}
	lines = append(lines, m.sideLine(engine.Black, width), m.sideLine(engine.White, width), "")
	if p := s.Phase; p != nil && !s.Over() {
		lines = append(lines, m.phasePanel(p)...)
	}
	rest := height - len(lines)
	need := 1 + (len(s.Moves())+1)/2 // one column: more only when short of rows
	chatLines := len(chatRows(m.Chat, width, rest, 0, st))
	movesH := min(need, max(rest-chatLines-2, rest/2))
	lines = append(lines, m.record(movesH, width)...)
	chatH := rest - movesH - 2 // a blank line, the title
	if chatH < 1 {
		return lines
	}
	m.chatRows = chatH
	m.chatBack = min(m.chatBack, max(len(chatRows(m.Chat, width, maxChat*4, 0, st))-chatH, 0))
	for len(lines) < height-chatH-1 {
		lines = append(lines, "")
	}
	lines = append(lines, st.Title.Render(chatTitle(m.chatBack)))
	// The newest line at the bottom, near where one types.
	chat := chatRows(m.Chat, width, chatH, m.chatBack, st)
	lines = append(lines, make([]string, chatH-len(chat))...)
	return append(lines, chat...)
}

// header is the panel's title: the game's number and settings, shorter
// ("#42 · renju 15") when the long form is wider than width.
func (m *GameModel) header(width int) string {
	s := m.State
	info := s.Info
	var rest []string
	if info.Opening != opening.None {
		rest = append(rest, info.Opening.String())
	}
	if info.Time != "" {
		rest = append(rest, info.Time)
	}
	rest = append(rest, map[bool]string{true: "rated", false: "casual"}[info.Rated])
	if s.Watchers > 0 {
		rest = append(rest, fmt.Sprintf("%d watching", s.Watchers))
	}
	tail := " · " + strings.Join(rest, " · ")
	head := fmt.Sprintf("Game %d · %s %dx%d", info.ID, info.Rule, info.Size, info.Size) + tail
	if ansi.StringWidth(head) > width {
		head = fmt.Sprintf("#%d · %s %d", info.ID, info.Rule, info.Size) + tail
	}
	return head
}

// chatPage is how far pgup scrolls the game's chat: its height.
func (m *GameModel) chatPage() int { return max(m.chatRows, 1) }

func (m *GameModel) sideLine(c engine.Color, width int) string {
	s := m.State
	p := s.side(c)
	glyph := glyphBlack
	if c == engine.White {
		glyph = glyphWhite
	}
	name := p.Name
	if p.Bot {
		name += " (bot)"
	} else if p.Rating > 0 {
		name += fmt.Sprintf(" (%d)", p.Rating)
	}
	if s.Info.Me == c {
		name += " · you"
	}
	clock := m.clockText(c)
	left := fmt.Sprintf("%s %-5s %s", glyph, c, name)
	mark := ""
	if !s.Over() && s.Turn() == c {
		mark = " ◀"
	}
	// On a narrow panel the lag gives way first, then the name; never the
	// clock.
	right := clock
	if lag := lagText(p); lag != "" {
		// The lags line up: the clock takes the width of the wider.
		clockW := max(len(m.clockText(engine.Black)), len(m.clockText(engine.White)))
		if ansi.StringWidth(left)+ansi.StringWidth(mark)+1+len(lag)+2+clockW <= width {
			right = m.styles.Dim.Render(lag) + "  " + fmt.Sprintf("%*s", clockW, clock)
		}
	}
	if room := width - ansi.StringWidth(right) - 1 - ansi.StringWidth(mark); ansi.StringWidth(left) > room {
		left = ansi.Truncate(left, max(room, 1), "…")
	}
	if mark != "" {
		left = m.styles.ToMove.Render(left) + mark
	}
	pad := width - ansi.StringWidth(left) - ansi.StringWidth(right)
	if pad < 1 {
		pad = 1
	}
	return left + strings.Repeat(" ", pad) + right
}

// clockText is c's clock as shown: "9:29", "byo 0:30", "--:--" without a
// clock.
func (m *GameModel) clockText(c engine.Color) string {
	s := m.State
	if !s.Clocked() {
		return "--:--"
	}
	clock := formatClock(s.Remaining(c, m.now()))
	if s.side(c).Byo {
		clock = "byo " + clock
	}
	return clock
}

// lagText is a player's network lag as shown, "lag 40 ms"; nothing for a
// bot, or when the server has not measured it.
func lagText(p Side) string {
	if p.Bot || p.Lag <= 0 {
		return ""
	}
	return fmt.Sprintf("lag %d ms", p.Lag.Milliseconds())
}

// record lists the moves, two plies a line, ending with the latest.
func (m *GameModel) record(height, width int) []string {
	moves := m.State.Moves()
	title := m.styles.Title.Render(fmt.Sprintf("Moves (%d)", len(moves)))
	if height < 2 {
		return []string{title}
	}
	var rows []string
	for i := 0; i < len(moves); i += 2 {
		row := fmt.Sprintf("%3d. %-4s", i/2+1, moves[i].Point)
		if i+1 < len(moves) {
			row += fmt.Sprintf(" %-4s", moves[i+1].Point)
		}
		rows = append(rows, row)
	}
	// Several columns of rows when the panel is wide enough.
	const colW = recordColW
	cols := max(width/colW, 1)
	per := height - 1
	if len(rows) > per*cols {
		rows = rows[len(rows)-per*cols:]
	}
	out := []string{title}
	for r := 0; r < per && r < len(rows); r++ {
		var line strings.Builder
		for c := 0; c < cols; c++ {
			if i := c*per + r; i < len(rows) {
				line.WriteString(fmt.Sprintf("%-*s", colW, rows[i]))
			}
		}
		out = append(out, strings.TrimRight(line.String(), " "))
	}
	return out
}

// banner is the line under the board: the result, an offer to answer, or
// whose move it is.
func (m *GameModel) banner() string {
	s := m.State
	st := m.styles
	if s.Over() {
		result := st.Banner.Render(" " + resultText(s) + " ")
		switch {
		case s.Offer == "rematch" && m.player():
			return result + st.ToMove.Render(" "+s.side(s.Info.Me.Opponent()).Name+" offers a rematch") + "  y accept · n decline"
		case s.MyOffer == "rematch":
			return result + st.Dim.Render("  rematch offered")
		}
		return result // the keys are on the help line
	}
	if s.Offer != "" && m.player() {
		opp := s.side(s.Info.Me.Opponent()).Name
		return st.Banner.Render(fmt.Sprintf(" %s %s ", opp, offerText(s.Offer))) + "  y accept · n decline"
	}
	first := ""
	if left, ok := s.FirstMoveLeft(m.now()); ok {
		first = fmt.Sprintf(" · first move within %s, or the game is aborted", formatClock(left))
	}
	switch {
	case s.Away && m.player():
		return st.Error.Render("your opponent is disconnected") + st.Dim.Render(" · w claim the win, or wait")
	case s.Phase != nil:
		return m.phaseBanner(s.Phase)
	case !m.player():
		return fmt.Sprintf("watching · %s to move", s.Turn()) + first
	case s.MyTurn():
		return st.ToMove.Render(fmt.Sprintf("your move (%s)", s.Info.Me)) + first
	case s.MyOffer != "":
		return fmt.Sprintf("waiting for %s to answer your %s", s.side(s.Info.Me.Opponent()).Name, s.MyOffer)
	}
	return fmt.Sprintf("waiting for %s", s.side(s.Turn()).Name) + first
}

func (m *GameModel) messageLine() string {
	if m.Message == "" {
		return ""
	}
	if m.IsError {
		return m.styles.Error.Render("! " + m.Message)
	}
	return m.styles.Info.Render(m.Message)
}

func (m *GameModel) bottomLine() string {
	switch m.mode {
	case inputMove:
		if m.State.Phase != nil {
			return "action> " + m.input + "█" + m.styles.Dim.Render("  (h8, swap, declare 3, offer g7 j9; esc cancels)")
		}
		return "move> " + m.input + "█" + m.styles.Dim.Render("  (like h8; esc cancels)")
	case inputChat:
		return inputLine("say> ", m.input, m.Width)
	}
	if m.Conn != "" {
		return m.styles.Error.Render(m.Conn) + m.styles.Dim.Render(" · q lobby")
	}
	w := m.Width
	if !m.player() {
		return m.styles.Dim.Render(keyHelp(w, "t chat", "? help", "q back to the lobby"))
	}
	if m.State.Over() {
		return m.styles.Dim.Render(keyHelp(w, "r rematch", "v replay", "t chat", "? help", "q lobby"))
	}
	if p := m.State.Phase; p != nil {
		return m.styles.Dim.Render(keyHelp(w, m.phaseHelp(p)...))
	}
	if m.canAbort() {
		// Nothing to take back yet: the room goes to abort.
		return m.styles.Dim.Render(keyHelp(w, "←↓↑→ enter place", ": move", "A abort", "d draw", "R resign", "t chat", "? help", "q lobby"))
	}
	return m.styles.Dim.Render(keyHelp(w, "←↓↑→ enter place", ": move", "u undo", "d draw", "R resign", "t chat", "? help", "q lobby"))
}

func offerText(offer string) string {
	switch offer {
	case "takeback":
		return "asks to take back a move"
	case "draw":
		return "offers a draw"
	case "rematch":
		return "offers a rematch"
	}
	return "asks: " + offer
}

// resultText says who won and how: "black (alice) wins by five".
func resultText(s *GameState) string {
	r := s.Result()
	switch {
	case r.Reason == engine.ReasonAborted:
		return "game aborted"
	case r.Winner == engine.Empty:
		return "draw " + reasonPhrase(r.Reason)
	}
	text := fmt.Sprintf("%s (%s) wins %s", r.Winner, s.side(r.Winner).Name, reasonPhrase(r.Reason))
	if n := len(r.Line); n > 0 {
		text += fmt.Sprintf(" %s-%s", r.Line[0], r.Line[n-1])
	}
	return text
}

// reasonPhrase says how a game ended, after "wins" or "draw".
func reasonPhrase(r engine.Reason) string {
	switch r {
	case engine.ReasonResign:
		return "by resignation"
	case engine.ReasonTimeout:
		return "on time"
	case engine.ReasonAbandon:
		return "by abandonment"
	case engine.ReasonFullBoard:
		return "on a full board"
	}
	return "by " + r.String() // five, agreement
}

// formatClock shows m:ss, or h:mm:ss from an hour.
func formatClock(d time.Duration) string {
	d = d.Round(time.Second)
	h, mnt, sec := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, mnt, sec)
	}
	return fmt.Sprintf("%d:%02d", mnt, sec)
}

// fitHeight cuts a view to at most h lines.
func fitHeight(s string, h int) string {
	if h <= 0 {
		return s
	}
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	return strings.Join(lines, "\n")
}
