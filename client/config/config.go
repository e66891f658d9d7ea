// Package config keeps the client's settings between runs: the server URL and
// the session token of the logged-in player, in a JSON file under the user's
// configuration directory.
package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

const (
	// EnvServer overrides the configured server URL (the --server flag
	// overrides both).
	EnvServer = "GOMOKU_SERVER"
	// DefaultServer is used when nothing else names a server.
	DefaultServer = "ws://localhost:7878/ws"
	fileName      = "config.json"
)

// Config is what the client remembers.
type Config struct {
	Server   string `json:"server,omitempty"`   // as given by the user
	Token    string `json:"token,omitempty"`    // session token; secret
	Username string `json:"username,omitempty"` // who the token belongs to
}

// DefaultPath is os.UserConfigDir()/gomoku/config.json.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find config directory: %w", err)
	}
	return filepath.Join(dir, "gomoku", fileName), nil
}

// Load reads the config at path. A missing file is an empty Config.
func Load(path string) (Config, error) {
	var c Config
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, fmt.Errorf("read config: %w", err)
	}
	if err := json.Unmarshal(data, &c); err != nil {
		return c, fmt.Errorf("read config %s: %w", path, err)
	}
	return c, nil
}

// Save writes the config to path atomically, readable by the user only (it
// holds the session token), creating its directory.
func (c Config) Save(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("save config: %w", err)
	}
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return fmt.Errorf("save config: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), fileName+".*")
	if err != nil {
		return fmt.Errorf("save config: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("save config: %w", err)
	}
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("save config: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("save config: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("save config: %w", err)
	}
	return nil
}

// ServerURL picks the server: the flag, else the environment value, else the
// configured one, else DefaultServer; then normalises it with NormalizeURL.
func ServerURL(flag, env string, c Config) (string, error) {
	for _, s := range []string{flag, env, c.Server} {
		if strings.TrimSpace(s) != "" {
			return NormalizeURL(s)
		}
	}
	return DefaultServer, nil
}

// NormalizeURL turns what a user types ("host", "host:7878",
// "http://host:7878", "wss://host/ws") into a websocket URL ending in /ws.
// The default port 7878 is added to a bare host.
func NormalizeURL(s string) (string, error) {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "://") {
		s = "ws://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("server URL %q: %w", s, err)
	}
	switch u.Scheme {
	case "ws", "wss":
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	default:
		return "", fmt.Errorf("server URL %q: scheme must be ws, wss, http or https", s)
	}
	if u.Host == "" {
		return "", fmt.Errorf("server URL %q: no host", s)
	}
	if u.Port() == "" && u.Scheme == "ws" {
		u.Host = net.JoinHostPort(u.Hostname(), "7878")
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = "/ws"
	}
	return u.String(), nil
}
