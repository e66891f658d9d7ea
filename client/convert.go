package client

import (
	"errors"
	"fmt"
	"time"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/opening"
	"github.com/gomokud/gomoku/protocol"
)

// This file is the one place where wire messages become the typed values of
// types.go and events.go, and typed settings go back on the wire. Nothing
// here panics on what a server sends: what cannot be read is an error.

// eventOf converts a message of the Events channel (as Decode returns it, or
// one of the client's own events) to its typed event. It returns nil, nil
// for a message without a typed form, and an error wrapping ErrBadEvent for
// one it cannot read.
func eventOf(m protocol.Message) (Event, error) {
	e, err := convertEvent(m)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrBadEvent, m.Type(), err)
	}
	return e, nil
}

func convertEvent(m protocol.Message) (Event, error) {
	switch e := m.(type) {
	case Disconnected:
		return e, nil
	case Reconnected:
		return e, nil
	case *protocol.Shutdown:
		return ServerShutdown{Message: e.Message}, nil
	case *protocol.Lobby:
		return lobbyOf(e)
	case *protocol.Presence:
		return PresenceChanged{Players: playersOf(e.Players)}, nil
	case *protocol.LobbyGames:
		games, err := lobbyGamesOf(e.Games)
		return LobbyGamesChanged{Games: games}, err
	case *protocol.GameWatchers:
		return WatchersChanged{Game: e.GameID, Watchers: e.Watchers}, nil
	case *protocol.RematchStarted:
		return RematchStarted{Game: e.GameID, NewGame: e.NewGameID}, nil
	case *protocol.Challenge:
		ch, err := challengeOf(*e)
		return ChallengeMade{ch}, err
	case *protocol.ChallengeDeclined:
		return ChallengeClosed{ID: e.ChallengeID, Status: ChallengeDeclined, By: e.By}, nil
	case *protocol.ChallengeCancelled:
		return ChallengeClosed{ID: e.ChallengeID, Status: ChallengeCancelled, Reason: e.Reason}, nil
	case *protocol.ChallengeExpired:
		return ChallengeClosed{ID: e.ChallengeID, Status: ChallengeExpired}, nil
	case *protocol.LobbyChat:
		return ChatMessage{From: e.From, Text: e.Text, At: e.At}, nil
	case *protocol.GameChat:
		return ChatMessage{Game: e.GameID, From: e.From, Text: e.Text, At: e.At}, nil
	case *protocol.GameStart:
		s, err := snapshotOf(e.Snapshot)
		return GameStarted{s}, err
	case *protocol.GameState:
		s, err := snapshotOf(e.Snapshot)
		return GameSynced{s}, err
	}
	return gameEventOf(m)
}

// gameEventOf converts the events of a running game.
func gameEventOf(m protocol.Message) (Event, error) {
	switch e := m.(type) {
	case *protocol.GameMove:
		return moveOf(e)
	case *protocol.GameOpening:
		return openingActedOf(e)
	case *protocol.GameTakeback:
		return takebackOf(e)
	case *protocol.GameClock:
		c, err := clockOf(e.Clock)
		return ClockSet{Game: e.GameID, Clock: c}, err
	case *protocol.OfferMade:
		from, err := colorOf(e.From)
		return OfferMade{Game: e.GameID, Kind: OfferKind(e.Kind), From: from}, err
	case *protocol.OfferAnswer:
		by, err := optColorOf(e.By)
		return OfferAnswered{Game: e.GameID, Kind: OfferKind(e.Kind), Accepted: e.Accepted, By: by}, err
	case *protocol.GameOver:
		r, err := resultOf(e.Result)
		k, kerr := optClockOf(e.Clock)
		return GameEnded{Game: e.GameID, Result: r, Clock: k,
			BlackRating: ratingOf(e.BlackRating), WhiteRating: ratingOf(e.WhiteRating)}, errors.Join(err, kerr)
	case *protocol.PlayerAway:
		c, err := colorOf(e.Color)
		return PlayerAway{Game: e.GameID, Color: c, ClaimAfter: ms(e.ClaimAfterMS)}, err
	case *protocol.PlayerBack:
		c, err := colorOf(e.Color)
		return PlayerBack{Game: e.GameID, Color: c}, err
	}
	return nil, nil
}

func moveOf(e *protocol.GameMove) (Event, error) {
	c, err := colorOf(e.Color)
	if err != nil {
		return nil, err
	}
	p, err := pointOf(e.Move, engine.MaxSize)
	if err != nil {
		return nil, err
	}
	clock, err := optClockOf(e.Clock)
	if err != nil {
		return nil, err
	}
	forbidden, err := pointsOf(e.Forbidden, engine.MaxSize)
	if err != nil {
		return nil, fmt.Errorf("forbidden: %w", err)
	}
	return MoveMade{Game: e.GameID, Ply: e.Ply, Color: c, Point: p, Clock: clock, Forbidden: forbidden,
		Lag: ms(e.LagMS), Compensation: ms(e.CompMS)}, nil
}

