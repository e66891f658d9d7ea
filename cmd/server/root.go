package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/internal/version"
)

// options are the flags shared by serve and migrate.
type options struct {
	addr      string
	dataDir   string
	database  string
	logLevel  string
	origins   []string
	debugAddr string // where to serve profiles; empty: off

	tlsCert, tlsKey string   // a certificate pair for TLS
	domains         []string // automatic certificates for these names
	acmeEmail       string   // the ACME account's contact
	httpAddr        string   // plain HTTP beside TLS: redirects and ACME; empty: off
	trustedProxies  []string // CIDRs whose forwarding headers are believed
}

// envOr returns the first set environment variable of names, else def.
func envOr(def string, names ...string) string {
	for _, n := range names {
		if v, ok := os.LookupEnv(n); ok && v != "" {
			return v
		}
	}
	return def
}

// run executes the command line and returns the exit code; main's body,
// callable from tests.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root := newRootCmd(stderr)
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.ExecuteContext(ctx); err != nil {
		fmt.Fprintln(stderr, "error:", err)
		return 1
	}
	return 0
}

func newRootCmd(logOut io.Writer) *cobra.Command {
	o := &options{}
	root := &cobra.Command{
		Use:   "gomoku-server",
		Short: "The gomoku (five in a row) server: lobby, rated games, AI bots",
		Long: `gomoku-server runs a five-in-a-row server for the gomoku terminal client.

Players connect to ws://HOST:PORT/ws, see who is online, challenge each other
or the AI bots, and play freestyle, standard, renju or caro games with clocks. The
server decides every rule, clock and result and stores every move.

Without --database it keeps everything in an embedded SQLite file in
--data-dir: nothing to install. With --database (or DATABASE_URL) it uses
PostgreSQL. HTTP endpoints next to /ws: /healthz and /metrics (Prometheus).`,
		Example: `  gomoku-server                       # serve on :7878 with ./data/gomoku.db
  gomoku-server --addr 127.0.0.1:9000 --data-dir /var/lib/gomoku
  DATABASE_URL=postgres://gomoku@db/gomoku gomoku-server
  gomoku-server migrate --database postgres://gomoku@db/gomoku`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		Version:       version.String(),
		PersistentPreRunE: func(*cobra.Command, []string) error {
			var l slog.Level
			if err := l.UnmarshalText([]byte(o.logLevel)); err != nil {
				return fmt.Errorf("--log-level %q: want debug, info, warn or error", o.logLevel)
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			return serve(cmd.Context(), o, newLogger(logOut, o.logLevel), cmd.OutOrStdout())
		},
	}
	f := root.PersistentFlags()
	f.StringVar(&o.addr, "addr", envOr(":7878", "GOMOKU_ADDR"), "address to listen on (env GOMOKU_ADDR)")
	f.StringVar(&o.dataDir, "data-dir", envOr("data", "GOMOKU_DATA_DIR"),
		"directory of the embedded SQLite database, used without --database (env GOMOKU_DATA_DIR)")
	f.StringVar(&o.database, "database", envOr("", "DATABASE_URL", "GOMOKU_DATABASE_URL"),
		"PostgreSQL URL, e.g. postgres://user:pass@host/db (env DATABASE_URL)")
	f.StringVar(&o.logLevel, "log-level", envOr("info", "GOMOKU_LOG_LEVEL"),
		"debug, info, warn or error (env GOMOKU_LOG_LEVEL)")
	f.StringVar(&o.debugAddr, "debug-addr", envOr("", "GOMOKU_DEBUG_ADDR"),
		"serve Go profiles (/debug/pprof/) on this address, e.g. 127.0.0.1:6060; off when empty (env GOMOKU_DEBUG_ADDR)")
	var origins []string
	if v := envOr("", "GOMOKU_ALLOWED_ORIGINS"); v != "" {
		origins = strings.Split(v, ",")
	}
	f.StringSliceVar(&o.origins, "allowed-origins", origins,
		"browser origins allowed to connect besides the server's own host, comma-separated (env GOMOKU_ALLOWED_ORIGINS)")
	addHostingFlags(root, o)

	serveCmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve clients (the default command)",
		Args:  cobra.NoArgs,
		RunE:  root.RunE,
	}
	root.AddCommand(serveCmd, newMigrateCmd(o, logOut), newBackupCmd(o), newHealthcheckCmd(o))
	return root
}

// newLogger returns a text logger at the named level (checked before).
func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}
