package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"
)

// ownEngine is the name this project's brain gives in its ABOUT answer
// (gomocup.About), so the name c-gomoku-cli records for it.
const ownEngine = "gomokud"

// errNotPlayer is wrapped when a game was not played by the scored engine.
var errNotPlayer = errors.New("engine does not play this game")

type scoreOptions struct {
	engine string // the player to score; "" = the one in every game
}

func newScoreCmd() *cobra.Command {
	o := scoreOptions{}
	cmd := &cobra.Command{
		Use:   "score [--engine NAME] FILE.sgf...",
		Short: "Score an engine's games from c-gomoku-cli SGF files",
		Long: "Reads SGF collections written by the c-gomoku-cli match manager (-sgf) and prints, per file\n" +
			"and in total, the engine's wins, draws and losses as black, as white and overall, its score\n" +
			"and an Elo estimate with its 95% interval. Games played in pairs (c-gomoku-cli's -repeat: each\n" +
			"opening twice in a row, colours swapped) are also scored by pairs, with how many openings one\n" +
			"colour won both times and an Elo interval from the pairs' spread, which is the tighter one\n" +
			"when openings favour a colour. The engine defaults to the player in every game\n" +
			"(" + ownEngine + " if both players of a head-to-head match are).",
		Args:                  cobra.MinimumNArgs(1),
		DisableFlagsInUseLine: true, // Use names the one flag
		RunE: func(cmd *cobra.Command, args []string) error {
			cmd.SilenceUsage = true // past the arguments, an error is the files' fault
			return runScore(cmd.OutOrStdout(), o, args)
		},
	}
	cmd.Flags().StringVar(&o.engine, "engine", "", "player name to score, as in PB and PW")
	return cmd
}

// scoredFile is one file's games.
type scoredFile struct {
	path  string
	games []sgfGame
}

func runScore(out io.Writer, o scoreOptions, paths []string) error {
	files := make([]scoredFile, 0, len(paths))
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("score: %w", err)
		}
		games, err := parseCollection(data)
		if err != nil {
			return fmt.Errorf("score %s: %w", path, err)
		}
		files = append(files, scoredFile{path: path, games: games})
	}
	name := o.engine
	if name == "" {
		var err error
		if name, err = defaultEngine(files); err != nil {
			return fmt.Errorf("score: %w", err)
		}
	}
	total := newTally()
	for _, f := range files {
		t, err := tallyGames(f.games, name)
		if err != nil {
			return fmt.Errorf("score %s: %w", f.path, err)
		}
		fmt.Fprint(out, t.report(f.path, name))
		total.add(t)
	}
	if len(files) > 1 {
		fmt.Fprint(out, total.report(fmt.Sprintf("total of %d files", len(files)), name))
	}
	return nil
}

// defaultEngine names the player found in every game of every file. In a
// head-to-head match both players are, and then it is this project's own
// engine if that is one of them, since that is what the tool is for.
func defaultEngine(files []scoredFile) (string, error) {
	seen := map[string]int{}
	n := 0
	for _, f := range files {
		for _, g := range f.games {
			n++
			seen[g.Black]++
			if g.White != g.Black {
				seen[g.White]++
			}
		}
	}
	var every []string
	for name, c := range seen {
		if c == n {
			every = append(every, name)
		}
	}
	sort.Strings(every)
	switch {
	case len(every) == 1:
		return every[0], nil
	case slices.Contains(every, ownEngine):
		return ownEngine, nil
	case len(every) == 0:
		return "", errors.New("no player is in every game: name the engine with --engine")
	}
	return "", fmt.Errorf("%s all play every game: name the engine with --engine", strings.Join(every, ", "))
}
