package client

import (
	"reflect"
	"testing"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/protocol"
)

func TestOpeningEvents(t *testing.T) {
	pt := func(s string) engine.Point { p, _ := engine.ParsePoint(s, 15); return p }
	ev, err := eventOf(&protocol.GameOpening{GameID: 12, Seq: 5, By: "bob", Color: "white", Action: "declare 2",
		Black: "alice", White: "bob", Turn: "black",
		Phase: &protocol.Phase{Opening: "soosorv-8", Kind: "offer", Player: "alice", Color: "black", Actions: []string{"offer"},
			Area: "a1-o15", Declared: 2, Count: 2, Stones: []string{"h8", "h9", "j10", "i8"}, Black: "alice"}})
	if err != nil {
		t.Fatal(err)
	}
	want := OpeningActed{Game: 12, By: "bob", Color: engine.White, Action: opening.Action{Kind: opening.Declare, N: 2},
		Black: "alice", White: "bob", Turn: engine.Black,
		Phase: &Phase{Opening: opening.Soosorv8, Kind: opening.OfferFifths, Player: "alice", Color: engine.Black,
			Actions: []opening.ActionKind{opening.Offer}, Area: &opening.Area{Min: pt("a1"), Max: pt("o15")},
			Declared: 2, Count: 2, Stones: []engine.Point{pt("h8"), pt("h9"), pt("j10"), pt("i8")}, Black: "alice"}}
	if !reflect.DeepEqual(ev, want) {
		t.Fatalf("got  %+v\nwant %+v", ev, want)
	}
	for _, bad := range []*protocol.GameOpening{
		{GameID: 1, Color: "white", Action: "jump", Turn: "black"},
		{GameID: 1, Color: "white", Action: "swap", Turn: "black", Phase: &protocol.Phase{Opening: "swap2", Kind: "dance", Color: "black"}},
		{GameID: 1, Color: "white", Action: "swap", Turn: "black", Phase: &protocol.Phase{Opening: "swap2", Kind: "place", Color: "black", Area: "h8"}},
	} {
		if _, err := eventOf(bad); err == nil {
			t.Errorf("%+v converted", bad)
		}
	}
}

// The zero OpeningRule leaves the server's default (the field is left out
// on the wire); a named one, none included, is sent by name. Settings
// from the wire keep the difference.
func TestOpeningRuleWire(t *testing.T) {
	tests := []struct {
		rule engine.Rule
		open OpeningRule
		wire string
		want opening.Kind // what the game is played with
	}{
		{engine.Freestyle, OpeningRule{}, "", opening.Swap2},
		{engine.Caro, OpeningRule{}, "", opening.Swap2},
		{engine.Renju, OpeningRule{}, "", opening.Soosorv8},
		{engine.Renju, Opening(opening.None), "none", opening.None},
		{engine.Renju, Opening(opening.Taraguchi10), "taraguchi-10", opening.Taraguchi10},
		{engine.Standard, Opening(opening.Swap2), "swap2", opening.Swap2},
	}
	for _, tt := range tests {
		s := Settings{Rule: tt.rule, Size: 15, Opening: tt.open}
		w := s.wire()
		if w.Opening != tt.wire || tt.open.For(tt.rule) != tt.want {
			t.Errorf("%s %+v: wire %q, plays %s; want %q, %s", tt.rule, tt.open, w.Opening, tt.open.For(tt.rule), tt.wire, tt.want)
		}
		back, err := settingsOf(w)
		if err != nil || back != s {
			t.Errorf("%s %+v: read back %+v, %v", tt.rule, tt.open, back, err)
		}
	}
}
