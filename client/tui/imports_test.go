package tui

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoProtocolImport keeps the wire out of the TUI: it reads the client
// library's typed events and calls its typed methods, and the library alone
// speaks the protocol. Every Go file of the package is checked, whatever its
// build tags, tests included (they build typed events themselves).
func TestNoProtocolImport(t *testing.T) {
	const wire = "github.com/gomokud/gomoku/protocol"
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files here: %v", err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				t.Fatalf("%s: import %s: %v", name, imp.Path.Value, err)
			}
			if path == wire || strings.HasPrefix(path, wire+"/") {
				t.Errorf("%s imports %s: use the typed events and methods of package client", fset.Position(imp.Pos()), path)
			}
		}
	}
}
