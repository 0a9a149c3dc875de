package static

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"strings"
	"testing"
)

// importRe finds static ES module imports: import ... from './x.js'.
var importRe = regexp.MustCompile(`(?m)^\s*import\s[^'"]*['"](\.[^'"]+)['"]`)

// TestImportsResolve checks, without a browser, that every relative import
// of every module names a file that is embedded.
func TestImportsResolve(t *testing.T) {
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
			if _, err := fs.Stat(FS, target); err != nil {
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
	for _, p := range []string{"viewer/arena-replay.js", "viewer/viewer.css", "viewer/games/orkisland.js"} {
		if _, err := fs.Stat(FS, p); err != nil {
			t.Errorf("missing %s", p)
		}
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
