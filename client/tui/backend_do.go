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
	"github.com/gomokud/gomoku/engine/opening"
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

// do dispatches an intent to its request; the message is what to show when
// the request succeeds.
func (b *ClientBackend) do(ctx context.Context, in Intent) (tea.Msg, error) {
	c := b.c
	switch in := in.(type) {
	case MoveIntent:
		return nil, c.Move(ctx, in.Game, in.Point)
	case OpeningIntent:
		a, err := opening.ParseAction(in.Action, engine.MaxSize)
		if err != nil {
			return nil, err
		}
		return nil, c.OpeningAction(ctx, in.Game, a)
	case OfferIntent:
		return NoticeMsg{Text: offerSent(in.Offer)}, c.Offer(ctx, in.Game, client.OfferKind(in.Offer))
	case AnswerIntent:
		return nil, c.Answer(ctx, in.Game, client.OfferKind(in.Offer), in.Accept)
	case ResignIntent:
		return nil, c.Resign(ctx, in.Game)
	case AbortIntent:
		return nil, c.Abort(ctx, in.Game)
	case ClaimIntent:
		return nil, c.ClaimWin(ctx, in.Game)
	case ChatIntent:
		if in.Game == 0 {
			return nil, c.LobbySay(ctx, in.Text)
		}
		return nil, c.GameSay(ctx, in.Game, in.Text)
	case LeaveGameIntent:
		return nil, b.leave(ctx, in.Game)
	case WatchIntent:
		// The state comes through the events, in order with the moves.
		_, err := c.Watch(ctx, in.Game)
		return nil, err
	case ChallengeIntent:
		return b.challenge(ctx, in)
	case AcceptChallengeIntent:
		return b.closeChallenge(ctx, c.Accept, in.ID, "challenge accepted")
	case DeclineChallengeIntent:
		return b.closeChallenge(ctx, c.Decline, in.ID, "challenge declined")
	case CancelChallengeIntent:
		return b.closeChallenge(ctx, c.Cancel, in.ID, "challenge cancelled")
	case SeekIntent:
		return b.seek(ctx, in.Settings)
	case CancelSeekIntent:
		if err := c.Unseek(ctx); err != nil {
			return nil, err
		}
		return b.setSeeking(false, "stopped looking"), nil
	case GuestIntent:
		return b.guest(ctx, in.Name)
	case BlockIntent:
		return b.block(ctx, in)
	case HistoryIntent, ReplayIntent, ExportIntent, ProfileIntent, LeaderboardIntent:
		return b.screen(ctx, in)
	case ChangePasswordIntent:
		if err := c.ChangePassword(ctx, in.Old, in.New); err != nil {
			return nil, err
		}
		return MultiMsg{PasswordChangedMsg{}, NoticeMsg{Text: "password changed"}}, nil
	case DeleteAccountIntent:
		return b.deleteAccount(ctx, in.Password)
	}
	return nil, fmt.Errorf("unknown intent %T", in)
}

// offerSent confirms an offer: "draw offered", "takeback requested".
func offerSent(offer string) string {
	if offer == string(client.OfferTakeback) {
		return "takeback requested"
	}
	return offer + " offered"
}

// leave forgets a game left for the lobby: a watched one is unwatched, one
// of mine (over, or running in the background) is no longer followed.
func (b *ClientBackend) leave(ctx context.Context, game int64) error {
	b.mu.Lock()
	color, known := b.colors[game]
	delete(b.colors, game)
	delete(b.names, game)
	b.mu.Unlock()
	if known && color == engine.Empty {
		return b.c.Unwatch(ctx, game)
	}
	b.c.Forget(game)
	return nil
}

// challenge sends a challenge and lists it, unless a bot took it at once.
func (b *ClientBackend) challenge(ctx context.Context, in ChallengeIntent) (tea.Msg, error) {
	s, err := clientSettings(in.Settings)
	if err != nil {
		return nil, err
	}
	ch, err := b.c.SendChallenge(ctx, in.Name, s)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if bot(ch.To) {
		// Accepted at once: the game screen opens with its game_start.
		return nil, nil
	}
	// The new challenge replaces my open one to the same player (the
	// server says so too, with challenge_cancelled).
	for id, old := range b.challenges {
		if old.From == ch.From && strings.EqualFold(old.To, ch.To) {
			delete(b.challenges, id)
		}
	}
	b.challenges[ch.ID] = ch
	return MultiMsg{b.lobbyMsg(), NoticeMsg{Text: "challenge sent to " + in.Name}}, nil
}

// closeChallenge accepts, declines or cancels challenge id with send, and
// takes it off the list.
func (b *ClientBackend) closeChallenge(ctx context.Context, send func(context.Context, int64) error, id int64, text string) (tea.Msg, error) {
	if err := send(ctx, id); err != nil {
		return nil, err
	}
	return b.dropChallenge(id, text), nil
}

func (b *ClientBackend) seek(ctx context.Context, settings Settings) (tea.Msg, error) {
	s, err := clientSettings(settings)
	if err != nil {
		return nil, err
	}
	if err := b.c.Seek(ctx, s); err != nil {
		return nil, err
	}
	return b.setSeeking(true, "looking for an opponent… (p to stop)"), nil
}

// guest enters again as a guest after the session expired (the lobby
// follows as an event) and watches again the games that were watched.
func (b *ClientBackend) guest(ctx context.Context, wish string) (tea.Msg, error) {
	sess, err := b.c.Guest(ctx, wish)
	if err != nil {
		return nil, err
	}
	if b.OnGuest != nil {
		b.OnGuest(sess.Token, sess.Player.Name)
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

// deleteAccount deletes my account: the client is logged out, the saved
// session forgotten (OnAccountDeleted), the lobby as last seen dropped.
func (b *ClientBackend) deleteAccount(ctx context.Context, password string) (tea.Msg, error) {
	me := b.c.Me().Name
	if err := b.c.DeleteAccount(ctx, password); err != nil {
		return nil, err
	}
	if b.OnAccountDeleted != nil {
		b.OnAccountDeleted()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.forgetLobby()
	return MultiMsg{b.lobbyMsg(), BlocksMsg{}, AccountDeletedMsg{Name: me}}, nil
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
func bot(name string) bool { return strings.HasPrefix(name, client.BotPrefix) }

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
