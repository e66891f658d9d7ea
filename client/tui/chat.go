package tui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// chatRows lays the chat out in width columns, wrapping long lines onto
// more rows, and returns limit rows ending back rows before the newest: a
// long line is read in full instead of being cut at the edge of its pane,
// and older lines can be scrolled back to.
func chatRows(chat []ChatLine, width, limit, back int, st Styles) []string {
	if limit <= 0 || width <= 0 {
		return nil
	}
	var rows []string // newest first
	for i := len(chat) - 1; i >= 0 && len(rows) < limit+back; i-- {
		c := chat[i]
		parts := strings.Split(ansi.Wrap(c.From+": "+c.Text, width, " "), "\n")
		if from := c.From + ":"; strings.HasPrefix(parts[0], from) {
			parts[0] = st.Dim.Render(from) + parts[0][len(from):]
		}
		for j := len(parts) - 1; j >= 0; j-- {
			rows = append(rows, parts[j])
		}
	}
	back = min(back, max(len(rows)-limit, 0))
	rows = rows[back:min(len(rows), back+limit)]
	slices.Reverse(rows)
	return rows
}

// scrollChat moves a chat's scrollback by a key: pgup one page back,
// pgdown one page forward, end to the newest.
func scrollChat(back int, key string, page int) int {
	switch key {
	case "pgup":
		return back + page
	case "pgdown":
		return max(back-page, 0)
	}
	return 0
}

// chatTitle is the chat pane's title, saying when it is scrolled back.
func chatTitle(back int) string {
	if back > 0 {
		return "Chat (scrolled back: pgdown, end)"
	}
	return "Chat"
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
