package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/gomokud/gomoku/engine"
)

// A screen shown over the lobby: history, a replay, a profile, the
// leaderboard. The App keeps them on a stack; q or esc closes the top one.
type screen interface {
	// key handles a key and returns the intent it makes, if any.
	key(key string) tea.Cmd
	view(width, height int, st Styles) string
	title() string
	keys() []keyLine
}

// HistoryGame is one finished (or running) game of a history list.
type HistoryGame struct {
	ID           int64
	Black, White string
	Settings     string // "renju 15x15 10+5 rated"
	Plies        int
	Result       string // "black wins by five", "running"
	Date         string
}

// historyScreen lists a player's games; enter replays one.
type historyScreen struct {
	name  string
	games []HistoryGame
	sel   int
}

func (s *historyScreen) title() string { return "Games of " + s.name }

func (s *historyScreen) keys() []keyLine {
	return []keyLine{{"↑↓ j k", "select a game"}, {"enter", "replay it, move by move"}, {"q esc", "back"}}
}

func (s *historyScreen) key(key string) tea.Cmd {
	switch key {
	case "up", "k":
		s.sel = max(s.sel-1, 0)
	case "down", "j":
		s.sel = min(s.sel+1, max(len(s.games)-1, 0))
	case "enter":
		if s.sel < len(s.games) {
			return intentCmd(ReplayIntent{Game: s.games[s.sel].ID})
		}
	}
	return nil
}

func (s *historyScreen) view(width, height int, st Styles) string {
	lines := []string{st.Title.Render(s.title()), ""}
	if len(s.games) == 0 {
		lines = append(lines, st.Dim.Render("  no games yet"))
	}
	room := max(height-4, 1)
	from := min(max(s.sel-room+1, 0), max(len(s.games)-room, 0))
	for i := from; i < len(s.games) && i < from+room; i++ {
		g := s.games[i]
		line := fmt.Sprintf("#%-5d %-11s %s – %s · %s · %d moves · %s", g.ID, g.Date, g.Black, g.White, g.Settings, g.Plies, g.Result)
		if i == s.sel {
			lines = append(lines, st.Selected.Render("> "+line))
		} else {
			lines = append(lines, "  "+line)
		}
	}
	return screenFrame(lines, width, height, st, "↑↓ select · enter replay · ? help · q back")
}

// replayScreen steps through a finished game's record.
type replayScreen struct {
	id     int64
	rec    *engine.Record
	ply    int // moves shown
	result string
}

func (s *replayScreen) title() string { return fmt.Sprintf("Replay of game %d", s.id) }

func (s *replayScreen) keys() []keyLine {
	return []keyLine{
		{"home g", "first: the empty board"}, {"← h", "back one move"}, {"→ l space", "forward one move"},
		{"end G", "last: the final position"}, {"s p t", "export as SGF, PSQ (Piskvork) or text, into this directory"},
		{"q esc", "back"},
	}
}

func (s *replayScreen) key(key string) tea.Cmd {
	n := len(s.rec.Moves)
	switch key {
	case "home", "g":
		s.ply = 0
	case "left", "h":
		s.ply = max(s.ply-1, 0)
	case "right", "l", " ":
		s.ply = min(s.ply+1, n)
	case "end", "G":
		s.ply = n
	case "s":
		return intentCmd(ExportIntent{Game: s.id, Format: "sgf"})
	case "p":
		return intentCmd(ExportIntent{Game: s.id, Format: "psq"})
	case "t":
		return intentCmd(ExportIntent{Game: s.id, Format: "txt"})
	}
	return nil
}

func (s *replayScreen) view(width, height int, st Styles) string {
	g, err := engine.Replay(engine.Options{Size: s.rec.Size, Rule: s.rec.Rule}, s.rec.Points()[:s.ply])
	if err != nil {
		return screenFrame([]string{st.Error.Render("! " + err.Error())}, width, height, st, "q back")
	}
	v := BoardView{Board: g.Board(), Last: engine.NoPoint}
	if m, ok := g.LastMove(); ok {
		v.Last = m.Point
	}
	board := strings.Split(v.Render(st), "\n")
	info := []string{
		st.Title.Render(s.title()),
		"",
		fmt.Sprintf("%s %s (black)", glyphBlack, s.rec.Black),
		fmt.Sprintf("%s %s (white)", glyphWhite, s.rec.White),
		fmt.Sprintf("%s %dx%d %s", s.rec.Rule, s.rec.Size, s.rec.Size, s.rec.TimeControl),
		"",
		fmt.Sprintf("move %d of %d", s.ply, len(s.rec.Moves)),
	}
	if s.ply > 0 {
		c := engine.Black
		if s.ply%2 == 0 {
			c = engine.White
		}
		info = append(info, fmt.Sprintf("last: %s %s", colorGlyph(c), s.rec.Moves[s.ply-1].Point))
	}
	if s.ply == len(s.rec.Moves) {
		info = append(info, "", s.result)
	}
	var lines []string
	for i := 0; i < max(len(board), len(info)); i++ {
		l := strings.Repeat(" ", v.Width())
		if i < len(board) {
			l = board[i]
		}
		if i < len(info) {
			l += "  " + info[i]
		}
		lines = append(lines, strings.TrimRight(l, " "))
	}
	return screenFrame(lines, width, height, st, "home ← → end step · s p t export · ? help · q back")
}

func colorGlyph(c engine.Color) string {
	if c == engine.White {
		return glyphWhite
	}
	return glyphBlack
}

// textScreen shows lines: a profile, the leaderboard.
type textScreen struct {
	name  string
	lines []string
}

func (s *textScreen) title() string      { return s.name }
func (s *textScreen) keys() []keyLine    { return []keyLine{{"q esc", "back"}} }
func (s *textScreen) key(string) tea.Cmd { return nil }
func (s *textScreen) view(w, h int, st Styles) string {
	return screenFrame(append([]string{st.Title.Render(s.name), ""}, s.lines...), w, h, st, "? help · q back")
}

// screenFrame fits lines in width x height with the help line at the
// bottom.
func screenFrame(lines []string, width, height int, st Styles, help string) string {
	lines = lines[:min(len(lines), max(height-1, 0))]
	for len(lines) < height-1 {
		lines = append(lines, "")
	}
	lines = append(lines, st.Dim.Render(keyHelp(width, strings.Split(help, " · ")...)))
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, width, "…")
	}
	return strings.Join(lines, "\n")
}
