package tui

import (
	"context"
	"testing"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/protocol"
)

// The text of an answered offer depends on who offered, who answered and
// whether the reader plays or watches.
func TestOfferAnswerText(t *testing.T) {
	tests := []struct {
		name   string
		mine   string // my colour; "" watching
		answer protocol.OfferAnswer
		want   string
	}{
		{"I declined", "white", protocol.OfferAnswer{Kind: "draw", By: "white"}, "you declined alice's draw offer"},
		{"mine was declined", "black", protocol.OfferAnswer{Kind: "draw", By: "white"}, "bob declined your draw offer"},
		{"watcher sees a decline", "", protocol.OfferAnswer{Kind: "draw", By: "white"}, "bob declined alice's draw offer"},
		{"I accepted a takeback", "black", protocol.OfferAnswer{Kind: "takeback", By: "black", Accepted: true}, "you accepted bob's takeback request"},
		{"my takeback was declined", "white", protocol.OfferAnswer{Kind: "takeback", By: "black"}, "alice declined your takeback request"},
		{"watcher sees a takeback accepted", "", protocol.OfferAnswer{Kind: "takeback", By: "black", Accepted: true}, "alice accepted bob's takeback request"},
		{"my rematch was declined", "black", protocol.OfferAnswer{Kind: "rematch", By: "white"}, "bob declined your rematch offer"},
		{"I declined a rematch", "black", protocol.OfferAnswer{Kind: "rematch", By: "black"}, "you declined bob's rematch offer"},
		{"lapsed", "black", protocol.OfferAnswer{Kind: "draw"}, "the draw offer lapsed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &ClientBackend{
				colors: map[int64]string{3: tt.mine},
				names:  map[int64]map[string]string{3: {"black": "alice", "white": "bob"}},
			}
			tt.answer.GameID = 3
			m, ok := b.convert(&tt.answer).(GameOfferMsg)
			if !ok || m.Text != tt.want || !m.Answered {
				t.Fatalf("got %+v, want text %q", m, tt.want)
			}

			// On the screen: the text shows and the pending offer is gone.
			me, _ := engine.ParseColor(tt.mine)
			a := NewApp(context.Background(), nil, "x", "srv", PlainStyles())
			s, err := NewGameState(GameInfo{ID: 3, Rule: engine.Freestyle, Size: 15, Me: me,
				Black: Side{Name: "alice"}, White: Side{Name: "bob"}}, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			s.Offer, s.MyOffer = tt.answer.Kind, tt.answer.Kind
			a.Update(GameStartMsg{State: s})
			a.Update(m)
			g := a.Games[3]
			if g.Message != tt.want || g.IsError || s.Offer != "" || s.MyOffer != "" {
				t.Errorf("screen: message %q, offers %q/%q", g.Message, s.Offer, s.MyOffer)
			}
		})
	}
}
