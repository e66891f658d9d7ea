package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/loadtest"
)

// options are the command's flags.
type options struct {
	cfg     loadtest.Config
	json    bool
	quiet   bool
	maxP99  time.Duration
	cpuProf string // the load tool's own CPU profile, to see what it costs
	slowLog string // file of the window's slow moves: send time, round trip
	// baseline runs the same load against a bare echo server (a child
	// process) first, and prints both with their ratios.
	baseline bool
}

// errProblems is returned when the run took place but something failed.
var errProblems = errors.New("the load test had problems")

// run executes the command line and returns the exit code; main's body,
// callable from tests.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.ExecuteContext(ctx); err != nil {
		fmt.Fprintln(stderr, "error:", err)
		return 1
	}
	return 0
}

func newRootCmd() *cobra.Command {
	o := &options{}
	cmd := &cobra.Command{
		Use:   "loadtest",
		Short: "Load-test a gomoku server with scripted players",
		Long: `loadtest opens --conns websocket connections to a running gomoku server, logs
each in as a guest, pairs 2×--games of them by challenges and has each game
play --rate moves per second (moves that never make five, so games last; a
game that fills the board restarts). The other connections stay idle in the
lobby. After the ramp it measures for --duration and reports moves/s, the
round trip of a move (sent -> its ok reply, and -> the mover's game_move
event) as p50/p90/p99/max, errors and dropped connections, and, from the
server's /metrics, its CPU and its memory per connection (idle and playing).

The server limits guest logins per client address (1/s, burst 10). Against a
server on an IPv4 loopback address the connections are spread over loopback
source addresses 127.1.x.y (--source-ips), so thousands can log in quickly.

Each connection needs a file descriptor on both sides: check ulimit -n (Go
raises the soft limit to the hard limit by itself).

The exit status is 1 when anything failed (a connection, a request, a
dropped client, no move, p99 over --max-p99).`,
		Example: `  loadtest --url ws://127.0.0.1:7878/ws --conns 1000 --rate 1 --ramp 30s --duration 60s
  loadtest --conns 5000 --games 2500 --ramp 2m --game-ramp 3m --duration 60s --json > run.json
  loadtest --conns 200 --idle 0.5 --duration 10s --max-p99 20ms`,
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runLoad(cmd.Context(), o, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	c := &o.cfg
	f.StringVar(&c.URL, "url", "ws://127.0.0.1:7878/ws", "the server's websocket URL")
	f.StringVar(&c.MetricsURL, "metrics-url", "", "the server's Prometheus metrics (default: /metrics of --url's host)")
	f.IntVar(&c.Conns, "conns", 100, "connections to open")
	f.IntVar(&c.Games, "games", -1, "games played at once, 2 connections each (default: from --idle)")
	f.Float64Var(&c.Idle, "idle", 0, "fraction of idle connections when --games is not given")
	f.Float64Var(&c.Rate, "rate", 1, "moves per second of each game")
	f.DurationVar(&c.Duration, "duration", time.Minute, "measurement window, after all games started")
	f.DurationVar(&c.Ramp, "ramp", 10*time.Second, "spread the connections over this time")
	f.DurationVar(&c.GameRamp, "game-ramp", 0, "spread the games' starts over this time (default: --ramp)")
	f.DurationVar(&c.Settle, "settle", 2*time.Second, "wait after connecting before reading the idle memory")
	f.DurationVar(&c.GCWait, "gc-wait", 0,
		"wait up to this long for a garbage collection on the server before connecting and after --settle, for exact live heap figures (Go forces one every 2m)")
	f.DurationVar(&c.StartTimeout, "start-timeout", time.Minute, "wait this long after --game-ramp for games to start")
	f.IntVar(&c.Size, "size", 15, "board size")
	f.StringVar(&c.Rule, "rule", "freestyle", "rule: freestyle or standard (scripts may break renju rules)")
	f.DurationVar(&c.Clock, "clock", 0, "main time per side (0: no clock)")
	f.IntVar(&c.SourceIPs, "source-ips", -1, "loopback source addresses to spread over (-1: one per 8 connections; 0: off)")
	f.BoolVar(&o.json, "json", false, "print the report as JSON")
	f.BoolVar(&o.quiet, "quiet", false, "no progress lines on stderr")
	f.StringVar(&o.cpuProf, "cpuprofile", "", "write the load tool's own CPU profile to this file")
	f.StringVar(&o.slowLog, "slow-log", "", "write each move of the window slower than --slow-over to this file (send time, round trip)")
	f.DurationVar(&c.SlowOver, "slow-over", 20*time.Millisecond, "the round trip that makes a move slow, for --slow-log")
	f.BoolVar(&o.baseline, "baseline", false,
		"first run the same load against a bare websocket echo server (started by the tool), then the game server; print both and the ratios")
	f.BoolVar(&c.Echo, "echo", false, "--url is an echo server (loadtest echo), not a game server")
	f.DurationVar(&o.maxP99, "max-p99", 0, "fail when the p99 move round trip (to ok) exceeds this (0: no limit)")
	cmd.AddCommand(newEchoCmd())
	return cmd
}

// runLoad runs the load test and prints its report.
func runLoad(ctx context.Context, o *options, stdout, stderr io.Writer) error {
	cfg := o.cfg
	cfg.Logf = func(string, ...any) {}
	if !o.quiet {
		cfg.Logf = func(format string, args ...any) {
			fmt.Fprintf(stderr, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
		}
	}
	if o.cpuProf != "" {
		stop, err := startCPUProfile(o.cpuProf)
		if err != nil {
			return err
		}
		defer stop()
	}
	if o.slowLog != "" {
		w, err := openSlowLog(o.slowLog)
		if err != nil {
			return err
		}
		defer w.close()
		cfg.OnSlow = w.write
	}
	var base *loadtest.Report
	if o.baseline {
		var err error
		if base, err = runBaseline(ctx, cfg); err != nil {
			return err
		}
		cfg.Logf("baseline done; now the game server")
	}
	var out interface {
		WriteText(io.Writer)
		Problems() []string
	}
	rep, err := loadtest.Run(ctx, cfg)
	if err != nil {
		return err
	}
	out = rep
	if base != nil {
		out = loadtest.Compare(base, rep)
	}
	if err := write(stdout, out, o.json); err != nil {
		return err
	}
	probs := out.Problems()
	if o.maxP99 > 0 && rep.Ack.P99 > float64(o.maxP99.Microseconds())/1000 {
		probs = append(probs, fmt.Sprintf("p99 %.2fms over %s", rep.Ack.P99, o.maxP99))
	}
	if len(probs) > 0 {
		return fmt.Errorf("%w: %s", errProblems, strings.Join(probs, "; "))
	}
	return nil
}

// write prints a report or a comparison, as text or JSON.
func write(w io.Writer, v interface{ WriteText(io.Writer) }, asJSON bool) error {
	if !asJSON {
		v.WriteText(w)
		return nil
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// runBaseline runs cfg's load against an echo server started for it, on the
// game server's host, with the ramps capped (an echo has no login to pace).
func runBaseline(ctx context.Context, cfg loadtest.Config) (*loadtest.Report, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("server URL: %w", err)
	}
	echo, err := startEcho(ctx, u.Hostname())
	if err != nil {
		return nil, err
	}
	defer echo.stop()
	cfg.Logf("baseline: echo server on %s", echo.addr)
	cfg.Echo, cfg.URL, cfg.MetricsURL = true, "ws://"+echo.addr+"/ws", ""
	cfg.Ramp = min(cfg.Ramp, 20*time.Second)
	cfg.GameRamp = min(cfg.GameRamp, 20*time.Second)
	if cfg.GameRamp == 0 {
		cfg.GameRamp = cfg.Ramp
	}
	cfg.OnSlow = nil
	return loadtest.Run(ctx, cfg)
}

// startCPUProfile profiles this process into path until stop.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpuprofile: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
