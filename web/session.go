package web

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/alexedwards/scs/pgxstore"
	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/web/request"
)

// sessionUserID is the session key holding the logged-in user's id.
const sessionUserID = "user_id"

// newSessions keeps sessions in Postgres (scs's pgxstore), in a cookie that
// scripts cannot read and other sites do not send along with their
// requests; secure (the site is served over HTTPS) keeps the cookie to
// HTTPS.
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

// loadUser puts the session's user, if any and still enabled, in the
// context. A session is logged in while its user_sessions row exists: a
// log-out, a revocation or a password change deletes it. A user whose
// password an admin reset may only choose a new one (or log out).
func (s *Server) loadUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		id := s.sessions.GetInt64(ctx, sessionUserID)
		if id == 0 {
			next.ServeHTTP(w, r)
			return
		}
		u, err := store.UserBySession(ctx, s.Pool, s.sessions.Token(ctx))
		if errors.Is(err, domain.ErrNotFound) || (err == nil && (u.Disabled || u.ID != id)) {
			s.sessions.Remove(ctx, sessionUserID)
			next.ServeHTTP(w, r)
			return
		}
		if err != nil {
			s.serverError(w, r, err)
			return
		}
		if u.MustChangePassword && !passwordChangeRoute(r) {
			http.Redirect(w, r, "/account", http.StatusSeeOther)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(ctx, userKey, u)))
	})
}

// passwordChangeRoute reports whether r is one of the requests a user who
// must change their password may make.
func passwordChangeRoute(r *http.Request) bool {
	switch r.Method + " " + r.URL.Path {
	case "GET /account", "POST /account/password", "POST /logout", "POST /language":
		return true
	}
	return false
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
		if userFrom(r.Context()).Role != domain.RoleAdmin {
			s.forbidden(w, r)
			return
		}
		next.ServeHTTP(w, r)
	}))
}

// logIn starts an authenticated session under a new token (no fixation)
// and records it among the user's sessions, with the client's address and
// browser.
func (s *Server) logIn(r *http.Request, u *domain.User) error {
	ctx := r.Context()
	if err := s.sessions.RenewToken(ctx); err != nil {
		return err
	}
	s.sessions.Put(ctx, sessionUserID, u.ID)
	// Committed now, not at the end of the request, since the record
	// refers to the session's row.
	token, _, err := s.sessions.Commit(ctx)
	if err != nil {
		return err
	}
	return store.AddSession(ctx, s.Pool, u.ID, token, request.ClientIP(r, s.TrustedProxies), userAgent(r))
}

// userAgent is the request's User-Agent as text to store and show: valid
// UTF-8 without NUL, at most 200 bytes.
func userAgent(r *http.Request) string {
	ua := strings.ReplaceAll(strings.ToValidUTF8(r.UserAgent(), ""), "\x00", "")
	if len(ua) > 200 {
		ua = strings.ToValidUTF8(ua[:200], "")
	}
	return ua
}

// flash shows a one-time message on the next page.
func (s *Server) flash(ctx context.Context, msg string) { s.sessions.Put(ctx, "flash", msg) }
