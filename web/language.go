package web

import (
	"context"
	"net/http"
	"time"

	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
)

// langCookie keeps a visitor's choice from the footer's switch.
const langCookie = "lang"

// language puts the request's language in its context (i18n.WithLang): the
// user's choice (account page or footer), else the visitor's (the footer's
// cookie), else the browser's Accept-Language, else the site's default.
func (s *Server) language(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Language, Cookie")
		next.ServeHTTP(w, r.WithContext(i18n.WithLang(r.Context(), s.requestLanguage(r))))
	})
}

func (s *Server) requestLanguage(r *http.Request) string {
	if u := userFrom(r.Context()); u != nil && u.Language != "" {
		return u.Language
	}
	if c, err := r.Cookie(langCookie); err == nil {
		if l := i18n.Parse(c.Value); l != "" {
			return l
		}
	}
	if l := i18n.Match(r.Header.Get("Accept-Language")); l != "" {
		return l
	}
	_, def := s.settings.get(r.Context(), s.Pool)
	return def
}

// POST /language: lang (en, ca, es; "" on the account page to follow the
// browser again) and back, the page to return to. The choice is kept in a
// cookie, and in the account of a logged-in user.
func (s *Server) setLanguage(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	ctx := r.Context()
	value := r.PostFormValue("lang")
	lang := i18n.Parse(value)
	if lang == "" && value != "" {
		http.Error(w, "unknown language", http.StatusBadRequest)
		return
	}
	back := safeNext(r.PostFormValue("back"))
	if u := userFrom(ctx); u != nil {
		if err := store.SetUserLanguage(ctx, s.Pool, u.ID, lang); err != nil {
			s.serverError(w, r, err)
			return
		}
	}
	c := &http.Cookie{Name: langCookie, Value: lang, Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, Secure: s.HTTPS, SameSite: http.SameSiteLaxMode}
	if lang == "" {
		c.MaxAge = -1
	}
	http.SetCookie(w, c)
	if back == "/account" {
		said := ctx
		if lang != "" {
			said = i18n.WithLang(ctx, lang) // say it in the language chosen
		}
		s.flash(ctx, i18n.T(said, "site.account.language.saved"))
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
}

// localTime is t as ctx's language writes a day and time ("" for nil).
func localTime(ctx context.Context, t *time.Time) string {
	if t == nil {
		return ""
	}
	return templates.DateTime(ctx, *t)
}
