package tui

import (
	"slices"
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

// keyLine is one key of a help screen and what it does.
type keyLine struct{ key, what string }

// lobbyKeys are the lobby's keys, for the help screen.
var lobbyKeys = []keyLine{
	{"↑↓ j k", "select a player, a game or a challenge"},
	{"tab", "switch between players, games and challenges"},
	{"c enter", "challenge the selected player or bot"},
	{"w enter", "watch the selected game (or the selected player's)"},
	{"a", "accept the selected challenge"},
	{"d x", "decline, or cancel, the selected challenge"},
	{"p", "quick pairing with the settings (p again stops)"},
	{"1 2 3 4 5 6", "settings: rule, size, clock, colour, rated, opening"},
	{"T", "type a clock: 10+5, 3m+2s, 30m/60s, none"},
	{"g", "back to my running game"},
	{"h", "my games, to replay and export"},
	{"P", "the selected player's profile (mine on a bot or guest)"},
	{"P then c, D", "on my profile: change my password, delete my account"},
	{"L", "the leaderboard"},
	{"B", "block the selected player (⊘), or unblock"},
	{"t /", "say something in the lobby chat"},
	{"pgup pgdown end", "scroll the chat back, forward, to the newest"},
	{"?", "this help"},
	{"q", "quit (twice with a running game)"},
}

// gameKeys are a game screen's keys, for the help screen: a player's, or
// a watcher's; while the opening runs, its keys instead of those of play.
func gameKeys(player, inOpening bool) []keyLine {
	common := []keyLine{
		{"t /", "say something in the game chat"},
		{"pgup pgdown end", "scroll the chat back, forward, to the newest"},
		{"?", "this help"},
		{"q esc", "back to the lobby (the game goes on)"},
	}
	switch {
	case !player:
		return append([]keyLine{{"", "you are watching: only chat"}}, common...)
	case inOpening:
		return slices.Concat(openingKeys, common)
	}
	return append([]keyLine{
		{"h j k l ←↓↑→", "move the cursor"},
		{"enter space", "place a stone at the cursor (or click)"},
		{": m", "type a move, like h8"},
		{"u", "ask to take back your last move"},
		{"d", "offer a draw"},
		{"y n", "accept or decline the opponent's offer"},
		{"A", "abort (before both sides moved: no result)"},
		{"R", "resign (asks to confirm)"},
		{"w", "claim the win when the opponent left"},
		{"r", "offer a rematch, after the game"},
		{"v", "replay the finished game, move by move, and export it"},
	}, common...)
}

// openingKeys are a player's keys while the opening runs; the line under
// the board says which the decision due takes.
var openingKeys = []keyLine{
	{"h j k l ←↓↑→", "move the cursor; + marks where the next stone may go"},
	{"enter space", "place the stone at the cursor (or click); choose a fifth move"},
	{"1 2 3", "answer a decision: swap or stay, a colour, two more stones"},
	{"1-8", "declare how many fifth moves black offers (Soosõrv-8)"},
	{"enter (offer)", "mark or unmark a fifth move to offer (◇)"},
	{"o x", "offer the marked fifth moves; clear the marks"},
	{"tab", "cursor to the next marked or offered fifth move"},
	{": m", "type a point or an action: h8, swap, declare 3, offer g7 j9"},
	{"d", "offer a draw"},
	{"y n", "accept or decline the opponent's offer"},
	{"A", "abort (until both players have acted: no result)"},
	{"R", "resign (asks to confirm)"},
	{"w", "claim the win when the opponent left"},
}

// helpView draws a help screen: the title and the keys, in width x height.
func helpView(title string, keys []keyLine, width, height int, st Styles) string {
	kw := 0
	for _, k := range keys {
		kw = max(kw, ansi.StringWidth(k.key))
	}
	lines := []string{st.Title.Render(title), ""}
	for _, k := range keys {
		pad := strings.Repeat(" ", kw-ansi.StringWidth(k.key))
		lines = append(lines, "  "+st.ToMove.Render(k.key)+pad+"  "+k.what)
	}
	for len(lines) < height-1 {
		lines = append(lines, "")
	}
	lines = append(lines, st.Dim.Render("? esc q close the help"))
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, width, "…")
	}
	return fitHeight(strings.Join(lines, "\n"), height)
}
