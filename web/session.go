package web

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/alexedwards/scs/pgxstore"
	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/store"
)

// sessionUserID is the session key holding the logged-in user's id.
const sessionUserID = "user_id"

// newSessions keeps sessions in Postgres (scs's pgxstore), in a cookie that
// scripts cannot read and other sites do not send along with their requests.
func newSessions(pool *pgxpool.Pool, secure bool) *scs.SessionManager {
	sm := scs.New()
	sm.Store = pgxstore.New(pool)
	sm.Lifetime = 30 * 24 * time.Hour
	sm.IdleTimeout = 7 * 24 * time.Hour
	sm.Cookie.Name = "arena_session"
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = secure
	sm.Cookie.Persist = true
	return sm
}

// loadUser puts the session's user, if any and still enabled, in the context.
func (s *Server) loadUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := s.sessions.GetInt64(r.Context(), sessionUserID)
		if id == 0 {
			next.ServeHTTP(w, r)
			return
		}
		u, err := store.UserByID(r.Context(), s.Pool, id)
		if errors.Is(err, store.ErrNotFound) || (err == nil && u.Disabled) {
			s.sessions.Remove(r.Context(), sessionUserID)
			next.ServeHTTP(w, r)
			return
		}
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), userKey, u)))
	})
}

// requireUser sends visitors to the log-in page, then back.
func (s *Server) requireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if userFrom(r.Context()) == nil {
			target := "/login"
			if r.Method == http.MethodGet {
				target += "?next=" + urlQueryEscape(r.URL.RequestURI())
			}
			http.Redirect(w, r, target, http.StatusSeeOther)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// requireAdmin refuses everyone but admins, checked on the server for every
// admin route.
func (s *Server) requireAdmin(next http.Handler) http.Handler {
	return s.requireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if userFrom(r.Context()).Role != store.RoleAdmin {
			s.forbidden(w, r)
			return
		}
		next.ServeHTTP(w, r)
	}))
}

// logIn starts an authenticated session under a new token (no fixation).
func (s *Server) logIn(ctx context.Context, u *store.User) error {
	if err := s.sessions.RenewToken(ctx); err != nil {
		return err
	}
	s.sessions.Put(ctx, sessionUserID, u.ID)
	return nil
}

// flash shows a one-time message on the next page.
func (s *Server) flash(ctx context.Context, msg string) { s.sessions.Put(ctx, "flash", msg) }
