// Command gomoku is the terminal client of a gomoku server: an interactive
// board in the terminal (gomoku, gomoku play) and scriptable commands that
// print plain text or JSON (who, challenge, games, show, export, leaderboard,
// profile), plus register, login and logout.
//
// The server URL and the session token are kept in os.UserConfigDir()/gomoku;
// --server and GOMOKU_SERVER override the server.
package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/gomokud/gomoku/protocol"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], stdEnv())
	stop()
	os.Exit(code)
}

// run executes the command line args in env and returns the exit status: 0
// on success, 1 on any error (already printed to env.Err).
func run(ctx context.Context, args []string, env *Env) int {
	cmd := newRootCmd(env)
	cmd.SetArgs(args)
	cmd.SetIn(env.In)
	cmd.SetOut(env.Out)
	cmd.SetErr(env.Err)
	if err := cmd.ExecuteContext(ctx); err != nil {
		switch {
		case errors.Is(err, errReported):
		case ctx.Err() != nil && errors.Is(err, context.Canceled):
			cmd.PrintErrln("gomoku: interrupted")
		default:
			cmd.PrintErrln("gomoku:", errorText(err))
		}
		return 1
	}
	return 0
}

// errorText is err for a person: a server's error reply reads as its
// message ("game 999: not found"), without the protocol code in front.
func errorText(err error) string {
	text := err.Error()
	var pe *protocol.Error
	if !errors.As(err, &pe) {
		return text
	}
	human := pe.Message
	if pe.Kind != "" {
		human += " (" + pe.Kind + ")"
	}
	return strings.Replace(text, pe.Error(), human, 1)
}

// errReported makes the exit status 1 after a command printed why itself.
var errReported = errors.New("reported")
