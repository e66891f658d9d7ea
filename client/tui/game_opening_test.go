package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
)

// pts reads points on a 15x15 board: "h8 i9".
func pts(tb testing.TB, s string) []engine.Point {
	tb.Helper()
	var out []engine.Point
	for _, f := range strings.Fields(s) {
		p, err := engine.ParsePoint(f, 15)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// area reads an area, "g7-i9".
func area(tb testing.TB, s string) *opening.Area {
	tb.Helper()
	lo, hi, _ := strings.Cut(s, "-")
	return &opening.Area{Min: pts(tb, lo)[0], Max: pts(tb, hi)[0]}
}

// openingGame is game 42 between alice (who opened as black) and bob,
// in the opening: the stones so far (black first) and the phase; black
// names who holds black now. me is my colour now (Empty: watching).
func openingGame(tb testing.TB, kind opening.Kind, me engine.Color, stones string, black string, p client.Phase) *GameState {
	tb.Helper()
	alice := Side{Name: "alice", Rating: 1523, Clock: 4*time.Minute + 51*time.Second}
	bob := Side{Name: "bob", Rating: 1480, Clock: 5 * time.Minute}
	rule := engine.Freestyle
	if kind != opening.Swap2 {
		rule = engine.Renju
	}
	info := GameInfo{ID: 42, Rule: rule, Size: 15, Time: "5+2", Me: me, Opening: kind, Black: alice, White: bob}
	if black == "bob" {
		info.Black, info.White = bob, alice
	}
	s, err := NewGameState(info, mustMoves(tb, 15, strings.Fields(stones)...),
		&Clocks{Black: info.Black.Clock, White: info.White.Clock, Running: p.Color, At: t0})
	if err != nil {
		tb.Fatal(err)
	}
	p.Opening, p.Stones, p.Black = kind, pts(tb, stones), black
	p.Actions = p.Kind.Allowed()
	if p.Player == "" {
		p.Player = info.Black.Name
		if p.Color == engine.White {
			p.Player = info.White.Name
		}
	}
	s.Phase = &p
	return s
}

// The phases of the golden screens: what each shows is checked by eye in
// its golden file and by the strings listed.
var phaseScreens = []struct {
	name  string
	state func(testing.TB) *GameState
	keys  []string // pressed before the screen is taken
	wants []string
}{
	{"swap2_place_first", func(tb testing.TB) *GameState {
		return openingGame(tb, opening.Swap2, engine.Black, "", "alice",
			client.Phase{Kind: opening.PlaceStone, Color: engine.Black, Area: area(tb, "a1-o15")})
	}, nil, []string{"swap2 · your turn (black): place the 1st stone (black) anywhere", "Opening swap2", "alice acts (black) · black: alice", "A abort"}},
	{"swap2_choice", func(tb testing.TB) *GameState {
		return openingGame(tb, opening.Swap2, engine.White, "h8 i9 j8", "alice",
			client.Phase{Kind: opening.Swap2Choice, Color: engine.White})
	}, nil, []string{"your turn (white): play black, or white and the 4th, or place two more", "1 black", "2 white + 4th", "3 two more"}},
	{"soosorv_place_second", func(tb testing.TB) *GameState {
		return openingGame(tb, opening.Soosorv8, engine.Black, "h8", "alice",
			client.Phase{Kind: opening.PlaceStone, Color: engine.Black, Area: area(tb, "g7-i9")})
	}, nil, []string{"place the 2nd stone (white) in g7-i9", "+ + +"}},
	{"soosorv_offer", func(tb testing.TB) *GameState {
		return openingGame(tb, opening.Soosorv8, engine.Black, "h8 h9 j10 i8", "bob",
			client.Phase{Kind: opening.OfferFifths, Color: engine.Black, Area: area(tb, "a1-o15"), Declared: 2, Count: 2})
	}, []string{"l", "l", "enter", "j", "j", "enter"}, []string{"offer 2 fifth moves, no two symmetric", "marked 2/2 j8 j6", "o offer (2/2)", "◇", "2 declared"}},
	{"soosorv_choose", func(tb testing.TB) *GameState {
		s := openingGame(tb, opening.Soosorv8, engine.White, "h8 h9 j10 i8", "bob",
			client.Phase{Kind: opening.ChooseFifth, Color: engine.White, Declared: 2})
		s.Phase.Offers = pts(tb, "g7 o14")
		return s
	}, []string{"tab"}, []string{"choose one of the 2 offered fifth moves (◇)", "offered g7 o14", "enter choose", "R resign"}},
	{"taraguchi_waiting", func(tb testing.TB) *GameState {
		return openingGame(tb, opening.Taraguchi10, engine.Black, "h8", "alice",
			client.Phase{Kind: opening.SwapChoice, Color: engine.White})
	}, nil, []string{"waiting for bob (white): swap colours or stay", "bob acts (white)"}},
	{"taraguchi_watch", func(tb testing.TB) *GameState {
		return openingGame(tb, opening.Taraguchi10, engine.Empty, "h8 h9 j10", "bob",
			client.Phase{Kind: opening.PlaceStone, Color: engine.White, Area: area(tb, "e5-k11")})
	}, nil, []string{"taraguchi-10 · alice (white): place the 4th stone (white) in e5-k11", "t chat"}},
}

// TestOpeningScreensGolden: each phase at 80x24 and 120x40.
func TestOpeningScreensGolden(t *testing.T) {
	for _, tc := range phaseScreens {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			name := fmt.Sprintf("opening_%s_%dx%d", tc.name, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				m := newTestGame(t, tc.state(t), size[0], size[1], t0.Add(9*time.Second))
				press(m, tc.keys...)
				view := m.View()
				checkScreen(t, name, view, size[0], size[1])
				if size[0] < 120 {
					return // the long lines are cut at 80 columns
				}
				for _, w := range tc.wants {
					if !strings.Contains(view, w) {
						t.Errorf("no %q on the screen", w)
					}
				}
			})
		}
	}
}

