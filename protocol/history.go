package protocol

// GetProfile asks for an account's profile (Name "" means yours). Reply:
// Profile.
type GetProfile struct {
	Name string `json:"name,omitempty"`
}

// GetHistory asks for an account's games, newest first (Name "" means
// yours; Limit 0 means 50, at most 200). Reply: History.
type GetHistory struct {
	Name   string `json:"name,omitempty"`
	Limit  int    `json:"limit,omitempty"`
	Offset int    `json:"offset,omitempty"`
}

// History is the reply to GetHistory.
type History struct {
	Name  string        `json:"name"`
	Games []GameSummary `json:"games"`
}

// GetRecord asks for a game's record in a format (FormatText, FormatPSQ,
// FormatSGF). Reply: Record.
type GetRecord struct {
	GameID int64  `json:"game_id"`
	Format string `json:"format"`
}

// Record is a game record file's content.
type Record struct {
	GameID int64  `json:"game_id"`
	Format string `json:"format"`
	Data   string `json:"data"`
}

// GetLeaderboard asks for the top rated accounts (Limit 0 means 50, at most
// 200). Reply: Leaderboard.
type GetLeaderboard struct {
	Limit int    `json:"limit,omitempty"`
	Rule  string `json:"rule,omitempty"` // the board of this rule; "" is freestyle
}

// Leaderboard is the reply to GetLeaderboard, best first.
type Leaderboard struct {
	Rule    string    `json:"rule"`
	Players []Profile `json:"players"`
}

// Type implementations.
func (GetProfile) Type() string     { return "get_profile" }
func (Profile) Type() string        { return "profile" }
func (GetHistory) Type() string     { return "get_history" }
func (History) Type() string        { return "history" }
func (GetRecord) Type() string      { return "get_record" }
func (Record) Type() string         { return "record" }
func (GetLeaderboard) Type() string { return "get_leaderboard" }
func (Leaderboard) Type() string    { return "leaderboard" }

func init() {
	register(GetProfile{}, Profile{}, GetHistory{}, History{}, GetRecord{}, Record{},
		GetLeaderboard{}, Leaderboard{})
}
