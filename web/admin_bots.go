package web

import (
	"net/http"
	"net/url"
	"strings"

	"arena.dev/i18n"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/templates"
	"arena.dev/web/request"
)

func (s *Server) adminBots(w http.ResponseWriter, r *http.Request) {
	s.renderAdminBots(w, r, http.StatusOK, r.URL.Query(), "")
}

func (s *Server) renderAdminBots(w http.ResponseWriter, r *http.Request, status int, q url.Values, errMsg string) {
	search, game := strings.TrimSpace(q.Get("q")), q.Get("game")
	page := adminPageNumber(q)
	bots, total, err := store.AdminBots(r.Context(), s.Pool, search, game, adminPageSize, (page-1)*adminPageSize)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	d := adminBotsView(r.Context(), bots, total, q, errMsg)
	s.render(w, r, status, templates.AdminBots(s.page(r, adminTitle(r.Context(), "admin.bots.title"), "admin"), d))
}

func (s *Server) adminDisableBot(w http.ResponseWriter, r *http.Request) {
	s.adminSetBotDisabled(w, r, true)
}
func (s *Server) adminEnableBot(w http.ResponseWriter, r *http.Request) {
	s.adminSetBotDisabled(w, r, false)
}

func (s *Server) adminSetBotDisabled(w http.ResponseWriter, r *http.Request, disabled bool) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	b, err := byID(r, "id", s.Pool, store.BotByID)
	if err == nil {
		err = store.SetBotDisabled(r.Context(), s.Pool, b.ID, disabled)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	msg := i18n.T(r.Context(), "admin.bots.now_enabled", map[string]any{"Name": b.Name})
	if disabled {
		msg = i18n.T(r.Context(), "admin.bots.now_disabled", map[string]any{"Name": b.Name})
	}
	s.adminDone(w, r, "/admin/bots", msg)
}

// adminRejudge sends a version back to the compile queue.
func (s *Server) adminRejudge(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	id, ok := request.PositiveInt(r, "id")
	if !ok {
		s.notFound(w, r)
		return
	}
	if s.Jobs == nil {
		s.renderAdminBots(w, r, http.StatusServiceUnavailable, adminBackQuery(r), i18n.T(r.Context(), "admin.bots.no_jobs"))
		return
	}
	ctx := r.Context()
	v, err := service.Rejudge(ctx, s.Pool, s.Jobs, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.adminDone(w, r, "/admin/bots", i18n.T(ctx, "admin.bots.rejudged", map[string]any{"Version": v.Number,
		"Status": i18n.T(ctx, "admin.status."+string(v.Status))}))
}
