package tui

import (
	"context"
	"errors"
	"io"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/gomokud/gomoku/client"
)

// RunOptions configure Run.
type RunOptions struct {
	Server string    // shown in the lobby's title
	In     io.Reader // the terminal (default: standard input)
	Out    io.Writer // the terminal (default: standard output)
	// Games are my running games, to follow (the session's games).
	Games []int64
	// Open is a game to show first (0: the lobby, or my running game).
	Open int64
	// Notice is shown on the lobby's message line at the start.
	Notice string
	// OnGuest is told the token and name of a guest session the player
	// entered in the program (G after the session expired), to keep it.
	OnGuest func(token, name string)
	// OnAccountDeleted is told the player deleted the account in the
	// program, to forget its saved session.
	OnAccountDeleted func()
	// Settings are the lobby's settings to start with (nil: the defaults);
	// OnSettings is told when the player changes them, to keep them.
	Settings   *Settings
	OnSettings func(Settings)
}

// Run shows the interactive program for a logged-in client until the player
// quits or ctx ends. It follows the running games of opts.Games, which open
// on the screen. The client should reconnect by itself
// (client.Options.Reconnect); Run does not close it.
func Run(ctx context.Context, c *client.Client, opts RunOptions) error {
	renderer := lipgloss.DefaultRenderer()
	var popts []tea.ProgramOption
	if opts.Out != nil {
		renderer = lipgloss.NewRenderer(opts.Out)
		popts = append(popts, tea.WithOutput(opts.Out))
	}
	if opts.In != nil {
		popts = append(popts, tea.WithInput(opts.In))
	}
	b := NewClientBackend(c)
	b.OnGuest = opts.OnGuest
	b.OnAccountDeleted = opts.OnAccountDeleted
	app := NewApp(ctx, b, c.Me().Name, opts.Server, NewStyles(renderer))
	app.Lobby.Status = "connected"
	if opts.Settings != nil {
		app.Lobby.Settings = *opts.Settings
	}
	app.saved, app.OnSettings = app.Lobby.Settings, opts.OnSettings
	if opts.Notice != "" {
		app.Lobby.Info("%s", opts.Notice)
	}

	games := opts.Games
	if opts.Open != 0 {
		// Last, so its state arrives last and is the one on the screen.
		games = append(without(games, opts.Open), opts.Open)
	}
	popts = append(popts, tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithContext(ctx))
	p := tea.NewProgram(app, popts...)
	go func() {
		if msg := b.Blocks(ctx); msg != nil {
			p.Send(msg) // waits for the program to run
		}
		for _, id := range games {
			// An error (a game that just ended, a dropped connection) shows
			// as nothing: the reconnect resyncs the session's games anyway.
			_ = c.Follow(ctx, id)
		}
	}()

	_, err := p.Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil // interrupted: a normal way out
	}
	return err
}

func without(ids []int64, id int64) []int64 {
	var out []int64
	for _, x := range ids {
		if x != id {
			out = append(out, x)
		}
	}
	return out
}
