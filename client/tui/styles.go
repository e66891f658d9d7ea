package tui

import (
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Styles are the colours of every screen. They come from one lipgloss
// renderer, so a terminal without colours (or NO_COLOR) gets plain text and
// the glyphs alone tell the stones apart.
type Styles struct {
	Board     lipgloss.Style // grid, empty points, labels inside the board
	Label     lipgloss.Style // coordinates
	Black     lipgloss.Style
	White     lipgloss.Style
	Last      lipgloss.Style // the last move's stone
	Win       lipgloss.Style // stones of the winning line
	Cursor    lipgloss.Style // the cursor brackets
	Forbidden lipgloss.Style // renju forbidden points for black
	Area      lipgloss.Style // where the opening's next stone may go
	Mark      lipgloss.Style // fifth moves marked to offer, or offered
	Title     lipgloss.Style
	Dim       lipgloss.Style
	Error     lipgloss.Style
	Info      lipgloss.Style
	Selected  lipgloss.Style
	Banner    lipgloss.Style
	ToMove    lipgloss.Style
}

// NewStyles builds the styles for a renderer (lipgloss.DefaultRenderer() for
// the real terminal).
func NewStyles(r *lipgloss.Renderer) Styles {
	wood := lipgloss.AdaptiveColor{Light: "#E3C16F", Dark: "#C8A050"}
	ink := lipgloss.Color("#3A2A10")
	base := r.NewStyle().Background(wood)
	return Styles{
		Board:     base.Foreground(ink),
		Label:     r.NewStyle().Faint(true),
		Black:     base.Foreground(lipgloss.Color("#000000")).Bold(true),
		White:     base.Foreground(lipgloss.Color("#FFFFFF")).Bold(true),
		Last:      r.NewStyle().Background(lipgloss.Color("#B03020")),
		Win:       r.NewStyle().Background(lipgloss.Color("#208030")),
		Cursor:    base.Foreground(lipgloss.Color("#1040C0")).Bold(true),
		Forbidden: base.Foreground(lipgloss.Color("#C00000")),
		Area:      r.NewStyle().Background(lipgloss.Color("#E8D890")).Foreground(lipgloss.Color("#806000")).Bold(true),
		Mark:      base.Foreground(lipgloss.Color("#1040C0")).Bold(true),
		Title:     r.NewStyle().Bold(true),
		Dim:       r.NewStyle().Faint(true),
		Error:     r.NewStyle().Foreground(lipgloss.Color("#FF5050")).Bold(true),
		Info:      r.NewStyle().Foreground(lipgloss.AdaptiveColor{Light: "#006080", Dark: "#60C0E0"}),
		Selected:  r.NewStyle().Reverse(true),
		Banner:    r.NewStyle().Bold(true).Reverse(true),
		ToMove:    r.NewStyle().Bold(true).Underline(true),
	}
}

// PlainStyles are styles without any colour or attribute, as on a terminal
// that supports none: what the golden files show.
func PlainStyles() Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	return NewStyles(r)
}
