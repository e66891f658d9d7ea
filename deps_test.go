package gomoku_test

import (
	"go/build"
	"strings"
	"testing"
)

const module = "github.com/gomokud/gomoku"

// imports returns every package pkg depends on, directly or through the
// module's own packages (standard and third-party packages are listed but
// not followed), test files excluded.
func imports(t *testing.T, pkg string) map[string]bool {
	t.Helper()
	seen := map[string]bool{}
	var walk func(path string)
	walk = func(path string) {
		p, err := build.Import(path, ".", 0)
		if err != nil {
			t.Fatalf("import %s: %v", path, err)
		}
		for _, imp := range p.Imports {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if strings.HasPrefix(imp, module+"/") {
				walk(imp)
			}
		}
	}
	walk(pkg)
	return seen
}

// TestLayers keeps the arrows of docs/architecture.md pointing one way:
// adapters never reach into the server, the domain and the match core stay
// pure.
func TestLayers(t *testing.T) {
	for _, tt := range []struct {
		pkg    string
		banned []string // import paths, or prefixes ending in "/"
	}{
		{module + "/sqlite", []string{module + "/server", module + "/match", module + "/protocol"}},
		{module + "/postgres", []string{module + "/server", module + "/match", module + "/protocol"}},
		{module + "/match", []string{"net", "net/", "database/sql", "github.com/gorilla/websocket",
			module + "/protocol", module + "/server", module + "/sqlite", module + "/postgres"}},
		{module, []string{"net", "net/", "database/sql", module + "/server", module + "/protocol",
			module + "/match", module + "/sqlite", module + "/postgres"}},
		{module + "/engine", []string{"net", "net/", "database/sql", module + "/"}},
		{module + "/client/tui", []string{module + "/server", module + "/sqlite", module + "/postgres"}},
		// the browser app is static files: the server has no special case for it
		{module + "/web", []string{module + "/", "github.com/"}},
	} {
		for dep := range imports(t, tt.pkg) {
			for _, b := range tt.banned {
				if dep == b || strings.HasSuffix(b, "/") && strings.HasPrefix(dep, b) {
					t.Errorf("%s depends on %s", tt.pkg, dep)
				}
			}
		}
	}
}
