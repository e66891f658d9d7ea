package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// startWait bounds a server start: migrations included, on a loaded machine.
const startWait = 30 * time.Second

// buildServer builds the server binary into a temporary directory.
func buildServer(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "gomoku-server")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// child is one run of the server binary.
type child struct {
	cmd  *exec.Cmd
	url  string        // ws://ADDR/ws
	log  *syncBuffer   // its stderr
	done chan struct{} // closed once it has exited
}

// startChild starts the server on a free loopback port and waits until it
// prints the address it listens on. Stop it with kill.
func startChild(t *testing.T, bin string, args []string) *child {
	t.Helper()
	out := &addrWriter{addr: make(chan string, 1)}
	c := &child{log: &syncBuffer{}, done: make(chan struct{})}
	c.cmd = exec.Command(bin, append([]string{"--addr", "127.0.0.1:0", "--log-level", "warn"}, args...)...)
	c.cmd.Stdout, c.cmd.Stderr = out, c.log
	if err := c.cmd.Start(); err != nil {
		t.Fatalf("start server: %v", err)
	}
	go func() {
		_ = c.cmd.Wait()
		close(c.done)
	}()
	timeout := time.NewTimer(startWait)
	defer timeout.Stop()
	select {
	case addr := <-out.addr:
		c.url = "ws://" + addr + "/ws"
		return c
	case <-c.done:
		t.Fatalf("server exited before listening (%v); its log:\n%s", c.cmd.ProcessState, c.log)
	case <-timeout.C:
		c.kill()
		t.Fatalf("server did not listen within %s; its log:\n%s", startWait, c.log)
	}
	return nil
}

// kill kills the process (SIGKILL on Unix) and waits until it is gone.
// Idempotent.
func (c *child) kill() {
	_ = c.cmd.Process.Kill()
	<-c.done
}

// addrWriter is a server's stdout: it sends the address of the line
// "gomoku server on ADDR: connect with ..." on addr, once. os/exec writes
// to it from one goroutine.
type addrWriter struct {
	buf  []byte
	addr chan string // buffered 1
	sent bool
}

func (w *addrWriter) Write(p []byte) (int, error) {
	if w.sent {
		return len(p), nil
	}
	w.buf = append(w.buf, p...)
	for !w.sent {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			break
		}
		line := string(w.buf[:i])
		w.buf = w.buf[i+1:]
		if rest, ok := strings.CutPrefix(line, "gomoku server on "); ok {
			addr, _, _ := strings.Cut(rest, ": ")
			w.addr <- addr
			w.sent = true
		}
	}
	return len(p), nil
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
