package web

import (
	"context"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"arena.dev/auth"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/store"
	"arena.dev/templates"
)

// The admin area. Every route is behind requireAdmin (registerAdminRoutes); every
// change is a POST (CSRF is stopped by crossOrigin) that redirects back to
// the page it came from, or re-renders that page with the reason it was
// refused.

// registerAdminRoutes registers the admin area, admins only.
func (s *Server) registerAdminRoutes(r chi.Router) {
	s.pages(r, func(r chi.Router) {
		r.Use(s.requireAdmin)
		r.Get("/admin", s.adminDashboard)

		// Users and the roster.
		r.Get("/admin/users", s.adminUsers)
		r.Post("/admin/users/{id}/role", s.adminSetRole)
		r.Post("/admin/users/{id}/disable", s.adminDisableUser)
		r.Post("/admin/users/{id}/enable", s.adminEnableUser)
		r.Get("/admin/users/{id}/password", s.adminResetPasswordConfirm)
		r.Post("/admin/users/{id}/password", s.adminResetPassword)
		r.Post("/admin/users/import", s.adminImportRoster)
		r.Post("/admin/roster/{id}/credentials", s.adminRosterCredentials)
		r.Post("/admin/users/passwords", s.adminRegeneratePasswords)

		// Games: their settings, boards, pace, grades and copies.
		r.Get("/admin/games", s.adminGames)
		r.Post("/admin/games/{game}/enable", s.adminGameForm(s.adminEnableGame))
		r.Post("/admin/games/{game}/disable", s.adminGameForm(s.adminDisableGame))
		r.Post("/admin/games/{game}/settings", s.adminGameForm(s.adminGameSettings))
		r.Post("/admin/games/{game}/boards", s.adminUploadBoard)
		r.Post("/admin/games/{game}/ladder", s.adminGameForm(s.adminBoardChoice(domain.ForLadder)))
		r.Post("/admin/games/{game}/qualification", s.adminGameForm(s.adminBoardChoice(domain.ForQualification)))
		r.Post("/admin/games/{game}/challenges", s.adminGameForm(s.adminGameChallenges))
		r.Post("/admin/games/{game}/pace", s.adminGameForm(s.adminGamePace))
		r.Post("/admin/games/{game}/deadline", s.adminGameForm(s.adminGameDeadline))
		r.Get("/admin/grades", s.adminGrades)
		r.Get("/admin/games/{game}/grades.csv", s.adminGameGrades)
		r.Get("/admin/tournaments/{id}/grades.csv", s.adminTournamentGrades)
		r.Get("/admin/games/{game}/copies", s.adminCopies)
		r.Get("/admin/games/{game}/copies.csv", s.adminCopiesCSV)
		r.Post("/admin/games/{game}/copies/base", s.adminCopyBaseUpload)
		r.Post("/admin/games/{game}/copies/base/{id}/delete", s.adminGameForm(s.adminCopyBaseDelete))
		r.Get("/admin/copies", s.adminCopiesIndex)
		r.Post("/admin/copies/backfill", s.adminCopiesBackfill)
		r.Get("/admin/copies/{a}/{b}", s.adminCopyPair)
		r.Get("/admin/boards/{id}", s.adminBoardFile)
		r.Post("/admin/boards/{id}/delete", s.adminDeleteBoard)

		// Bots, versions and the job queue.
		r.Get("/admin/bots", s.adminBots)
		r.Post("/admin/bots/{id}/disable", s.adminDisableBot)
		r.Post("/admin/bots/{id}/enable", s.adminEnableBot)
		r.Post("/admin/versions/{id}/rejudge", s.adminRejudge)
		r.Get("/admin/jobs", s.adminJobs)
		r.Post("/admin/jobs/{id}/retry", s.adminRetryJob)
		r.Post("/admin/jobs/{id}/cancel", s.adminCancelJob)

		// Tournaments.
		r.Get("/admin/tournaments/new", s.adminTournamentNew)
		r.Get("/admin/tournaments/new/game", s.adminTournamentGameFields)
		r.Post("/admin/tournaments", s.adminTournamentCreate)
		r.Post("/admin/tournaments/{id}/pause", s.adminTournamentPause)
		r.Post("/admin/tournaments/{id}/resume", s.adminTournamentResume)
		r.Post("/admin/tournaments/{id}/cancel", s.adminTournamentCancel)
		r.Get("/admin/tournaments/{id}/matches/{match}/rerun", s.adminTournamentRerunPage)
		r.Post("/admin/tournaments/{id}/matches/{match}/rerun", s.adminTournamentRerun)

		// Site settings and storage.
		r.Get("/admin/settings", s.adminSettings)
		r.Post("/admin/settings", s.adminSaveSettings)
		r.Get("/admin/storage", s.adminStorage)
		r.Post("/admin/storage", s.adminSaveRetention)
		r.Post("/admin/storage/run", s.adminRunRetention)
	})
}

