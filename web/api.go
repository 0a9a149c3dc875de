package web

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/web/response"
)

// The JSON API for scripts and `arena submit`. Authenticated calls carry a
// personal token: Authorization: Bearer arena_...

// registerAPIRoutes registers the JSON API under /api: the arena tool's
// and scripts'. Reads are open; the rest needs a token (requireToken).
func (s *Server) registerAPIRoutes(r chi.Router) {
	r.Use(apiLanguage)
	r.Post("/tokens", s.apiCreateToken)
	r.Get("/games/{game}/leaderboard", s.apiLeaderboard)
	r.Get("/matches/{id}", s.apiMatch)
	r.Group(func(r chi.Router) {
		r.Use(s.requireToken)
		r.Get("/me/bots", s.apiMyBots)
		r.Post("/games/{game}/submissions", s.apiSubmit)
		r.Post("/games/{game}/challenges", s.apiChallenge)
		r.Post("/matches/{id}/replay", s.apiReplayAgain)
		r.Get("/matches/{id}/log", s.matchLog)
		r.Get("/versions/{id}", s.apiVersion)
		r.Get("/boards/{id}", s.apiBoardFile)
	})
	r.NotFound(func(w http.ResponseWriter, r *http.Request) {
		response.APIError(w, http.StatusNotFound, localMessage(r.Context(), errNoSuchRoute))
	})
}

// What the API says of what is not there and of a missing or wrong token,
// in the request's language (errors.toml).
var (
	errNoSuchGame    = domain.NewError(domain.NotFound, "errors.api.no_such_game", "no such game", nil)
	errNoSuchVersion = domain.NewError(domain.NotFound, "errors.api.no_such_version", "no such version", nil)
	errNoSuchMatch   = domain.NewError(domain.NotFound, "errors.api.no_such_match", "no such match", nil)
	errNoSuchBoard   = domain.NewError(domain.NotFound, "errors.api.no_such_board", "no such board", nil)
	errNoSuchRoute   = domain.NewError(domain.NotFound, "errors.api.no_such_route", "no such API route", nil)
	errNoToken       = domain.NewError(domain.Unauthorized, "errors.api.no_token", "missing API token (Authorization: Bearer ...)", nil)
	errBadToken      = domain.NewError(domain.Unauthorized, "errors.api.bad_token", "invalid or revoked API token", nil)
)

type ctxKey int

const userKey ctxKey = iota

// userFrom returns the authenticated user, or nil.
func userFrom(ctx context.Context) *domain.User {
	u, _ := ctx.Value(userKey).(*domain.User)
	return u
}

// apiLanguage puts the API request's language in its context: the one its
// Accept-Language asks for (the arena tool sends its locale's), else
// English, whatever the site's default or the account's choice, as API
// clients have always read it. The API's words (errors, queue places, the
// qualification summary) follow it; its machine-read fields do not change.
func apiLanguage(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Language")
		lang := i18n.Match(r.Header.Get("Accept-Language"))
		if lang == "" {
			lang = i18n.Default
		}
		next.ServeHTTP(w, r.WithContext(i18n.WithLang(r.Context(), lang)))
	})
}

// requireToken authenticates the request by its bearer token.
func (s *Server) requireToken(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="arena"`)
			response.APIError(w, http.StatusUnauthorized, localMessage(r.Context(), errNoToken))
			return
		}
		u, err := store.UserByToken(r.Context(), s.Pool, strings.TrimSpace(token))
		if errors.Is(err, domain.ErrNotFound) {
			response.APIError(w, http.StatusUnauthorized, localMessage(r.Context(), errBadToken))
			return
		}
		if err != nil {
			s.apiServerError(w, r, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), userKey, u)))
	})
}

// POST /api/tokens {"user", "password", "name"}: a new personal token.
func (s *Server) apiCreateToken(w http.ResponseWriter, r *http.Request) {
	var req struct {
		User     string `json:"user"`
		Password string `json:"password"`
		Name     string `json:"name"`
	}
	if err := decodeJSON(w, r, 4<<10, &req); err != nil {
		s.apiFail(w, r, err, nil)
		return
	}
	// The same limits and the same check as a web log-in: as slow for a
	// user that does not exist as for one that does.
	err := s.passwordAttempt(r, req.User)
	var u *domain.User
	if err == nil {
		u, err = s.checkLogin(r.Context(), req.User, req.Password)
	}
	if status, msg, refused := passwordRefusal(r.Context(), w, err); refused {
		response.APIError(w, status, strings.ToLower(msg[:1])+msg[1:])
		return
	}
	if errors.Is(err, errWrongLogin) || (err == nil && u.Disabled) {
		s.apiFail(w, r, domain.NewError(domain.Unauthorized, "errors.token.wrong", "wrong user name or password", nil), nil)
		return
	}
	if err != nil {
		if r.Context().Err() == nil { // else the client has gone
			s.apiServerError(w, r, err)
		}
		return
	}
	if u.MustChangePassword {
		s.apiFail(w, r, domain.NewError(domain.Forbidden, "errors.token.must_change",
			"an admin has reset your password (or gave you a one-time password): log in on the website and choose a new one first", nil), nil)
		return
	}
	name := strings.TrimSpace(req.Name)
	if name == "" {
		name = "api"
	}
	if len(name) > 64 {
		s.apiFail(w, r, domain.NewError(domain.Malformed, "errors.token.name", "a token name has at most 64 characters", nil), nil)
		return
	}
	token, t, err := store.CreateAPIToken(r.Context(), s.Pool, u.ID, name)
	if err != nil {
		s.apiServerError(w, r, err)
		return
	}
	response.JSON(w, http.StatusCreated, map[string]any{"token": token, "id": t.ID, "name": t.Name, "user": u.Name})
}
