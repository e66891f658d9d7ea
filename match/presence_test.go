package match

import (
	"testing"
)

// Grace is a minute and AbandonAfter five in the cases' configurations.

func TestPresence(t *testing.T) {
	runCases(t, []matchCase{
		{
			name: "away and back, reported once each",
			cfg:  casual,
			steps: []step{
				{10 * sec, offline(black), "away black", nil},
				{11 * sec, offline(black), "", nil},
				{20 * sec, online(black), "back black", nil},
				{21 * sec, online(black), "", nil},
				{22 * sec, online(white), "", nil},
			},
		},
		{
			name: "the opponent claims the win after the grace",
			cfg:  rated,
			steps: seq(game(0, "h8", "h9"), []step{
				{10 * sec, offline(black), "away black", nil},
				{10*sec + minute - 1, claim(white), "", ErrConflict},
				{10*sec + minute, claim(white), "ended white abandon", nil},
			}),
		},
		{
			name: "a claim before both moved is unrated",
			cfg:  rated,
			steps: []step{
				{0, offline(white), "away white", nil},
				{2 * minute, claim(black), "ended black abandon unrated", nil},
			},
		},
		{
			name: "no claim against a connected opponent",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{10 * sec, claim(white), "", ErrConflict},
				{11 * sec, offline(black), "away black", nil},
				{20 * sec, online(black), "back black", nil},
				{2 * minute, claim(white), "", ErrConflict},
				{2 * minute, claim(black), "", ErrConflict},
			}),
		},
		{
			name: "the grace starts again when the player leaves again",
			cfg:  casual,
			steps: []step{
				{0, offline(black), "away black", nil},
				{50 * sec, online(black), "back black", nil},
				{55 * sec, offline(black), "away black", nil},
				{61 * sec, claim(white), "", ErrConflict},
				{115 * sec, claim(white), "ended white abandon unrated", nil},
			},
		},
		{
			name: "a bot claims the win from a player who left",
			cfg:  withBots(casual, false, true),
			steps: seq(game(0, "h8", "h9"), []step{
				{10 * sec, offline(black), "away black", nil},
				{10 * sec, offline(white), "", nil}, // a bot never leaves
				{10*sec + minute - 1, tick, "", nil},
				{10*sec + minute, tick, "ended white abandon", nil},
			}),
		},
		{
			name: "a bot does not claim from a player who came back",
			cfg:  withBots(casual, true, false),
			steps: []step{
				{10 * sec, offline(white), "away white", nil},
				{30 * sec, online(white), "back white", nil},
				{10 * minute, tick, "", nil},
			},
		},
		{
			name: "a game both players left is abandoned, uncounted",
			cfg:  rated,
			steps: seq(game(0, "h8", "h9", "i8"), []step{
				{10 * sec, offline(black), "away black", nil},
				{20 * sec, offline(white), "away white", nil},
				{20*sec + 5*minute - 1, tick, "", nil},
				{20*sec + 5*minute, tick, "ended aborted unrated uncounted", nil},
			}),
		},
		{
			name: "a game one player came back to is not abandoned",
			cfg:  casual,
			steps: []step{
				{10 * sec, offline(black), "away black", nil},
				{20 * sec, offline(white), "away white", nil},
				{30 * sec, online(white), "back white", nil},
				{10 * minute, tick, "", nil},
				{10 * minute, claim(white), "ended white abandon unrated", nil},
			},
		},
		{
			name: "nothing is reported after the game",
			cfg:  casual,
			steps: seq(game(0, "h8", "h9"), []step{
				{5 * sec, resign(black), "ended white resign", nil},
				{6 * sec, offline(black), "", nil},
				{7 * sec, offline(white), "", nil},
				{2 * minute, claim(white), "", ErrGameOver},
				{10 * minute, tick, "", nil},
				{11 * minute, online(black), "", nil},
			}),
		},
	})
}