// adminGameForm is the prologue of the admin's forms about one game: the
// form is at most maxFormBytes (413 beyond), the game is the URL's (404
// for one this build does not have), then h handles the form.
func (s *Server) adminGameForm(h func(w http.ResponseWriter, r *http.Request, g games.Game)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
		g, err := routeGame(r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if err := r.ParseForm(); err != nil {
			http.Error(w, "The form is too large.", http.StatusRequestEntityTooLarge)
			return
		}
		h(w, r, g)
	}
}

// adminPageSize is the length of the admin's paginated lists.
const adminPageSize = 50

// adminJobStates are River's states in the order the queue page shows them.
var adminJobStates = []string{"available", "scheduled", "running", "retryable", "completed", "cancelled", "discarded"}

func (s *Server) adminDashboard(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	o, err := store.AdminOverview(ctx, s.Pool)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	groups, links := adminDashboardView(ctx, o)
	s.render(w, r, http.StatusOK, templates.AdminDashboard(s.page(r, i18n.T(ctx, "admin.dashboard.title"), "admin"), groups, links))
}

// adminBack is where a change returns: the form's "back" field when it is
// an admin page of this site, else def.
func adminBack(r *http.Request, def string) string {
	back := r.PostFormValue("back")
	if back == "/admin" || strings.HasPrefix(back, "/admin/") || strings.HasPrefix(back, "/admin?") {
		if safeNext(back) == back {
			return back
		}
	}
	return def
}

// adminDone reports a change with a flash and goes back (POST/redirect/GET).
func (s *Server) adminDone(w http.ResponseWriter, r *http.Request, def, msg string) {
	s.flash(r.Context(), msg)
	http.Redirect(w, r, adminBack(r, def), http.StatusSeeOther)
}

// adminPageNumber reads ?page=, 1 when absent or wrong; at most
// adminMaxPage, so that the offset it gives cannot overflow.
func adminPageNumber(q url.Values) int {
	n, err := strconv.Atoi(q.Get("page"))
	if err != nil || n < 1 {
		return 1
	}
	return min(n, adminMaxPage)
}

const adminMaxPage = 1_000_000

// pager links to the pages around page of a list of total items at path
// with query q.
func adminPagerFor(ctx context.Context, path string, q url.Values, page, total int) templates.AdminPager {
	var pg templates.AdminPager
	if total == 0 {
		return pg
	}
	link := func(n int) string {
		v := url.Values{}
		for k, vs := range q {
			if k != "page" && len(vs) > 0 && vs[0] != "" {
				v.Set(k, vs[0])
			}
		}
		if n > 1 {
			v.Set("page", strconv.Itoa(n))
		}
		if len(v) == 0 {
			return path
		}
		return path + "?" + v.Encode()
	}
	from := (page-1)*adminPageSize + 1
	to := min(page*adminPageSize, total)
	pg.Info = i18n.T(ctx, "admin.pager.range", map[string]any{"From": templates.Number(ctx, from),
		"To": templates.Number(ctx, to), "Total": templates.Number(ctx, total)})
	if from > total {
		pg.Info = i18n.T(ctx, "admin.pager.beyond", map[string]any{"Page": page, "Total": templates.Number(ctx, total)})
	}
	if page > 1 {
		pg.Prev = link(page - 1)
	}
	if to < total {
		pg.Next = link(page + 1)
	}
	return pg
}

// --- users ---

func (s *Server) adminUsers(w http.ResponseWriter, r *http.Request) {
	s.renderAdminUsers(w, r, http.StatusOK, r.URL.Query(), templates.AdminUsersData{})
}