// The phases of the key tests, each at the decision of its player.
func swap2Place(tb testing.TB, me engine.Color) *GameState {
	return openingGame(tb, opening.Swap2, me, "", "alice",
		client.Phase{Kind: opening.PlaceStone, Color: engine.Black, Area: area(tb, "a1-o15")})
}

func decision(kind opening.Kind, stones string, k opening.Phase, actor engine.Color) func(testing.TB, engine.Color) *GameState {
	return func(tb testing.TB, me engine.Color) *GameState {
		return openingGame(tb, kind, me, stones, "alice", client.Phase{Kind: k, Color: actor, Declared: 2, Count: 2})
	}
}

func soosorvChoose(tb testing.TB, me engine.Color) *GameState {
	s := openingGame(tb, opening.Soosorv8, me, "h8 h9 j10 i8", "alice", client.Phase{Kind: opening.ChooseFifth, Color: engine.White})
	s.Phase.Offers = pts(tb, "g7 o14")
	return s
}

// TestOpeningKeys: every opening action from its keys, the marks of an
// offer collected before it is sent, and the keys that do nothing.
func TestOpeningKeys(t *testing.T) {
	var (
		swap       = decision(opening.Taraguchi10, "h8", opening.SwapChoice, engine.White)
		swap2      = decision(opening.Swap2, "h8 i9 j8", opening.Swap2Choice, engine.White)
		colour     = decision(opening.Swap2, "h8 i9 j8 g7 k9", opening.ColorChoice, engine.Black)
		declare    = decision(opening.Soosorv8, "h8 h9 j10 i8", opening.DeclareN, engine.White)
		branch     = decision(opening.Taraguchi10, "h8 h9 j10 g10", opening.BranchChoice, engine.Black)
		offer      = decision(opening.Soosorv8, "h8 h9 j10 i8", opening.OfferFifths, engine.Black)
		openingOf  = func(a string) Intent { return OpeningIntent{Game: 42, Action: a} }
		centreNext = []string{"l", "l", "enter", "j", "j", "enter"} // marks j8 and j6
	)
	tests := []struct {
		name  string
		state func(testing.TB, engine.Color) *GameState
		me    engine.Color
		keys  []string
		want  Intent // nil: no intent
		msg   string // in the message line, when set
	}{
		{"enter places the stone", swap2Place, engine.Black, []string{"enter"}, openingOf("place h8"), ""},
		{"a stone anywhere: the server judges the area", swap2Place, engine.Black, []string{"h", "h", "h", "space"}, openingOf("place e8"), ""},
		{"typed stone", swap2Place, engine.Black, []string{":", "a", "1", "enter"}, openingOf("place a1"), ""},
		{"a stone out of turn goes to the server", swap2Place, engine.White, []string{"enter"}, openingOf("place h8"), ""},
		{"watchers place nothing", swap2Place, engine.Empty, []string{"enter"}, nil, "you are watching"},
		{"1 swaps", swap, engine.White, []string{"1"}, openingOf("swap"), ""},
		{"2 stays", swap, engine.White, []string{"2"}, openingOf("stay"), ""},
		{"typed swap", swap, engine.White, []string{":", "s", "w", "a", "p", "enter"}, openingOf("swap"), ""},
		{"enter in a decision shows its keys", swap, engine.White, []string{"enter"}, nil, "1 swap (you take black)"},
		{"the other's decision: keys do nothing", swap, engine.Black, []string{"1"}, nil, ""},
		{"enter while the other decides", swap, engine.Black, []string{"enter"}, nil, "waiting for bob: swap colours or stay"},
		{"swap2: 1 black", swap2, engine.White, []string{"1"}, openingOf("black"), ""},
		{"swap2: 2 white", swap2, engine.White, []string{"2"}, openingOf("white"), ""},
		{"swap2: 3 two more", swap2, engine.White, []string{"3"}, openingOf("two"), ""},
		{"colour: 1 black", colour, engine.Black, []string{"1"}, openingOf("black"), ""},
		{"colour: 2 white", colour, engine.Black, []string{"2"}, openingOf("white"), ""},
		{"colour: no third choice", colour, engine.Black, []string{"3"}, nil, ""},
		{"declare 3", declare, engine.White, []string{"3"}, openingOf("declare 3"), ""},
		{"declare 9: the server judges", declare, engine.White, []string{"9"}, openingOf("declare 9"), ""},
		{"branch: 1 places the 5th", branch, engine.Black, []string{"1"}, openingOf("branch-place"), ""},
		{"branch: 2 offers ten", branch, engine.Black, []string{"2"}, openingOf("branch-offer"), ""},
		{"offer the marked points", offer, engine.Black, append(centreNext, "o"), openingOf("offer j8 j6"), ""},
		{"too few marked", offer, engine.Black, []string{"j", "enter", "o"}, nil, "mark 2 fifth moves to offer (1 marked)"},
		{"enter again unmarks", offer, engine.Black, []string{"j", "enter", "enter", "j", "enter", "o"}, nil, "(1 marked)"},
		{"x clears the marks", offer, engine.Black, append(centreNext, "x", "o"), nil, "(0 marked)"},
		{"a stone cannot be marked", offer, engine.Black, []string{"enter"}, nil, "h8 is taken"},
		{"tab walks the marks", offer, engine.Black, append(centreNext, "tab", "enter", "o"), nil, "(1 marked)"},
		{"typed offer", offer, engine.Black, []string{":", "o", "f", "f", "e", "r", "space", "a", "1", "space", "b", "2", "enter"}, openingOf("offer a1 b2"), ""},
		{"choose at the cursor", soosorvChoose, engine.White, []string{"tab", "enter"}, openingOf("choose g7"), ""},
		{"tab to the next offer", soosorvChoose, engine.White, []string{"tab", "tab", "enter"}, openingOf("choose o14"), ""},
		{"choose one not offered: the server judges", soosorvChoose, engine.White, []string{"enter"}, openingOf("choose h8"), ""},
		{"typed nonsense", swap, engine.White, []string{":", "z", "z", "enter"}, nil, "not a point or an opening action"},
		{"abort before the other acted", swap, engine.White, []string{"A", "y"}, AbortIntent{Game: 42}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newTestGame(t, tt.state(t, tt.me), 120, 40, t0)
			got, ok := press(m, tt.keys...)
			switch {
			case tt.want == nil && ok:
				t.Errorf("keys %v: got intent %#v, want none", tt.keys, got)
			case tt.want != nil && (!ok || got != tt.want):
				t.Errorf("keys %v: got %#v (%v), want %#v", tt.keys, got, ok, tt.want)
			}
			if !strings.Contains(m.Message, tt.msg) {
				t.Errorf("keys %v: message %q, want %q in it", tt.keys, m.Message, tt.msg)
			}
		})
	}
}

