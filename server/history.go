package server

import (
	"context"
	"fmt"
	"time"

	"github.com/gomokud/gomoku"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/protocol"
)

// List limits of history and leaderboard requests.
const (
	defaultListLimit = 50
	maxListLimit     = 200
)

// The history requests are read-only store queries on the reader
// goroutine.

// historyCtx bounds one of them.
func (c *conn) historyCtx() (context.Context, context.CancelFunc) {
	return c.env.requestCtx()
}

// listLimit checks a requested list length.
func listLimit(n int) (int, error) {
	switch {
	case n < 0 || n > maxListLimit:
		return 0, errf(protocol.CodeBadRequest, "limit %d: want 0 to %d", n, maxListLimit)
	case n == 0:
		return defaultListLimit, nil
	}
	return n, nil
}

// account finds an account by name ("" is the caller's own).
func (c *conn) account(ctx context.Context, name string) (gomoku.Account, error) {
	if name == "" {
		if c.user.accountID == 0 {
			return gomoku.Account{}, errf(protocol.CodeNotFound, "guests have no profile")
		}
		name = c.user.name
	}
	a, err := c.env.store.AccountByName(ctx, name)
	if err != nil {
		return gomoku.Account{}, err // the store's error names the account
	}
	return a, nil
}

func (c *conn) profile(m *protocol.GetProfile) (protocol.Message, error) {
	ctx, cancel := c.historyCtx()
	defer cancel()
	name := m.Name
	a, err := c.account(ctx, name)
	if err != nil {
		return nil, err
	}
	p := wireProfile(a)
	p.Status = c.lobby.status(a.Username)
	for _, rule := range engine.Rules {
		p.Ratings = append(p.Ratings, wireRuleRating(rule, a.Ratings[rule]))
	}
	return p, nil
}

func wireProfile(a gomoku.Account) protocol.Profile {
	p := protocol.Profile{Name: a.Username, Rating: roundRating(a.Rating.Rating), RD: roundRating(a.Rating.RD),
		Games: a.Games, Wins: a.Wins, Losses: a.Losses, Draws: a.Draws, RatedGames: a.RatedGames,
		CreatedAt: a.CreatedAt, Status: protocol.StatusOffline}
	if !a.LastLoginAt.IsZero() {
		t := a.LastLoginAt
		p.LastLoginAt = &t
	}
	return p
}

func (c *conn) history(m *protocol.GetHistory) (protocol.Message, error) {
	ctx, cancel := c.historyCtx()
	defer cancel()
	limit, err := listLimit(m.Limit)
	if err != nil {
		return nil, err
	}
	if m.Offset < 0 {
		return nil, errf(protocol.CodeBadRequest, "negative offset")
	}
	a, err := c.account(ctx, m.Name)
	if err != nil {
		return nil, err
	}
	games, err := c.env.store.GamesByAccount(ctx, a.ID, limit, m.Offset)
	if err != nil {
		return nil, fmt.Errorf("history of %s: %w", a.Username, err)
	}
	h := protocol.History{Name: a.Username, Games: make([]protocol.GameSummary, len(games))}
	for i, g := range games {
		h.Games[i] = storedSummary(g)
	}
	return h, nil
}

// storedSummary is a stored game as the protocol lists it.
func storedSummary(g gomoku.Game) protocol.GameSummary {
	s := protocol.GameSummary{GameID: g.ID, Rule: g.Rule.String(), Size: g.Size, Time: wireTC(g.Clock), Rated: g.Rated,
		Black: storedPlayer(g.Black, g.BlackRating), White: storedPlayer(g.White, g.WhiteRating),
		Plies: g.Plies, StartedAt: g.StartedAt}
	if g.Finished {
		end := g.EndedAt
		s.EndedAt = &end
		s.Result = &protocol.Result{Winner: colorName(g.Winner), Reason: g.Reason.String()}
	}
	return s
}

func storedPlayer(p gomoku.Player, r gomoku.RatingChange) protocol.Player {
	switch {
	case p.Bot != "":
		return protocol.Player{Name: gomoku.BotPrefix + p.Bot, Kind: protocol.KindBot}
	case p.Guest != "":
		return protocol.Player{Name: p.Guest, Kind: protocol.KindGuest}
	}
	return protocol.Player{Name: p.Name, Kind: protocol.KindUser, Rating: roundRating(r.After.Rating)}
}

