package web

import (
	"errors"
	"net/http"
	"strings"

	"arena.dev/auth"
	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
	"arena.dev/web/request"
)

func (s *Server) accountPage(w http.ResponseWriter, r *http.Request) {
	s.renderAccount(w, r, http.StatusOK, "", nil)
}

func (s *Server) renderAccount(w http.ResponseWriter, r *http.Request, status int, newToken string, errs map[string]string) {
	ctx := r.Context()
	l, err := s.loadAccount(ctx)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	if newToken != "" {
		w.Header().Set("Cache-Control", "no-store")
	}
	s.render(w, r, status, templates.Account(s.page(r, i18n.T(ctx, "site.account.title"), "account"), accountView(ctx, l, newToken, errs)))
}

// POST /account/password: the current password and a new one. Rate
// limited like a log-in; the change ends every other session of the user
// and revokes their API tokens, and this session goes on under a new
// token.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	ctx := r.Context()
	u := userFrom(ctx)
	current, next := r.PostFormValue("current"), r.PostFormValue("new")
	err := s.passwordAttempt(r, u.Name)
	ok := false
	if err == nil {
		ok, err = s.passwords.Check(ctx, u.PasswordHash, current)
	}
	if status, msg, refused := passwordRefusal(r.Context(), w, err); refused {
		s.renderAccount(w, r, status, "", map[string]string{"current": msg})
		return
	}
	errs := map[string]string{}
	if !ok {
		errs["current"] = i18n.T(ctx, "site.account.msg.notcurrent")
	}
	switch {
	case len(next) < auth.MinPasswordLen || len(next) > 1024:
		errs["new"] = i18n.T(ctx, "site.account.msg.minlen")
	case next == current:
		errs["new"] = i18n.T(ctx, "site.account.msg.other")
	}
	if len(errs) > 0 {
		s.renderAccount(w, r, http.StatusUnprocessableEntity, "", errs)
		return
	}
	hash, err := s.passwords.Hash(ctx, next)
	if status, msg, refused := passwordRefusal(r.Context(), w, err); refused {
		s.renderAccount(w, r, status, "", map[string]string{"new": msg})
		return
	}
	if err == nil {
		err = store.SetPassword(ctx, s.Pool, u.ID, hash, false, s.sessions.Token(ctx))
	}
	if err == nil {
		err = s.logIn(r, u)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.flash(ctx, i18n.T(ctx, "site.account.msg.changed"))
	http.Redirect(w, r, "/account", http.StatusSeeOther)
}

func (s *Server) createToken(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	name := strings.TrimSpace(r.PostFormValue("name"))
	if name == "" || len(name) > 64 {
		s.renderAccount(w, r, http.StatusUnprocessableEntity, "", map[string]string{"token": "A token needs a name of 1 to 64 characters."})
		return
	}
	token, _, err := store.CreateAPIToken(r.Context(), s.Pool, userFrom(r.Context()).ID, name)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	// Shown in this response only; never stored in clear.
	s.renderAccount(w, r, http.StatusCreated, token, nil)
}

func (s *Server) deleteToken(w http.ResponseWriter, r *http.Request) {
	id, _ := request.PositiveInt(r, "id")
	if err := store.DeleteAPIToken(r.Context(), s.Pool, userFrom(r.Context()).ID, id); err != nil {
		s.fail(w, r, err)
		return
	}
	s.flash(r.Context(), i18n.T(r.Context(), "site.account.msg.revoked"))
	http.Redirect(w, r, "/account", http.StatusSeeOther)
}

// POST /account/sessions/{id}/revoke: log out one of the user's sessions
// (another browser, a lost laptop); revoking this one is logging out.
func (s *Server) revokeSession(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id, _ := request.PositiveInt(r, "id")
	if err := store.EndSession(ctx, s.Pool, userFrom(ctx).ID, id); err != nil {
		s.fail(w, r, err)
		return
	}
	if _, err := store.UserBySession(ctx, s.Pool, s.sessions.Token(ctx)); errors.Is(err, domain.ErrNotFound) {
		// This very session: log out properly.
		s.logout(w, r)
		return
	}
	s.flash(ctx, i18n.T(ctx, "site.account.msg.sessionout"))
	http.Redirect(w, r, "/account", http.StatusSeeOther)
}
