package tui

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
)

// screen fetches what a screen shows: a history, a record, a profile, the
// leaderboard; or exports a record.
func (b *ClientBackend) screen(ctx context.Context, in Intent) (tea.Msg, error) {
	switch in := in.(type) {
	case HistoryIntent:
		return b.history(ctx, in.Name)
	case ReplayIntent:
		return b.replay(ctx, in.Game)
	case ExportIntent:
		return b.export(ctx, in)
	case ProfileIntent:
		return b.profile(ctx, in.Name)
	case LeaderboardIntent:
		return b.leaderboard(ctx, in.Rule)
	}
	return nil, fmt.Errorf("unknown intent %T", in)
}

func (b *ClientBackend) history(ctx context.Context, name string) (tea.Msg, error) {
	h, err := b.c.History(ctx, name, 100, 0)
	if err != nil {
		return nil, err
	}
	s := &historyScreen{name: h.Name}
	for _, g := range h.Games {
		tc := client.TimeControl{Main: time.Duration(g.Time.MainMS) * time.Millisecond,
			Increment: time.Duration(g.Time.IncrementMS) * time.Millisecond, ByoYomi: time.Duration(g.Time.ByoYomiMS) * time.Millisecond}
		settings := fmt.Sprintf("%s %dx%d %s", g.Rule, g.Size, g.Size, tc)
		if g.Rated {
			settings += " rated"
		}
		result := "running"
		if g.Result != nil {
			result = resultWords(g.Result.Winner, g.Result.Reason)
		}
		s.games = append(s.games, HistoryGame{ID: g.GameID, Black: g.Black.Name, White: g.White.Name,
			Settings: settings, Plies: g.Plies, Result: result, Date: g.StartedAt.Local().Format("01-02 15:04")})
	}
	return ScreenMsg{s}, nil
}

// resultWords is a result from the wire: "black wins by resignation".
func resultWords(winner, reason string) string {
	r, _ := engine.ParseReason(reason)
	if reason == "aborted" {
		return "aborted"
	}
	if winner == "" {
		return "draw " + reasonPhrase(r)
	}
	return winner + " wins " + reasonPhrase(r)
}

func (b *ClientBackend) replay(ctx context.Context, game int64) (tea.Msg, error) {
	rec, err := b.c.Record(ctx, game, "txt")
	if err != nil {
		return nil, err
	}
	r, err := engine.ParseText([]byte(rec.Data))
	if err != nil {
		return nil, fmt.Errorf("game %d: the server's record: %w", game, err)
	}
	result := "unfinished"
	if r.Result.Reason != engine.ReasonNone {
		result = r.Result.String()
	}
	return ScreenMsg{&replayScreen{id: game, rec: r, ply: len(r.Moves), result: result}}, nil
}

// export writes game-ID.FORMAT into the current directory, never over a
// file already there.
func (b *ClientBackend) export(ctx context.Context, in ExportIntent) (tea.Msg, error) {
	rec, err := b.c.Record(ctx, in.Game, in.Format)
	if err != nil {
		return nil, err
	}
	name := fmt.Sprintf("game-%d.%s", in.Game, in.Format)
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	if _, err := f.WriteString(rec.Data); err != nil {
		f.Close()
		return nil, fmt.Errorf("export: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	return NoticeMsg{Text: "saved " + name}, nil
}

func (b *ClientBackend) profile(ctx context.Context, name string) (tea.Msg, error) {
	p, err := b.c.Profile(ctx, name)
	if err != nil {
		return nil, err
	}
	last := "never"
	if p.LastLoginAt != nil {
		last = p.LastLoginAt.Local().Format("2006-01-02 15:04")
	}
	lines := []string{
		fmt.Sprintf("  games       %d: %d won, %d lost, %d drawn (%d rated)", p.Games, p.Wins, p.Losses, p.Draws, p.RatedGames),
		fmt.Sprintf("  status      %s", p.Status),
		fmt.Sprintf("  member since %s", p.CreatedAt.Local().Format("2006-01-02")),
		fmt.Sprintf("  last login  %s", last),
		"",
		"  rule        rating    rated games",
	}
	for _, r := range p.Ratings {
		lines = append(lines, fmt.Sprintf("  %-10s  %4d ± %-3d %d", r.Rule, r.Rating, r.RD, r.RatedGames))
	}
	s := &profileScreen{textScreen: textScreen{name: "Profile of " + p.Name, lines: lines}}
	if me := b.c.Me(); !me.Guest && strings.EqualFold(me.Name, p.Name) {
		s.me = me.Name
		s.lines = append(s.lines, "", "  Your account: c changes the password, D deletes the account.")
	}
	return ScreenMsg{s}, nil
}

func (b *ClientBackend) leaderboard(ctx context.Context, rule engine.Rule) (tea.Msg, error) {
	l, err := b.c.Leaderboard(ctx, rule.String(), 50)
	if err != nil {
		return nil, err
	}
	lines := []string{"   #  player                   rating  games  won  lost  drawn"}
	for i, p := range l.Players {
		lines = append(lines, fmt.Sprintf("  %2d  %-24s %6d %6d %4d %5d %6d", i+1, p.Name, p.Rating, p.Games, p.Wins, p.Losses, p.Draws))
	}
	if len(l.Players) == 0 {
		lines = append(lines, "  no rated players yet")
	}
	return ScreenMsg{&textScreen{name: "Leaderboard: " + rule.String(), lines: lines}}, nil
}

// block blocks or unblocks a player, and returns the blocks as they are
// then.
func (b *ClientBackend) block(ctx context.Context, in BlockIntent) (tea.Msg, error) {
	send, done := b.c.Block, "blocked "
	if !in.On {
		send, done = b.c.Unblock, "unblocked "
	}
	if err := send(ctx, in.Name); err != nil {
		return nil, err
	}
	names, err := b.c.Blocks(ctx)
	if err != nil {
		return nil, err
	}
	return MultiMsg{BlocksMsg{Names: names}, NoticeMsg{Text: done + in.Name}}, nil
}

// Blocks reads the players I block, for the screens (nothing for a
// guest, or when the server cannot say).
func (b *ClientBackend) Blocks(ctx context.Context) tea.Msg {
	if b.c.Me().Guest {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, requestTimeout)
	defer cancel()
	names, err := b.c.Blocks(ctx)
	if err != nil {
		return nil
	}
	return BlocksMsg{Names: names}
}