// renderAdminUsers shows the users page for the query q (search and page),
// with d's error when a change was refused or its reset password.
func (s *Server) renderAdminUsers(w http.ResponseWriter, r *http.Request, status int, q url.Values, d templates.AdminUsersData) {
	search := strings.TrimSpace(q.Get("q"))
	page := adminPageNumber(q)
	users, total, err := store.AdminUsers(r.Context(), s.Pool, search, adminPageSize, (page-1)*adminPageSize)
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	if d.Roster.Awaiting, err = store.CountStudentsAwaitingFirstLogin(r.Context(), s.Pool); err != nil {
		s.serverError(w, r, err)
		return
	}
	d = adminUsersView(r.Context(), d, users, total, q, userFrom(r.Context()))
	s.render(w, r, status, templates.AdminUsers(s.page(r, adminTitle(r.Context(), "admin.users.title"), "admin"), d))
}

// adminListQuery encodes a list's search, game filter and page.
func adminListQuery(search, game string, page int) string {
	v := url.Values{}
	if search != "" {
		v.Set("q", search)
	}
	if game != "" {
		v.Set("game", game)
	}
	if page > 1 {
		v.Set("page", strconv.Itoa(page))
	}
	return v.Encode()
}

// backQuery is the query of the page a change came from, to re-render it.
func adminBackQuery(r *http.Request) url.Values {
	u, err := url.Parse(adminBack(r, "/admin"))
	if err != nil {
		return url.Values{}
	}
	return u.Query()
}

// adminTarget loads the user a change (what) is about. The house's
// account (house bots) is no one's to change: not found. A change to
// oneself is refused: an admin who demotes or disables themselves could
// leave the site without any admin.
func (s *Server) adminTarget(r *http.Request, what string) (*domain.User, error) {
	u, err := byID(r, "id", s.Pool, store.UserByID)
	switch {
	case err != nil:
		return nil, err
	case u.Role == domain.RoleHouse:
		return nil, domain.ErrNotFound
	case u.ID == userFrom(r.Context()).ID:
		return nil, domain.Refusal("errors.admin.yourself", "you cannot {{.Action}} yourself: ask another admin, so the site always keeps one", domain.Data{"Action": what})
	}
	return u, nil
}

// adminUsersFail answers a change of a user that failed: refused, the
// users page again saying why; else as any page does.
func (s *Server) adminUsersFail(w http.ResponseWriter, r *http.Request, err error) {
	if code := domain.CodeOf(err); code != domain.Internal && code != domain.NotFound {
		s.renderAdminUsers(w, r, errorStatus(err), adminBackQuery(r), templates.AdminUsersData{Error: capitalize(userMessage(r.Context(), err)) + "."})
		return
	}
	s.fail(w, r, err)
}

func (s *Server) adminSetRole(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	u, err := s.adminTarget(r, "change the role of")
	role := r.PostFormValue("role")
	if err == nil && role != domain.RoleStudent && role != domain.RoleAdmin {
		err = domain.Refusal("errors.admin.role", "unknown role {{.Role}}: a user is a student or an admin", domain.Data{"Role": domain.Quote(role)})
	}
	if err == nil {
		err = store.SetUserRole(r.Context(), s.Pool, u.ID, role)
	}
	if err != nil {
		s.adminUsersFail(w, r, err)
		return
	}
	s.adminDone(w, r, "/admin/users", i18n.T(r.Context(), "admin.users.now_"+role, map[string]any{"Name": u.Name}))
}

func (s *Server) adminDisableUser(w http.ResponseWriter, r *http.Request) {
	s.adminSetUserDisabled(w, r, true)
}
func (s *Server) adminEnableUser(w http.ResponseWriter, r *http.Request) {
	s.adminSetUserDisabled(w, r, false)
}

