package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
)

// Intent is one request of the player, carried as a tea.Msg: one of the
// *Intent types below. Screens never talk to the network: they return
// intents, and the program's owner (App) handles the local ones and hands
// the rest to the Backend, off the UI loop.
type Intent interface {
	intent()
}

// Intents of a game screen.
type (
	// MoveIntent places a stone at Point in Game.
	MoveIntent struct {
		Game  int64
		Point engine.Point
	}
	// OfferIntent asks the opponent to take back ("takeback"), offers a
	// draw ("draw") or, after the game, a rematch ("rematch").
	OfferIntent struct {
		Game  int64
		Offer string
	}
	// AnswerIntent answers the opponent's pending Offer.
	AnswerIntent struct {
		Game   int64
		Offer  string
		Accept bool
	}
	// ResignIntent resigns Game.
	ResignIntent struct{ Game int64 }
	// AbortIntent calls Game off (before both sides moved).
	AbortIntent struct{ Game int64 }
	// ClaimIntent claims the win when the opponent left.
	ClaimIntent struct{ Game int64 }
	// LeaveGameIntent goes back to the lobby (and stops watching Game).
	LeaveGameIntent struct{ Game int64 }
	// OpeningIntent is my opening action in Game, in its text form
	// ("place h8", "swap", "declare 3", "offer g7 j9"): text keeps the
	// intent comparable, and it is what the server reads.
	OpeningIntent struct {
		Game   int64
		Action string
	}
)

// Intents of the lobby and the program.
type (
	// ChatIntent says Text in the lobby (Game 0) or in a game.
	ChatIntent struct {
		Game int64
		Text string
	}
	// ChallengeIntent challenges Name with Settings.
	ChallengeIntent struct {
		Name     string
		Settings Settings
	}
	// AcceptChallengeIntent accepts challenge ID.
	AcceptChallengeIntent struct{ ID int64 }
	// DeclineChallengeIntent declines challenge ID.
	DeclineChallengeIntent struct{ ID int64 }
	// CancelChallengeIntent withdraws my challenge ID.
	CancelChallengeIntent struct{ ID int64 }
	// SeekIntent joins the quick-pair queue with Settings.
	SeekIntent struct{ Settings Settings }
	// CancelSeekIntent leaves the queue.
	CancelSeekIntent struct{}
	// WatchIntent spectates Game.
	WatchIntent struct{ Game int64 }
	// OpenGameIntent shows my running Game.
	OpenGameIntent struct{ Game int64 }
	// GuestIntent enters again as a guest, under Name if free, after the
	// session expired.
	GuestIntent struct{ Name string }
	// QuitIntent leaves the program.
	QuitIntent struct{}
	// HistoryIntent opens the games of Name ("": mine).
	HistoryIntent struct{ Name string }
	// ReplayIntent opens a game's record to step through.
	ReplayIntent struct{ Game int64 }
	// ExportIntent saves a game's record in Format (sgf, psq, txt) into
	// the current directory.
	ExportIntent struct {
		Game   int64
		Format string
	}
	// ProfileIntent opens the profile of Name ("": mine).
	ProfileIntent struct{ Name string }
	// LeaderboardIntent opens the leaderboard of a rule.
	LeaderboardIntent struct{ Rule engine.Rule }
	// BlockIntent blocks Name (On) or lifts the block.
	BlockIntent struct {
		Name string
		On   bool
	}
	// ChangePasswordIntent replaces my password Old with New.
	ChangePasswordIntent struct{ Old, New string }
	// DeleteAccountIntent deletes my account, checked with its Password;
	// the program stays, logged out.
	DeleteAccountIntent struct{ Password string }
)

func (MoveIntent) intent()             {}
func (OfferIntent) intent()            {}
func (AnswerIntent) intent()           {}
func (ResignIntent) intent()           {}
func (AbortIntent) intent()            {}
func (ClaimIntent) intent()            {}
func (LeaveGameIntent) intent()        {}
func (OpeningIntent) intent()          {}
func (ChatIntent) intent()             {}
func (ChallengeIntent) intent()        {}
func (AcceptChallengeIntent) intent()  {}
func (DeclineChallengeIntent) intent() {}
func (CancelChallengeIntent) intent()  {}
func (SeekIntent) intent()             {}
func (CancelSeekIntent) intent()       {}
func (WatchIntent) intent()            {}
func (OpenGameIntent) intent()         {}
func (GuestIntent) intent()            {}
func (QuitIntent) intent()             {}
func (HistoryIntent) intent()          {}
func (ReplayIntent) intent()           {}
func (ExportIntent) intent()           {}
func (ProfileIntent) intent()          {}
func (LeaderboardIntent) intent()      {}
func (BlockIntent) intent()            {}
func (ChangePasswordIntent) intent()   {}
func (DeleteAccountIntent) intent()    {}

// notSent says what was not sent: "move not sent".
func notSent(in Intent) string {
	what := "request"
	switch in := in.(type) {
	case MoveIntent:
		what = "move"
	case OpeningIntent:
		what = "opening action"
	case OfferIntent:
		what = offerNoun(in.Offer)
	case AnswerIntent:
		what = "answer"
	case ResignIntent:
		what = "resignation"
	case AbortIntent:
		what = "abort"
	case ClaimIntent:
		what = "claim"
	case ChatIntent:
		what = "message"
	case ChallengeIntent:
		what = "challenge"
	case AcceptChallengeIntent:
		what = "acceptance"
	case DeclineChallengeIntent:
		what = "refusal"
	case CancelChallengeIntent:
		what = "cancellation"
	case SeekIntent:
		what = "pairing request"
	case CancelSeekIntent:
		what = "pairing cancellation"
	case WatchIntent:
		what = "watch request"
	case ChangePasswordIntent:
		what = "password change"
	case DeleteAccountIntent:
		what = "account deletion"
	}
	return what + " not sent"
}

// Settings are the game settings of a challenge or a seek.
type Settings struct {
	Rule  engine.Rule
	Size  int
	Time  string // time control: "10+5", "30m/60s" (byo-yomi), "none"
	Color string // "black", "white", "random"
	Rated bool
	// Opening is the opening rule: the server's default for the rule (the
	// zero value), or a named one, none included.
	Opening client.OpeningRule
}

func intentCmd(in Intent) tea.Cmd {
	return func() tea.Msg { return in }
}
