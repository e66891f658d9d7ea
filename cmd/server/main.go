// Command server runs the gomoku server: `serve` (the default) listens for
// clients; `migrate` brings the database schema up to date and exits;
// `backup FILE` copies the SQLite store while the server runs; `healthcheck`
// checks a running server's /healthz (for images without curl).
//
// Every flag has an environment variable, so a container needs no command
// line: GOMOKU_ADDR, GOMOKU_DATA_DIR, DATABASE_URL, GOMOKU_LOG_LEVEL,
// GOMOKU_ALLOWED_ORIGINS.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ignoreHangup()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// ignoreHangup keeps the server up on SIGHUP (an operator expecting a
// reload, a closed terminal): its logs go to stderr, so there is nothing to
// reopen, and Go's default would end it without telling the players.
func ignoreHangup() {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	go func() {
		for range hup {
			fmt.Fprintln(os.Stderr, "SIGHUP: ignored; logs go to stderr, nothing to reopen (stop with SIGTERM)")
		}
	}()
}
