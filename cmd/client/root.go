package main

import (
	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/client/config"
	"github.com/gomokud/gomoku/internal/version"
)

// newRootCmd builds the whole command tree. Without a subcommand it plays.
func newRootCmd(env *Env) *cobra.Command {
	g := &globalOptions{}
	play := &playOptions{global: g, env: env}
	cmd := &cobra.Command{
		Use:   "gomoku",
		Short: "Play gomoku and renju on a gomoku server from the terminal",
		Long: `gomoku is the terminal client of a gomoku server.

Without a command it opens the interactive board (the same as "gomoku play").
The other commands are scriptable: they print plain text, or JSON with --json.

The server URL and your session token are kept in the gomoku directory of
your user config directory. --server, then the ` + config.EnvServer + ` environment
variable, then the saved URL, then ` + config.DefaultServer + ` choose the server.`,
		Example: `  gomoku register
  gomoku --server lan-host:7878 login
  gomoku                       # open the lobby
  gomoku challenge bob --rule renju --time 10+5 --color black --rated
  gomoku export 42 --format sgf -o game42.sgf`,
		Args:          cobra.NoArgs,
		Version:       version.String(),
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runPlay(cmd.Context(), play)
		},
	}
	f := cmd.PersistentFlags()
	f.StringVar(&g.Server, "server", "", "server URL, e.g. ws://host:7878/ws or host:7878 (env "+config.EnvServer+")")
	f.StringVar(&g.ConfigPath, "config", "", "config file (default: gomoku/config.json in the user config directory)")
	f.BoolVar(&g.JSON, "json", false, "print JSON instead of text")
	f.StringVar(&g.CAFile, "ca-file", "", "trust the PEM certificate(s) in this file for wss:// (a self-signed server; env "+envCAFile+")")
	_ = cmd.MarkPersistentFlagFilename("config", "json")

	cmd.AddCommand(
		newPlayCmd(play),
		newRegisterCmd(g, env),
		newLoginCmd(g, env),
		newLogoutCmd(g, env),
		newWhoCmd(g, env),
		newChallengeCmd(g, env),
		newGamesCmd(g, env),
		newShowCmd(g, env),
		newExportCmd(g, env),
		newLeaderboardCmd(g, env),
		newProfileCmd(g, env),
	)
	_ = cmd.RegisterFlagCompletionFunc("server", fixedCompletion("localhost:7878"))
	noFileCompletion(cmd)
	return cmd
}
