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
	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
	"arena.dev/web/request"
)

// maxFormBytes bounds every HTML form body except submissions.
const maxFormBytes = 64 << 10

// Why a password attempt was turned down before its password was looked
// at: the limits of ratelimit.go, or the password pool's queue was full.
var (
	errTooManyAttempts = errors.New("too many attempts")
	errWrongLogin      = errors.New("wrong user name or password")
)

// passwordAttempt applies the limits of a password attempt about the user
// named name (see ratelimit.go): errTooManyAttempts past the address's or
// the (address, user) pair's, else it waits out the user name's slowdown
// and returns nil.
func (s *Server) passwordAttempt(r *http.Request, name string) error {
	addr := request.AddrKey(request.ClientIP(r, s.TrustedProxies))
	name = strings.ToLower(strings.TrimSpace(name))
	if !s.addrLimit.Allow(addr) || !s.pairLimit.Allow(addr+" "+name) {
		return errTooManyAttempts
	}
	request.Sleep(r.Context(), s.userLimit.Delay(name, userMaxDelay))
	return r.Context().Err()
}

// checkLogin is the one check of a user name and password (web log-in,
// API tokens): the user, or errWrongLogin. It costs the same time whether
// the user exists or not, so timing tells nothing. Password hashes go
// through the server's pool: auth.ErrBusy when it is full.
func (s *Server) checkLogin(ctx context.Context, name, password string) (*domain.User, error) {
	u, err := store.UserByName(ctx, s.Pool, strings.TrimSpace(name))
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}
	hash := dummyHash()
	if u != nil {
		hash = u.PasswordHash
	}
	ok, err := s.passwords.Check(ctx, hash, password)
	if errors.Is(err, auth.ErrBusy) || ctx.Err() != nil {
		return nil, errors.Join(err, ctx.Err())
	}
	if !ok || u == nil || u.Role == domain.RoleHouse { // a malformed stored hash is a wrong password too; the house never logs in
		return nil, errWrongLogin
	}
	return u, nil
}

// dummyHash is checked against when the user does not exist, so a login
// takes as long either way. It is made on first use, not at package
// initialisation: every process of the arena binary, sandbox children
// included, would otherwise pay for an argon2id hash as it starts.
var dummyHash = sync.OnceValue(func() string {
	h, _ := auth.HashPassword("not a real password")
	return h
})

// passwordRefusal is what a person is told when a password attempt was
// turned down before being checked: a status and a message, with the
// response's Retry-After set; ok is false for other errors (w untouched).
func passwordRefusal(ctx context.Context, w http.ResponseWriter, err error) (status int, msg string, ok bool) {
	retryAfter := ""
	switch {
	case errors.Is(err, errTooManyAttempts):
		status, retryAfter, msg = http.StatusTooManyRequests, "60", i18n.T(ctx, "site.auth.msg.toomany")
	case errors.Is(err, auth.ErrBusy):
		status, retryAfter, msg = http.StatusTooManyRequests, "2", i18n.T(ctx, "site.auth.msg.busy")
	default:
		return 0, "", false
	}
	w.Header().Set("Retry-After", retryAfter)
	return status, msg, true
}

func (s *Server) loginPage(w http.ResponseWriter, r *http.Request) {
	if userFrom(r.Context()) != nil {
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	s.render(w, r, http.StatusOK, templates.Login(s.page(r, i18n.T(r.Context(), "site.auth.login"), ""), templates.LoginForm{Next: r.URL.Query().Get("next")}))
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	f := templates.LoginForm{Name: strings.TrimSpace(r.PostFormValue("name")), Next: r.PostFormValue("next")}
	err := s.passwordAttempt(r, f.Name)
	var u *domain.User
	if err == nil {
		u, err = s.checkLogin(r.Context(), f.Name, r.PostFormValue("password"))
	}
	status := http.StatusUnauthorized
	switch st, msg, refused := passwordRefusal(r.Context(), w, err); {
	case refused:
		status, f.Error = st, msg
	case errors.Is(err, errWrongLogin):
		f.Error = i18n.T(r.Context(), "site.auth.msg.wrong")
	case err != nil:
		s.fail(w, r, err)
		return
	case u.Disabled:
		f.Error = i18n.T(r.Context(), "site.auth.msg.disabled")
	}
	if f.Error != "" {
		s.render(w, r, status, templates.Login(s.page(r, i18n.T(r.Context(), "site.auth.login"), ""), f))
		return
	}
	if err := s.logIn(r, u); err != nil {
		s.serverError(w, r, err)
		return
	}
	if u.MustChangePassword {
		s.flash(r.Context(), i18n.T(r.Context(), "site.auth.msg.mustchange"))
		http.Redirect(w, r, "/account", http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, safeNext(f.Next), http.StatusSeeOther)
}

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
	s.render(w, r, http.StatusOK, templates.Register(s.page(r, i18n.T(r.Context(), "site.auth.signup"), ""), templates.RegisterForm{NeedInvite: invite != ""}))
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
	status := http.StatusUnprocessableEntity
	giveBack, allowed := s.registerLimit.Take(request.AddrKey(request.ClientIP(r, s.TrustedProxies)))
	if !allowed {
		w.Header().Set("Retry-After", "60")
		status, f.Errors[""] = http.StatusTooManyRequests, i18n.T(r.Context(), "site.auth.msg.toomany")
	}
	if !validName.MatchString(f.Name) {
		f.Errors["name"] = i18n.T(r.Context(), "site.auth.msg.name")
	}
	if a, err := mail.ParseAddress(f.Email); err != nil || a.Address != f.Email {
		f.Errors["email"] = i18n.T(r.Context(), "site.auth.msg.email")
	}
	if len(password) < auth.MinPasswordLen || len(password) > 1024 {
		f.Errors["password"] = i18n.T(r.Context(), "site.account.msg.minlen")
	}
	if invite != "" && subtle.ConstantTimeCompare([]byte(f.Invite), []byte(invite)) != 1 {
		f.Errors["invite"] = i18n.T(r.Context(), "site.auth.msg.invite")
	}
	if len(f.Errors) == 0 {
		err = s.createAccount(r, f.Name, f.Email, password)
		if errors.Is(err, auth.ErrBusy) { // the server's failure: the student's retry must not count
			giveBack()
		}
		if st, msg, refused := passwordRefusal(r.Context(), w, err); refused {
			status, f.Errors[""] = st, msg
		} else if errors.Is(err, domain.ErrConflict) {
			f.Errors["name"] = i18n.T(r.Context(), "site.auth.msg.taken")
		} else if err != nil {
			s.serverError(w, r, err)
			return
		}
	}
	if len(f.Errors) > 0 {
		s.render(w, r, status, templates.Register(s.page(r, i18n.T(r.Context(), "site.auth.signup"), ""), f))
		return
	}
	s.flash(ctx, i18n.T(ctx, "site.auth.msg.welcome", map[string]any{"Name": f.Name}))
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

func (s *Server) createAccount(r *http.Request, name, email, password string) error {
	hash, err := s.passwords.Hash(r.Context(), password)
	if err != nil {
		return err
	}
	u := &domain.User{Name: name, Email: email, PasswordHash: hash, Role: domain.RoleStudent}
	if err := store.CreateUser(r.Context(), s.Pool, u); err != nil {
		return err
	}
	return s.logIn(r, u)
}
