package loadtest_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gomokud/gomoku/internal/servertest"
	"github.com/gomokud/gomoku/loadtest"
	"github.com/gomokud/gomoku/server"
)

// Environment of the profiling harness.
const (
	profileEnv = "GOMOKU_LOADTEST_PROFILE" // directory for profiles and reports: runs TestProfileServer
	argsEnv    = "GOMOKU_LOADTEST_ARGS"    // the load: "-conns 5000 -games 2500 -ramp 2m ..."
	pgEnv      = "GOMOKU_LOADTEST_PG"      // non-empty: PostgreSQL (pgtest.URLEnv must be set)
	childEnv   = "GOMOKU_LOADTEST_CHILD"   // set in the load process
	urlEnv     = "GOMOKU_LOADTEST_URL"     // the server's URL, for the load process
)

// TestProfileServer runs the real server in this process and the load in a
// child process (this test binary, TestLoadChild), so this process's
// profiles and memory statistics are the server's alone. It writes CPU
// profiles of the connection ramp, the game ramp and the measurement
// window, heap profiles with every connection idle and at the end, mutex
// and block profiles (whole run), and the exact idle memory per connection (after runtime.GC), to
// $GOMOKU_LOADTEST_PROFILE. Example:
//
//	GOMOKU_LOADTEST_PROFILE=/tmp/prof GOMOKU_LOADTEST_ARGS="-conns 5000 -games 2500 -ramp 2m -game-ramp 3m" \
//	  go test -run TestProfileServer -timeout 30m ./loadtest
//	go tool pprof -top /tmp/prof/window.cpu.pprof
func TestProfileServer(t *testing.T) {
	dir := os.Getenv(profileEnv)
	if dir == "" {
		t.Skip(profileEnv + " not set: no profiling run")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	logf, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	runtime.SetMutexProfileFraction(100)
	defer runtime.SetMutexProfileFraction(0)
	runtime.SetBlockProfileRate(int(100 * time.Microsecond)) // blocking events of 100µs and more
	defer runtime.SetBlockProfileRate(0)
	s := servertest.Start(t, servertest.Options{Postgres: os.Getenv(pgEnv) != "", Config: server.Config{
		AuthPerIP: 1e6, AuthBurst: 1e6,
		Logger: slog.New(slog.NewTextHandler(logf, &slog.HandlerOptions{Level: slog.LevelWarn}))}})
	time.Sleep(2 * time.Second) // start-up leaves a few MB that are garbage a moment later
	before := memNow()

	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadChild$", "-test.v", "-test.timeout=0")
	cmd.Env = append(os.Environ(), childEnv+"=1", urlEnv+"="+s.URL)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var prof cpuProfile
	prof.start(t, filepath.Join(dir, "connect.cpu.pprof"))
	defer prof.stop()

	report, _ := os.Create(filepath.Join(dir, "report.txt"))
	defer report.Close()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the child's progress: the window starts at "measuring"
		defer wg.Done()
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(report, line)
			if strings.Contains(line, "measuring for") {
				prof.start(t, filepath.Join(dir, "window.cpu.pprof"))
			}
		}
	}()
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		line := sc.Text()
		var n float64
		if _, err := fmt.Sscanf(line, "IDLE %g", &n); err != nil || n == 0 {
			fmt.Fprintln(report, line)
			continue
		}
		prof.start(t, filepath.Join(dir, "games.cpu.pprof"))
		idle := memNow()
		fmt.Fprintf(report, "server in-process, after runtime.GC, %0.f connections: live heap %.1f KB, heap in use %.1f KB, "+
			"stacks %.1f KB, goroutines %.2f per connection\n", n,
			(idle.live-before.live)/n/1024, (idle.inuse-before.inuse)/n/1024,
			(idle.stack-before.stack)/n/1024, (idle.goroutines-before.goroutines)/n)
		writeHeap(t, filepath.Join(dir, "idle.heap.pprof"))
		fmt.Fprintln(stdin, "GO")
	}
	wg.Wait()
	err = cmd.Wait()
	prof.stop()
	writeHeap(t, filepath.Join(dir, "end.heap.pprof"))
	for _, name := range []string{"mutex", "block"} {
		if f, err := os.Create(filepath.Join(dir, name+".pprof")); err == nil {
			_ = pprof.Lookup(name).WriteTo(f, 0)
			f.Close()
		}
	}
	if err != nil {
		t.Errorf("load process: %v", err)
	}
	out, _ := os.ReadFile(filepath.Join(dir, "report.txt"))
	t.Logf("\n%s", out)
}

// TestLoadChild is the load process of TestProfileServer.
func TestLoadChild(t *testing.T) {
	if os.Getenv(childEnv) == "" {
		t.Skip("the load process of TestProfileServer")
	}
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	cfg := loadtest.Config{URL: os.Getenv(urlEnv), SourceIPs: -1}
	fs.IntVar(&cfg.Conns, "conns", 100, "")
	fs.IntVar(&cfg.Games, "games", -1, "")
	fs.Float64Var(&cfg.Rate, "rate", 1, "")
	fs.DurationVar(&cfg.Ramp, "ramp", 10*time.Second, "")
	fs.DurationVar(&cfg.GameRamp, "game-ramp", 0, "")
	fs.DurationVar(&cfg.Duration, "duration", time.Minute, "")
	fs.IntVar(&cfg.Size, "size", 15, "")
	if err := fs.Parse(strings.Fields(os.Getenv(argsEnv))); err != nil {
		t.Fatal(err)
	}
	cfg.StartTimeout = 5 * time.Minute
	cfg.Logf = func(format string, args ...any) {
		fmt.Fprintf(os.Stderr, time.Now().Format("15:04:05 ")+format+"\n", args...)
	}
	in := bufio.NewReader(os.Stdin)
	cfg.AtIdle = func(_ context.Context, conns int) error {
		fmt.Println("IDLE", conns)
		_, err := in.ReadString('\n')
		return err
	}
	rep, err := loadtest.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	rep.WriteText(os.Stdout)
}

type memStats struct{ live, inuse, stack, goroutines float64 }

// memNow collects garbage and reads this process's memory.
func memNow() memStats {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return memStats{live: float64(m.HeapAlloc), inuse: float64(m.HeapInuse), stack: float64(m.StackInuse),
		goroutines: float64(runtime.NumGoroutine())}
}

func writeHeap(t *testing.T, path string) {
	f, err := os.Create(path)
	if err != nil {
		t.Error(err)
		return
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		t.Error(err)
	}
}

// cpuProfile writes one CPU profile at a time; start ends the previous one.
type cpuProfile struct {
	mu sync.Mutex
	f  io.WriteCloser
}

func (p *cpuProfile) start(t *testing.T, path string) {
	p.stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	f, err := os.Create(path)
	if err != nil {
		t.Error(err)
		return
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		t.Error(err)
		f.Close()
		return
	}
	p.f = f
}

func (p *cpuProfile) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.f != nil {
		pprof.StopCPUProfile()
		p.f.Close()
		p.f = nil
	}
}
