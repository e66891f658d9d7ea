package server

import (
	"fmt"

	"github.com/gomokud/gomoku/engine"
)

// Replay rebuilds the engine game from the stored rule, size and moves: how
// a restarted server restores a running game. Only the moves are replayed (a
// stored resignation or time-out is not applied). It fails with the engine's
// error (wrapped) if the rule or size is unknown or a stored move is illegal
// or out of turn.
func (g Game) Replay() (*engine.Game, error) {
	rule, err := engine.ParseRule(g.Rule)
	if err != nil {
		return nil, fmt.Errorf("replay game %d: %w", g.ID, err)
	}
	eg, err := engine.NewGame(engine.Options{Size: g.Size, Rule: rule})
	if err != nil {
		return nil, fmt.Errorf("replay game %d: %w", g.ID, err)
	}
	for _, m := range g.Moves {
		c, err := engine.ParseColor(m.Color)
		if err != nil {
			return nil, fmt.Errorf("replay game %d ply %d: %w", g.ID, m.Ply, err)
		}
		if err := eg.PlayAs(c, engine.Point{X: m.X, Y: m.Y}); err != nil {
			return nil, fmt.Errorf("replay game %d ply %d: %w", g.ID, m.Ply, err)
		}
	}
	return eg, nil
}
