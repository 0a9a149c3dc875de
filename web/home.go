package web

import (
	"net/http"

	"arena.dev/templates"
)

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	rows, err := s.Pool.Query(r.Context(), "SELECT id, title FROM games WHERE enabled ORDER BY title")
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	var cards []templates.GameCard
	for rows.Next() {
		var c templates.GameCard
		if err := rows.Scan(&c.ID, &c.Title); err != nil {
			s.serverError(w, r, err)
			return
		}
		cards = append(cards, c)
	}
	if err := rows.Err(); err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.Home(s.page(r, "Games", "games"), cards))
}

// serverError logs the cause with context and shows the user a generic message.
func (s *Server) serverError(w http.ResponseWriter, r *http.Request, err error) {
	s.logger().Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	http.Error(w, "Something went wrong on our side. It has been logged.", http.StatusInternalServerError)
}
