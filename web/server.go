// Package web is Arena's HTTP side: the router, its middleware and handlers.
package web

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/judge"
	"arena.dev/metrics"
)

// Server holds what the handlers need.
type Server struct {
	Pool   *pgxpool.Pool
	Jobs   *judge.Client // inserts jobs; may be a working or an insert-only client
	Logger *slog.Logger
}

// Handler returns the whole application; every route is listed here.
func (s *Server) Handler() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID, s.logRequests, measure, middleware.Recoverer)

	r.Get("/healthz", s.healthz)
	r.Handle("/metrics", metrics.Handler())
	r.Get("/", s.home)
	return r
}
