package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// Board glyphs. The shapes alone tell black from white, so the board reads
// the same without colours.
const (
	glyphBlack     = "●"
	glyphWhite     = "○"
	glyphEmpty     = "·"
	glyphStar      = "+"
	glyphForbidden = "×"
	glyphArea      = "+" // an empty point where the opening's next stone may go
	glyphMark      = "◇" // a fifth move marked to offer, or offered
)

// labelWidth is the width of the row numbers left of the grid.
const labelWidth = 2

// BoardView is what the board shows: a position plus marks. The zero Cursor
// and Last are real points, so set Last to engine.NoPoint when there is no
// last move.
type BoardView struct {
	Board      engine.Board
	Last       engine.Point   // marked with ( ); engine.NoPoint for none
	Cursor     engine.Point   // marked with [ ] when ShowCursor
	ShowCursor bool           // false for spectators and finished games
	Forbidden  []engine.Point // renju forbidden points for black, marked ×
	Win        []engine.Point // the winning line, highlighted
	// Area is where the opening's next stone may go, when the rule allows
	// less than the whole board: its empty points are drawn +, and the
	// star points outside it as plain points. nil: no area.
	Area  *opening.Area
	Marks []engine.Point // fifth moves marked to offer, or offered: ◇
}

// Width is the number of terminal columns the board takes.
func (v BoardView) Width() int { return labelWidth + 2*v.Board.Size() + 1 }

// Height is the number of terminal rows the board takes: one per board row
// and the line of column letters.
func (v BoardView) Height() int { return v.Board.Size() + 1 }

// PointAt maps a terminal cell, relative to the board's top-left corner, to
// the intersection drawn there (or next to it). ok is false outside the grid.
func (v BoardView) PointAt(col, row int) (engine.Point, bool) {
	n := v.Board.Size()
	if row < 0 || row >= n || col < labelWidth {
		return engine.NoPoint, false
	}
	x := (col - labelWidth) / 2
	if col == labelWidth+2*n { // the closing separator of the last column
		x = n - 1
	}
	if x >= n {
		return engine.NoPoint, false
	}
	return engine.Point{X: x, Y: n - 1 - row}, true
}

// Render draws the board: rows from the top (highest number) down, row numbers
// on the left, column letters below.
func (v BoardView) Render(st Styles) string {
	n := v.Board.Size()
	forb := make(map[engine.Point]bool, len(v.Forbidden))
	for _, p := range v.Forbidden {
		forb[p] = true
	}
	win := make(map[engine.Point]bool, len(v.Win))
	for _, p := range v.Win {
		win[p] = true
	}
	marked := make(map[engine.Point]bool, len(v.Marks))
	for _, p := range v.Marks {
		marked[p] = true
	}
	var sb strings.Builder
	for y := n - 1; y >= 0; y-- {
		label := strconv.Itoa(y + 1)
		if len(label) < labelWidth {
			label = strings.Repeat(" ", labelWidth-len(label)) + label
		}
		sb.WriteString(st.Label.Render(label))
		for x := 0; x < n; x++ {
			p := engine.Point{X: x, Y: y}
			sb.WriteString(v.separator(x, y, st))
			sb.WriteString(v.cell(p, cellMarks{forbidden: forb[p], win: win[p], marked: marked[p]}, st))
		}
		sb.WriteString(v.separator(n, y, st))
		sb.WriteByte('\n')
	}
	sb.WriteString(strings.Repeat(" ", labelWidth))
	for x := 0; x < n; x++ {
		sb.WriteString(st.Label.Render(" " + string(rune('a'+x))))
	}
	sb.WriteByte(' ')
	return sb.String()
}

// separator draws the column between intersection x-1 and x of row y: a
// bracket of the cursor or a parenthesis of the last move (the cursor wins).
func (v BoardView) separator(x, y int, st Styles) string {
	left := engine.Point{X: x - 1, Y: y}
	right := engine.Point{X: x, Y: y}
	switch {
	case v.ShowCursor && v.Cursor == right:
		return st.Cursor.Render("[")
	case v.ShowCursor && v.Cursor == left:
		return st.Cursor.Render("]")
	case v.Last == right && v.lastParens():
		return st.Board.Render("(")
	case v.Last == left && v.lastParens():
		return st.Board.Render(")")
	}
	return st.Board.Render(" ")
}

// lastParens reports whether the last move gets both its parentheses: not
// when the cursor next to it takes one of their columns, as half a pair
// ("[●]○)") reads as a typo. The move keeps its highlight.
func (v BoardView) lastParens() bool {
	if !v.ShowCursor || v.Cursor.Y != v.Last.Y {
		return true
	}
	d := v.Cursor.X - v.Last.X
	return d != 1 && d != -1
}

// cellMarks are the marks a point may carry besides its stone.
type cellMarks struct{ forbidden, win, marked bool }

func (v BoardView) cell(p engine.Point, mk cellMarks, st Styles) string {
	var s string
	var style lipgloss.Style
	switch v.Board.At(p) {
	case engine.Black:
		s, style = glyphBlack, st.Black
	case engine.White:
		s, style = glyphWhite, st.White
	default:
		s, style = v.emptyCell(p, mk, st)
	}
	switch {
	case mk.win:
		style = style.Inherit(st.Win).Background(st.Win.GetBackground())
	case p == v.Last:
		style = style.Background(st.Last.GetBackground())
	}
	return style.Render(s)
}

// emptyCell is the glyph and style of an empty point: a mark, a
// forbidden point, the opening's area, a star point or a plain point.
func (v BoardView) emptyCell(p engine.Point, mk cellMarks, st Styles) (string, lipgloss.Style) {
	switch {
	case mk.marked:
		return glyphMark, st.Mark
	case mk.forbidden:
		return glyphForbidden, st.Forbidden
	case v.Area != nil && v.Area.Contains(p):
		return glyphArea, st.Area
	case v.Area == nil && isStar(p, v.Board.Size()):
		return glyphStar, st.Board
	}
	return glyphEmpty, st.Board
}

// isStar reports the traditional star points (hoshi): the centre and, on
// boards of 13 and more, the four points 3 in from each corner.
func isStar(p engine.Point, n int) bool {
	c := n / 2
	if n%2 == 1 && p.X == c && p.Y == c {
		return true
	}
	if n < 13 {
		return false
	}
	e := 3
	return (p.X == e || p.X == n-1-e) && (p.Y == e || p.Y == n-1-e)
}