// TestOpeningClick: a click picks the point of a decision, like enter.
func TestOpeningClick(t *testing.T) {
	m := newTestGame(t, soosorvChoose(t, engine.White), 80, 24, t0)
	// Row 0 of the screen is row 15; column 3 is the glyph of a.
	cmd := m.Update(tea.MouseMsg{X: 3 + 2*14, Y: 15 - 14, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if cmd == nil {
		t.Fatal("a click chooses nothing")
	}
	if in := cmd(); in != (OpeningIntent{Game: 42, Action: "choose o14"}) {
		t.Fatalf("click on o14: %#v", in)
	}
}

// TestOpeningAbortable: abort is offered until both players have acted,
// which in every rule is the other player's first swap decision.
func TestOpeningAbortable(t *testing.T) {
	tests := []struct {
		name  string
		state *GameState
		want  bool
	}{
		{"swap2, no stone", swap2Place(t, engine.Black), true},
		{"swap2, the choice due", decision(opening.Swap2, "h8 i9 j8", opening.Swap2Choice, engine.White)(t, engine.Black), true},
		{"swap2, two more stones", openingGame(t, opening.Swap2, engine.Black, "h8 i9 j8", "alice",
			client.Phase{Kind: opening.PlaceStone, Color: engine.White, Area: area(t, "a1-o15")}), false},
		{"soosorv-8, its swap due", decision(opening.Soosorv8, "h8 h9 j10", opening.SwapChoice, engine.White)(t, engine.Black), true},
		{"soosorv-8, the 4th", openingGame(t, opening.Soosorv8, engine.Black, "h8 h9 j10", "alice",
			client.Phase{Kind: opening.PlaceStone, Color: engine.White, Area: area(t, "a1-o15")}), false},
		{"taraguchi-10, the first swap due", decision(opening.Taraguchi10, "h8", opening.SwapChoice, engine.White)(t, engine.Black), true},
		{"taraguchi-10, the 2nd stone", openingGame(t, opening.Taraguchi10, engine.Black, "h8", "alice",
			client.Phase{Kind: opening.PlaceStone, Color: engine.White, Area: area(t, "g7-i9")}), false},
	}
	for _, tt := range tests {
		if got := tt.state.Abortable(); got != tt.want {
			t.Errorf("%s: abortable %v, want %v", tt.name, got, tt.want)
		}
	}
	done := swap2Place(t, engine.Black)
	done.Phase = nil
	if done.Abortable() {
		t.Error("abortable after the opening")
	}
}
