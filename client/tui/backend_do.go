package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
)

// requestTimeout bounds every request the UI makes.
const requestTimeout = 15 * time.Second

// Do performs an intent and returns what the screen should show. Errors,
// from the server or the network, come back as NoticeMsg, never as a panic.
func (b *ClientBackend) Do(ctx context.Context, in Intent) tea.Msg {
	ctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	msg, err := b.do(ctx, in)
	switch {
	case errors.Is(err, client.ErrDisconnected):
		return NoticeMsg{Text: "not connected: " + notSent(in), Error: true}
	case err != nil:
		return NoticeMsg{Text: errorText(err), Error: true}
	}
	return msg
}

func (b *ClientBackend) do(ctx context.Context, in Intent) (tea.Msg, error) {
	c := b.c
	g := in.Game
	switch in.Kind {
	case IntentMove:
		return nil, c.Move(ctx, g, in.Point)
	case IntentTakeback:
		return NoticeMsg{Text: "takeback requested"}, c.Offer(ctx, g, client.OfferTakeback)
	case IntentDraw:
		return NoticeMsg{Text: "draw offered"}, c.Offer(ctx, g, client.OfferDraw)
	case IntentResign:
		return nil, c.Resign(ctx, g)
	case IntentAbort:
		return nil, c.Abort(ctx, g)
	case IntentRematch:
		return NoticeMsg{Text: "rematch offered"}, c.Offer(ctx, g, client.OfferRematch)
	case IntentClaim:
		return nil, c.ClaimWin(ctx, g)
	case IntentAnswer:
		return nil, c.Answer(ctx, g, client.OfferKind(in.Offer), in.Accept)
	case IntentGameChat:
		return nil, c.GameSay(ctx, g, in.Text)
	case IntentLeaveGame:
		b.mu.Lock()
		color, known := b.colors[g]
		delete(b.colors, g)
		delete(b.names, g)
		b.mu.Unlock()
		if known && color == engine.Empty {
			return nil, c.Unwatch(ctx, g)
		}
		c.Forget(g)
		return nil, nil
	case IntentWatch:
		// The state comes through the events, in order with the moves.
		_, err := c.Watch(ctx, g)
		return nil, err
	case IntentChallenge:
		s, err := clientSettings(in.Settings)
		if err != nil {
			return nil, err
		}
		ch, err := c.SendChallenge(ctx, in.Name, s)
		if err != nil {
			return nil, err
		}
		b.mu.Lock()
		defer b.mu.Unlock()
		if bot(ch.To) {
			// Accepted at once: the game screen opens with its game_start.
			return nil, nil
		}
		b.challenges[ch.ID] = ch
		return MultiMsg{b.lobbyMsg(), NoticeMsg{Text: "challenge sent to " + in.Name}}, nil
	case IntentAcceptChallenge:
		if err := c.Accept(ctx, in.ID); err != nil {
			return nil, err
		}
		return b.dropChallenge(in.ID, "challenge accepted"), nil
	case IntentDeclineChallenge:
		if err := c.Decline(ctx, in.ID); err != nil {
			return nil, err
		}
		return b.dropChallenge(in.ID, "challenge declined"), nil
	case IntentCancelChallenge:
		if err := c.Cancel(ctx, in.ID); err != nil {
			return nil, err
		}
		return b.dropChallenge(in.ID, "challenge cancelled"), nil
	case IntentSeek:
		s, err := clientSettings(in.Settings)
		if err != nil {
			return nil, err
		}
		if err := c.Seek(ctx, s); err != nil {
			return nil, err
		}
		return b.setSeeking(true, "looking for an opponent… (p to stop)"), nil
	case IntentCancelSeek:
		if err := c.Unseek(ctx); err != nil {
			return nil, err
		}
		return b.setSeeking(false, "stopped looking"), nil
	case IntentLobbyChat:
		return nil, c.LobbySay(ctx, in.Text)
	case IntentGuest:
		return b.guest(ctx, in.Name)
	}
	return nil, fmt.Errorf("unknown intent %d", in.Kind)
}

// guest enters again as a guest after the session expired (the lobby
// follows as an event) and watches again the games that were watched.
func (b *ClientBackend) guest(ctx context.Context, wish string) (tea.Msg, error) {
	if _, err := b.c.Guest(ctx, wish); err != nil {
		return nil, err
	}
	me := b.c.Me().Name
	b.mu.Lock()
	var watched []int64
	for id, color := range b.colors {
		if color == engine.Empty {
			watched = append(watched, id)
		} else {
			// Played under the old identity: no longer mine to follow.
			delete(b.colors, id)
			delete(b.names, id)
			b.c.Forget(id)
		}
	}
	b.mu.Unlock()
	for _, id := range watched {
		_, _ = b.c.Watch(ctx, id) // a game that ended meanwhile: nothing to refresh
	}
	return MultiMsg{
		SessionMsg{Me: me},
		ConnMsg{Status: "connected"},
		NoticeMsg{Text: "you are " + me + " now"},
	}, nil
}

func (b *ClientBackend) dropChallenge(id int64, text string) tea.Msg {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.challenges, id)
	return MultiMsg{b.lobbyMsg(), NoticeMsg{Text: text}}
}

func (b *ClientBackend) setSeeking(on bool, text string) tea.Msg {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.seeking = on
	return MultiMsg{b.lobbyMsg(), NoticeMsg{Text: text}}
}

// bot reports whether a player name is a bot's ("bot:easy").
func bot(name string) bool { return strings.HasPrefix(name, "bot:") }

// errorText is an error as one line for the screen.
func errorText(err error) string {
	if text, ok := client.ReplyText(err); ok {
		return text // the server's words already say what went wrong
	}
	switch {
	case errors.Is(err, client.ErrDisconnected):
		return "not connected to the server (reconnecting)"
	case errors.Is(err, context.DeadlineExceeded):
		return "the server did not answer in time"
	}
	return err.Error()
}
