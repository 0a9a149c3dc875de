package web

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"net/mail"
	"regexp"
	"strings"
	"sync"

	"arena.dev/auth"
	"arena.dev/store"
	"arena.dev/templates"
)

// maxFormBytes bounds every HTML form body except submissions.
const maxFormBytes = 64 << 10

func (s *Server) loginPage(w http.ResponseWriter, r *http.Request) {
	if userFrom(r.Context()) != nil {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	s.render(w, r, http.StatusOK, templates.Login(s.page(r, "Log in", ""), templates.LoginForm{Next: r.URL.Query().Get("next")}))
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	f := templates.LoginForm{Name: strings.TrimSpace(r.PostFormValue("name")), Next: r.PostFormValue("next")}
	if !s.loginLimit.allow("ip:"+clientIP(r)) || !s.loginLimit.allow("user:"+strings.ToLower(f.Name)) {
		w.Header().Set("Retry-After", "60")
		f.Error = "Too many attempts. Wait a minute and try again."
		s.render(w, r, http.StatusTooManyRequests, templates.Login(s.page(r, "Log in", ""), f))
		return
	}
	u, err := store.UserByName(r.Context(), s.Pool, f.Name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.serverError(w, r, err)
		return
	}
	ok := false
	if u != nil {
		ok, _ = auth.CheckPassword(u.PasswordHash, r.PostFormValue("password"))
	} else {
		// Spend the same time as for a real account: no user enumeration by timing.
		auth.CheckPassword(dummyHash(), r.PostFormValue("password"))
	}
	switch {
	case !ok:
		f.Error = "Wrong user name or password."
	case u.Disabled:
		f.Error = "This account has been disabled. Ask an admin."
	}
	if f.Error != "" {
		s.render(w, r, http.StatusUnauthorized, templates.Login(s.page(r, "Log in", ""), f))
		return
	}
	if err := s.logIn(r.Context(), u); err != nil {
		s.serverError(w, r, err)
		return
	}
	http.Redirect(w, r, safeNext(f.Next), http.StatusSeeOther)
}

// dummyHash is checked against when the user does not exist, so a login
// takes as long either way. It is made on first use, not at package
// initialisation: every process of the arena binary, sandbox children
// included, would otherwise pay for an argon2id hash as it starts.
var dummyHash = sync.OnceValue(func() string {
	h, _ := auth.HashPassword("not a real password")
	return h
})

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if err := s.sessions.Destroy(r.Context()); err != nil {
		s.serverError(w, r, err)
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

var validName = regexp.MustCompile(`^[A-Za-z0-9_.\-]{2,32}$`)

func (s *Server) registerPage(w http.ResponseWriter, r *http.Request) {
	invite, err := store.Setting(r.Context(), s.Pool, store.SettingInviteCode, "")
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.Register(s.page(r, "Sign up", ""), templates.RegisterForm{NeedInvite: invite != ""}))
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	ctx := r.Context()
	invite, err := store.Setting(ctx, s.Pool, store.SettingInviteCode, "")
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	f := templates.RegisterForm{
		Name:       strings.TrimSpace(r.PostFormValue("name")),
		Email:      strings.TrimSpace(r.PostFormValue("email")),
		Invite:     strings.TrimSpace(r.PostFormValue("invite")),
		NeedInvite: invite != "",
		Errors:     map[string]string{},
	}
	password := r.PostFormValue("password")
	if !s.loginLimit.allow("register:" + clientIP(r)) {
		f.Errors[""] = "Too many attempts. Wait a minute and try again."
	}
	if !validName.MatchString(f.Name) {
		f.Errors["name"] = "2 to 32 letters, digits, dots, dashes or underscores."
	}
	if a, err := mail.ParseAddress(f.Email); err != nil || a.Address != f.Email {
		f.Errors["email"] = "That does not look like an email address."
	}
	if len(password) < auth.MinPasswordLen || len(password) > 1024 {
		f.Errors["password"] = "At least 8 characters."
	}
	if invite != "" && subtle.ConstantTimeCompare([]byte(f.Invite), []byte(invite)) != 1 {
		f.Errors["invite"] = "This invite code is not right. Ask your teacher for it."
	}
	if len(f.Errors) == 0 {
		err = s.createAccount(ctx, f.Name, f.Email, password)
		if errors.Is(err, store.ErrConflict) {
			f.Errors["name"] = "This user name or email is already taken."
		} else if err != nil {
			s.serverError(w, r, err)
			return
		}
	}
	if len(f.Errors) > 0 {
		s.render(w, r, http.StatusUnprocessableEntity, templates.Register(s.page(r, "Sign up", ""), f))
		return
	}
	s.flash(ctx, "Welcome to Arena, "+f.Name+"! Pick a game and submit your first bot.")
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (s *Server) createAccount(ctx context.Context, name, email, password string) error {
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	u := &store.User{Name: name, Email: email, PasswordHash: hash, Role: store.RoleStudent}
	if err := store.CreateUser(ctx, s.Pool, u); err != nil {
		return err
	}
	return s.logIn(ctx, u)
}
