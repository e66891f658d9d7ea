// Package web is the browser client: plain JavaScript modules, a style sheet
// and one HTML page, embedded in the binary and served by the server next to
// /ws. The app speaks the same protocol as the terminal client
// (docs/protocol.md); the server has no special case for it.
//
// Serving: index.html is never cached and names the assets under
// /assets/<hash>/, where the hash covers every asset's content, so a new
// build gets new URLs and the assets themselves are cached for a year.
// Relative imports between the modules resolve inside the same hashed
// directory, so no file needs rewriting. Every response is gzipped when the
// client accepts it (compressed once, at start-up) and carries a strict
// Content-Security-Policy: scripts, styles and connections from this origin
// only, no inline scripts or styles, no framing.
package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"
	"strings"
	"sync"
)

//go:embed static
var static embed.FS

// CSP is the Content-Security-Policy of every response. connect-src 'self'
// covers the same-origin ws:// and wss:// URL of /ws.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// AssetPrefix is the path under which the hashed asset directory is served.
const AssetPrefix = "/assets/"

type asset struct {
	body, gz []byte
	ctype    string
}

// App serves the browser client. Build it with New (or Default).
type App struct {
	hash   string
	assets map[string]*asset // by file name, e.g. "app.js"
	index  *asset
}

var (
	defaultOnce sync.Once
	defaultApp  *App
	defaultErr  error
)

// Default returns the app built from the embedded files, built once.
func Default() (*App, error) {
	defaultOnce.Do(func() { defaultApp, defaultErr = New(static) })
	return defaultApp, defaultErr
}

// New builds the app from fsys, which holds static/index.html and the assets
// beside it (files only, no subdirectories).
func New(fsys fs.FS) (*App, error) {
	sub, err := fs.Sub(fsys, "static")
	if err != nil {
		return nil, err
	}
	entries, err := fs.ReadDir(sub, ".")
	if err != nil {
		return nil, fmt.Errorf("read assets: %w", err)
	}
	a := &App{assets: make(map[string]*asset)}
	var names []string
	h := sha256.New()
	var indexSrc []byte
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		b, err := fs.ReadFile(sub, e.Name())
		if err != nil {
			return nil, err
		}
		if e.Name() == "index.html" {
			indexSrc = b
			continue
		}
		names = append(names, e.Name())
		fmt.Fprintf(h, "%s %d\n", e.Name(), len(b))
		h.Write(b)
		a.assets[e.Name()] = newAsset(e.Name(), b)
	}
	if indexSrc == nil {
		return nil, fmt.Errorf("web: no index.html")
	}
	sort.Strings(names)
	a.hash = hex.EncodeToString(h.Sum(nil))[:12]
	dir := AssetPrefix + a.hash + "/"
	var preload strings.Builder
	for _, n := range names {
		if strings.HasSuffix(n, ".js") && n != "app.js" {
			fmt.Fprintf(&preload, "<link rel=\"modulepreload\" href=\"%s%s\">\n", dir, n)
		}
	}
	page := strings.ReplaceAll(string(indexSrc), "{{ASSETS}}", dir)
	page = strings.Replace(page, "{{PRELOAD}}\n", preload.String(), 1)
	a.index = newAsset("index.html", []byte(page))
	return a, nil
}

func newAsset(name string, b []byte) *asset {
	ct := mime.TypeByExtension(path.Ext(name))
	switch path.Ext(name) {
	case ".js":
		ct = "text/javascript; charset=utf-8"
	case ".css":
		ct = "text/css; charset=utf-8"
	case ".html":
		ct = "text/html; charset=utf-8"
	case ".svg":
		ct = "image/svg+xml"
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return &asset{body: b, gz: buf.Bytes(), ctype: ct}
}

// Hash is the content hash naming the asset directory.
func (a *App) Hash() string { return a.hash }

// Register mounts the app on mux: the page at "GET /{$}" and the assets
// under "GET /assets/".
func (a *App) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /{$}", a.serveIndex)
	mux.HandleFunc("GET "+AssetPrefix+"{hash}/{name}", a.serveAsset)
}

// FirstLoad is the size in bytes of what a first visit downloads,
// gzipped: the page and every asset.
func (a *App) FirstLoad() (gz, raw int) {
	gz, raw = len(a.index.gz), len(a.index.body)
	for _, as := range a.assets {
		gz += len(as.gz)
		raw += len(as.body)
	}
	return gz, raw
}

func (a *App) serveIndex(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	a.write(w, r, a.index)
}

func (a *App) serveAsset(w http.ResponseWriter, r *http.Request) {
	as, ok := a.assets[r.PathValue("name")]
	if !ok || r.PathValue("hash") != a.hash {
		// An old page asking for assets of an earlier build: make it
		// reload rather than mix versions.
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	a.write(w, r, as)
}

func (a *App) write(w http.ResponseWriter, r *http.Request, as *asset) {
	h := w.Header()
	h.Set("Content-Type", as.ctype)
	h.Set("Content-Security-Policy", CSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Add("Vary", "Accept-Encoding")
	body := as.body
	if acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = as.gz
	}
	h.Set("Content-Length", fmt.Sprint(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}
