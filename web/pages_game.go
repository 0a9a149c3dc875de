package web

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/judge"
	"arena.dev/lang"
	"arena.dev/store"
	"arena.dev/templates"
)

// gameTop is how much of the leaderboard the game page shows.
const gameTop = 20

// GET /games/{game}: rules, a replay, downloads, SDK reference, top bots.
func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) {
	l, err := s.loadGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p := s.page(r, l.Game.Title, "games")
	d := gameView(r.Context(), l, p.User)
	gameRules(r, l.Game.ID, &d)
	s.render(w, r, http.StatusOK, templates.Game(p, d))
}

// gameLoad is what a game's page is made of: loadGame reads it in a fixed
// number of queries (the game, its qualification's three, its latest
// replay, its top bots and ranked count from the cached board); gameView
// makes the page of it without one.
type gameLoad struct {
	Game     *store.PublicGame
	Info     *games.Info // nil for a game this build does not have
	Qual     gameQual
	ReplayID int64 // 0 when none
	Top      []domain.Standing
	Ranked   int
	Install  templates.ToolInstall // the arena tool's install lines for this site
	Now      time.Time
}

func (s *Server) loadGame(r *http.Request) (gameLoad, error) {
	ctx := r.Context()
	l := gameLoad{Install: s.toolInstall(r), Now: time.Now()}
	var err error
	if l.Game, err = s.publicGame(r); err != nil {
		return l, err
	}
	if eng, err := games.Get(l.Game.ID); err == nil {
		info := eng.Info()
		l.Info = &info
		if l.Qual, err = s.loadGameQual(ctx, info); err != nil {
			return l, err
		}
	}
	if l.ReplayID, err = store.LatestReplay(ctx, s.Pool, l.Game.ID); err != nil && !errors.Is(err, domain.ErrNotFound) {
		return l, err
	}
	if l.Top, err = s.topStandings(ctx, l.Game.ID, gameTop); err != nil {
		return l, err
	}
	l.Ranked, err = s.rankedCount(ctx, l.Game.ID)
	return l, err
}

// gameView is a game's page as viewer (nil: a visitor) sees it.
// ctx says the page's language.
func gameView(ctx context.Context, l gameLoad, viewer *templates.Viewer) templates.GameData {
	g := l.Game
	d := templates.GameData{ID: g.ID, Title: g.Title, Install: l.Install, ReplayID: l.ReplayID, Ranked: l.Ranked,
		Top: standingRows(ctx, l.Top, viewer), TopEvents: fmt.Sprintf("/games/%s/leaderboard/events?top=%d", g.ID, gameTop)}
	if g.Deadline != nil {
		d.Deadline, d.Closed = fullTime(ctx, g.Deadline), !g.Deadline.After(l.Now)
	}
	if info := l.Info; info != nil {
		d.Players, d.CPUBudget, d.Bots = info.Players, info.CPUBudget.Round(time.Millisecond).String(), info.Bots
		d.Qualifier, d.Downloads = info.Qualifier, info.Downloads
		for _, prm := range info.Params {
			d.Params = append(d.Params, templates.GameParam{Name: prm.Name, Default: prm.Default})
		}
		d.SDK = sdkReference(ctx, g.ID)
		d.HasKit = d.SDK != nil
		for _, l := range lang.Offered(*info) {
			d.Languages = append(d.Languages, l.Title)
			if d.HasKit && l.ID != lang.Go.ID { // the page describes the Go kit at length
				d.Kits = append(d.Kits, templates.GameKit{ID: l.ID, Title: l.Title})
			}
		}
		d.Qual = gameQualView(*info, l.Qual, viewer != nil)
	}
	return d
}

// GET /games/{game}/kit.zip[?lang=ID]: the starter kit `arena kit [--lang
// ID]` writes, zipped under one top directory.
func (s *Server) kitZip(w http.ResponseWriter, r *http.Request) {
	g, err := s.publicGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	l, top := lang.Go, g.ID+"-kit"
	if id := r.URL.Query().Get("lang"); id != "" && id != lang.Go.ID {
		var err error
		if l, err = lang.Get(id); err != nil {
			s.notFound(w, r)
			return
		}
		top += "-" + l.ID
	}
	eng, err := games.Get(g.ID)
	if err != nil || !eng.Info().Offers(l.ID) {
		s.notFound(w, r)
		return
	}
	files, err := l.Kit(g.ID)
	if err != nil {
		s.notFound(w, r) // an enabled game without an SDK: no kit to give
		return
	}
	// The README's install line of the arena tool, with this site's address.
	files["README.md"] = bytes.ReplaceAll(files["README.md"], []byte(games.KitServer), []byte(s.baseURL(r)))
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names) // the same zip every time
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, name := range names {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: top + "/" + name, Method: zip.Deflate, Modified: kitTime})
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
	w.Header().Set("Content-Disposition", `attachment; filename="`+top+`.zip"`)
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(b.Bytes())
}

// kitTime dates the kit's files; a fixed date keeps the zip reproducible.
var kitTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// GET /games/{game}/{bot}.wasm: a downloadable built-in bot (the game's
// Downloads, e.g. the Dummy) compiled to WebAssembly, without its source.
// The web server may have no Go toolchain, so a worker builds it
// (judge.BuildBuiltinsWorker) and stores it as a blob; until then, 503.
func (s *Server) builtinWasm(w http.ResponseWriter, r *http.Request) {
	g, err := s.publicGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	eng, err := games.Get(g.ID)
	if err != nil {
		s.notFound(w, r)
		return
	}
	info := eng.Info()
	file := chi.URLParam(r, "file")
	i := slices.IndexFunc(info.Downloads, func(b string) bool { return strings.ToLower(b)+".wasm" == file })
	if i < 0 {
		s.notFound(w, r)
		return
	}
	bot := info.Downloads[i]
	key, err := judge.BuiltinWasmKey(g.ID, bot)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	data, err := s.blobs().Get(r.Context(), key)
	if errors.Is(err, domain.ErrNotFound) {
		w.Header().Set("Retry-After", "300")
		s.render(w, r, http.StatusServiceUnavailable, templates.ErrorPage(s.page(r, i18n.T(r.Context(), "site.builtin.building_title"), "games"), 503,
			i18n.T(r.Context(), "site.builtin.building", map[string]any{"Bot": bot, "Game": g.Title,
				"Command": "arena play " + g.ID + " ./main.go " + bot + " " + bot + " " + bot})))
		return
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/wasm")
	w.Header().Set("Content-Disposition", `attachment; filename="`+templates.BotWasmName(g.ID, bot)+`"`)
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write(data)
}
