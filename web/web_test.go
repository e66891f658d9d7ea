package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

func serve(t *testing.T, a *App, path string, gz bool) *http.Response {
	t.Helper()
	mux := http.NewServeMux()
	a.Register(mux)
	req := httptest.NewRequest("GET", path, nil)
	if gz {
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, req)
	return rec.Result()
}

func TestServe(t *testing.T) {
	a, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	index := serve(t, a, "/", false)
	body, _ := io.ReadAll(index.Body)
	if index.StatusCode != 200 || index.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("index: %d, Cache-Control %q", index.StatusCode, index.Header.Get("Cache-Control"))
	}
	if index.Header.Get("Content-Security-Policy") != CSP || !strings.Contains(CSP, "script-src 'self';") {
		t.Fatalf("CSP %q", index.Header.Get("Content-Security-Policy"))
	}
	if bytes.Contains(body, []byte("<script>")) || bytes.Contains(body, []byte(" style=")) || bytes.Contains(body, []byte("{{")) {
		t.Fatalf("inline script or style, or a placeholder left, in index.html:\n%s", body)
	}
	// Every asset the page names is under the hashed directory and served
	// with a year's cache, gzipped on request.
	refs := regexp.MustCompile(`(?:href|src)="(/assets/[^"]+)"`).FindAllSubmatch(body, -1)
	if len(refs) < 3 {
		t.Fatalf("index names %d assets", len(refs))
	}
	for _, r := range refs {
		path := string(r[1])
		if !strings.HasPrefix(path, AssetPrefix+a.Hash()+"/") {
			t.Errorf("%s is not under the hashed directory", path)
		}
		resp := serve(t, a, path, true)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" ||
			!strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("%s: %d, encoding %q, cache %q", path, resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Get("Cache-Control"))
			continue
		}
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if b, err := io.ReadAll(zr); err != nil || len(b) == 0 {
			t.Errorf("%s: gunzip: %d bytes, %v", path, len(b), err)
		}
	}
	if resp := serve(t, a, AssetPrefix+"000000000000/app.js", true); resp.StatusCode != 404 {
		t.Errorf("an asset of another build: %d, want 404", resp.StatusCode)
	}
	if resp := serve(t, a, AssetPrefix+a.Hash()+"/nothing.js", true); resp.StatusCode != 404 {
		t.Errorf("a missing asset: %d, want 404", resp.StatusCode)
	}
}

// TestFirstLoadBudget keeps the first visit under 150 KB compressed.
func TestFirstLoadBudget(t *testing.T) {
	a, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	gz, raw := a.FirstLoad()
	t.Logf("first load: %.1f KB gzipped (%.1f KB raw)", float64(gz)/1024, float64(raw)/1024)
	if gz > 150*1024 {
		t.Fatalf("first load %d bytes gzipped, over the 150 KB budget", gz)
	}
}

// TestNoHTMLInjection: the app's scripts never parse strings as HTML, so
// user text (names, chat) cannot become markup.
func TestNoHTMLInjection(t *testing.T) {
	entries, err := static.ReadDir("static")
	if err != nil {
		t.Fatal(err)
	}
	bad := regexp.MustCompile(`innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function`)
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".js") {
			continue
		}
		b, _ := static.ReadFile("static/" + e.Name())
		if m := bad.Find(b); m != nil {
			t.Errorf("%s uses %s", e.Name(), m)
		}
	}
}

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{"": false, "gzip": true, "br, gzip;q=0.5": true, "gzip;q=0": false, "identity": false, "GZIP": true} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", h)
		if got := acceptsGzip(r); got != want {
			t.Errorf("%q: %v, want %v", h, got, want)
		}
	}
}
