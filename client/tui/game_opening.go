package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// The game screen in an opening (docs/protocol.md, "Openings"): the phase
// in the banner, the panel and the board (its area, the offered fifth
// moves), and the keys of each decision. The server judges every action;
// the screen only collects the fifth moves to offer before sending them.

// choice is one answer of an opening decision: its key, the action sent
// and what it means for the player.
type choice struct{ key, action, label string }

// choices are the numbered answers of a decision phase; none for the
// phases that take a point (or, declare, a number).
func choices(p *client.Phase) []choice {
	switch p.Kind {
	case opening.SwapChoice:
		return []choice{{"1", "swap", "swap (you take " + p.Color.Opponent().String() + ")"}, {"2", "stay", "stay " + p.Color.String()}}
	case opening.Swap2Choice:
		return []choice{{"1", "black", "black"}, {"2", "white", "white + 4th"}, {"3", "two", "two more"}}
	case opening.ColorChoice:
		return []choice{{"1", "black", "black"}, {"2", "white", "white"}}
	case opening.BranchChoice:
		return []choice{{"1", "branch-place", "place the 5th in 9x9"},
			{"2", "branch-offer", fmt.Sprintf("offer %d fifths", opening.TaraguchiOffers)}}
	}
	return nil
}

// myPhase is the opening decision due from me; nil when none is.
func (m *GameModel) myPhase() *client.Phase {
	s := m.State
	if p := s.Phase; p != nil && m.player() && !s.Over() && p.Color == s.Info.Me {
		return p
	}
	return nil
}

// openingKey handles the keys of my opening decision: the numbered
// choices, a declared number, and the offer's o, x and tab (tab also
// walks the offered moves to choose from). ok is false for other keys.
func (m *GameModel) openingKey(key string) (cmd tea.Cmd, ok bool) {
	p := m.myPhase()
	if p == nil {
		return nil, false
	}
	id := m.State.Info.ID
	for _, c := range choices(p) {
		if key == c.key {
			return intentCmd(OpeningIntent{Game: id, Action: c.action}), true
		}
	}
	switch {
	case p.Kind == opening.DeclareN && len(key) == 1 && key >= "1" && key <= "9":
		// The server says whether the number is allowed.
		return intentCmd(OpeningIntent{Game: id, Action: "declare " + key}), true
	case p.Kind == opening.OfferFifths && key == "o":
		return m.sendOffer(p), true
	case p.Kind == opening.OfferFifths && key == "x":
		m.marks = nil
		m.Info("marks cleared")
		return nil, true
	case key == "tab" && p.Kind == opening.OfferFifths:
		m.Cursor = nextPoint(m.marks, m.Cursor)
		return nil, true
	case key == "tab" && p.Kind == opening.ChooseFifth:
		m.Cursor = nextPoint(p.Offers, m.Cursor)
		return nil, true
	}
	return nil, false
}

// nextPoint is the point of pts after cur (the first when cur is not one);
// cur when pts is empty.
func nextPoint(pts []engine.Point, cur engine.Point) engine.Point {
	if len(pts) == 0 {
		return cur
	}
	return pts[(slices.Index(pts, cur)+1)%len(pts)]
}

// sendOffer offers the marked fifth moves once as many are marked as the
// rule asks for; whether they may be offered is the server's call.
func (m *GameModel) sendOffer(p *client.Phase) tea.Cmd {
	if len(m.marks) != p.Count {
		m.Error("mark %s to offer (%d marked): enter marks the cursor's point", plural(p.Count, "fifth move"), len(m.marks))
		return nil
	}
	return intentCmd(OpeningIntent{Game: m.State.Info.ID, Action: opening.Action{Kind: opening.Offer, Points: m.marks}.String()})
}

// phasePoint acts on a point picked (enter, a click, a typed point) while
// the opening runs: a stone, a fifth move chosen, a fifth move marked to
// offer; in a decision without a point it says which keys decide.
func (m *GameModel) phasePoint(pt engine.Point) tea.Cmd {
	s := m.State
	p := s.Phase
	mine := p == m.myPhase()
	id := s.Info.ID
	switch {
	case p.Kind == opening.PlaceStone:
		return intentCmd(OpeningIntent{Game: id, Action: "place " + pt.String()})
	case p.Kind == opening.ChooseFifth:
		return intentCmd(OpeningIntent{Game: id, Action: "choose " + pt.String()})
	case !mine:
		m.Info("waiting for %s: %s", p.Player, m.task(p))
	case p.Kind == opening.OfferFifths:
		m.toggleMark(pt)
	default:
		m.Info("%s: %s", m.task(p), keyHelp(m.Width, m.phaseKeys(p)...))
	}
	return nil
}

// toggleMark marks pt as a fifth move to offer, or unmarks it.
func (m *GameModel) toggleMark(pt engine.Point) {
	if i := slices.Index(m.marks, pt); i >= 0 {
		m.marks = slices.Delete(m.marks, i, i+1)
		return
	}
	if b := m.State.Board(); b.At(pt) != engine.Empty {
		m.Error("%s is taken: mark an empty point", pt)
		return
	}
	m.marks = append(m.marks, pt)
}

// phaseAction reads a typed opening action ("swap", "declare 3", "offer g7
// j9"); ok is false when the text is none.
func (m *GameModel) phaseAction(text string) (tea.Cmd, bool) {
	if m.State.Phase == nil {
		return nil, false
	}
	a, err := opening.ParseAction(text, m.State.Info.Size)
	if err != nil {
		return nil, false
	}
	if a.Kind == opening.Offer {
		m.marks = a.Points
	}
	return intentCmd(OpeningIntent{Game: m.State.Info.ID, Action: a.String()}), true
}

