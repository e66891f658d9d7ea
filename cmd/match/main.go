// Command match plays AI levels against each other and prints wins, draws,
// losses and an Elo estimate. Its score subcommand prints the same figures
// for an engine's games in SGF files from the c-gomoku-cli match manager.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/engine/ai"
	"github.com/gomokud/gomoku/engine/ai/arena"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := newMatchCmd().ExecuteContext(ctx); err != nil {
		os.Exit(1)
	}
}

type matchOptions struct {
	a, b     string
	rule     string
	size     int
	games    int
	moveTime time.Duration
	seed     int64
	stones   int
	verbose  bool
	records  bool
	openings string // comma-separated opening rules: self-play of level A through each
	jobs     int
	freshA   bool
	freshB   bool
}

func newMatchCmd() *cobra.Command {
	o := matchOptions{}
	cmd := &cobra.Command{
		Use:   "match",
		Short: "Play AI levels against each other",
		Long: "Plays level A against level B from random balanced openings, each opening twice with\n" +
			"colours swapped, and prints W/D/L from A's side and an Elo estimate.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runMatch(cmd.Context(), cmd, o)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&o.a, "a", "a", "max", "level A (easy, medium, hard, max)")
	f.StringVarP(&o.b, "b", "b", "easy", "level B")
	f.StringVar(&o.rule, "rule", "freestyle", "rule: freestyle, standard or renju")
	f.IntVar(&o.size, "size", 15, "board size")
	f.IntVarP(&o.games, "games", "n", 20, "games to play (rounded up to an even number)")
	f.DurationVarP(&o.moveTime, "time", "t", 0, "time per move (0 = each level's own cap)")
	f.Int64Var(&o.seed, "seed", 1, "random seed for openings")
	f.IntVar(&o.stones, "stones", 3, "random opening stones")
	f.BoolVarP(&o.verbose, "verbose", "v", false, "print every game")
	f.BoolVar(&o.records, "records", false, "with -v, print the moves of every game A did not win")
	f.StringVar(&o.openings, "opening", "", "opening rules (swap2,soosorv-8,taraguchi-10): play level A against itself\n"+
		"through each and report illegal actions and black's and white's scores")
	f.IntVar(&o.jobs, "jobs", 2, "with --opening, games played at once")
	f.BoolVar(&o.freshA, "fresh-a", false, "level A at max searches every move with a fresh table\n"+
		"(by default it keeps one from move to move in a game, as the server's max bot does; not with --opening)")
	f.BoolVar(&o.freshB, "fresh-b", false, "the same for level B")
	// A subcommand would otherwise bring cobra's "completion" command along.
	cmd.CompletionOptions.DisableDefaultCmd = true
	cmd.AddCommand(newScoreCmd())
	return cmd
}

func runMatch(ctx context.Context, cmd *cobra.Command, o matchOptions) error {
	if o.openings != "" {
		return runOpenings(ctx, cmd.OutOrStdout(), o)
	}
	a, err := ai.ParseLevel(o.a)
	if err != nil {
		return err
	}
	b, err := ai.ParseLevel(o.b)
	if err != nil {
		return err
	}
	rule, err := engine.ParseRule(o.rule)
	if err != nil {
		return err
	}
	if err := engine.CheckSize(o.size); err != nil {
		return err
	}
	ai.Warm()
	out := cmd.OutOrStdout()
	cfg := arena.Config{Size: o.size, Rule: rule, A: a, B: b, Pairs: (o.games + 1) / 2,
		MoveTime: o.moveTime, Seed: o.seed, OpeningStones: o.stones, FreshA: o.freshA, FreshB: o.freshB}
	cfg.Progress = func(g arena.Game) {
		if !o.verbose {
			return
		}
		who := map[bool]string{true: o.a + " black", false: o.a + " white"}[g.ABlack]
		fmt.Fprintf(out, "game %3d (%s): winner %-5s by %-9s after %3d moves %s\n",
			g.Index+1, who, g.Winner, g.Reason, g.Moves, openingString(g.Opening))
		if g.Err != nil {
			fmt.Fprintf(out, "  error: %v\n", g.Err)
		}
		if aWon := g.Winner != engine.Empty && (g.Winner == engine.Black) == g.ABlack; o.records && !aWon {
			fmt.Fprintf(out, "  moves: %s\n", openingString(g.Record))
		}
	}
	res, err := arena.Run(ctx, cfg)
	fmt.Fprint(out, res.String())
	return err
}

func openingString(ms []engine.Move) string {
	s := ""
	for _, m := range ms {
		s += m.Point.String() + " "
	}
	return s
}
