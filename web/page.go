package web

import (
	"net/http"

	"arena.dev/domain"
	"arena.dev/templates"
)

// page returns the frame data of a page for this request: the viewer and a
// pending flash message.
func (s *Server) page(r *http.Request, title, section string) templates.Page {
	p := templates.Page{Title: title, Section: section, Flash: s.sessions.PopString(r.Context(), "flash"), Path: r.URL.RequestURI()}
	p.Site, _ = s.settings.get(r.Context(), s.Pool)
	if u := userFrom(r.Context()); u != nil {
		p.User = &templates.Viewer{ID: u.ID, Name: u.Name, Admin: u.Role == domain.RoleAdmin}
	}
	return p
}
