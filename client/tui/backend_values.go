package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
)

// The client's values as the screens show them, and the lobby's settings
// for the client.

// start builds the game state of a snapshot. Call with b.mu held.
func (b *ClientBackend) start(s client.GameSnapshot) tea.Msg {
	info := GameInfo{
		ID: s.Game, Rule: s.Rule, Size: s.Size, Time: timeText(s.Time), Rated: s.Rated,
		Black: Side{Name: s.Black.Name, Rating: s.Black.Rating, Bot: s.Black.Bot},
		White: Side{Name: s.White.Name, Rating: s.White.Rating, Bot: s.White.Bot},
		Me:    s.Me, Opening: s.Opening,
	}
	b.colors[s.Game] = s.Me
	b.names[s.Game] = map[engine.Color]string{engine.Black: s.Black.Name, engine.White: s.White.Name}
	st, err := NewGameState(info, s.Moves, b.clocks(s.Clock))
	if err != nil {
		return NoticeMsg{Text: err.Error(), Error: true}
	}
	if s.Offer != nil {
		if s.Offer.From == s.Me {
			st.MyOffer = string(s.Offer.Kind)
		} else {
			st.Offer = string(s.Offer.Kind)
		}
	}
	st.Phase = s.Phase
	st.Away = s.Away != engine.Empty && s.Away != s.Me
	st.Watchers = s.Watchers
	if s.Lag != nil {
		st.SetLag(engine.Black, s.Lag.Black)
		st.SetLag(engine.White, s.Lag.White)
	}
	if s.Result != nil {
		st.Finish(finalResult(*s.Result))
	}
	return GameStartMsg{State: st}
}

// clocks is the server's clock, measured now (nil for none).
func (b *ClientBackend) clocks(c *client.Clock) *Clocks {
	if c == nil {
		return nil
	}
	return &Clocks{
		Black: c.Black, White: c.White, BlackByo: c.BlackByoYomi, WhiteByo: c.WhiteByoYomi,
		Running: c.Running, FirstMove: c.FirstMove, At: b.now(),
	}
}

// finalResult is a game's result as the screen ends it: a reason this
// client does not know still ends the game.
func finalResult(r engine.Result) engine.Result {
	if r.Reason == engine.ReasonNone {
		r.Reason = engine.ReasonAborted
	}
	return r
}

func ratingNote(e client.GameEnded) string {
	var parts []string
	for _, r := range []struct {
		side string
		rc   *client.RatingChange
	}{{"black", e.BlackRating}, {"white", e.WhiteRating}} {
		if r.rc != nil {
			parts = append(parts, fmt.Sprintf("%s %d → %d", r.side, r.rc.Before, r.rc.After))
		}
	}
	if len(parts) == 0 {
		return "" // the banner says it all
	}
	return "ratings: " + strings.Join(parts, ", ")
}

// timeText is a time control as shown: "10+5", "" for none.
func timeText(tc client.TimeControl) string {
	if tc == (client.TimeControl{}) {
		return ""
	}
	return tc.String()
}

// settingsOf is a challenge's settings as the lobby shows them.
func settingsOf(s client.Settings) Settings {
	t := timeText(s.Time)
	if t == "" {
		t = "none"
	}
	color := "random"
	if s.Color != engine.Empty {
		color = s.Color.String()
	}
	return Settings{Rule: s.Rule, Size: s.Size, Time: t, Color: color, Rated: s.Rated, Opening: s.Opening}
}

// clientSettings converts the lobby's settings for a request.
func clientSettings(s Settings) (client.Settings, error) {
	tc, err := client.ParseTimeControl(s.Time)
	if err != nil {
		return client.Settings{}, err
	}
	color := engine.Empty
	if s.Color != "" && s.Color != "random" {
		if color, err = engine.ParseColor(s.Color); err != nil {
			return client.Settings{}, fmt.Errorf("colour: %w", err)
		}
	}
	return client.Settings{Rule: s.Rule, Size: s.Size, Time: tc, Color: color, Rated: s.Rated, Opening: s.Opening}, nil
}
