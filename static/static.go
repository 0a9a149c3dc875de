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
// Each game's renderer is served as viewer/games/ID.js from the game's own
// package (games.Renderer), not from here, and the games' seat colours
// (games.Info.Palette) as the module viewer/palettes.js; docs/viewer.md
// describes the element and how a game writes its renderer.
package static

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"arena.dev/games"
)

// FS holds the assets, rooted at this directory (for example
// "viewer/arena-replay.js").
//
//go:embed viewer site.css vendor editor/editor.js live.js countdown.js copies.js board.js
var FS embed.FS

// rendererDir is where the viewer imports a game's renderer from.
const rendererDir = "viewer/games/"

// Renderers returns every registered game's renderer by asset path
// (viewer/games/ID.js); variants of one engine share theirs.
func Renderers() map[string][]byte {
	m := map[string][]byte{}
	for _, id := range games.IDs() {
		if js, err := games.Renderer(id); err == nil {
			m[rendererDir+id+".js"] = js
		}
	}
	return m
}

// palettesPath is the module that gives the viewer every game's palette.
const palettesPath = "viewer/palettes.js"

// Palettes returns the module viewer/palettes.js: each registered game's
// seat colours by id (games.Info.Palette), the ones the pages show, so
// that the viewer draws every seat in its page colour.
func Palettes() []byte {
	m := map[string][]string{}
	for _, id := range games.IDs() {
		if g, err := games.Get(id); err == nil && len(g.Info().Palette) > 0 {
			m[id] = g.Info().Palette
		}
	}
	b, _ := json.Marshal(m) // a map of strings always marshals
	return append(append([]byte("// Generated from games.Info.Palette (package static).\nexport default "), b...), ";\n"...)
}

// Generated returns the modules served from Go rather than from FS: the
// games' renderers, palettes.js and words-en.js, by asset path.
func Generated() map[string][]byte {
	m := Renderers()
	m[palettesPath] = Palettes()
	m[wordsPath] = WordsModule()
	return m
}

func etag(data []byte) string {
	sum := sha256.Sum256(data)
	return `"` + hex.EncodeToString(sum[:8]) + `"`
}

// etags returns content hashes: embedded files have no modification time,
// so without them a browser could neither cache an asset nor revalidate it.
// They are computed by Handler, not at initialisation, which every process
// of the binary (sandbox children included) would pay for.
func etags() map[string]string {
	m := map[string]string{}
	fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := FS.ReadFile(p)
			m[p] = etag(data)
		}
		return nil
	})
	return m
}

// Handler serves FS, the games' renderers and palettes.js with an ETag
// per file, and asks browsers to revalidate on every use so that a new
// binary's assets show at once.
func Handler() http.Handler {
	files := http.FileServerFS(FS)
	etags := etags()
	renderers := Generated()
	for p, js := range renderers {
		etags[p] = etag(js)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(r.URL.Path, "/")
		if tag, ok := etags[p]; ok {
			w.Header().Set("ETag", tag)
			w.Header().Set("Cache-Control", "no-cache")
		}
		if js, ok := renderers[p]; ok {
			w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			http.ServeContent(w, r, path.Base(p), time.Time{}, bytes.NewReader(js))
			return
		}
		files.ServeHTTP(w, r)
	})
}
