package tui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// chatRows lays the newest chat lines out in width columns, wrapping long
// ones onto more rows, and returns the last limit rows: a long line is
// read in full instead of being cut at the edge of its pane.
func chatRows(chat []ChatLine, width, limit int, st Styles) []string {
	if limit <= 0 || width <= 0 {
		return nil
	}
	var rows []string // newest first
	for i := len(chat) - 1; i >= 0 && len(rows) < limit; i-- {
		c := chat[i]
		parts := strings.Split(ansi.Wrap(c.From+": "+c.Text, width, " "), "\n")
		if from := c.From + ":"; strings.HasPrefix(parts[0], from) {
			parts[0] = st.Dim.Render(from) + parts[0][len(from):]
		}
		for j := len(parts) - 1; j >= 0; j-- {
			rows = append(rows, parts[j])
		}
	}
	rows = rows[:min(len(rows), limit)]
	slices.Reverse(rows)
	return rows
}

// inputLine is a text being typed after its prompt, with the cursor, in
// width columns: a text too long for them shows its end, where one types.
func inputLine(prompt, text string, width int) string {
	room := width - ansi.StringWidth(prompt) - 1 // the cursor
	if ansi.StringWidth(text) > room && room > 1 {
		r := []rune(text)
		for ansi.StringWidth(string(r)) > room-1 {
			r = r[1:]
		}
		text = "…" + string(r)
	}
	return prompt + text + "█"
}
