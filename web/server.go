// Package web is Arena's HTTP side: the router, its middleware and handlers.
package web

import (
	"log/slog"

	"github.com/alexedwards/scs/v2"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/judge"
	"arena.dev/metrics"
	"arena.dev/static"
	"arena.dev/store"
)

// Server holds what the handlers need.
type Server struct {
	Pool   *pgxpool.Pool
	Jobs   *judge.Client // inserts jobs; may be a working or an insert-only client
	Blobs  store.Blobs   // replays; nil means the blobs table of Pool
	Logger *slog.Logger
	// SecureCookies marks the session cookie Secure: set it when users reach
	// the site over HTTPS.
	SecureCookies bool

	sessions    *scs.SessionManager
	loginLimit  *limiter
	submitLimit *limiter
}

// Handler returns the whole application; every route is listed here.
func (s *Server) Handler() http.Handler {
	// Log-in: 10 attempts at once, then one every 6 s, per IP and per user.
	s.loginLimit = newLimiter(6*time.Second, 10)
	// Submissions: 5 at once, then one every 20 s, per user.
	s.submitLimit = newLimiter(20*time.Second, 5)

	s.sessions = newSessions(s.Pool, s.SecureCookies)

	r := chi.NewRouter()
	r.Use(middleware.RequestID, s.logRequests, measure, middleware.Recoverer, secureHeaders, crossOrigin)
	r.NotFound(s.notFound)

	r.Get("/healthz", s.healthz)
	r.Handle("/metrics", metrics.Handler())
	r.Handle("/static/*", http.StripPrefix("/static/", static.Handler()))
	r.Get("/matches/{id}/replay", s.replay)

	// Pages: sessions and the logged-in user.
	r.Group(func(r chi.Router) {
		r.Use(s.sessions.LoadAndSave, s.loadUser)
		r.NotFound(s.notFound)
		r.Get("/", s.home)
		r.Get("/login", s.loginPage)
		r.Post("/login", s.login)
		r.Get("/register", s.registerPage)
		r.Post("/register", s.register)
		r.Post("/logout", s.logout)
		r.Group(func(r chi.Router) {
			r.Use(s.requireUser)
			r.Get("/account", s.accountPage)
			r.Post("/account/password", s.changePassword)
			r.Post("/account/tokens", s.createToken)
			r.Post("/account/tokens/{id}/delete", s.deleteToken)
		})
	})

	r.Route("/api", func(r chi.Router) {
		r.Post("/tokens", s.apiCreateToken)
		r.Get("/games/{game}/leaderboard", s.apiLeaderboard)
		r.Get("/matches/{id}", s.apiMatch)
		r.Group(func(r chi.Router) {
			r.Use(s.requireToken)
			r.Get("/me/bots", s.apiMyBots)
			r.Post("/games/{game}/submissions", s.apiSubmit)
			r.Get("/versions/{id}", s.apiVersion)
		})
		r.NotFound(func(w http.ResponseWriter, r *http.Request) { apiError(w, http.StatusNotFound, "no such API route") })
	})
	return r
}

func (s *Server) blobs() store.Blobs {
	if s.Blobs != nil {
		return s.Blobs
	}
	return store.PGBlobs{DB: s.Pool}
}
