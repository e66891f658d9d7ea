// Command brain is a Gomocup (piskvork) AI: it speaks the brain protocol on
// stdin and stdout. Tournament managers expect the executable to be named
// pbrain-<name>, e.g. go build -o pbrain-gomokud ./cmd/brain.
//
// The level is the strongest unless the --level flag or the GOMOKU_BRAIN_LEVEL
// environment variable says otherwise. At level max a move is searched on one
// thread per core unless --threads, GOMOKU_BRAIN_THREADS or the manager's
// INFO thread_num says otherwise.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/engine/ai/gomocup"
)

// levelEnv and threadsEnv name the environment variables that select the
// level and the number of searching threads.
const (
	levelEnv   = "GOMOKU_BRAIN_LEVEL"
	threadsEnv = "GOMOKU_BRAIN_THREADS"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := newBrainCmd().ExecuteContext(ctx); err != nil {
		os.Exit(1)
	}
}

func newBrainCmd() *cobra.Command {
	level := os.Getenv(levelEnv)
	if level == "" {
		level = ai.Max.String()
	}
	threads, envErr := defaultThreads(), error(nil)
	if v := os.Getenv(threadsEnv); v != "" {
		if threads, envErr = strconv.Atoi(v); envErr != nil {
			envErr = fmt.Errorf("%s=%q: not a number of threads", threadsEnv, v)
		}
	}
	cmd := &cobra.Command{
		Use:   "brain",
		Short: "Gomocup brain: the piskvork protocol on stdin/stdout",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			lv, err := ai.ParseLevel(level)
			if err != nil {
				return fmt.Errorf("level (flag or %s): %w", levelEnv, err)
			}
			if envErr != nil && !cmd.Flags().Changed("threads") {
				return envErr
			}
			if threads < 1 || threads > ai.MaxThreads {
				return fmt.Errorf("threads (flag or %s): %d is not between 1 and %d", threadsEnv, threads, ai.MaxThreads)
			}
			br := gomocup.New(lv)
			br.Threads = threads
			return br.Run(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout())
		},
		SilenceUsage: true,
	}
	cmd.Flags().StringVar(&level, "level", level, "strength: easy, medium, hard or max (env "+levelEnv+")")
	cmd.Flags().IntVar(&threads, "threads", threads, "goroutines searching each move at level max (env "+threadsEnv+"; INFO thread_num overrides)")
	return cmd
}

// defaultThreads is the number of searching threads without a flag or
// variable: one per core, as a tournament brain has the machine to itself
// while it thinks (a manager that shares it says so with INFO thread_num).
func defaultThreads() int {
	return min(runtime.NumCPU(), ai.MaxThreads)
}
