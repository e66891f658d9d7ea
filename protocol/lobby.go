package protocol

import "time"

// GetLobby asks for the lobby. Reply: Lobby. (The server also pushes a
// Lobby after every Session.)
type GetLobby struct{}

// Lobby is a snapshot of the lobby; Presence, LobbyGames and the challenge
// events keep it current.
//
// On a busy server the lists are capped (MaxLobbyPlayers, MaxLobbyGames:
// idle and seeking players first, then the newest games); PlayersOnline and
// GamesRunning give the full counts.
type Lobby struct {
	Players       []Player      `json:"players"`        // online humans
	Bots          []Player      `json:"bots"`           // AI levels anyone can challenge
	Games         []GameSummary `json:"games"`          // running games (to watch)
	Challenges    []Challenge   `json:"challenges"`     // open challenges from or to you
	PlayersOnline int           `json:"players_online"` // all online humans, listed or not
	GamesRunning  int           `json:"games_running"`  // all running games, listed or not
	// Chat is the lobby chat's recent lines, oldest first (up to 50).
	Chat []LobbyChat `json:"chat,omitempty"`
}

// Caps of the lobby's lists.
const (
	MaxLobbyPlayers = 1000
	MaxLobbyGames   = 200
)

// PushInterval is how often the server pushes the lobby's changes: Presence
// and LobbyGames are batched, at most one of each per interval, so a busy
// lobby costs each client a few frames a second, not one per change.
const PushInterval = 500 * time.Millisecond

// Presence is pushed with the players who came online, changed status or
// rating, or left (Status "offline") since the last one: the latest state
// of each.
type Presence struct {
	Players []Player `json:"players"`
}

// LobbyGames is pushed with the games that started (Result nil) or ended
// since the last one.
type LobbyGames struct {
	Games []GameSummary `json:"games"`
}

// ChallengeCreate challenges a player or a bot. Reply: Challenge (also
// pushed to the challenged player). A challenge to a bot is accepted at once
// and followed by GameStart.
type ChallengeCreate struct {
	To       string   `json:"to"`
	Settings Settings `json:"settings"`
}

// Challenge is an open challenge: the reply to ChallengeCreate and the event
// the challenged player receives.
type Challenge struct {
	ChallengeID int64     `json:"challenge_id"`
	From        string    `json:"from"`
	To          string    `json:"to"`
	Settings    Settings  `json:"settings"`
	ExpiresAt   time.Time `json:"expires_at"`
}

// ChallengeAccept accepts a challenge made to you. Reply: OK, then GameStart
// to both players.
type ChallengeAccept struct {
	ChallengeID int64 `json:"challenge_id"`
}

// ChallengeDecline declines a challenge made to you. Reply: OK; the
// challenger gets ChallengeDeclined.
type ChallengeDecline struct {
	ChallengeID int64 `json:"challenge_id"`
}

// ChallengeCancel withdraws your challenge. Reply: OK; the challenged player
// gets ChallengeCancelled.
type ChallengeCancel struct {
	ChallengeID int64 `json:"challenge_id"`
}

// ChallengeDeclined is pushed to the challenger.
type ChallengeDeclined struct {
	ChallengeID int64  `json:"challenge_id"`
	By          string `json:"by"`
}

// ChallengeCancelled is pushed to the challenged player, and to both when a
// challenge becomes void (a side left or started another game).
type ChallengeCancelled struct {
	ChallengeID int64  `json:"challenge_id"`
	Reason      string `json:"reason,omitempty"`
}

// ChallengeExpired is pushed to both sides when nobody answered in time.
type ChallengeExpired struct {
	ChallengeID int64 `json:"challenge_id"`
}

// Seek joins the quick-pairing queue: the server pairs two seeks with the
// same rule, size, time control and rated flag and close ratings (the
// accepted gap widens while waiting). Reply: OK; later GameStart. Settings
// .Color is ignored (colours are random).
type Seek struct {
	Settings Settings `json:"settings"`
}

// Unseek leaves the queue. Reply: OK.
type Unseek struct{}

// LobbySay sends a lobby chat line (at most MaxChatRunes). Reply: OK; all
// get LobbyChat.
type LobbySay struct {
	Text string `json:"text"`
}

// LobbyChat is a lobby chat line.
type LobbyChat struct {
	From string    `json:"from"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// Type implementations.
func (GetLobby) Type() string           { return "get_lobby" }
func (Lobby) Type() string              { return "lobby" }
func (Presence) Type() string           { return "presence" }
func (LobbyGames) Type() string         { return "lobby_games" }
func (ChallengeCreate) Type() string    { return "challenge_create" }
func (Challenge) Type() string          { return "challenge" }
func (ChallengeAccept) Type() string    { return "challenge_accept" }
func (ChallengeDecline) Type() string   { return "challenge_decline" }
func (ChallengeCancel) Type() string    { return "challenge_cancel" }
func (ChallengeDeclined) Type() string  { return "challenge_declined" }
func (ChallengeCancelled) Type() string { return "challenge_cancelled" }
func (ChallengeExpired) Type() string   { return "challenge_expired" }
func (Seek) Type() string               { return "seek" }
func (Unseek) Type() string             { return "unseek" }
func (LobbySay) Type() string           { return "lobby_say" }
func (LobbyChat) Type() string          { return "lobby_chat" }

func init() {
	register(GetLobby{}, Lobby{}, Presence{}, LobbyGames{}, ChallengeCreate{}, Challenge{},
		ChallengeAccept{}, ChallengeDecline{}, ChallengeCancel{}, ChallengeDeclined{},
		ChallengeCancelled{}, ChallengeExpired{}, Seek{}, Unseek{}, LobbySay{}, LobbyChat{})
}
