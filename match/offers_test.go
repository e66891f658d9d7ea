package match

import (
	"testing"
)

func TestTakeback(t *testing.T) {
	moves := func(n int, turn string) func(t *testing.T, m *Match) {
		return func(t *testing.T, m *Match) {
			t.Helper()
			if got := len(m.Moves()); got != n || m.Turn().String() != turn {
				t.Errorf("%d moves, %v to move; want %d, %s", got, m.Turn(), n, turn)
			}
		}
	}
	runCases(t, []matchCase{
		{
			name: "by the side that just moved: its move",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(white, Takeback), "offer takeback by white", nil},
				{6 * sec, accept(black, Takeback), "answered takeback by black yes; taken back 1", nil},
				{7 * sec, play(white, "i9"), "moved w i9", nil},
			}),
			check: moves(2, "black"),
		},
		{
			name: "by the side to move: its move and the reply",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(black, Takeback), "offer takeback by black", nil},
				{6 * sec, accept(white, Takeback), "answered takeback by white yes; taken back 2", nil},
			}),
			check: moves(0, "black"),
		},
		{
			name: "declined: nothing changes",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(black, Takeback), "offer takeback by black", nil},
				{6 * sec, decline(white, Takeback), "answered takeback by white no", nil},
			}),
			check: moves(2, "black"),
		},
		{
			name: "nothing to take back",
			cfg:  casual,
			steps: []step{
				{0, offer(black, Takeback), "", ErrConflict},
				{0, offer(white, Takeback), "", ErrConflict},
				{sec, play(black, "h8"), "moved b h8", nil},
				{2 * sec, offer(white, Takeback), "", ErrConflict}, // white has not moved
				{3 * sec, offer(black, Takeback), "offer takeback by black", nil},
			},
		},
		{
			name: "allowed in rated games between humans",
			cfg:  rated,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(black, Takeback), "offer takeback by black", nil},
				{6 * sec, accept(white, Takeback), "answered takeback by white yes; taken back 2", nil},
			}),
		},
		{
			name: "never in a rated game against a bot",
			cfg:  withBots(rated, false, true),
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(black, Takeback), "", ErrNotAllowed},
				{6 * sec, offer(black, Draw), "offer draw by black; answered draw by white no", nil},
			}),
		},
		{
			name: "a bot grants it at once",
			cfg:  withBots(casual, false, true),
			steps: seq(game(0, "h8", "h9", "i8"), []step{
				// The bot has not replied yet: only the player's move.
				{5 * sec, offer(black, Takeback), "offer takeback by black; answered takeback by white yes; taken back 1", nil},
				{6 * sec, play(black, "i8"), "moved b i8", nil},
				{7 * sec, play(white, "i9"), "moved w i9", nil},
				{8 * sec, offer(black, Takeback), "offer takeback by black; answered takeback by white yes; taken back 2", nil},
			}),
			check: moves(2, "black"),
		},
		{
			name: "a bot playing black grants it too",
			cfg:  withBots(casual, true, false),
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(white, Takeback), "offer takeback by white; answered takeback by black yes; taken back 1", nil},
			}),
			check: moves(1, "white"),
		},
	})
}

func TestDraw(t *testing.T) {
	runCases(t, []matchCase{
		{
			name: "accepted: a draw by agreement",
			cfg:  rated,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(black, Draw), "offer draw by black", nil},
				{6 * sec, accept(white, Draw), "answered draw by white yes; ended agreement", nil},
			}),
		},
		{
			name: "accepted before both moved: unrated",
			cfg:  rated,
			steps: []step{
				{sec, offer(white, Draw), "offer draw by white", nil},
				{2 * sec, accept(black, Draw), "answered draw by black yes; ended agreement unrated", nil},
			},
		},
		{
			name: "a bot declines at once",
			cfg:  withBots(casual, false, true),
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(black, Draw), "offer draw by black; answered draw by white no", nil},
				{6 * sec, offer(black, Draw), "", ErrConflict},
				{7 * sec, play(black, "i8"), "moved b i8", nil},
				{8 * sec, offer(black, Draw), "offer draw by black; answered draw by white no", nil},
			}),
		},
	})
}

