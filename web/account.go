package web

import (
	"net/http"
	"strings"

	"arena.dev/auth"
	"arena.dev/store"
	"arena.dev/templates"
)

func (s *Server) accountPage(w http.ResponseWriter, r *http.Request) {
	s.renderAccount(w, r, http.StatusOK, "", nil)
}

func (s *Server) renderAccount(w http.ResponseWriter, r *http.Request, status int, newToken string, errs map[string]string) {
	u := userFrom(r.Context())
	tokens, err := store.APITokens(r.Context(), s.Pool, u.ID)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	a := templates.AccountData{Name: u.Name, Email: u.Email, Role: u.Role, NewToken: newToken, Errors: errs}
	for _, t := range tokens {
		row := templates.TokenRow{ID: t.ID, Name: t.Name, Created: templates.Ago(t.CreatedAt), LastUsed: "never"}
		if t.LastUsedAt != nil {
			row.LastUsed = templates.Ago(*t.LastUsedAt)
		}
		a.Tokens = append(a.Tokens, row)
	}
	s.render(w, r, status, templates.Account(s.page(r, "Account", "account"), a))
}

func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	u := userFrom(r.Context())
	errs := map[string]string{}
	if ok, _ := auth.CheckPassword(u.PasswordHash, r.PostFormValue("current")); !ok {
		errs["current"] = "This is not your current password."
	}
	next := r.PostFormValue("new")
	if len(next) < auth.MinPasswordLen || len(next) > 1024 {
		errs["new"] = "At least 8 characters."
	}
	if len(errs) > 0 {
		s.renderAccount(w, r, http.StatusUnprocessableEntity, "", errs)
		return
	}
	hash, err := auth.HashPassword(next)
	if err == nil {
		err = store.SetPassword(r.Context(), s.Pool, u.ID, hash)
	}
	if err == nil {
		err = s.sessions.RenewToken(r.Context())
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.flash(r.Context(), "Your password has been changed.")
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
	id, _ := urlInt64(r, "id")
	if err := store.DeleteAPIToken(r.Context(), s.Pool, userFrom(r.Context()).ID, id); err != nil {
		s.fail(w, r, err)
		return
	}
	s.flash(r.Context(), "Token revoked.")
	http.Redirect(w, r, "/account", http.StatusSeeOther)
}
