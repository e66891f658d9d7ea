package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/engine"
)

// IntentKind is what the player asked for. Screens never talk to the network:
// they return intents, and the program's owner (App) turns them into requests
// off the UI loop.
type IntentKind int

const (
	IntentMove             IntentKind = iota + 1 // place a stone at Point in Game
	IntentTakeback                               // ask the opponent to take back
	IntentDraw                                   // offer a draw
	IntentResign                                 // resign Game
	IntentAbort                                  // call Game off (before both sides moved)
	IntentRematch                                // offer a rematch after Game
	IntentAnswer                                 // answer the opponent's Offer: Accept
	IntentGameChat                               // say Text in Game
	IntentLeaveGame                              // back to the lobby (stop watching)
	IntentClaim                                  // claim the win when the opponent left
	IntentChallenge                              // challenge Name with Settings
	IntentAcceptChallenge                        // accept challenge ID
	IntentDeclineChallenge                       // decline challenge ID
	IntentCancelChallenge                        // cancel my challenge ID
	IntentSeek                                   // join the quick-pair queue with Settings
	IntentCancelSeek                             // leave the queue
	IntentWatch                                  // spectate Game
	IntentOpenGame                               // show my running Game
	IntentLobbyChat                              // say Text in the lobby
	IntentGuest                                  // enter again as a guest (Name: the name wished) after the session expired
	IntentQuit                                   // leave the program
)

// Intent is one request of the player, carried as a tea.Msg.
type Intent struct {
	Kind     IntentKind
	Game     int64
	Point    engine.Point
	Text     string
	Offer    string // IntentAnswer: "takeback", "draw", "rematch"
	Accept   bool
	Name     string
	ID       int64 // challenge id
	Settings Settings
}

// Settings are the game settings of a challenge or a seek.
type Settings struct {
	Rule  engine.Rule
	Size  int
	Time  string // time control: "10+5", "30m/60s" (byo-yomi), "none"
	Color string // "black", "white", "random"
	Rated bool
}

func intentCmd(in Intent) tea.Cmd {
	return func() tea.Msg { return in }
}