// TestOfferRules: one offer at a time, answered by the other side; a
// declined offer waits for the next move; a move voids a pending one.
func TestOfferRules(t *testing.T) {
	runCases(t, []matchCase{
		{
			name: "one offer at a time",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(black, Draw), "offer draw by black", nil},
				{6 * sec, offer(black, Draw), "", ErrConflict},
				{6 * sec, offer(white, Draw), "", ErrConflict},
				{6 * sec, offer(white, Takeback), "", ErrConflict},
				{6 * sec, offer(black, Takeback), "", ErrConflict},
			}),
			check: func(t *testing.T, m *Match) {
				if o := m.Offer(); o != (Offer{Kind: Draw, From: black}) {
					t.Errorf("Offer() = %+v, want black's draw", o)
				}
			},
		},
		{
			name: "answers only to the other side's pending offer of that kind",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, accept(white, Draw), "", ErrConflict}, // none
				{5 * sec, decline(white, Takeback), "", ErrConflict},
				{6 * sec, offer(black, Draw), "offer draw by black", nil},
				{7 * sec, accept(black, Draw), "", ErrConflict}, // its own
				{7 * sec, decline(black, Draw), "", ErrConflict},
				{7 * sec, accept(white, Takeback), "", ErrConflict}, // another kind
				{7 * sec, accept(white, Rematch), "", ErrConflict},
				{8 * sec, decline(white, Draw), "answered draw by white no", nil},
				{9 * sec, accept(white, Draw), "", ErrConflict}, // answered already
			}),
		},
		{
			name: "a declined draw waits for the next move; the other side may offer",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(black, Draw), "offer draw by black", nil},
				{6 * sec, decline(white, Draw), "answered draw by white no", nil},
				{7 * sec, offer(black, Draw), "", ErrConflict},
				{8 * sec, offer(white, Draw), "offer draw by white", nil},
				{9 * sec, decline(black, Draw), "answered draw by black no", nil},
				{10 * sec, offer(white, Draw), "", ErrConflict},
				{11 * sec, play(black, "i8"), "moved b i8", nil},
				{12 * sec, offer(black, Draw), "offer draw by black", nil},
			}),
		},
		{
			name: "a declined takeback waits for the next move",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(white, Takeback), "offer takeback by white", nil},
				{6 * sec, decline(black, Takeback), "answered takeback by black no", nil},
				{7 * sec, offer(white, Takeback), "", ErrConflict},
				{8 * sec, offer(white, Draw), "offer draw by white", nil}, // another kind
				{9 * sec, decline(black, Draw), "answered draw by black no", nil},
				{10 * sec, play(black, "i8"), "moved b i8", nil},
				{11 * sec, offer(white, Takeback), "offer takeback by white", nil},
				{12 * sec, accept(black, Takeback), "answered takeback by black yes; taken back 2", nil},
				// The board changed again: the declined draw may be offered.
				{13 * sec, offer(white, Draw), "offer draw by white", nil},
			}),
		},
		{
			name: "a move voids a pending takeback or draw",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(white, Draw), "offer draw by white", nil},
				{6 * sec, play(black, "i8"), "moved b i8; lapsed draw", nil},
				{7 * sec, accept(white, Draw), "", ErrConflict},
				{8 * sec, offer(black, Takeback), "offer takeback by black", nil},
				{9 * sec, play(white, "i9"), "moved w i9; lapsed takeback", nil},
				{10 * sec, accept(white, Takeback), "", ErrConflict},
				// Lapsed is not declined: it may be offered again at once.
				{11 * sec, offer(white, Draw), "offer draw by white", nil},
			}),
		},
		{
			name: "a winning move voids the offer, then ends the game",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"), []step{
				{10 * sec, offer(white, Draw), "offer draw by white", nil},
				{11 * sec, play(black, "l8"), "moved b l8; lapsed draw; ended black five h8 i8 j8 k8 l8", nil},
			}),
		},
		{
			name: "the end clears a pending offer",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(white, Draw), "offer draw by white", nil},
				{6 * sec, resign(black), "ended white resign", nil},
				{7 * sec, accept(black, Draw), "", ErrConflict},
				{8 * sec, offer(black, Rematch), "offer rematch by black", nil},
			}),
		},
	})
}

func TestRematch(t *testing.T) {
	runCases(t, []matchCase{
		{
			name: "only after the game",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, offer(black, Rematch), "", ErrConflict},
				{6 * sec, accept(white, Rematch), "", ErrConflict},
			}),
		},
		{
			name: "agreed once; any rematch offer or answer after that is a conflict",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, resign(white), "ended black resign", nil},
				{6 * sec, offer(white, Rematch), "offer rematch by white", nil},
				{7 * sec, offer(black, Rematch), "", ErrConflict}, // white's is pending
				{8 * sec, accept(black, Rematch), "answered rematch by black yes; rematch agreed", nil},
				{9 * sec, offer(white, Rematch), "", ErrConflict},
				{9 * sec, offer(black, Rematch), "", ErrConflict},
				{9 * sec, accept(black, Rematch), "", ErrConflict},
				{9 * sec, decline(white, Rematch), "", ErrConflict},
			}),
		},
		{
			name: "declined, it may be offered again at once",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, resign(white), "ended black resign", nil},
				{6 * sec, offer(white, Rematch), "offer rematch by white", nil},
				{7 * sec, decline(black, Rematch), "answered rematch by black no", nil},
				{8 * sec, offer(white, Rematch), "offer rematch by white", nil},
			}),
		},
		{
			name: "a bot agrees at once, once",
			cfg:  withBots(rated, true, false),
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, resign(white), "ended black resign", nil},
				{6 * sec, offer(white, Rematch), "offer rematch by white; answered rematch by black yes; rematch agreed", nil},
				{7 * sec, offer(white, Rematch), "", ErrConflict},
			}),
		},
		{
			name: "no draw or takeback after the game",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, resign(white), "ended black resign", nil},
				{6 * sec, offer(white, Draw), "", ErrGameOver},
				{6 * sec, offer(white, Takeback), "", ErrGameOver},
			}),
		},
	})
}