func takebackOf(e *protocol.GameTakeback) (Event, error) {
	turn, err := optColorOf(e.Turn)
	if err != nil {
		return nil, fmt.Errorf("turn: %w", err)
	}
	clock, err := optClockOf(e.Clock)
	if err != nil {
		return nil, err
	}
	forbidden, err := pointsOf(e.Forbidden, engine.MaxSize)
	if err != nil {
		return nil, fmt.Errorf("forbidden: %w", err)
	}
	return TakenBack{Game: e.GameID, Undone: e.Undone, Plies: e.Plies, Turn: turn, Clock: clock, Forbidden: forbidden}, nil
}

func lobbyOf(e *protocol.Lobby) (Event, error) {
	l := LobbySnapshot{Players: playersOf(e.Players), Bots: playersOf(e.Bots), PlayersOnline: e.PlayersOnline}
	for _, c := range e.Chat {
		l.Chat = append(l.Chat, ChatMessage{From: c.From, Text: c.Text, At: c.At})
	}
	for _, c := range e.Challenges {
		ch, err := challengeOf(c)
		if err != nil {
			return nil, err
		}
		l.Challenges = append(l.Challenges, ch)
	}
	games, err := lobbyGamesOf(e.Games)
	l.Games = games
	return l, err
}

// lobbyGamesOf converts the lobby's game summaries.
func lobbyGamesOf(gs []protocol.GameSummary) ([]LobbyGame, error) {
	var out []LobbyGame
	for _, g := range gs {
		info, err := gameInfoOf(protocol.GameInfo{GameID: g.GameID, Rule: g.Rule, Size: g.Size, Time: g.Time,
			Rated: g.Rated, Black: g.Black, White: g.White})
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", g.GameID, err)
		}
		out = append(out, LobbyGame{Game: g.GameID, Rule: info.Rule, Size: info.Size, Time: info.Time, Rated: g.Rated,
			Black: info.Black, White: info.White, Plies: g.Plies, Watchers: g.Watchers, Over: g.Result != nil})
	}
	return out, nil
}

// playerOf converts a player; nothing in it can be wrong.
func playerOf(p protocol.Player) Player {
	out := Player{Name: p.Name, Status: Status(p.Status), Rating: p.Rating,
		Bot: p.Kind == protocol.KindBot, Guest: p.Kind == protocol.KindGuest}
	if len(p.Games) > 0 {
		out.Game = p.Games[0]
	}
	return out
}

func playersOf(ps []protocol.Player) []Player {
	if ps == nil {
		return nil
	}
	out := make([]Player, len(ps))
	for i, p := range ps {
		out[i] = playerOf(p)
	}
	return out
}

func challengeOf(c protocol.Challenge) (Challenge, error) {
	s, err := settingsOf(c.Settings)
	if err != nil {
		return Challenge{}, fmt.Errorf("challenge %d: %w", c.ChallengeID, err)
	}
	return Challenge{ID: c.ChallengeID, From: c.From, To: c.To, Settings: s, Expires: c.ExpiresAt}, nil
}

func settingsOf(s protocol.Settings) (Settings, error) {
	rule, err := engine.ParseRule(s.Rule)
	if err != nil {
		return Settings{}, err
	}
	size, err := sizeOf(s.Size)
	if err != nil {
		return Settings{}, err
	}
	color := engine.Empty
	if s.Color != protocol.ColorRandom {
		if color, err = optColorOf(s.Color); err != nil {
			return Settings{}, err
		}
	}
	out := Settings{Rule: rule, Size: size, Time: timeControlOf(s.Time), Color: color, Rated: s.Rated}
	if s.Opening != "" { // "": the rule's default, as the wire has it
		open, err := opening.ParseKind(s.Opening)
		if err != nil {
			return Settings{}, err
		}
		out.Opening = Opening(open)
	}
	return out, nil
}

// wire converts settings for a request: a random colour is sent as such.
func (s Settings) wire() protocol.Settings {
	color := protocol.ColorRandom
	if s.Color != engine.Empty {
		color = s.Color.String()
	}
	return protocol.Settings{
		Rule: s.Rule.String(), Size: s.Size, Color: color, Rated: s.Rated, Opening: s.Opening.String(),
		Time: protocol.TimeControl{MainMS: s.Time.Main.Milliseconds(),
			IncrementMS: s.Time.Increment.Milliseconds(), ByoYomiMS: s.Time.ByoYomi.Milliseconds()},
	}
}

func timeControlOf(t protocol.TimeControl) TimeControl {
	return TimeControl{Main: ms(t.MainMS), Increment: ms(t.IncrementMS), ByoYomi: ms(t.ByoYomiMS)}
}

// sizeOf checks a board size; 0 is the default size.
func sizeOf(n int) (int, error) {
	if n == 0 {
		return engine.DefaultSize, nil
	}
	if err := engine.CheckSize(n); err != nil {
		return 0, err
	}
	return n, nil
}

func snapshotOf(s protocol.Snapshot) (GameSnapshot, error) {
	out, err := gameInfoOf(s.Game)
	if err == nil {
		err = snapshotState(&out, s)
	}
	if err != nil {
		return GameSnapshot{}, fmt.Errorf("game %d: %w", s.Game.GameID, err)
	}
	return out, nil
}