// task says what phase p asks of its player: "place the 2nd stone (white)
// in g7-j9", "swap colours or stay".
func (m *GameModel) task(p *client.Phase) string {
	switch p.Kind {
	case opening.PlaceStone:
		return fmt.Sprintf("place the %s stone (%s) %s", ordinal(len(p.Stones)+1), m.State.NextStone(), m.areaText(p))
	case opening.SwapChoice:
		return "swap colours or stay"
	case opening.Swap2Choice:
		return "play black, or white and the 4th, or place two more"
	case opening.ColorChoice:
		return "choose black or white"
	case opening.DeclareN:
		return fmt.Sprintf("declare how many fifth moves black offers (1-%d)", opening.MaxDeclared)
	case opening.BranchChoice:
		return fmt.Sprintf("place the 5th in 9x9, or offer %d fifth moves", opening.TaraguchiOffers)
	case opening.OfferFifths:
		return fmt.Sprintf("offer %s, no two symmetric", plural(p.Count, "fifth move"))
	case opening.ChooseFifth:
		return fmt.Sprintf("choose one of the %d offered fifth moves (%s)", len(p.Offers), glyphMark)
	}
	return p.Kind.String()
}

// areaText is where the phase's stone may go: "anywhere", "at h8", "in
// g7-j9".
func (m *GameModel) areaText(p *client.Phase) string {
	switch a := p.Area; {
	case a == nil || wholeBoard(*a, m.State.Info.Size):
		return "anywhere"
	case a.Min == a.Max:
		return "at " + a.Min.String()
	default:
		return "in " + a.String()
	}
}

// ordinal is "1st", "2nd", "3rd", "4th".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// phaseKeys are the keys of my decision in phase p, for the help line.
func (m *GameModel) phaseKeys(p *client.Phase) []string {
	var keys []string
	for _, c := range choices(p) {
		keys = append(keys, c.key+" "+c.label)
	}
	switch p.Kind {
	case opening.PlaceStone:
		keys = append(keys, "←↓↑→ enter place", ": move")
	case opening.DeclareN:
		keys = append(keys, fmt.Sprintf("1-%d declare", opening.MaxDeclared))
	case opening.OfferFifths:
		keys = append(keys, "enter mark", fmt.Sprintf("o offer (%d/%d)", len(m.marks), p.Count), "x clear", "tab marks")
	case opening.ChooseFifth:
		keys = append(keys, "enter choose", "tab next offer")
	}
	return keys
}

// phaseBanner is the line under the board while the opening runs: whose
// decision, and what it is. The first action's countdown comes first when
// it is mine: an 80-column line may cut the end.
func (m *GameModel) phaseBanner(p *client.Phase) string {
	s := m.State
	head := fmt.Sprintf("%s · ", s.Info.Opening)
	left, counting := s.FirstMoveLeft(m.now())
	switch {
	case p == m.myPhase() && counting:
		return fmt.Sprintf("act within %s · ", formatClock(left)) + head +
			m.styles.ToMove.Render(fmt.Sprintf("your turn (%s): %s", p.Color, m.task(p)))
	case p == m.myPhase():
		return head + m.styles.ToMove.Render(fmt.Sprintf("your turn (%s): %s", p.Color, m.task(p)))
	case m.player():
		head += "waiting for "
	}
	text := head + fmt.Sprintf("%s (%s): %s", p.Player, p.Color, m.task(p))
	if counting {
		text += fmt.Sprintf(" · first action within %s, or the game is aborted", formatClock(left))
	}
	return text
}

// phasePanel are the panel's lines about the opening: who acts, who
// holds black now, the number declared and the fifth moves offered or
// marked.
func (m *GameModel) phasePanel(p *client.Phase) []string {
	st := m.styles
	lines := []string{
		st.Title.Render("Opening "+m.State.Info.Opening.String()) + st.Dim.Render(" · tentative stones"),
		fmt.Sprintf("%s acts (%s) · black: %s", p.Player, p.Color, p.Black),
	}
	var more []string
	if p.Declared > 0 {
		more = append(more, fmt.Sprintf("%d declared", p.Declared))
	}
	switch {
	case len(p.Offers) > 0:
		more = append(more, "offered "+pointsText(p.Offers))
	case p == m.myPhase() && p.Kind == opening.OfferFifths:
		more = append(more, fmt.Sprintf("marked %d/%d %s", len(m.marks), p.Count, pointsText(m.marks)))
	}
	if len(more) > 0 {
		lines = append(lines, strings.Join(more, " · "))
	}
	return append(lines, "")
}

// phaseHelp is the help line while the opening runs: my decision's keys,
// then abort or resign (no takeback: the opening's stones stay).
func (m *GameModel) phaseHelp(p *client.Phase) []string {
	var keys []string
	if p == m.myPhase() {
		keys = m.phaseKeys(p)
	}
	if m.canAbort() {
		keys = append(keys, "A abort")
	} else {
		keys = append(keys, "R resign")
	}
	return append(keys, "t chat", "? help", "q lobby")
}

// opening applies an opening action the server applied. The marks go once
// the offer phase is over (a refused offer keeps them, to mend).
func (m *GameModel) opening(msg GameOpeningMsg) {
	m.State.ApplyOpening(msg)
	if p := m.State.Phase; p == nil || p.Kind != opening.OfferFifths {
		m.marks = nil
	}
	if msg.Text != "" {
		m.Info("%s", msg.Text)
		m.holdMsg = true
	}
}
