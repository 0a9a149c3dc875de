package web_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"arena.dev/auth"
	"arena.dev/domain"
	_ "arena.dev/games/all"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/store/pgtest"
	"arena.dev/web"
)

// adminEnv is a running server on the test database with real sessions:
// users log in through POST /login and keep their cookie in a jar.
type adminEnv struct {
	t    *testing.T
	srv  *httptest.Server
	pool *pgxpool.Pool
	jobs *judge.Client
}

func newAdminEnv(t *testing.T) *adminEnv {
	t.Helper()
	pool := pgtest.Pool(t)
	jobs, err := judge.NewInsertClient(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.EnsureGame(context.Background(), pool, "orkisland", "Ork Island"); err != nil {
		t.Fatal(err)
	}
	// The package's tests share one database: start from, and leave, the
	// game as registered with no admin changes.
	reset := func() {
		if _, err := pool.Exec(context.Background(), `UPDATE games SET enabled = true, settings = '{}',
			ladder_chosen = false, ladder_generated = true, ladder_board_ids = '{}',
			qualification_chosen = false, qualification_generated = true, qualification_board_ids = '{}';
			DELETE FROM boards`); err != nil {
			t.Fatal(err)
		}
	}
	reset()
	// Nor leave jobs behind for another test's workers to pick up.
	var lastJob int64
	if err := pool.QueryRow(context.Background(), "SELECT coalesce(max(id), 0) FROM river_job").Scan(&lastJob); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		reset()
		if _, err := pool.Exec(context.Background(), "DELETE FROM river_job WHERE id > $1", lastJob); err != nil {
			t.Fatal(err)
		}
	})
	srv := httptest.NewServer((&web.Server{Pool: pool, Jobs: jobs}).Handler())
	t.Cleanup(srv.Close)
	return &adminEnv{t: t, srv: srv, pool: pool, jobs: jobs}
}

var adminUserN int

const adminTestPassword = "pa55word!"

// user creates an account and returns its name and id.
func (e *adminEnv) user(role string) (string, int64) {
	e.t.Helper()
	adminUserN++
	hash, _ := auth.HashPassword(adminTestPassword)
	u := &domain.User{Name: fmt.Sprintf("adm%d_%s", adminUserN, role), PasswordHash: hash, Role: role}
	u.Email = u.Name + "@example.org"
	if err := store.CreateUser(context.Background(), e.pool, u); err != nil {
		e.t.Fatal(err)
	}
	return u.Name, u.ID
}

// browser is a client with a cookie jar that does not follow redirects,
// so tests see each 303.
func (e *adminEnv) browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// login logs a fresh browser in as name and returns it.
func (e *adminEnv) login(name string) *http.Client {
	e.t.Helper()
	c := e.browser()
	code, body, _ := e.post(c, "/login", url.Values{"name": {name}, "password": {adminTestPassword}}, nil)
	if code != http.StatusSeeOther {
		e.t.Fatalf("log in as %s: %d\n%s", name, code, body)
	}
	return c
}

type adminResponse struct {
	code     int
	body     string
	location string
}

func (e *adminEnv) do(c *http.Client, req *http.Request) adminResponse {
	e.t.Helper()
	resp, err := c.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return adminResponse{resp.StatusCode, string(body), resp.Header.Get("Location")}
}

func (e *adminEnv) get(c *http.Client, path string) (int, string, string) {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
	r := e.do(c, req)
	return r.code, r.body, r.location
}

func (e *adminEnv) post(c *http.Client, path string, form url.Values, header http.Header) (int, string, string) {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range header {
		req.Header[k] = v
	}
	r := e.do(c, req)
	return r.code, r.body, r.location
}

// upload posts a board file as the browser's multipart form does.
func (e *adminEnv) upload(c *http.Client, path, name, filename string, data []byte) (int, string) {
	e.t.Helper()
	return e.uploadFiles(c, path, name, map[string][]byte{filename: data})
}

