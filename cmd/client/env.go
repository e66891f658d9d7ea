package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/gomokud/gomoku/client"
	"github.com/gomokud/gomoku/client/config"
)

// Env is everything a command touches outside itself, so tests run commands
// with their own streams, environment and config file.
type Env struct {
	In       io.Reader
	Out, Err io.Writer
	Getenv   func(string) string
	// Terminal reports whether In is an interactive terminal (passwords are
	// then read without echo, and the TUI can run).
	Terminal bool

	lines *bufio.Reader // In, buffered once for line reads
}

// stdEnv is the process's own environment.
func stdEnv() *Env {
	return &Env{
		In: os.Stdin, Out: os.Stdout, Err: os.Stderr, Getenv: os.Getenv,
		Terminal: term.IsTerminal(int(os.Stdin.Fd())),
	}
}

// globalOptions are the root command's persistent flags.
type globalOptions struct {
	Server     string // --server
	ConfigPath string // --config
	JSON       bool   // --json
	CAFile     string // --ca-file: trust this certificate for wss://
}

// envCAFile names the environment variable of --ca-file.
const envCAFile = "GOMOKU_CA_FILE"

// withTLS sets opts.TLS from --ca-file (or its environment variable): a
// server with a self-signed or private certificate.
func (g *globalOptions) withTLS(env *Env, opts client.Options) (client.Options, error) {
	file := g.CAFile
	if file == "" {
		file = env.Getenv(envCAFile)
	}
	if file == "" {
		return opts, nil
	}
	conf, err := client.LoadCA(file)
	if err != nil {
		return opts, err
	}
	opts.TLS = conf
	return opts, nil
}

// configPath is the config file in use: --config, else the default.
func (g *globalOptions) configPath() (string, error) {
	if g.ConfigPath != "" {
		return g.ConfigPath, nil
	}
	return config.DefaultPath()
}

// load reads the config and resolves the server URL (flag, env, config).
func (g *globalOptions) load(env *Env) (config.Config, string, error) {
	path, err := g.configPath()
	if err != nil {
		return config.Config{}, "", err
	}
	cfg, err := config.Load(path)
	if err != nil {
		return cfg, "", err
	}
	url, err := config.ServerURL(g.Server, env.Getenv(config.EnvServer), cfg)
	return cfg, url, err
}

// save writes the config.
func (g *globalOptions) save(cfg config.Config) error {
	path, err := g.configPath()
	if err != nil {
		return err
	}
	return cfg.Save(path)
}

// errNoInput is returned when a prompt meets the end of the input.
var errNoInput = errors.New("no input")

// readLine prompts (on a terminal only: scripts pipe their answers) and
// reads one line of In, without its newline. An interrupt (ctx) ends the
// wait.
func (e *Env) readLine(ctx context.Context, prompt string) (string, error) {
	if e.Terminal {
		fmt.Fprint(e.Err, prompt)
	}
	if e.lines == nil {
		e.lines = bufio.NewReader(e.In)
	}
	return interruptible(ctx, e, func() (string, error) {
		s, err := e.lines.ReadString('\n')
		if err != nil && (err != io.EOF || s == "") {
			if err == io.EOF {
				return "", errNoInput
			}
			return "", fmt.Errorf("read input: %w", err)
		}
		return strings.TrimRight(s, "\r\n"), nil
	})
}

// readPassword prompts and reads a password: without echo from a terminal
// (whose echo is back on when the read is interrupted), else as a line of
// In, for scripts.
func (e *Env) readPassword(ctx context.Context, prompt string) (string, error) {
	if !e.Terminal {
		return e.readLine(ctx, prompt)
	}
	fmt.Fprint(e.Err, prompt)
	f, ok := e.In.(*os.File)
	if !ok {
		return "", errors.New("read password: input is not a file")
	}
	fd := int(f.Fd())
	state, err := term.GetState(fd)
	if err != nil {
		return "", fmt.Errorf("read password: %w", err)
	}
	defer term.Restore(fd, state)
	pass, err := interruptible(ctx, e, func() (string, error) {
		b, err := term.ReadPassword(fd)
		return string(b), err
	})
	fmt.Fprintln(e.Err)
	if err != nil {
		return "", fmt.Errorf("read password: %w", err)
	}
	return pass, nil
}

// interruptible runs a blocking read, or gives up when ctx ends (the read
// is then abandoned: the command is about to exit).
func interruptible(ctx context.Context, e *Env, read func() (string, error)) (string, error) {
	type result struct {
		s   string
		err error
	}
	done := make(chan result, 1)
	go func() {
		s, err := read()
		done <- result{s, err}
	}()
	select {
	case r := <-done:
		return r.s, r.err
	case <-ctx.Done():
		if e.Terminal {
			fmt.Fprintln(e.Err)
		}
		return "", ctx.Err()
	}
}
