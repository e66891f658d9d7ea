package protocol

// The opening rules (docs/protocol.md, "Openings"). A game with an opening
// rule starts in its opening: the players act in turn (place stones,
// swap, choose a colour, declare how many fifth moves will be offered,
// offer them, choose one) until normal play begins. The server tracks
// players, not colours: the tentative black opens, and after every action
// GameOpening says who holds black.

// Opening rule names (Settings.Opening, GameInfo.Opening).
const (
	OpeningNone        = "none"
	OpeningSwap2       = "swap2"
	OpeningSoosorv8    = "soosorv-8"
	OpeningTaraguchi10 = "taraguchi-10"
)

// OpeningAction is the acting player's opening action, in its text form:
// "place h8", "swap", "stay", "black", "white", "two", "declare 3",
// "branch-place", "branch-offer", "offer g7 j9 k10", "choose j9". Reply:
// OK; all get GameOpening (and GameMove for each stone it places). Errors:
// bad_opening (Kind is the reason), not_your_turn, game_over.
type OpeningAction struct {
	GameID int64  `json:"game_id"`
	Action string `json:"action"`
}

// Phase is where a game's opening stands: what is due and from whom.
type Phase struct {
	Opening string `json:"opening"` // the rule: swap2, soosorv-8, taraguchi-10
	// Kind is the decision due: place, swap, swap2-choice, color-choice,
	// declare, branch, offer, choose.
	Kind    string   `json:"kind"`
	Player  string   `json:"player"`  // who acts, by name
	Color   string   `json:"color"`   // the colour that player holds now
	Actions []string `json:"actions"` // the action words the phase takes: place, swap, stay, black, white, two, declare, branch-place, branch-offer, offer, choose
	// Area is where the next stone (or each offered fifth move) may go,
	// corners included ("f6-j10"); "" when the phase places none.
	Area     string   `json:"area,omitempty"`
	Declared int      `json:"declared,omitempty"` // Soosõrv: the N declared
	Count    int      `json:"count,omitempty"`    // how many fifth moves to offer (offer phase)
	Offers   []string `json:"offers,omitempty"`   // the fifth moves offered (choose phase)
	Stones   []string `json:"stones"`             // the tentative stones placed so far, black first
	Black    string   `json:"black"`              // who holds black now, by name
}

// GameOpening is an opening action the server applied (event). By and
// Color name who acted and the colour they held then; Black who holds
// black after it (Swapped when that changed). Phase is what is due next;
// nil once Done (normal play: Turn moves).
type GameOpening struct {
	GameID  int64  `json:"game_id"`
	Seq     int64  `json:"seq"`
	By      string `json:"by"`
	Color   string `json:"color"`
	Action  string `json:"action"`
	Swapped bool   `json:"swapped,omitempty"`
	Black   string `json:"black"`
	White   string `json:"white"`
	Phase   *Phase `json:"phase,omitempty"`
	Done    bool   `json:"done,omitempty"`
	Turn    string `json:"turn"` // the colour to act or move next
	Clock   *Clock `json:"clock,omitempty"`
}

// Type implementations.
func (OpeningAction) Type() string { return "opening_action" }
func (GameOpening) Type() string   { return "game_opening" }

// Ref implements GameEvent.
func (m GameOpening) Ref() (int64, int64) { return m.GameID, m.Seq }

func init() { register(OpeningAction{}, GameOpening{}) }
