package main

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gomokud/gomoku/internal/pgtest"
)

// The crash test of issue 11: the server binary is killed with SIGKILL
// around black's winning move of a rated game, many times, on SQLite and on
// PostgreSQL. After each restart the game must be finished with its result
// and ratings (or, when the move had not been stored, still running with
// black to move), no acknowledged move may be missing, and both players must
// be free to play again.
//
// Iterations per variant and store: defaultCrashIterations, or the number in
// GOMOKU_CRASH_ITERATIONS (e.g. 50 for a real hunt):
//
//	GOMOKU_CRASH_ITERATIONS=50 go test -run TestCrashWinningMove -v ./cmd/server
const (
	crashIterationsEnv     = "GOMOKU_CRASH_ITERATIONS"
	defaultCrashIterations = 5
)

// variant says when the server is killed around the winning move.
type variant string

const (
	killBefore variant = "before" // right after the move frame is written, before its reply
	killAfter  variant = "after"  // right after its ok reply is read
)

func TestCrashWinningMove(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server binary and kills it with SIGKILL, many times")
	}
	n := crashIterations(t)
	bin := buildServer(t)
	for _, store := range []string{"sqlite", "postgres"} {
		t.Run(store, func(t *testing.T) {
			if store == "postgres" && os.Getenv(pgtest.URLEnv) == "" {
				t.Skip(pgtest.URLEnv + " not set: skipping the PostgreSQL crash test")
			}
			for _, v := range []variant{killBefore, killAfter} {
				t.Run(string(v), func(t *testing.T) {
					runCrashes(t, &rig{bin: bin, args: storeArgs(t, store)}, v, n)
				})
			}
		})
	}
}

// crashIterations is the number of iterations per variant and store.
func crashIterations(t *testing.T) int {
	t.Helper()
	s := os.Getenv(crashIterationsEnv)
	if s == "" {
		return defaultCrashIterations
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive number", crashIterationsEnv, s)
	}
	return n
}

// storeArgs returns the server flags of a new, empty store: a data
// directory for SQLite, a fresh schema for PostgreSQL.
func storeArgs(t *testing.T, store string) []string {
	t.Helper()
	if store == "sqlite" {
		return []string{"--data-dir", t.TempDir()}
	}
	cfg := pgtest.FreshSchema(t)
	url := os.Getenv(pgtest.URLEnv)
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return []string{"--database", url + sep + "search_path=" + cfg.ConnConfig.RuntimeParams["search_path"]}
}

// runCrashes plays n games on one store, each crashed around its winning
// move and checked after a restart. It stops at the first failed iteration:
// the store's state is unknown then.
func runCrashes(t *testing.T, r *rig, v variant, n int) {
	t.Cleanup(r.stop)
	stored := 0
	for i := range n {
		var got bool
		if !t.Run(strconv.Itoa(i), func(t *testing.T) { got = crashOnce(t, r, v, i) }) {
			return
		}
		if got {
			stored++
		}
	}
	if v == killBefore {
		t.Logf("the winning move was stored before the kill in %d of %d iterations", stored, n)
	}
}

// crashOnce plays a rated game up to black's winning move, kills the server
// around it, restarts the server and checks the game and its players. It
// reports whether the winning move had been stored.
func crashOnce(t *testing.T, r *rig, v variant, i int) bool {
	r.logOnFailure(t)
	d := startDuel(t, r.server(t).url, i)
	d.playOpening(t)
	d.crash(t, r, v, i)
	d.login(t, r.server(t).url)
	s := d.observe(t)
	if !isPrefix(d.acked, s.moves) {
		t.Fatalf("an acknowledged move is missing after the restart\nacknowledged: %s\n%s",
			strings.Join(d.acked, " "), s)
	}
	stored := len(s.moves) > len(openingMoves)
	if stored {
		d.checkFinished(t, s)
	} else {
		// Only possible for killBefore: the winning move was acknowledged
		// for killAfter, and isPrefix held.
		d.checkRunning(t, s)
		d.playWin(t)
		d.relogin(t)
		d.checkFinished(t, d.observe(t))
	}
	d.checkFree(t)
	return stored
}

// killSpread is the delay, after the winning move's frame is written, before
// the kill of iteration i of the "before" variant: 0 first, then up to 2 ms,
// so the kill lands before the server reads the frame, while it stores the
// move, and after. It chooses the crash point; nothing waits on it.
func killSpread(i int) time.Duration {
	return time.Duration(i%5) * 500 * time.Microsecond
}

// isPrefix reports whether every move of acked is at its place in moves.
func isPrefix(acked, moves []string) bool {
	if len(acked) > len(moves) {
		return false
	}
	for k := range acked {
		if acked[k] != moves[k] {
			return false
		}
	}
	return true
}

// rig runs the server binary on one store: one child at a time, killed
// and restarted on the same store; each iteration starts on the server the
// previous one restarted.
type rig struct {
	bin    string
	args   []string
	srv    *child // running, or nil
	killed *child // the last one killed, for its log
}

// server returns the running server, starting one if none runs.
func (r *rig) server(t *testing.T) *child {
	t.Helper()
	if r.srv == nil {
		r.srv = startChild(t, r.bin, r.args)
	}
	return r.srv
}

// kill kills the running server with SIGKILL.
func (r *rig) kill() {
	r.srv.kill()
	r.killed, r.srv = r.srv, nil
}

// stop kills the running server, if any.
func (r *rig) stop() {
	if r.srv != nil {
		r.kill()
	}
}

// logOnFailure shows the servers' logs when t fails.
func (r *rig) logOnFailure(t *testing.T) {
	t.Cleanup(func() {
		if !t.Failed() {
			return
		}
		for _, c := range []*child{r.killed, r.srv} {
			if c == nil {
				continue
			}
			log := c.log.String()
			if log == "" {
				log = "(empty)"
			}
			t.Logf("log of the server at %s (warnings and errors):\n%s", c.url, log)
		}
	})
}
