package config

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSaveLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gomoku", "config.json")
	c, err := Load(path)
	if err != nil || c != (Config{}) {
		t.Fatalf("missing file: %+v %v", c, err)
	}
	want := Config{Server: "ws://example.org:7878/ws", Token: "secret", Username: "alice"}
	if err := want.Save(path); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("config mode %v, want 0600: it holds the token", fi.Mode().Perm())
	}
	got, err := Load(path)
	if err != nil || got != want {
		t.Fatalf("Load = %+v %v, want %+v", got, err, want)
	}
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil {
		t.Error("corrupt config loaded without error")
	}
}

func TestServerURLPrecedence(t *testing.T) {
	c := Config{Server: "conf.example"}
	tests := []struct{ flag, env, want string }{
		{"flag.example", "env.example", "ws://flag.example:7878/ws"},
		{"", "env.example", "ws://env.example:7878/ws"},
		{"", "", "ws://conf.example:7878/ws"},
	}
	for _, tt := range tests {
		got, err := ServerURL(tt.flag, tt.env, c)
		if err != nil || got != tt.want {
			t.Errorf("ServerURL(%q, %q) = %q %v, want %q", tt.flag, tt.env, got, err, tt.want)
		}
	}
	if got, _ := ServerURL("", "", Config{}); got != DefaultServer {
		t.Errorf("default = %q", got)
	}
}

func TestNormalizeURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"localhost", "ws://localhost:7878/ws"},
		{"127.0.0.1:9000", "ws://127.0.0.1:9000/ws"},
		{"http://h:80", "ws://h:80/ws"},
		{"https://gomoku.example", "wss://gomoku.example/ws"},
		{"ws://h:1/ws", "ws://h:1/ws"},
		{"wss://h/custom", "wss://h/custom"},
		{"[::1]:7000", "ws://[::1]:7000/ws"},
		{"ws://[::1]", "ws://[::1]:7878/ws"},
	}
	for _, tt := range tests {
		got, err := NormalizeURL(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("NormalizeURL(%q) = %q %v, want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"ftp://h", "ws://", "http://%zz"} {
		if got, err := NormalizeURL(bad); err == nil {
			t.Errorf("NormalizeURL(%q) = %q, want an error", bad, got)
		}
	}
}
