package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// keyHelp joins the key hints of a help line: "c challenge · w watch". When
// that is wider than width it packs them closer, so that narrow terminals
// (80 columns) still show the last hint, usually how to leave.
func keyHelp(width int, items ...string) string {
	line := strings.Join(items, " · ")
	if ansi.StringWidth(line) <= width {
		return line
	}
	return strings.Join(items, "  ")
}
