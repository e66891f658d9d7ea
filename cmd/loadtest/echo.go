package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/gomokud/gomoku/loadtest"
)

// childEnv marks the echo child process; the tests' binary (which is
// os.Executable there) runs main when it sees it.
const childEnv = "GOMOKU_LOADTEST_CHILD"

// echoReady is the line the echo command prints once it listens.
const echoReady = "echo server on "

func newEchoCmd() *cobra.Command {
	var addr string
	cmd := &cobra.Command{
		Use:   "echo",
		Short: "Serve a bare websocket echo, the baseline of a load test",
		Long: `echo serves a bare gorilla/websocket echo at ws://ADDR/ws (a reader and a
writer goroutine per connection, as in gorilla's chat example, with the game
server's read limit, deadlines, pings and send queue) and Prometheus' process
and Go metrics at http://ADDR/metrics. loadtest --baseline starts one by itself;
run it alone to drive it with loadtest --echo against its URL.`,
		Example: `  loadtest echo --addr 127.0.0.1:7980 &
  loadtest --echo --url ws://127.0.0.1:7980/ws --conns 1000 --games 500`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s%s\n", echoReady, ln.Addr())
			return loadtest.NewEchoServer().Serve(cmd.Context(), ln)
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:7980", "listen address")
	return cmd
}

// echoProcess is an echo server started as a child process, so that it
// has its own runtime, CPU and memory figures, like the game server.
type echoProcess struct {
	cmd  *exec.Cmd
	addr string
}

// startEcho runs this binary's echo command on a free loopback port of the
// same address family and host as the game server's URL.
func startEcho(ctx context.Context, host string) (*echoProcess, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	cmd := exec.CommandContext(ctx, exe, "echo", "--addr", net.JoinHostPort(host, "0"))
	cmd.Stderr = os.Stderr
	cmd.Env = append(os.Environ(), childEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("baseline: start the echo server: %w", err)
	}
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(out).ReadString('\n')
		line <- s
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case s := <-line:
		if addr, ok := strings.CutPrefix(strings.TrimSpace(s), echoReady); ok {
			return &echoProcess{cmd: cmd, addr: addr}, nil
		}
	case <-time.After(10 * time.Second):
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	return nil, fmt.Errorf("baseline: the echo server did not start")
}

// stop ends the echo server and waits for it.
func (e *echoProcess) stop() {
	_ = e.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() {
		_ = e.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = e.cmd.Process.Kill()
		<-done
	}
}
