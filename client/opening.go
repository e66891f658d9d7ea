package client

import (
	"context"
	"fmt"
	"strings"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/protocol"
)

// Phase is where a game's opening stands (docs/protocol.md, "Openings"):
// the decision due, who acts, where stones may go, the offers.
type Phase struct {
	Opening  opening.Kind
	Kind     opening.Phase
	Player   string       // who acts, by name
	Color    engine.Color // the colour that player holds now
	Actions  []opening.ActionKind
	Area     *opening.Area // where the next stone or each offer may go; nil when none is placed
	Declared int           // Soosõrv's N, once declared
	Count    int           // how many fifth moves to offer (offer phase)
	Offers   []engine.Point
	Stones   []engine.Point // the tentative stones, black first
	Black    string         // who holds black now
}

// OpeningActed is an opening action the server applied. Black and White
// name who holds each colour after it (Swapped: they exchanged colours);
// Phase is what is due next, nil once Done.
type OpeningActed struct {
	Game         int64
	By           string
	Color        engine.Color // the colour By held when acting
	Action       opening.Action
	Swapped      bool
	Black, White string
	Phase        *Phase
	Done         bool
	Turn         engine.Color
	Clock        *Clock
}

// OpeningAction sends my opening action in game gameID; the server answers
// with OpeningActed (and MoveMade for a stone it places). A refusal is a
// *protocol.Error with code bad_opening and the reason in Kind.
func (c *Client) OpeningAction(ctx context.Context, gameID int64, a opening.Action) error {
	return c.ok(ctx, protocol.OpeningAction{GameID: gameID, Action: a.String()})
}

func openingActedOf(e *protocol.GameOpening) (Event, error) {
	out := OpeningActed{Game: e.GameID, By: e.By, Swapped: e.Swapped, Black: e.Black, White: e.White, Done: e.Done}
	var err error
	if out.Color, err = colorOf(e.Color); err != nil {
		return nil, fmt.Errorf("game %d opening: %w", e.GameID, err)
	}
	if out.Turn, err = optColorOf(e.Turn); err != nil {
		return nil, fmt.Errorf("game %d opening: %w", e.GameID, err)
	}
	if out.Action, err = opening.ParseAction(e.Action, engine.MaxSize); err != nil {
		return nil, fmt.Errorf("game %d opening: %w", e.GameID, err)
	}
	if out.Clock, err = optClockOf(e.Clock); err != nil {
		return nil, fmt.Errorf("game %d opening: %w", e.GameID, err)
	}
	if out.Phase, err = phaseOf(e.Phase); err != nil {
		return nil, fmt.Errorf("game %d opening: %w", e.GameID, err)
	}
	return out, nil
}

// phaseOf converts a phase; nil stays nil.
func phaseOf(p *protocol.Phase) (*Phase, error) {
	if p == nil {
		return nil, nil
	}
	k, err := opening.ParseKind(p.Opening)
	if err != nil {
		return nil, err
	}
	out := &Phase{Opening: k, Player: p.Player, Declared: p.Declared, Count: p.Count, Black: p.Black}
	if out.Kind, err = phaseKindOf(p.Kind); err != nil {
		return nil, err
	}
	if out.Color, err = colorOf(p.Color); err != nil {
		return nil, err
	}
	for _, a := range p.Actions {
		k, ok := actionKindOf(a)
		if !ok {
			return nil, fmt.Errorf("phase action %q", a)
		}
		out.Actions = append(out.Actions, k)
	}
	if p.Area != "" {
		if out.Area, err = areaOf(p.Area); err != nil {
			return nil, err
		}
	}
	if out.Offers, err = pointsOf(p.Offers, engine.MaxSize); err != nil {
		return nil, fmt.Errorf("offers: %w", err)
	}
	if out.Stones, err = pointsOf(p.Stones, engine.MaxSize); err != nil {
		return nil, fmt.Errorf("stones: %w", err)
	}
	return out, nil
}

// phaseKindOf reads a phase name (opening.Phase's String).
func phaseKindOf(s string) (opening.Phase, error) {
	for p := opening.Done; p <= opening.ChooseFifth; p++ {
		if p.String() == s {
			return p, nil
		}
	}
	return opening.Done, fmt.Errorf("phase %q", s)
}

// actionKindOf reads an action word (opening.ActionKind's String).
func actionKindOf(s string) (opening.ActionKind, bool) {
	for k := opening.Place; k <= opening.Choose; k++ {
		if k.String() == s {
			return k, true
		}
	}
	return 0, false
}

// areaOf reads an area, "f6-j10".
func areaOf(s string) (*opening.Area, error) {
	lo, hi, ok := strings.Cut(s, "-")
	if !ok {
		return nil, fmt.Errorf("phase area %q", s)
	}
	a, err := pointOf(lo, engine.MaxSize)
	if err != nil {
		return nil, fmt.Errorf("phase area: %w", err)
	}
	b, err := pointOf(hi, engine.MaxSize)
	if err != nil {
		return nil, fmt.Errorf("phase area: %w", err)
	}
	return &opening.Area{Min: a, Max: b}, nil
}

func (OpeningActed) clientEvent() {}
