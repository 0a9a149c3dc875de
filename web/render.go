package web

import (
	"bytes"
	"net/http"

	"github.com/a-h/templ"

	"arena.dev/store"
	"arena.dev/templates"
)

// page returns the frame data of a page for this request: the viewer and a
// pending flash message.
func (s *Server) page(r *http.Request, title, section string) templates.Page {
	p := templates.Page{Title: title, Section: section, Flash: s.sessions.PopString(r.Context(), "flash")}
	// A missing or unreadable setting just means the default name.
	p.Site, _ = store.Setting(r.Context(), s.Pool, store.SettingSiteName, "")
	if u := userFrom(r.Context()); u != nil {
		p.User = &templates.Viewer{ID: u.ID, Name: u.Name, Admin: u.Role == store.RoleAdmin}
	}
	return p
}

// render writes a component with a status; it renders into a buffer first
// so a failure half-way gives a clean error page, not half a page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, c templ.Component) {
	var buf bytes.Buffer
	if err := c.Render(r.Context(), &buf); err != nil {
		s.serverError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	buf.WriteTo(w)
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusNotFound, templates.ErrorPage(s.page(r, "Not found", ""), 404,
		"There is nothing here. The link may be old, or the page may belong to someone else."))
}

func (s *Server) forbidden(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, http.StatusForbidden, templates.ErrorPage(s.page(r, "Not allowed", ""), 403,
		"This page is for admins only."))
}
