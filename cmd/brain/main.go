// Command brain is a Gomocup (piskvork) AI: it speaks the brain protocol on
// stdin and stdout. Tournament managers expect the executable to be named
// pbrain-<name>, e.g. go build -o pbrain-gomokud ./cmd/brain.
//
// The level is the strongest unless the -level flag or the GOMOKU_BRAIN_LEVEL
// environment variable says otherwise.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/engine/ai/gomocup"
)

// levelEnv names the environment variable that selects the level.
const levelEnv = "GOMOKU_BRAIN_LEVEL"

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
	cmd := &cobra.Command{
		Use:   "brain",
		Short: "Gomocup brain: the piskvork protocol on stdin/stdout",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			lv, err := ai.ParseLevel(level)
			if err != nil {
				return fmt.Errorf("level (flag or %s): %w", levelEnv, err)
			}
			return gomocup.New(lv).Run(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout())
		},
		SilenceUsage: true,
	}
	cmd.Flags().StringVar(&level, "level", level, "strength: easy, medium, hard or max (env "+levelEnv+")")
	return cmd
}