func gameInfoOf(g protocol.GameInfo) (GameSnapshot, error) {
	rule, err := engine.ParseRule(g.Rule)
	if err != nil {
		return GameSnapshot{}, err
	}
	size, err := sizeOf(g.Size)
	if err != nil {
		return GameSnapshot{}, err
	}
	open, err := opening.ParseKind(g.Opening)
	if err != nil {
		return GameSnapshot{}, err
	}
	return GameSnapshot{Game: g.GameID, Rule: rule, Size: size, Time: timeControlOf(g.Time), Rated: g.Rated,
		Black: playerOf(g.Black), White: playerOf(g.White), Opening: open}, nil
}

// snapshotState fills in the state of a game whose info out already holds.
func snapshotState(out *GameSnapshot, s protocol.Snapshot) error {
	out.Moves = make([]engine.Move, len(s.Moves))
	for i, mv := range s.Moves {
		p, err := pointOf(mv, out.Size)
		if err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
		out.Moves[i] = engine.Move{Point: p, Color: engine.Color(1 + i%2)}
	}
	var err error
	if out.Turn, err = optColorOf(s.Turn); err != nil {
		return fmt.Errorf("turn: %w", err)
	}
	if out.Me, err = optColorOf(s.YourColor); err != nil {
		return fmt.Errorf("your colour: %w", err)
	}
	if out.Away, err = optColorOf(s.Away); err != nil {
		return fmt.Errorf("away: %w", err)
	}
	if out.Clock, err = optClockOf(s.Clock); err != nil {
		return err
	}
	if out.Forbidden, err = pointsOf(s.Forbidden, out.Size); err != nil {
		return fmt.Errorf("forbidden: %w", err)
	}
	if s.Offer != nil {
		from, err := colorOf(s.Offer.From)
		if err != nil {
			return fmt.Errorf("offer: %w", err)
		}
		out.Offer = &Offer{Kind: OfferKind(s.Offer.Kind), From: from}
	}
	if s.Result != nil {
		r, err := resultOf(*s.Result)
		if err != nil {
			return err
		}
		out.Result = &r
	}
	out.Watchers = s.Watchers
	if s.Lag != nil {
		out.Lag = &Lag{Black: ms(s.Lag.BlackMS), White: ms(s.Lag.WhiteMS)}
	}
	if out.Phase, err = phaseOf(s.Phase); err != nil {
		return fmt.Errorf("phase: %w", err)
	}
	return nil
}

// resultOf converts a result. An unknown reason is ReasonNone (see
// GameEnded); an unknown winner or a bad point of the line is an error.
func resultOf(r protocol.Result) (engine.Result, error) {
	winner, err := optColorOf(r.Winner)
	if err != nil {
		return engine.Result{}, fmt.Errorf("winner: %w", err)
	}
	line, err := pointsOf(r.Line, engine.MaxSize)
	if err != nil {
		return engine.Result{}, fmt.Errorf("line: %w", err)
	}
	reason, _ := engine.ParseReason(r.Reason)
	return engine.Result{Winner: winner, Reason: reason, Line: line}, nil
}

func ratingOf(r *protocol.RatingChange) *RatingChange {
	if r == nil {
		return nil
	}
	return &RatingChange{Before: r.Before, After: r.After}
}

func clockOf(c protocol.Clock) (Clock, error) {
	run, err := optColorOf(c.Running)
	if err != nil {
		return Clock{}, fmt.Errorf("clock: %w", err)
	}
	return Clock{Black: ms(c.BlackMS), White: ms(c.WhiteMS),
		BlackByoYomi: c.BlackByoYomi, WhiteByoYomi: c.WhiteByoYomi, Running: run, FirstMove: ms(c.FirstMoveMS)}, nil
}

func optClockOf(c *protocol.Clock) (*Clock, error) {
	if c == nil {
		return nil, nil
	}
	out, err := clockOf(*c)
	return &out, err
}

// colorOf reads a side: "black" or "white".
func colorOf(s string) (engine.Color, error) {
	if s != protocol.ColorBlack && s != protocol.ColorWhite {
		return engine.Empty, fmt.Errorf("%w: %q is not black or white", engine.ErrBadColor, s)
	}
	return engine.ParseColor(s)
}

// optColorOf reads a side or "" (none: engine.Empty).
func optColorOf(s string) (engine.Color, error) {
	if s == "" {
		return engine.Empty, nil
	}
	return colorOf(s)
}

func pointOf(s string, size int) (engine.Point, error) {
	p, err := engine.ParsePoint(s, size)
	if err != nil {
		return engine.NoPoint, fmt.Errorf("point %q: %w", s, err)
	}
	return p, nil
}

func pointsOf(ss []string, size int) ([]engine.Point, error) {
	if ss == nil {
		return nil, nil
	}
	out := make([]engine.Point, len(ss))
	for i, s := range ss {
		p, err := pointOf(s, size)
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// ms is a duration in milliseconds.
func ms(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
