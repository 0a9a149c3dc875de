package static

import (
	"bytes"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"strings"
	"testing"

	_ "arena.dev/games/all"
)

// importRe finds static ES module imports: import ... from './x.js'.
var importRe = regexp.MustCompile(`(?m)^\s*import\s[^'"]*['"](\.[^'"]+)['"]`)

// TestImportsResolve checks, without a browser, that every relative import
// of every module, the games' renderers included, names a file that is
// embedded.
func TestImportsResolve(t *testing.T) {
	generated := Generated()
	if len(Renderers()) == 0 {
		t.Fatal("no game renderer")
	}
	exists := func(p string) error {
		if _, ok := generated[p]; ok {
			return nil
		}
		_, err := fs.Stat(FS, p)
		return err
	}
	for p, src := range generated {
		for _, m := range importRe.FindAllSubmatch(src, -1) {
			target := path.Join(path.Dir(p), string(m[1]))
			if err := exists(target); err != nil {
				t.Errorf("%s imports %s: %v", p, m[1], err)
			}
		}
	}
	n := 0
	err := fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
			return err
		}
		n++
		src, err := fs.ReadFile(FS, p)
		if err != nil {
			return err
		}
		for _, m := range importRe.FindAllSubmatch(src, -1) {
			target := path.Join(path.Dir(p), string(m[1]))
			if err := exists(target); err != nil {
				t.Errorf("%s imports %s: %v", p, m[1], err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no JavaScript embedded")
	}
	for _, p := range []string{"viewer/arena-replay.js", "viewer/viewer.css"} {
		if _, err := fs.Stat(FS, p); err != nil {
			t.Errorf("missing %s", p)
		}
	}
}

// Each game's renderer is served where the viewer imports it from, from
// the game's own package, and so is the module of the games' palettes.
func TestHandlerServesRenderers(t *testing.T) {
	h := Handler()
	generated := Generated()
	if !bytes.Contains(generated[palettesPath], []byte(`"orkisland":["#e8262f","#1f4fe0","#9b27b0","#ff8a00"]`)) {
		t.Errorf("%s:\n%s", palettesPath, generated[palettesPath])
	}
	for p, js := range generated {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/"+p, nil))
		if rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), js) || rec.Header().Get("ETag") == "" ||
			!strings.HasPrefix(rec.Header().Get("Content-Type"), "text/javascript") {
			t.Errorf("GET /%s: %d, %d bytes, headers %v", p, rec.Code, rec.Body.Len(), rec.Header())
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/viewer/games/chess.js", nil))
	if rec.Code != http.StatusNotFound {
		t.Errorf("unknown game's renderer: %d", rec.Code)
	}
}

// TestHandlerRevalidates checks that an unchanged asset costs a 304.
func TestHandlerRevalidates(t *testing.T) {
	h := Handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/viewer/arena-replay.js", nil))
	tag := rec.Header().Get("ETag")
	if rec.Code != 200 || tag == "" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/javascript") {
		t.Fatalf("GET: %d, ETag %q, Content-Type %q", rec.Code, tag, rec.Header().Get("Content-Type"))
	}
	req := httptest.NewRequest("GET", "/viewer/arena-replay.js", nil)
	req.Header.Set("If-None-Match", tag)
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Errorf("GET with If-None-Match: %d, want 304", rec.Code)
	}
}
