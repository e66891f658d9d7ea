package tui

import (
	"strings"
	"testing"

	"github.com/gomokud/gomoku/engine"
)

func mustBoard(tb testing.TB, diagram string) *engine.Board {
	tb.Helper()
	b, err := engine.ParseBoard(diagram)
	if err != nil {
		tb.Fatalf("parse board: %v", err)
	}
	return b
}

func TestBoardRenderSmall(t *testing.T) {
	// Row 1 is at the bottom: the black stone at a1 is drawn on the last row.
	b := mustBoard(t, `
		. . . . .
		. . o . .
		. . x . .
		. . . . .
		x . . . .`)
	v := BoardView{Board: *b, Last: engine.Point{X: 2, Y: 2}, Cursor: engine.Point{X: 0, Y: 4}, ShowCursor: true}
	got := v.Render(PlainStyles())
	checkGolden(t, "board_5x5", got)
	lines := strings.Split(got, "\n")
	if len(lines) != v.Height() {
		t.Errorf("rendered %d lines, Height says %d", len(lines), v.Height())
	}
	for i, l := range lines {
		if w := len([]rune(l)); w != v.Width() {
			t.Errorf("line %d %q is %d wide, Width says %d", i, l, w, v.Width())
		}
	}
	if !strings.HasPrefix(lines[4], " 1 ●") {
		t.Errorf("a1 is not drawn at the bottom left: %q", lines[4])
	}
}

func TestBoardPointAt(t *testing.T) {
	b := mustBoard(t, strings.Repeat(". . . . . . .\n", 7))
	v := BoardView{Board: *b}
	tests := []struct {
		col, row int
		want     string
		ok       bool
	}{
		{3, 6, "a1", true},  // glyph of a1
		{2, 6, "a1", true},  // separator left of a1
		{4, 6, "b1", true},  // separator left of b1
		{15, 0, "g7", true}, // glyph of g7
		{16, 0, "g7", true}, // closing separator
		{1, 3, "", false},   // row label
		{17, 0, "", false},  // right of the board
		{5, 7, "", false},   // letter line
		{5, -1, "", false},
	}
	for _, tt := range tests {
		p, ok := v.PointAt(tt.col, tt.row)
		if ok != tt.ok || (ok && p.String() != tt.want) {
			t.Errorf("PointAt(%d,%d) = %v %v, want %s %v", tt.col, tt.row, p, ok, tt.want, tt.ok)
		}
	}
}

// TestBoardCursorNextToLastMove: the cursor's brackets and the last move's
// parentheses share the column between two points; the cursor wins it, and
// then the last move loses its other parenthesis too (no "[●]○)").
func TestBoardCursorNextToLastMove(t *testing.T) {
	b := mustBoard(t, `
		. . . . .
		. . . . .
		. x o . .
		. . . . .
		. . . . .`)
	last := engine.Point{X: 2, Y: 2}
	for _, tc := range []struct {
		name   string
		cursor engine.Point
		want   string // row 3
	}{
		{"left of it", engine.Point{X: 1, Y: 2}, " 3 ·[●]○ · · "},
		{"right of it", engine.Point{X: 3, Y: 2}, " 3 · ● ○[·]· "},
		{"on it", last, " 3 · ●[○]· · "},
		{"two away", engine.Point{X: 4, Y: 2}, " 3 · ●(○)·[·]"},
		{"a row above", engine.Point{X: 1, Y: 3}, " 3 · ●(○)· · "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := BoardView{Board: *b, Last: last, Cursor: tc.cursor, ShowCursor: true}
			if got := strings.Split(v.Render(PlainStyles()), "\n")[2]; got != tc.want {
				t.Errorf("row 3 %q, want %q", got, tc.want)
			}
		})
	}
}
