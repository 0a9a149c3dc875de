// Package static holds the browser assets: the replay viewer (one player
// shell, one renderer per game) and whatever CSS and JS the site serves.
//
// Mount Handler under /static/ so that asset URLs match their paths here;
// a page then embeds a replay with one script and one element:
//
//	mux.Handle("GET /static/", http.StripPrefix("/static/", static.Handler()))
//
//	<script type="module" src="/static/viewer/arena-replay.js"></script>
//	<arena-replay src="/matches/1/replay"></arena-replay>
//
// docs/viewer.md describes the element and how to add a game's renderer.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"strings"
)

// FS holds the assets, rooted at this directory (for example
// "viewer/arena-replay.js").
//
//go:embed viewer site.css vendor editor/editor.js
var FS embed.FS

// etags returns content hashes: embedded files have no modification time,
// so without them a browser could neither cache an asset nor revalidate it.
// They are computed by Handler, not at initialisation, which every process
// of the binary (sandbox children included) would pay for.
func etags() map[string]string {
	m := map[string]string{}
	fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := FS.ReadFile(p)
			sum := sha256.Sum256(data)
			m[p] = `"` + hex.EncodeToString(sum[:8]) + `"`
		}
		return nil
	})
	return m
}

// Handler serves FS with an ETag per file, and asks browsers to revalidate
// on every use so that a new binary's assets show at once.
func Handler() http.Handler {
	files := http.FileServerFS(FS)
	etags := etags()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if tag, ok := etags[strings.TrimPrefix(r.URL.Path, "/")]; ok {
			w.Header().Set("ETag", tag)
			w.Header().Set("Cache-Control", "no-cache")
		}
		files.ServeHTTP(w, r)
	})
}
