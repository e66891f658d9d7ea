package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// openingActed follows an opening action: my colour and the players'
// names move with a swap. Call with b.mu held.
func (b *ClientBackend) openingActed(e client.OpeningActed) tea.Msg {
	mine, known := b.colors[e.Game]
	if e.Swapped && known && mine != engine.Empty {
		mine = mine.Opponent()
		b.colors[e.Game] = mine
	}
	b.names[e.Game] = map[engine.Color]string{engine.Black: e.Black, engine.White: e.White}
	places := e.Action.Kind == opening.Place || e.Action.Kind == opening.Choose
	return GameOpeningMsg{Game: e.Game, Phase: e.Phase, Swapped: e.Swapped, Places: places, Turn: e.Turn, Clock: b.clocks(e.Clock),
		Text: openingNote(e, b.c.Me().Name, mine)}
}

// openingNote says what an opening action did, as the reader sees it:
// "bob swapped: you play white now", "you declared 3 fifth moves",
// "alice offered g7 j9". A stone says nothing (the board shows it) unless
// it ends the opening. mine is my colour after the action (engine.Empty
// when watching).
func openingNote(e client.OpeningActed, me string, mine engine.Color) string {
	who := e.By
	if strings.EqualFold(e.By, me) {
		who = "you"
	}
	a := e.Action
	var text string
	switch a.Kind {
	case opening.Swap:
		text = who + " swapped"
	case opening.Stay:
		text = who + " kept the colours"
	case opening.TakeBlack, opening.TakeWhite:
		text = who + " chose " + a.Kind.String() // "black", "white"
	case opening.PlaceTwo:
		text = who + " will place two more stones"
	case opening.Declare:
		text = fmt.Sprintf("%s declared %s", who, plural(a.N, "fifth move"))
	case opening.BranchPlace:
		text = who + " will place the 5th move in 9x9"
	case opening.BranchOffer:
		text = fmt.Sprintf("%s will offer %d fifth moves", who, opening.TaraguchiOffers)
	case opening.Offer:
		text = who + " offered " + pointsText(a.Points)
	case opening.Choose:
		text = who + " chose " + a.Point.String()
	}
	switch {
	case e.Swapped && mine != engine.Empty:
		text += ": you play " + mine.String() + " now"
	case e.Swapped:
		text += ": " + e.Black + " plays black now"
	}
	if e.Done {
		text = strings.TrimPrefix(text+"; the opening is over", "; ")
	}
	return text
}

// plural is "1 fifth move", "3 fifth moves".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// pointsText is "g7 j9 k10".
func pointsText(pts []engine.Point) string {
	s := make([]string, len(pts))
	for i, p := range pts {
		s[i] = p.String()
	}
	return strings.Join(s, " ")
}