func (s *Server) adminSetUserDisabled(w http.ResponseWriter, r *http.Request, disabled bool) {
	what := "enable"
	if disabled {
		what = "disable"
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	u, err := s.adminTarget(r, what)
	if err == nil {
		err = store.SetUserDisabled(r.Context(), s.Pool, u.ID, disabled)
	}
	if err != nil {
		s.adminUsersFail(w, r, err)
		return
	}
	msg := i18n.T(r.Context(), "admin.users.enabled", map[string]any{"Name": u.Name})
	if disabled {
		msg = i18n.T(r.Context(), "admin.users.disabled", map[string]any{"Name": u.Name})
	}
	s.adminDone(w, r, "/admin/users", msg)
}

// GET /admin/users/{id}/password[?back=URL]: asks the admin to confirm a
// password reset (it logs the user out at once); the page's form posts it.
func (s *Server) adminResetPasswordConfirm(w http.ResponseWriter, r *http.Request) {
	u, err := s.adminTarget(r, "reset the password of")
	if err != nil {
		s.adminUsersFail(w, r, err)
		return
	}
	back := r.URL.Query().Get("back")
	if !(back == "/admin/users" || strings.HasPrefix(back, "/admin/users?")) || safeNext(back) != back {
		back = "/admin/users"
	}
	s.render(w, r, http.StatusOK, templates.AdminResetPassword(s.page(r, adminTitle(r.Context(), "admin.reset.page"), "admin"),
		templates.AdminResetConfirm{ID: u.ID, Name: u.Name, DisplayName: u.DisplayName, Back: back}))
}

// POST /admin/users/{id}/password: a temporary password for a user who
// forgot theirs (there is no mail). It is shown once, on this response
// only, for the admin to hand over; the user's sessions and API tokens
// end, and the user must choose a new password at the next log-in.
func (s *Server) adminResetPassword(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	u, err := s.adminTarget(r, "reset the password of")
	if err != nil {
		s.adminUsersFail(w, r, err)
		return
	}
	ctx := r.Context()
	temp := auth.RandomPassword(oneTimePasswordLen)
	hash, err := s.passwords.Hash(ctx, temp)
	if status, msg, refused := passwordRefusal(r.Context(), w, err); refused {
		s.renderAdminUsers(w, r, status, adminBackQuery(r), templates.AdminUsersData{Error: msg})
		return
	}
	if err == nil {
		err = store.SetPassword(ctx, s.Pool, u.ID, hash, true, "")
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	s.renderAdminUsers(w, r, http.StatusOK, adminBackQuery(r), templates.AdminUsersData{
		Reset: &templates.AdminReset{Name: u.Name, Password: temp}})
}

// --- site settings ---

func (s *Server) adminSettings(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	f := templates.AdminSettingsForm{}
	var err error
	if f.InviteCode, err = store.Setting(ctx, s.Pool, store.SettingInviteCode, ""); err == nil {
		f.SiteName, err = store.Setting(ctx, s.Pool, store.SettingSiteName, "")
	}
	if err == nil {
		f.Language, err = store.Setting(ctx, s.Pool, store.SettingLanguage, i18n.Default)
	}
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	s.render(w, r, http.StatusOK, templates.AdminSettings(s.page(r, adminTitle(ctx, "admin.settings.title"), "admin"), f))
}

func (s *Server) adminSaveSettings(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	f := templates.AdminSettingsForm{
		InviteCode: strings.TrimSpace(r.PostFormValue("invite_code")),
		SiteName:   strings.TrimSpace(r.PostFormValue("site_name")),
		Language:   i18n.Normalize(r.PostFormValue("language")),
		Errors:     map[string]string{},
	}
	if utf8.RuneCountInString(f.SiteName) > 64 {
		f.Errors["site_name"] = i18n.T(r.Context(), "admin.settings.too_long")
	}
	// Students type the code: keep it to visible characters without spaces.
	if utf8.RuneCountInString(f.InviteCode) > 64 || strings.ContainsFunc(f.InviteCode, func(c rune) bool { return c <= ' ' }) {
		f.Errors["invite_code"] = i18n.T(r.Context(), "admin.settings.bad_code")
	}
	if len(f.Errors) > 0 {
		s.render(w, r, http.StatusUnprocessableEntity, templates.AdminSettings(s.page(r, adminTitle(r.Context(), "admin.settings.title"), "admin"), f))
		return
	}
	ctx := r.Context()
	err := store.SetSetting(ctx, s.Pool, store.SettingInviteCode, f.InviteCode)
	if err == nil {
		err = store.SetSetting(ctx, s.Pool, store.SettingSiteName, f.SiteName)
	}
	if err == nil {
		err = store.SetSetting(ctx, s.Pool, store.SettingLanguage, f.Language)
	}
	s.settings.forget()
	if err != nil {
		s.serverError(w, r, err)
		return
	}
	msg := i18n.T(ctx, "admin.settings.saved_open")
	if f.InviteCode != "" {
		msg = i18n.T(ctx, "admin.settings.saved_invite")
	}
	s.flash(ctx, msg)
	http.Redirect(w, r, "/admin/settings", http.StatusSeeOther)
}

// adminSortedKeys returns a map's keys in order.
func adminSortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