// record renders a stored game (running or finished) in a record format.
func (c *conn) record(m *protocol.GetRecord) (protocol.Message, error) {
	ctx, cancel := c.historyCtx()
	defer cancel()
	switch m.Format {
	case protocol.FormatText, protocol.FormatPSQ, protocol.FormatSGF:
	default:
		return nil, errf(protocol.CodeBadRequest, "format %q: want txt, psq or sgf", m.Format)
	}
	g, err := c.env.store.GameByID(ctx, m.GameID)
	if err != nil {
		return nil, err // the store's error names the game
	}
	rec, err := gameRecord(g)
	if err != nil {
		return nil, err
	}
	var data []byte
	switch m.Format {
	case protocol.FormatText:
		data, err = rec.EncodeText()
	case protocol.FormatPSQ:
		data, err = rec.EncodePSQ()
	default:
		data, err = rec.EncodeSGF()
	}
	if err != nil {
		return nil, fmt.Errorf("record of game %d: %w", g.ID, err)
	}
	return protocol.Record{GameID: g.ID, Format: m.Format, Data: string(data)}, nil
}

// gameRecord builds the engine record of a stored game.
func gameRecord(g gomoku.Game) (*engine.Record, error) {
	eg, err := g.Replay()
	if err != nil {
		return nil, err
	}
	rec := engine.RecordOf(eg)
	rec.Black, rec.White = storedPlayer(g.Black, gomoku.RatingChange{}).Name, storedPlayer(g.White, gomoku.RatingChange{}).Name
	rec.TimeControl = g.Clock.String()
	rec.Date = g.StartedAt.UTC().Format("2006-01-02")
	for i, m := range g.Moves {
		rec.Moves[i].Time = time.Duration(m.SpentMS) * time.Millisecond
	}
	if g.Finished {
		rec.Result = engine.RecordResult{Winner: g.Winner, Reason: g.Reason}
	}
	// The opening: its rule, who opened (the players' names are the
	// colours they ended with), the offered fifth moves and its log.
	st, err := g.OpeningState()
	if err != nil {
		return nil, err
	}
	st.Annotate(rec)
	return rec, nil
}

func (c *conn) leaderboard(m *protocol.GetLeaderboard) (protocol.Message, error) {
	ctx, cancel := c.historyCtx()
	defer cancel()
	n := m.Limit
	limit, err := listLimit(n)
	if err != nil {
		return nil, err
	}
	rule := engine.Freestyle
	if m.Rule != "" {
		if rule, err = engine.ParseRule(m.Rule); err != nil || rule.String() != m.Rule {
			return nil, errf(protocol.CodeBadRequest, "rule %q: want freestyle, standard, renju or caro", m.Rule)
		}
	}
	accounts, err := c.env.store.Leaderboard(ctx, rule, limit)
	if err != nil {
		return nil, fmt.Errorf("leaderboard: %w", err)
	}
	lb := protocol.Leaderboard{Rule: rule.String(), Players: make([]protocol.Profile, len(accounts))}
	for i, a := range accounts {
		r := a.Ratings[rule]
		p := wireProfile(a)
		p.Rating, p.RD, p.RatedGames = roundRating(r.Rating.Rating), roundRating(r.Rating.RD), r.RatedGames
		// A rule's board counts that rule's rated games, not every game.
		p.Games, p.Wins, p.Losses, p.Draws = r.RatedGames, r.Wins, r.Losses, r.Draws
		p.Ratings = []protocol.RuleRating{wireRuleRating(rule, r)}
		p.Status = c.lobby.status(a.Username)
		lb.Players[i] = p
	}
	return lb, nil
}

func wireRuleRating(rule engine.Rule, r gomoku.RuleRating) protocol.RuleRating {
	return protocol.RuleRating{Rule: rule.String(), Rating: roundRating(r.Rating.Rating), RD: roundRating(r.Rating.RD),
		RatedGames: r.RatedGames, Wins: r.Wins, Losses: r.Losses, Draws: r.Draws}
}
