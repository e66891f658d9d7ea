// Command loadtest drives a running gomoku server with scripted guest
// clients playing games at a fixed pace, and reports moves per second, the
// move round trip percentiles, errors, and the server's memory per
// connection read from its /metrics. See package loadtest.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}
