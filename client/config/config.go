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

	// A guest session, kept beside the account's so that a guest gets back
	// into a game after the client restarts (the server keeps a guest
	// session for a day after its last use).
	GuestToken  string `json:"guest_token,omitempty"`  // secret
	GuestName   string `json:"guest_name,omitempty"`   // "guest:carol"
	GuestServer string `json:"guest_server,omitempty"` // the server URL it is valid on

	// Settings are the lobby's game settings, remembered between runs.
	Settings *Settings `json:"settings,omitempty"`
}

// Settings are the game settings last chosen in the lobby, as the lobby
// writes them (checked again when read).
type Settings struct {
	Rule  string `json:"rule,omitempty"`
	Size  int    `json:"size,omitempty"`
	Time  string `json:"time,omitempty"` // "10+5", "30m/60s", "none"
	Color string `json:"color,omitempty"`
	Rated bool   `json:"rated,omitempty"`
	// Opening is the opening rule chosen ("none", "swap2", ...); "" for
	// the server's default for the rule.
	Opening string `json:"opening,omitempty"`
}

// Guest returns the saved guest token for the server url; "" when none is
// saved or it belongs to another server.
func (c Config) Guest(url string) string {
	if c.GuestServer != url {
		return ""
	}
	return c.GuestToken
}

// SetGuest keeps a guest session of the server url (an empty token
// forgets it).
func (c *Config) SetGuest(url, token, name string) {
	c.GuestServer, c.GuestToken, c.GuestName = url, token, name
	if token == "" {
		c.GuestServer, c.GuestName = "", ""
	}
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
