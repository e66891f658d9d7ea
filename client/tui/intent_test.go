package tui

import "testing"

// TestNotSent: what a refused intent says was not sent.
func TestNotSent(t *testing.T) {
	for _, tt := range []struct {
		in   Intent
		want string
	}{
		{MoveIntent{Game: 1}, "move not sent"},
		{OpeningIntent{Game: 1, Action: "swap"}, "opening action not sent"},
		{OfferIntent{Game: 1, Offer: "takeback"}, "takeback request not sent"},
		{OfferIntent{Game: 1, Offer: "draw"}, "draw offer not sent"},
		{OfferIntent{Game: 1, Offer: "rematch"}, "rematch offer not sent"},
		{AnswerIntent{Game: 1, Offer: "draw"}, "answer not sent"},
		{ResignIntent{Game: 1}, "resignation not sent"},
		{AbortIntent{Game: 1}, "abort not sent"},
		{ClaimIntent{Game: 1}, "claim not sent"},
		{ChatIntent{Game: 1, Text: "gg"}, "message not sent"},
		{ChatIntent{Text: "hi"}, "message not sent"},
		{ChallengeIntent{Name: "bob"}, "challenge not sent"},
		{AcceptChallengeIntent{ID: 3}, "acceptance not sent"},
		{DeclineChallengeIntent{ID: 3}, "refusal not sent"},
		{CancelChallengeIntent{ID: 3}, "cancellation not sent"},
		{SeekIntent{}, "pairing request not sent"},
		{CancelSeekIntent{}, "pairing cancellation not sent"},
		{WatchIntent{Game: 1}, "watch request not sent"},
		{LeaveGameIntent{Game: 1}, "request not sent"},
		{GuestIntent{}, "request not sent"},
	} {
		if got := notSent(tt.in); got != tt.want {
			t.Errorf("notSent(%#v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