// uploadFiles posts several board files in one form, in name order.
func (e *adminEnv) uploadFiles(c *http.Client, path, name string, files map[string][]byte) (int, string) {
	e.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("name", name)
	for _, filename := range slices.Sorted(maps.Keys(files)) {
		fw, _ := mw.CreateFormFile("board", filename)
		fw.Write(files[filename])
	}
	mw.Close()
	req, _ := http.NewRequest("POST", e.srv.URL+path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	r := e.do(c, req)
	return r.code, r.body
}

// follow GETs where a redirect points, to read the flash message.
func (e *adminEnv) follow(c *http.Client, location string) string {
	e.t.Helper()
	code, body, _ := e.get(c, location)
	if code != 200 {
		e.t.Fatalf("GET %s after a change: %d", location, code)
	}
	return body
}

func (e *adminEnv) scalar(sql string, args ...any) string {
	e.t.Helper()
	var v string
	if err := e.pool.QueryRow(context.Background(), sql, args...).Scan(&v); err != nil {
		e.t.Fatalf("%s: %v", sql, err)
	}
	return v
}

// newVersion makes a bot with one version in the given status, without a job.
func (e *adminEnv) newVersion(ownerID int64, bot string, status domain.VersionStatus) (*domain.Bot, *domain.Version) {
	e.t.Helper()
	ctx := context.Background()
	b, err := store.BotByName(ctx, e.pool, ownerID, "orkisland", bot)
	if err != nil {
		e.t.Fatal(err)
	}
	v, err := store.CreateVersion(ctx, e.pool, b.ID, "go", "package main\n")
	if err == nil {
		err = store.SetVersionStatus(ctx, e.pool, v.ID, status)
	}
	if err != nil {
		e.t.Fatal(err)
	}
	return b, v
}

var adminPages = []string{"/admin", "/admin/users", "/admin/games", "/admin/bots", "/admin/jobs",
	"/admin/jobs?state=completed", "/admin/settings"}

func TestAdminAccess(t *testing.T) {
	e := newAdminEnv(t)
	admin, _ := e.user(domain.RoleAdmin)
	studentName, studentID := e.user(domain.RoleStudent)
	_, victimID := e.user(domain.RoleStudent)
	_, v := e.newVersion(victimID, "target", domain.StatusRejected)
	job, err := e.jobs.Insert(context.Background(), judge.PingArgs{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	board := fmt.Sprint(e.scalar("SELECT count(*) FROM boards"))

	posts := map[string]url.Values{
		fmt.Sprintf("/admin/users/%d/role", victimID):    {"role": {"admin"}},
		fmt.Sprintf("/admin/users/%d/disable", victimID): nil,
		fmt.Sprintf("/admin/users/%d/role", studentID):   {"role": {"admin"}}, // promoting oneself
		"/admin/games/orkisland/disable":                 nil,
		"/admin/games/orkisland/settings":                {"nb_rounds": {"50"}},
		fmt.Sprintf("/admin/bots/%d/disable", v.BotID):   nil,
		fmt.Sprintf("/admin/versions/%d/rejudge", v.ID):  nil,
		fmt.Sprintf("/admin/jobs/%d/cancel", job.Job.ID): nil,
		"/admin/settings":        {"invite_code": {"secret"}},
		"/admin/boards/1/delete": nil,
	}
	unchanged := func(who string) {
		t.Helper()
		u, _ := store.UserByID(context.Background(), e.pool, victimID)
		s, _ := store.UserByID(context.Background(), e.pool, studentID)
		checks := map[string]bool{
			"victim's role":    u.Role == domain.RoleStudent,
			"victim enabled":   !u.Disabled,
			"student's role":   s.Role == domain.RoleStudent,
			"game enabled":     e.scalar("SELECT enabled::text FROM games WHERE id = 'orkisland'") == "true",
			"game settings":    e.scalar("SELECT settings::text FROM games WHERE id = 'orkisland'") == "{}",
			"bot enabled":      e.scalar("SELECT disabled::text FROM bots WHERE id = $1", v.BotID) == "false",
			"version status":   e.scalar("SELECT status FROM bot_versions WHERE id = $1", v.ID) == domain.StatusRejected,
			"job state":        e.scalar("SELECT state::text FROM river_job WHERE id = $1", job.Job.ID) == "available",
			"invite code":      e.scalar("SELECT count(*) FROM site_settings WHERE key = 'invite_code'") == "0",
			"boards unchanged": e.scalar("SELECT count(*) FROM boards") == board,
		}
		for what, ok := range checks {
			if !ok {
				t.Errorf("%s changed something: %s", who, what)
			}
		}
	}

	t.Run("visitor", func(t *testing.T) {
		c := e.browser()
		for _, p := range adminPages {
			code, _, loc := e.get(c, p)
			if code != http.StatusSeeOther || !strings.HasPrefix(loc, "/login?next=") {
				t.Errorf("visitor GET %s: %d to %q, want 303 to /login", p, code, loc)
			}
		}
		for p, form := range posts {
			code, _, loc := e.post(c, p, form, nil)
			if code != http.StatusSeeOther || loc != "/login" {
				t.Errorf("visitor POST %s: %d to %q, want 303 to /login", p, code, loc)
			}
		}
		code, _ := e.upload(c, "/admin/games/orkisland/boards", "x", "x.cnf", []byte("OrkIsland 1.0\nGENERATOR1\n"))
		if code != http.StatusSeeOther {
			t.Errorf("visitor upload: %d", code)
		}
		unchanged("a visitor")
	})

	t.Run("student", func(t *testing.T) {
		c := e.login(studentName)
		for _, p := range adminPages {
			if code, body, _ := e.get(c, p); code != http.StatusForbidden || !strings.Contains(body, "admins only") {
				t.Errorf("student GET %s: %d, want 403", p, code)
			}
		}
		for p, form := range posts {
			if code, _, _ := e.post(c, p, form, nil); code != http.StatusForbidden {
				t.Errorf("student POST %s: %d, want 403", p, code)
			}
		}
		if code, _ := e.upload(c, "/admin/games/orkisland/boards", "x", "x.cnf", []byte("OrkIsland 1.0\nGENERATOR1\n")); code != http.StatusForbidden {
			t.Errorf("student upload: %d, want 403", code)
		}
		// The menu does not offer what the server refuses.
		if _, body, _ := e.get(c, "/"); strings.Contains(body, `href="/admin"`) {
			t.Error("a student's menu links to the admin pages")
		}
		unchanged("a student")
	})

	t.Run("admin", func(t *testing.T) {
		c := e.login(admin)
		for _, p := range adminPages {
			code, body, _ := e.get(c, p)
			if code != http.StatusOK || !strings.Contains(body, `class="admin-tabs"`) {
				t.Errorf("admin GET %s: %d\n%s", p, code, body)
			}
		}
		if _, body, _ := e.get(c, "/"); !strings.Contains(body, `href="/admin"`) {
			t.Error("an admin's menu lacks the admin link")
		}
	})
}

func TestAdminCrossOriginRefused(t *testing.T) {
	e := newAdminEnv(t)
	admin, _ := e.user(domain.RoleAdmin)
	_, victimID := e.user(domain.RoleStudent)
	c := e.login(admin)
	path := fmt.Sprintf("/admin/users/%d/disable", victimID)
	for _, h := range []http.Header{
		{"Sec-Fetch-Site": {"cross-site"}},
		{"Origin": {"https://evil.example"}},
	} {
		if code, _, _ := e.post(c, path, nil, h); code != http.StatusForbidden {
			t.Errorf("cross-origin POST with %v: %d, want 403", h, code)
		}
	}
	if e.scalar("SELECT disabled::text FROM users WHERE id = $1", victimID) != "false" {
		t.Fatal("a cross-origin POST disabled the user")
	}
	// The same POST from the site's own page goes through.
	if code, _, _ := e.post(c, path, nil, http.Header{"Sec-Fetch-Site": {"same-origin"}}); code != http.StatusSeeOther {
		t.Fatalf("same-origin POST: %d", code)
	}
	if e.scalar("SELECT disabled::text FROM users WHERE id = $1", victimID) != "true" {
		t.Fatal("the same-origin POST did not disable the user")
	}
}

func TestAdminUsers(t *testing.T) {
	e := newAdminEnv(t)
	admin, adminID := e.user(domain.RoleAdmin)
	bob, bobID := e.user(domain.RoleStudent)
	c := e.login(admin)

	// Search by name.
	_, body, _ := e.get(c, "/admin/users?q="+url.QueryEscape(bob))
	if !strings.Contains(body, "<strong>"+bob+"</strong>") || strings.Contains(body, "<strong>"+admin+"</strong>") {
		t.Fatalf("search for %s:\n%s", bob, body)
	}

	// Promote, then demote back; the change comes back to the page it was made on.
	back := "/admin/users?q=" + url.QueryEscape(bob)
	code, _, loc := e.post(c, fmt.Sprintf("/admin/users/%d/role", bobID), url.Values{"role": {"admin"}, "back": {back}}, nil)
	if code != http.StatusSeeOther || loc != back {
		t.Fatalf("promote: %d to %q", code, loc)
	}
	if !strings.Contains(e.follow(c, loc), bob+" is now an admin.") {
		t.Error("no flash after a promotion")
	}
	if e.scalar("SELECT role FROM users WHERE id = $1", bobID) != domain.RoleAdmin {
		t.Fatal("bob was not promoted")
	}
	e.post(c, fmt.Sprintf("/admin/users/%d/role", bobID), url.Values{"role": {"student"}}, nil)
	if e.scalar("SELECT role FROM users WHERE id = $1", bobID) != domain.RoleStudent {
		t.Fatal("bob was not demoted")
	}
	if code, body, _ := e.post(c, fmt.Sprintf("/admin/users/%d/role", bobID), url.Values{"role": {"root"}}, nil); code != http.StatusUnprocessableEntity || !strings.Contains(body, "Unknown role") {
		t.Fatalf("unknown role: %d", code)
	}
	// A "back" to another site is ignored.
	if _, _, loc := e.post(c, fmt.Sprintf("/admin/users/%d/role", bobID), url.Values{"role": {"student"}, "back": {"//evil.example/admin"}}, nil); loc != "/admin/users" {
		t.Fatalf("back to another site: redirected to %q", loc)
	}

	// Disable: bob's live session ends and he cannot log in again.
	bobC := e.login(bob)
	e.post(c, fmt.Sprintf("/admin/users/%d/disable", bobID), nil, nil)
	if e.scalar("SELECT disabled::text FROM users WHERE id = $1", bobID) != "true" {
		t.Fatal("bob was not disabled")
	}
	if code, _, _ := e.get(bobC, "/account"); code != http.StatusSeeOther {
		t.Errorf("a disabled user's session still works: %d", code)
	}
	code, body, _ = e.post(e.browser(), "/login", url.Values{"name": {bob}, "password": {adminTestPassword}}, nil)
	if code != http.StatusUnauthorized || !strings.Contains(body, "disabled") {
		t.Fatalf("disabled user's log-in: %d", code)
	}
	e.post(c, fmt.Sprintf("/admin/users/%d/enable", bobID), nil, nil)
	e.login(bob)

	// Nobody can demote or disable themselves: the last admin stays.
	for _, p := range []string{fmt.Sprintf("/admin/users/%d/disable", adminID), fmt.Sprintf("/admin/users/%d/role", adminID)} {
		code, body, _ := e.post(c, p, url.Values{"role": {"student"}}, nil)
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, "yourself") {
			t.Errorf("POST %s on oneself: %d", p, code)
		}
	}
	if u, _ := store.UserByID(context.Background(), e.pool, adminID); u.Role != domain.RoleAdmin || u.Disabled {
		t.Fatalf("the admin changed themselves: %+v", u)
	}
	if code, _, _ := e.post(c, "/admin/users/999999/disable", nil, nil); code != http.StatusNotFound {
		t.Errorf("unknown user: %d", code)
	}
}

func TestAdminUsersPaginate(t *testing.T) {
	e := newAdminEnv(t)
	admin, _ := e.user(domain.RoleAdmin)
	ctx := context.Background()
	for i := 0; i < 60; i++ {
		if err := store.CreateUser(ctx, e.pool, &domain.User{Name: fmt.Sprintf("page%02d", i), Email: fmt.Sprintf("p%d@x.org", i), PasswordHash: "x"}); err != nil {
			t.Fatal(err)
		}
	}
	c := e.login(admin)
	_, body, _ := e.get(c, "/admin/users?q=page")
	if !strings.Contains(body, "1–50 of 60") || !strings.Contains(body, "page=2") || strings.Contains(body, "page59") {
		t.Fatalf("first page:\n%s", body)
	}
	_, body, _ = e.get(c, "/admin/users?q=page&page=2")
	if !strings.Contains(body, "51–60 of 60") || !strings.Contains(body, "page59") || strings.Contains(body, ">page00<") {
		t.Fatalf("second page:\n%s", body)
	}
}

func TestAdminGames(t *testing.T) {
	e := newAdminEnv(t)
	admin, _ := e.user(domain.RoleAdmin)
	c := e.login(admin)

	// Disable, then enable.
	if code, _, _ := e.post(c, "/admin/games/orkisland/disable", nil, nil); code != http.StatusSeeOther {
		t.Fatalf("disable: %d", code)
	}
	if e.scalar("SELECT enabled::text FROM games WHERE id = 'orkisland'") != "false" {
		t.Fatal("the game is still enabled")
	}
	e.post(c, "/admin/games/orkisland/enable", nil, nil)
	if e.scalar("SELECT enabled::text FROM games WHERE id = 'orkisland'") != "true" {
		t.Fatal("the game was not enabled again")
	}
	if code, _, _ := e.post(c, "/admin/games/nosuchgame/disable", nil, nil); code != http.StatusNotFound {
		t.Errorf("unknown game: %d", code)
	}

	// Settings: out of range or not a number is refused with the input kept.
	code, body, _ := e.post(c, "/admin/games/orkisland/settings", url.Values{"nb_rounds": {"999999"}, "nb_orks": {"7"}}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "out of range") || !strings.Contains(body, `value="999999"`) || !strings.Contains(body, `value="7"`) {
		t.Fatalf("out-of-range setting: %d\n%s", code, body)
	}
	code, body, _ = e.post(c, "/admin/games/orkisland/settings", url.Values{"nb_rounds": {"ten"}}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "not a whole number") {
		t.Fatalf("not a number: %d", code)
	}
	// The game's own checks: a square board, enough room for the orks.
	code, body, _ = e.post(c, "/admin/games/orkisland/settings", url.Values{"rows": {"60"}}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "the board must be square: rows=60 but cols=70") {
		t.Fatalf("oblong board: %d\n%s", code, body)
	}
	code, body, _ = e.post(c, "/admin/games/orkisland/settings", url.Values{"nb_orks": {"60"}}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "too small for the orks") || !strings.Contains(body, "nb_orks=60") {
		t.Fatalf("60 orks: %d\n%s", code, body)
	}
	code, body, _ = e.post(c, "/admin/games/orkisland/settings", url.Values{"initial_health": {"0"}}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "initial_health=0 out of range") {
		t.Fatalf("no health: %d\n%s", code, body)
	}
	code, body, _ = e.post(c, "/admin/games/orkisland/settings", url.Values{"qualification_matches": {"21"}}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "qualification_matches=21 out of range") {
		t.Fatalf("21 qualification matches: %d", code)
	}
	if e.scalar("SELECT settings::text FROM games WHERE id = 'orkisland'") != "{}" {
		t.Fatalf("refused settings were stored: %s", e.scalar("SELECT settings::text FROM games WHERE id = 'orkisland'"))
	}
	code, _, _ = e.post(c, "/admin/games/orkisland/settings", url.Values{"nb_rounds": {"120"}, "nb_orks": {""}, "qualification_matches": {"6"}}, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("valid settings: %d", code)
	}
	if got := e.scalar("SELECT settings::text FROM games WHERE id = 'orkisland'"); got != `{"nb_rounds": 120, "qualification_matches": 6}` {
		t.Fatalf("stored settings: %s", got)
	}
	if _, body, _ := e.get(c, "/admin/games"); !strings.Contains(body, `value="120"`) || !strings.Contains(body, `value="6"`) {
		t.Error("the games page does not show the stored settings")
	}

	// Boards: an invalid file is refused with the parser's message.
	code, body = e.upload(c, "/admin/games/orkisland/boards", "broken", "broken.cnf", []byte("this is no board\n"))
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "not a valid Ork Island board") || !strings.Contains(body, "OrkIsland 1.0") || !strings.Contains(body, `value="broken"`) {
		t.Fatalf("invalid board: %d\n%s", code, body)
	}
	code, body = e.upload(c, "/admin/games/orkisland/boards", "", "huge.cnf", bytes.Repeat([]byte("x"), 2<<20))
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "larger than 1 MiB") {
		t.Fatalf("2 MiB board: %d", code)
	}
	code, body = e.upload(c, "/admin/games/orkisland/boards", "oblong", "oblong.cnf", []byte("OrkIsland 1.0\nrows 60\nGENERATOR1\n"))
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "impossible settings") || !strings.Contains(body, "the board must be square: rows=60 but cols=70") {
		t.Fatalf("oblong board file: %d\n%s", code, body)
	}
	if e.scalar("SELECT count(*) FROM boards") != "0" {
		t.Fatal("a refused board was stored")
	}
	data, err := os.ReadFile("../../shared/boards/orkisland-default.cnf")
	if err != nil {
		t.Fatal(err)
	}
	code, body = e.upload(c, "/admin/games/orkisland/boards", "", "orkisland-default.cnf", data)
	if code != http.StatusSeeOther {
		t.Fatalf("valid board: %d\n%s", code, body)
	}
	// The original kit's board is named after it.
	_, body, _ = e.get(c, "/admin/games")
	if !strings.Contains(body, ">original default<") || !strings.Contains(body, "nb_rounds=200") {
		t.Fatalf("the valid board is not listed:\n%s", body)
	}
	other := []byte("OrkIsland 1.0\nnb_rounds 12\nGENERATOR1\n")
	if code, _ := e.upload(c, "/admin/games/orkisland/boards", "original default", "again.cnf", other); code != http.StatusConflict {
		t.Errorf("same name twice: %d", code)
	}
	id := e.scalar("SELECT id FROM boards")
	if code, got, _ := e.get(c, "/admin/boards/"+id); code != 200 || got != string(data) {
		t.Errorf("download: %d", code)
	}
	e.post(c, "/admin/boards/"+id+"/delete", nil, nil)
	if e.scalar("SELECT count(*) FROM boards") != "0" {
		t.Fatal("the board was not deleted")
	}
}

