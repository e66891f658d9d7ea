package main

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/engine"
	"github.com/gomokud/gomoku/internal/pgtest"
	"github.com/gomokud/gomoku/protocol"
)

func TestHelp(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"--help"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{"--addr", "--data-dir", "--database", "--log-level", "--debug-addr", "DATABASE_URL", "migrate", "backup", "healthcheck"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q", want)
		}
	}
	if code := run(context.Background(), []string{"--no-such-flag"}, &out, &errOut); code == 0 {
		t.Fatal("unknown flag accepted")
	}
	errOut.Reset()
	if code := run(context.Background(), []string{"--log-level", "verbose", "migrate", "--data-dir", t.TempDir()}, &out, &errOut); code == 0 ||
		!strings.Contains(errOut.String(), "log-level") {
		t.Fatalf("bad log level: exit %d, %q", code, errOut.String())
	}
}

func TestOneServerPerDataDir(t *testing.T) {
	dir := t.TempDir()
	release, err := lockDataDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"--addr", "127.0.0.1:0", "--data-dir", dir}, &out, &errOut); code == 0 ||
		!strings.Contains(errOut.String(), "another server") {
		t.Fatalf("second server: exit %d, %q", code, errOut.String())
	}
	release()
	if _, err := lockDataDir(dir); err != nil {
		t.Fatalf("lock not released: %v", err)
	}
}

// TestAddrInUse: a taken port fails at once, before the data directory
// is created.
func TestAddrInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := filepath.Join(t.TempDir(), "data")
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"--addr", ln.Addr().String(), "--data-dir", dir}, &out, &errOut); code == 0 ||
		!strings.Contains(errOut.String(), "address already in use") {
		t.Fatalf("taken port: exit %d, %q", code, errOut.String())
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("data directory created on a failed start: %v", err)
	}
}

func TestMigrate(t *testing.T) {
	var out, errOut bytes.Buffer
	dir := t.TempDir()
	if code := run(context.Background(), []string{"migrate", "--data-dir", dir}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "schema is at version") {
		t.Fatalf("output %q", out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "gomoku.db")); err != nil {
		t.Fatal(err)
	}
}

// proc is the server binary running as a child process.
type proc struct {
	cmd *exec.Cmd
	url string
}

// startProc starts the binary and waits for its address.
func startProc(t *testing.T, bin string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"--addr", "127.0.0.1:0"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("server said nothing: %v", err)
	}
	// "gomoku server on 127.0.0.1:PORT: connect with ..."
	f := strings.Fields(line)
	if len(f) < 4 {
		t.Fatalf("unexpected first line %q", line)
	}
	return &proc{cmd: cmd, url: "ws://" + strings.TrimSuffix(f[3], ":") + "/ws"}
}

func dialClient(t *testing.T, url string) *client.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := client.Dial(ctx, url, client.Options{Name: "test"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestKill9AndRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server binary")
	}
	bin := filepath.Join(t.TempDir(), "gomoku-server")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	t.Run("sqlite", func(t *testing.T) { kill9(t, bin, "--data-dir", t.TempDir()) })
	t.Run("postgres", func(t *testing.T) {
		cfg := pgtest.FreshSchema(t)
		url := os.Getenv(pgtest.URLEnv)
		sep := "?"
		if strings.Contains(url, "?") {
			sep = "&"
		}
		kill9(t, bin, "--database", url+sep+"search_path="+cfg.ConnConfig.RuntimeParams["search_path"])
	})
}

// kill9 plays part of a game, kills the server with SIGKILL, restarts it
// and checks the game is back with every accepted move; then stops it with
// SIGTERM and checks the clients are told.
func kill9(t *testing.T, bin string, args ...string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p := startProc(t, bin, args...)
	a, b := dialClient(t, p.url), dialClient(t, p.url)
	sa, err := a.Register(ctx, "alice", "password1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Register(ctx, "bob", "password2"); err != nil {
		t.Fatal(err)
	}
	ch, err := a.Challenge(ctx, "bob", protocol.Settings{Opening: "none", Rule: "renju", Color: protocol.ColorBlack,
		Time: protocol.TimeControl{MainMS: 600_000, IncrementMS: 5000}})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Accept(ctx, ch.ChallengeID); err != nil {
		t.Fatal(err)
	}
	var gid int64
	for m := range a.Events() {
		if s, ok := m.(*protocol.GameStart); ok {
			gid = s.Game.GameID
			break
		}
	}
	moves := []string{"h8", "h9", "j10", "g7", "k11"}
	for i, mv := range moves {
		c := a
		if i%2 == 1 {
			c = b
		}
		pt, _ := engine.ParsePoint(mv, 15)
		if err := c.Move(ctx, gid, pt); err != nil {
			t.Fatalf("move %s: %v", mv, err)
		}
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = p.cmd.Wait()

	p = startProc(t, bin, args...)
	c := dialClient(t, p.url)
	sess, err := c.Resume(ctx, sa.Token)
	if err != nil {
		t.Fatalf("resume after kill -9: %v", err)
	}
	if len(sess.Games) != 1 || sess.Games[0] != gid {
		t.Fatalf("games after restart: %v", sess.Games)
	}
	reply, err := c.Do(ctx, protocol.Resync{GameID: gid, LastSeq: -1})
	if err != nil {
		t.Fatal(err)
	}
	st := reply.(*protocol.GameState)
	if strings.Join(st.Moves, " ") != strings.Join(moves, " ") || st.Turn != protocol.ColorWhite {
		t.Fatalf("restored moves %v, turn %s", st.Moves, st.Turn)
	}

	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var told bool
	for m := range c.Events() {
		if _, ok := m.(*protocol.Shutdown); ok {
			told = true
			break
		}
	}
	if err := p.cmd.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v", err)
	}
	if !told {
		t.Fatal("clients were not told about the shutdown")
	}
}
