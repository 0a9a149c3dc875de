package web

import (
	"context"
	"net/http"
	"regexp"
	"strconv"

	"github.com/go-chi/chi/v5"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/lang"
	"arena.dev/store"
	"arena.dev/templates"
)

// maxDebugLogs is how many matches' debug logs the version page shows,
// and maxFreezes how many of the matches it was frozen in.
const (
	maxDebugLogs = 20
	maxFreezes   = 50
)

// ownVersion finds /bots/{id}/versions/{n} for its owner or an admin.
// Anyone else gets domain.ErrNotFound, as for a version that does not
// exist: the page does not say whether other people's bots exist.
func (s *Server) ownVersion(r *http.Request) (*domain.Bot, *domain.Version, error) {
	ctx := r.Context()
	botID, err1 := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	n, err2 := strconv.ParseInt(chi.URLParam(r, "n"), 10, 32) // a version number is an int4
	if err1 != nil || err2 != nil {
		return nil, nil, domain.ErrNotFound
	}
	bot, err := store.BotByID(ctx, s.Pool, botID)
	if err != nil {
		return nil, nil, err
	}
	if u := userFrom(ctx); u.ID != bot.OwnerID && u.Role != domain.RoleAdmin {
		return nil, nil, domain.ErrNotFound
	}
	v, err := store.VersionByNumber(ctx, s.Pool, bot.ID, int(n))
	return bot, v, err
}

// GET /bots/{id}/versions/{n}: one submission, followed live.
func (s *Server) versionPage(w http.ResponseWriter, r *http.Request) {
	bot, v, err := s.ownVersion(r)
	var l versionLoad
	if err == nil {
		l, err = s.loadVersion(r.Context(), bot, v)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store") // private, and stale at once
	s.render(w, r, http.StatusOK, templates.Version(s.page(r, bot.Name+" v"+strconv.Itoa(v.Number), "bots"), versionView(r.Context(), l)))
}

// GET /bots/{id}/versions/{n}/live: the changing part of the version page,
// fetched by htmx when the stream says the version changed.
func (s *Server) versionLivePart(w http.ResponseWriter, r *http.Request) {
	bot, v, err := s.ownVersion(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	l, err := s.loadVersionLive(r.Context(), bot, v)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.render(w, r, http.StatusOK, templates.VersionLiveParts(versionLiveView(r.Context(), l)))
}

// versionLanguage is the language a version is written in (Go for one
// that names no language this server knows).
func versionLanguage(v *domain.Version) lang.Language {
	if l, err := lang.Get(string(v.Language)); err == nil {
		return l
	}
	return lang.Go
}

// linkLog cuts a compile log into text and positions in the player's
// file as the sandbox names it (bot.go:LINE:COL, bot.cc:LINE:COL), which
// the page turns into links to the line in the editor.
func linkLog(log, file string) []templates.LogSegment {
	position := filePattern(`\b` + regexp.QuoteMeta(file) + `:(\d+)(?::(\d+))?`)
	var out []templates.LogSegment
	last := 0
	for _, m := range position.FindAllStringSubmatchIndex(log, -1) {
		line, err := strconv.Atoi(log[m[2]:m[3]])
		if err != nil || line <= 0 {
			continue
		}
		if m[0] > last {
			out = append(out, templates.LogSegment{Text: log[last:m[0]]})
		}
		out = append(out, templates.LogSegment{Text: log[m[0]:m[1]], Line: line})
		last = m[1]
	}
	if last < len(log) {
		out = append(out, templates.LogSegment{Text: log[last:]})
	}
	return out
}

// gameTitle is a game's title, or its id for an unknown game.
func gameTitle(id string) string {
	if g, err := games.Get(id); err == nil {
		return g.Info().Title
	}
	return id
}

// placeWords is a place in a qualification match, as games.PlaceWords
// says it in English, in ctx's language (site.version.place.*).
func placeWords(ctx context.Context, place int, tied bool) string {
	if place <= 0 {
		return ""
	}
	s := i18n.T(ctx, "site.version.place.other", map[string]any{"Place": place})
	if place <= 4 {
		s = i18n.T(ctx, "site.version.place."+strconv.Itoa(place))
	}
	if tied {
		s = i18n.T(ctx, "site.version.place.tied", map[string]any{"Place": s})
	}
	return s
}