func TestAdminBots(t *testing.T) {
	e := newAdminEnv(t)
	admin, _ := e.user(domain.RoleAdmin)
	owner, ownerID := e.user(domain.RoleStudent)
	b, v := e.newVersion(ownerID, "rusty", domain.StatusCompileError)
	c := e.login(admin)

	_, body, _ := e.get(c, "/admin/bots?q="+owner+"&game=orkisland")
	if !strings.Contains(body, "rusty") || !strings.Contains(body, "compile_error") {
		t.Fatalf("bot list:\n%s", body)
	}
	if _, body, _ := e.get(c, "/admin/bots?q=nobodyhasthisname"); strings.Contains(body, "rusty") {
		t.Error("the search does not filter")
	}

	e.post(c, fmt.Sprintf("/admin/bots/%d/disable", b.ID), nil, nil)
	if e.scalar("SELECT disabled::text FROM bots WHERE id = $1", b.ID) != "true" {
		t.Fatal("the bot was not disabled")
	}
	e.post(c, fmt.Sprintf("/admin/bots/%d/enable", b.ID), nil, nil)
	if e.scalar("SELECT disabled::text FROM bots WHERE id = $1", b.ID) != "false" {
		t.Fatal("the bot was not enabled")
	}

	// Rejudge: status back to queued and exactly one compile job for it.
	code, _, loc := e.post(c, fmt.Sprintf("/admin/versions/%d/rejudge", v.ID), url.Values{"back": {"/admin/bots?q=" + owner}}, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("rejudge: %d", code)
	}
	if !strings.Contains(e.follow(c, loc), "queued to be compiled") {
		t.Error("no flash after a rejudge")
	}
	if got := e.scalar("SELECT status || ' ' || (rejudged_at IS NOT NULL) FROM bot_versions WHERE id = $1", v.ID); got != "queued true" {
		t.Fatalf("status and rejudged after rejudge: %s", got)
	}
	res, err := e.jobs.JobList(context.Background(), river.NewJobListParams().Kinds(judge.CompileArgs{}.Kind()))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, j := range res.Jobs {
		if string(j.EncodedArgs) == fmt.Sprintf(`{"version_id": %d}`, v.ID) || string(j.EncodedArgs) == fmt.Sprintf(`{"version_id":%d}`, v.ID) {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d compile jobs for the version, want 1", n)
	}
	if code, _, _ := e.post(c, "/admin/versions/999999/rejudge", nil, nil); code != http.StatusNotFound {
		t.Errorf("unknown version: %d", code)
	}
}

func TestAdminJobs(t *testing.T) {
	e := newAdminEnv(t)
	admin, _ := e.user(domain.RoleAdmin)
	c := e.login(admin)
	ins, err := e.jobs.Insert(context.Background(), judge.PingArgs{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	id := ins.Job.ID
	state := func() string { return e.scalar("SELECT state::text FROM river_job WHERE id = $1", id) }

	_, body, _ := e.get(c, "/admin/jobs?state=available&kind=ping")
	if !strings.Contains(body, fmt.Sprintf(">%d<", id)) || !strings.Contains(body, "ping") {
		t.Fatalf("the available job is not listed:\n%s", body)
	}
	code, _, loc := e.post(c, fmt.Sprintf("/admin/jobs/%d/cancel", id), url.Values{"back": {"/admin/jobs?state=available"}}, nil)
	if code != http.StatusSeeOther || loc != "/admin/jobs?state=available" || state() != "cancelled" {
		t.Fatalf("cancel: %d to %q, state %s", code, loc, state())
	}
	_, body, _ = e.get(c, "/admin/jobs?state=cancelled")
	if !strings.Contains(body, fmt.Sprintf(">%d<", id)) || !strings.Contains(body, "Retry") {
		t.Fatalf("the cancelled job is not listed with a retry button:\n%s", body)
	}
	if code, _, _ := e.post(c, fmt.Sprintf("/admin/jobs/%d/retry", id), nil, nil); code != http.StatusSeeOther || state() != "available" {
		t.Fatalf("retry: %d, state %s", code, state())
	}
	if code, body, _ := e.post(c, "/admin/jobs/99999999/retry", nil, nil); code != http.StatusNotFound || !strings.Contains(body, "does not exist") {
		t.Errorf("unknown job: %d", code)
	}

	// Paging by River's cursor: 60 jobs make two pages.
	for i := 0; i < 60; i++ {
		if _, err := e.jobs.Insert(context.Background(), judge.PingArgs{}, nil); err != nil {
			t.Fatal(err)
		}
	}
	_, body, _ = e.get(c, "/admin/jobs?state=available")
	i := strings.Index(body, `href="/admin/jobs?after=`)
	if i < 0 {
		t.Fatalf("no next page:\n%s", body)
	}
	next := body[i+len(`href="`):]
	next = strings.ReplaceAll(next[:strings.Index(next, `"`)], "&amp;", "&")
	_, body, _ = e.get(c, next)
	if !strings.Contains(body, fmt.Sprintf(">%d<", id)) || strings.Contains(body, "Older →") {
		t.Fatalf("second page lacks the oldest job or offers a third:\n%s", body)
	}
}

func TestAdminSettingsInviteCode(t *testing.T) {
	e := newAdminEnv(t)
	admin, _ := e.user(domain.RoleAdmin)
	c := e.login(admin)

	code, body, _ := e.post(c, "/admin/settings", url.Values{"invite_code": {"has space"}, "site_name": {"My Arena"}}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "without spaces") || !strings.Contains(body, `value="My Arena"`) {
		t.Fatalf("invalid invite code: %d\n%s", code, body)
	}
	if code, _, _ := e.post(c, "/admin/settings", url.Values{"invite_code": {"ork-2026"}, "site_name": {"My Arena"}}, nil); code != http.StatusSeeOther {
		t.Fatalf("save: %d", code)
	}
	if _, body, _ := e.get(c, "/admin/settings"); !strings.Contains(body, `value="ork-2026"`) || !strings.Contains(body, `value="My Arena"`) {
		t.Fatal("the settings page does not show the saved settings")
	}
	visitor := e.browser()
	if _, body, _ := e.get(visitor, "/register"); !strings.Contains(body, `name="invite"`) {
		t.Fatal("sign-up does not ask for the invite code")
	}
	form := url.Values{"name": {"newcomer"}, "email": {"newcomer@example.org"}, "password": {"long enough"}}
	if code, _, _ := e.post(visitor, "/register", form, nil); code != http.StatusUnprocessableEntity {
		t.Fatalf("sign-up without the code: %d", code)
	}
	form.Set("invite", "ork-2026")
	if code, _, _ := e.post(visitor, "/register", form, nil); code != http.StatusSeeOther {
		t.Fatalf("sign-up with the code: %d", code)
	}
	// Empty: open registration again.
	e.post(c, "/admin/settings", url.Values{"invite_code": {""}, "site_name": {""}}, nil)
	if _, body, _ := e.get(e.browser(), "/register"); strings.Contains(body, `name="invite"`) {
		t.Fatal("sign-up still asks for a code")
	}
}

func TestAdminDashboard(t *testing.T) {
	e := newAdminEnv(t)
	admin, _ := e.user(domain.RoleAdmin)
	_, ownerID := e.user(domain.RoleStudent)
	e.newVersion(ownerID, "one", domain.StatusRejected)
	if _, err := e.jobs.Insert(context.Background(), judge.PingArgs{}, nil); err != nil {
		t.Fatal(err)
	}
	c := e.login(admin)
	_, body, _ := e.get(c, "/admin")
	for _, want := range []string{"Versions by status", "accepted", "Jobs by state", `href="/admin/jobs?state=available"`, "Finished today"} {
		if !strings.Contains(body, want) {
			t.Errorf("dashboard lacks %q", want)
		}
	}
}
