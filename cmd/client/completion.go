package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/gomokud/gomoku/client"
)

// completionTimeout keeps shell completion snappy when the server is slow
// or down (then nothing is offered).
const completionTimeout = 2 * time.Second

// completePlayers offers the names of the players online and the bots.
func completePlayers(ctx context.Context, g *globalOptions, env *Env) []string {
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, cancel := context.WithTimeout(ctx, completionTimeout)
	defer cancel()
	s, err := connect(ctx, g, env, authAny, client.Options{})
	if err != nil {
		return nil
	}
	defer s.end()
	l, err := s.c.Lobby(ctx)
	if err != nil {
		return nil
	}
	var names []string
	for _, p := range append(l.Players, l.Bots...) {
		if p.Name != s.c.Me().Name {
			names = append(names, p.Name)
		}
	}
	return names
}

// completeGames offers my recent games' numbers.
func completeGames(g *globalOptions, env *Env) func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		ctx, cancel := context.WithTimeout(context.Background(), completionTimeout)
		defer cancel()
		s, err := connect(ctx, g, env, authAccount, client.Options{})
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		defer s.Close()
		h, err := s.c.History(ctx, "", 30, 0)
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []string
		for _, gm := range h.Games {
			out = append(out, fmt.Sprintf("%d\t%s vs %s, %s", gm.GameID, gm.Black.Name, gm.White.Name, resultText(gm.Result)))
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// fileFlags are the flags that name files: the shell offers file names
// for them, and for no other argument or flag.
var fileFlags = map[string]bool{"config": true, "output": true}

// noFileCompletion makes every command of the tree, and every flag but
// fileFlags, offer no file names unless it completes something else:
// "gomoku who <tab>" or "--time <tab>" listing the current directory only
// misleads.
func noFileCompletion(cmd *cobra.Command) {
	if cmd.ValidArgsFunction == nil && len(cmd.ValidArgs) == 0 {
		cmd.ValidArgsFunction = cobra.NoFileCompletions
	}
	for _, fs := range []*pflag.FlagSet{cmd.LocalNonPersistentFlags(), cmd.PersistentFlags()} {
		fs.VisitAll(func(f *pflag.Flag) {
			if _, has := cmd.GetFlagCompletionFunc(f.Name); has || fileFlags[f.Name] || f.Value.Type() == "bool" {
				return
			}
			_ = cmd.RegisterFlagCompletionFunc(f.Name, cobra.NoFileCompletions)
		})
	}
	for _, sub := range cmd.Commands() {
		noFileCompletion(sub)
	}
}
