package web

import (
	"archive/zip"
	"arena.dev/judge"
	"bytes"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"arena.dev/games"
	"arena.dev/games/rules"
	"arena.dev/store"
	"arena.dev/templates"
)

// gameTop is how much of the leaderboard the game page shows.
const gameTop = 20

// GET /games/{game}: rules, a replay, downloads, SDK reference, top bots.
func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) {
	g, ok := s.publicGame(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	p := s.page(r, g.Title, "games")
	d := templates.GameData{ID: g.ID, Title: g.Title}
	d.RulesHTML, _ = rules.HTML(g.ID)
	if eng, err := games.Get(g.ID); err == nil {
		info := eng.Info()
		d.Players, d.CPUBudget, d.Bots = info.Players, info.CPUBudget.Round(time.Millisecond).String(), info.Bots
		for _, prm := range info.Params {
			d.Params = append(d.Params, templates.GameParam{Name: prm.Name, Default: prm.Default})
		}
		d.SDK = sdkReference(g.ID)
		d.HasKit = d.SDK != nil
	}
	id, err := store.LatestReplay(ctx, s.Pool, g.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.serverError(w, r, err)
		return
	}
	d.ReplayID = id
	top, err := s.topStandings(ctx, g.ID, gameTop)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d.Top = standingRows(top, p.User)
	if d.Ranked, err = s.rankedCount(ctx, g.ID); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.Game(p, d))
}

// GET /games/{game}/kit.zip: the starter kit `arena kit` writes, zipped
// under one top directory.
func (s *Server) kitZip(w http.ResponseWriter, r *http.Request) {
	g, ok := s.publicGame(w, r)
	if !ok {
		return
	}
	files, err := games.KitFiles(g.ID)
	if err != nil {
		s.notFound(w, r) // an enabled game without an SDK: no kit to give
		return
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names) // the same zip every time
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	top := g.ID + "-kit/"
	for _, name := range names {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: top + name, Method: zip.Deflate, Modified: kitTime})
		if err == nil {
			_, err = f.Write(files[name])
		}
		if err != nil {
			s.serverError(w, r, err)
			return
		}
	}
	if err := zw.Close(); err != nil {
		s.serverError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", `attachment; filename="`+g.ID+`-kit.zip"`)
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(b.Bytes())
}

// kitTime dates the kit's files; a fixed date keeps the zip reproducible.
var kitTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// dummyKey is where the compiled reference bot of a game is kept (built by
// a judge job when workers start).
func dummyKey(gameID string) string {
	key, err := judge.BuiltinWasmKey(gameID, "Dummy")
	if err != nil {
		return "wasm/builtin/" + gameID + "/Dummy/none"
	}
	return key
}

// GET /games/{game}/dummy.wasm: the Dummy compiled to WebAssembly, without
// its source. The web server may have no Go toolchain, so a worker builds
// it (games.BotProgram) and stores it as a blob; until then, 503.
func (s *Server) dummyWasm(w http.ResponseWriter, r *http.Request) {
	g, ok := s.publicGame(w, r)
	if !ok {
		return
	}
	data, err := s.blobs().Get(r.Context(), dummyKey(g.ID))
	if errors.Is(err, store.ErrNotFound) {
		w.Header().Set("Retry-After", "300")
		s.render(w, r, http.StatusServiceUnavailable, templates.ErrorPage(s.page(r, "Being built", "games"), 503,
			"The Dummy for "+g.Title+" is being built. Try again in a few minutes; meanwhile the starter kit "+
				"lets you play against the built-in Dummy with `arena play "+g.ID+" ./main.go Dummy Dummy Dummy`."))
		return
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/wasm")
	w.Header().Set("Content-Disposition", `attachment; filename="`+strings.ToLower(g.ID)+`-dummy.wasm"`)
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(data)
}
