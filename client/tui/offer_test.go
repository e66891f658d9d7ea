package tui

import (
	"context"
	"testing"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
)

// The text of an answered offer depends on who offered, who answered and
// whether the reader plays or watches.
func TestOfferAnswerText(t *testing.T) {
	tests := []struct {
		name   string
		mine   engine.Color // my colour; engine.Empty watching
		answer client.OfferAnswered
		want   string
	}{
		{"I declined", engine.White, client.OfferAnswered{Kind: "draw", By: engine.White}, "you declined alice's draw offer"},
		{"mine was declined", engine.Black, client.OfferAnswered{Kind: "draw", By: engine.White}, "bob declined your draw offer"},
		{"watcher sees a decline", engine.Empty, client.OfferAnswered{Kind: "draw", By: engine.White}, "bob declined alice's draw offer"},
		{"I accepted a takeback", engine.Black, client.OfferAnswered{Kind: "takeback", By: engine.Black, Accepted: true}, "you accepted bob's takeback request"},
		{"my takeback was declined", engine.White, client.OfferAnswered{Kind: "takeback", By: engine.Black}, "alice declined your takeback request"},
		{"watcher sees a takeback accepted", engine.Empty, client.OfferAnswered{Kind: "takeback", By: engine.Black, Accepted: true}, "alice accepted bob's takeback request"},
		{"my rematch was declined", engine.Black, client.OfferAnswered{Kind: "rematch", By: engine.White}, "bob declined your rematch offer"},
		{"I declined a rematch", engine.Black, client.OfferAnswered{Kind: "rematch", By: engine.Black}, "you declined bob's rematch offer"},
		{"lapsed", engine.Black, client.OfferAnswered{Kind: "draw"}, "the draw offer lapsed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &ClientBackend{
				colors: map[int64]engine.Color{3: tt.mine},
				names:  map[int64]map[engine.Color]string{3: {engine.Black: "alice", engine.White: "bob"}},
			}
			tt.answer.Game = 3
			m, ok := b.convert(tt.answer).(GameOfferMsg)
			if !ok || m.Text != tt.want || !m.Answered {
				t.Fatalf("got %+v, want text %q", m, tt.want)
			}

			// On the screen: the text shows and the pending offer is gone.
			me := tt.mine
			a := NewApp(context.Background(), nil, "x", "srv", PlainStyles())
			s, err := NewGameState(GameInfo{ID: 3, Rule: engine.Freestyle, Size: 15, Me: me,
				Black: Side{Name: "alice"}, White: Side{Name: "bob"}}, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			s.Offer, s.MyOffer = string(tt.answer.Kind), string(tt.answer.Kind)
			a.Update(GameStartMsg{State: s})
			a.Update(m)
			g := a.Games[3]
			if g.Message != tt.want || g.IsError || s.Offer != "" || s.MyOffer != "" {
				t.Errorf("screen: message %q, offers %q/%q", g.Message, s.Offer, s.MyOffer)
			}
		})
	}
}
