package web_test

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/auth"
	"arena.dev/domain"
	"arena.dev/games"
	_ "arena.dev/games/all"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/store/pgtest"
	"arena.dev/web"
)

// botsEnv is a running server on the test database with real sessions.
type botsEnv struct {
	t    *testing.T
	srv  *httptest.Server
	pool *pgxpool.Pool
}

func newBotsEnv(t *testing.T) *botsEnv {
	t.Helper()
	pool := pgtest.Pool(t)
	jobs, err := judge.NewInsertClient(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.EnsureGame(context.Background(), pool, "orkisland", "Ork Island"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer((&web.Server{Pool: pool, Jobs: jobs}).Handler())
	t.Cleanup(srv.Close)
	return &botsEnv{t: t, srv: srv, pool: pool}
}

var botsUserN int

const botsPassword = "pa55word!"

// user creates an account and returns a logged-in client and the user's id.
func (e *botsEnv) user(role string) (*http.Client, string, int64) {
	e.t.Helper()
	botsUserN++
	hash, _ := auth.HashPassword(botsPassword)
	u := &domain.User{Name: fmt.Sprintf("bots%d_%s", botsUserN, role), PasswordHash: hash, Role: role}
	u.Email = u.Name + "@example.org"
	if err := store.CreateUser(context.Background(), e.pool, u); err != nil {
		e.t.Fatal(err)
	}
	c := e.anonymous()
	resp, err := c.PostForm(e.srv.URL+"/login", url.Values{"name": {u.Name}, "password": {botsPassword}})
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		e.t.Fatalf("log in as %s: %d", u.Name, resp.StatusCode)
	}
	return c, u.Name, u.ID
}

// anonymous is a client with a cookie jar that does not follow redirects.
func (e *botsEnv) anonymous() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func (e *botsEnv) do(c *http.Client, req *http.Request) (int, string, http.Header) {
	e.t.Helper()
	resp, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), resp.Header
}

func (e *botsEnv) get(c *http.Client, path string) (int, string) {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
	code, body, _ := e.do(c, req)
	return code, body
}

// submit posts the submit form, urlencoded as a browser without a file does.
func (e *botsEnv) submit(c *http.Client, game, bot, source string) (int, string, http.Header) {
	e.t.Helper()
	form := url.Values{"bot": {bot}, "source": {source}}
	req, _ := http.NewRequest("POST", e.srv.URL+"/games/"+game+"/submit", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return e.do(c, req)
}

// upload posts the submit form as multipart with a file, as a browser
// without JavaScript does.
func (e *botsEnv) upload(c *http.Client, game, bot, text string, file []byte) (int, string, http.Header) {
	e.t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	mw.WriteField("bot", bot)
	mw.WriteField("source", text)
	fw, _ := mw.CreateFormFile("file", "bot.go")
	fw.Write(file)
	mw.Close()
	req, _ := http.NewRequest("POST", e.srv.URL+"/games/"+game+"/submit", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return e.do(c, req)
}

// botsSource is a bot that compiles (not compiled here: no workers run).
func botsSource(marker string) string {
	return "package main\n\n// " + marker + "\n\nimport \"arena.dev/games/orkisland/sdk\"\n\ntype b struct{}\n\n" +
		"func (*b) Play(*sdk.Game) {}\n\nfunc main() { sdk.Run(&b{}) }\n"
}

// textarea returns the text of the page's source editor, unescaped.
func textarea(t *testing.T, body string) string {
	t.Helper()
	_, rest, ok := strings.Cut(body, `name="source"`)
	if !ok {
		t.Fatalf("no source text area in\n%s", body)
	}
	_, rest, _ = strings.Cut(rest, ">")
	text, _, _ := strings.Cut(rest, "</textarea>")
	return html.UnescapeString(text)
}

func TestSubmitNeedsLogin(t *testing.T) {
	e := newBotsEnv(t)
	c := e.anonymous()
	req, _ := http.NewRequest("GET", e.srv.URL+"/games/orkisland/submit", nil)
	code, _, h := e.do(c, req)
	if code != http.StatusSeeOther || !strings.HasPrefix(h.Get("Location"), "/login?next=") {
		t.Fatalf("visitor on the submit page: %d %s", code, h.Get("Location"))
	}
	code, _, h = e.submit(c, "orkisland", "x", botsSource("anon"))
	if code != http.StatusSeeOther || !strings.HasPrefix(h.Get("Location"), "/login") {
		t.Fatalf("visitor submitting: %d %s", code, h.Get("Location"))
	}
	for _, path := range []string{"/bots", "/bots/1/versions/1", "/bots/events"} {
		req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
		if code, _, h := e.do(c, req); code != http.StatusSeeOther || !strings.HasPrefix(h.Get("Location"), "/login") {
			t.Errorf("visitor on %s: %d", path, code)
		}
	}
}

func TestSubmitPage(t *testing.T) {
	e := newBotsEnv(t)
	alice, _, aliceID := e.user(domain.RoleStudent)

	// No bot yet: My bots says so and offers the games.
	code, body := e.get(alice, "/bots")
	if code != 200 || !strings.Contains(body, "No bot yet") || !strings.Contains(body, `href="/games/orkisland/submit"`) {
		t.Fatalf("my bots without bots: %d\n%s", code, body)
	}

	// A first bot starts from the Null bot, named mybot.
	code, body = e.get(alice, "/games/orkisland/submit")
	kit, _ := games.KitTemplate("orkisland")
	if code != 200 || textarea(t, body) != string(kit) || !strings.Contains(body, `value="mybot"`) {
		t.Fatalf("fresh submit page: %d, text %q", code, textarea(t, body))
	}
	if !strings.Contains(body, `data-editor="go"`) || !strings.Contains(body, "/static/editor/editor.js") || !strings.Contains(body, "data-editor-file") {
		t.Fatal("the submit page has no editor or file input")
	}
	if code, _ := e.get(alice, "/games/nope/submit"); code != 404 {
		t.Fatalf("unknown game: %d", code)
	}

	// Submitting creates version 1 and its compile job, then shows it.
	src := botsSource("first version")
	code, _, h := e.submit(alice, "orkisland", "first", strings.ReplaceAll(src, "\n", "\r\n"))
	if code != http.StatusSeeOther {
		t.Fatalf("submit: %d", code)
	}
	var vid, botID int64
	var number int
	var stored string
	if err := e.pool.QueryRow(context.Background(), `SELECT v.id, v.bot_id, v.number, v.source FROM bot_versions v
		JOIN bots b ON b.id = v.bot_id WHERE b.owner_id = $1 AND b.name = 'first'`, aliceID).Scan(&vid, &botID, &number, &stored); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("/bots/%d/versions/1", botID); h.Get("Location") != want || number != 1 {
		t.Fatalf("redirected to %s, version %d; want %s", h.Get("Location"), number, want)
	}
	if stored != src {
		t.Fatalf("stored source %q, want %q (CRLF from the text area made LF)", stored, src)
	}
	var jobs int
	if err := e.pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = 'compile' AND (args->>'version_id')::bigint = $1`, vid).Scan(&jobs); err != nil {
		t.Fatal(err)
	}
	if jobs != 1 {
		t.Fatalf("%d compile jobs for the version", jobs)
	}
	code, body = e.get(alice, h.Get("Location"))
	if code != 200 || !strings.Contains(body, "first version") || !strings.Contains(body, `sse-swap="version-`+itoa(vid)+`"`) ||
		!strings.Contains(body, "is submitted") || !strings.Contains(body, `sse-connect="/bots/events?v=`+itoa(vid)+`"`) {
		t.Fatalf("version page: %d\n%s", code, body)
	}

	// The next visit offers that bot and its latest version; a file wins
	// over the text area.
	code, body = e.get(alice, "/games/orkisland/submit")
	if code != 200 || !strings.Contains(body, `value="first"`) || textarea(t, body) != src {
		t.Fatalf("submit page after a version: %d %q", code, textarea(t, body))
	}
	if _, body = e.get(alice, "/games/orkisland/submit?bot=first&from=template"); textarea(t, body) != string(kit) {
		t.Fatal("from=template does not give the Null bot")
	}
	if _, body = e.get(alice, "/games/orkisland/submit?new=1"); !strings.Contains(body, `value="mybot"`) || textarea(t, body) != string(kit) {
		t.Fatal("new=1 does not give a new name and the Null bot")
	}
	code, _, h = e.upload(alice, "orkisland", "first", "ignored", []byte(botsSource("uploaded")))
	if code != http.StatusSeeOther || h.Get("Location") != fmt.Sprintf("/bots/%d/versions/2", botID) {
		t.Fatalf("upload: %d %s", code, h.Get("Location"))
	}
	if _, body = e.get(alice, "/games/orkisland/submit?bot=first"); !strings.Contains(textarea(t, body), "uploaded") {
		t.Fatal("the uploaded file is not the latest version")
	}

	// My bots lists it, with its status followed live.
	code, body = e.get(alice, "/bots")
	if code != 200 || !strings.Contains(body, "first") || !strings.Contains(body, "/bots/events?v=") ||
		!strings.Contains(body, fmt.Sprintf("/bots/%d/versions/2", botID)) || !strings.Contains(body, "queued") {
		t.Fatalf("my bots: %d\n%s", code, body)
	}
}

// A file that is not UTF-8 (Latin-1, as older editors on Windows save
// it) is converted from Latin-1, never with U+FFFD in place of its
// letters, and the user is told; an uploaded UTF-8 file is taken as it is.
func TestSubmitLatin1Converted(t *testing.T) {
	e := newBotsEnv(t)
	alice, _, aliceID := e.user(domain.RoleStudent)
	latin1 := []byte(botsSource("posici\xf3n \x93quoted\x94"))
	code, _, h := e.upload(alice, "orkisland", "latin", "", latin1)
	if code != http.StatusSeeOther {
		t.Fatalf("a Latin-1 file: %d", code)
	}
	_, page := e.get(alice, h.Get("Location"))
	if !strings.Contains(html.UnescapeString(page), "bot.go was not UTF-8 text: it was read as Latin-1") {
		t.Errorf("the version page does not say the file was converted:\n%.2000s", page)
	}
	var src string
	if err := e.pool.QueryRow(context.Background(), `SELECT v.source FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		WHERE b.owner_id = $1 AND b.name = 'latin'`, aliceID).Scan(&src); err != nil {
		t.Fatal(err)
	}
	if want := botsSource("posición “quoted”"); src != want {
		t.Errorf("stored source:\n%q\nwant\n%q", src, want)
	}
	utf := []byte(botsSource("posición ✓"))
	code, _, h = e.upload(alice, "orkisland", "latin", "", utf)
	if code != http.StatusSeeOther {
		t.Fatalf("a UTF-8 file: %d", code)
	}
	if _, page := e.get(alice, h.Get("Location")); strings.Contains(page, "not UTF-8") {
		t.Error("a UTF-8 file is said to be converted")
	}
}

func TestSubmitRefusedKeepsText(t *testing.T) {
	e := newBotsEnv(t)
	alice, _, aliceID := e.user(domain.RoleStudent)

	code, body, _ := e.submit(alice, "orkisland", "keep", "  \n\t")
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "empty") || !strings.Contains(body, `value="keep"`) {
		t.Fatalf("empty source: %d\n%s", code, body)
	}
	// Over the source limit but within the body limit: refused by the
	// judge with 413, as over the body limit, every byte given back.
	// (URL-encoding triples "<" and "&": the page posts multipart, which
	// does not.)
	big := botsSource("too <big> & bold") + "// " + strings.Repeat("x", service.MaxSource) + "\n"
	code, body, _ = e.submit(alice, "orkisland", "keep", big)
	if code != http.StatusRequestEntityTooLarge || textarea(t, body) != big || !strings.Contains(body, "limit") {
		t.Fatalf("oversized source: %d, text kept: %v", code, textarea(t, body) == big)
	}
	big = botsSource("too big") + "// " + strings.Repeat("<x&", service.MaxSource/3) + "\n"
	code, body, _ = e.upload(alice, "orkisland", "keep", "", []byte(big))
	if code != http.StatusRequestEntityTooLarge || textarea(t, body) != big {
		t.Fatalf("oversized file: %d, text kept: %v", code, textarea(t, body) == big)
	}
	// A 333 KB file (one a lab really loaded): within the body limit,
	// refused with its text.
	big = botsSource("333 KB") + "// " + strings.Repeat("x", 333<<10) + "\n"
	code, body, _ = e.upload(alice, "orkisland", "keep", "", []byte(big))
	if code != http.StatusRequestEntityTooLarge || textarea(t, body) != big {
		t.Fatalf("a 333 KB file: %d, text kept: %v", code, textarea(t, body) == big)
	}
	// Over the body limit (what the editor loads, 1 MiB, and more): 413,
	// nothing stored; the page tells the editor the text was not read, and
	// the editor puts back the text the browser kept
	// (TestSubmitKeepsTextBrowser).
	huge := strings.Repeat("x", 1<<20+128<<10)
	code, body, _ = e.submit(alice, "orkisland", "keep", huge)
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "Back") || !strings.Contains(body, "data-text-lost") {
		t.Fatalf("huge body: %d\n%.500s", code, body)
	}
	code, _, _ = e.upload(alice, "orkisland", "keep", "", []byte(huge))
	if code != http.StatusRequestEntityTooLarge {
		t.Fatalf("huge file: %d", code)
	}
	var n int
	if err := e.pool.QueryRow(context.Background(), `SELECT count(*) FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		WHERE b.owner_id = $1 AND b.name = 'keep'`, aliceID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("%d versions stored from refused submissions", n)
	}

	// A limit (here: versions waiting to compile, as no worker runs; the
	// refusals above do not count), then 429 with the text kept.
	for i := range service.MaxQueuedCompiles {
		if code, _, _ := e.submit(alice, "orkisland", "keep", botsSource(fmt.Sprint("ok ", i))); code != http.StatusSeeOther {
			t.Fatalf("submission %d: %d", i, code)
		}
	}
	src := botsSource("one too many")
	code, body, h := e.submit(alice, "orkisland", "keep", src)
	if code != http.StatusTooManyRequests || textarea(t, body) != src || h.Get("Retry-After") == "" {
		t.Fatalf("rate limit: %d, text kept: %v", code, textarea(t, body) == src)
	}
}

func TestVersionPagePrivate(t *testing.T) {
	e := newBotsEnv(t)
	ctx := context.Background()
	alice, aliceName, aliceID := e.user(domain.RoleStudent)
	bob, _, _ := e.user(domain.RoleStudent)
	admin, _, _ := e.user(domain.RoleAdmin)

	_, _, h := e.submit(alice, "orkisland", "secretbot", botsSource("alice-secret-source"))
	page := h.Get("Location")
	vid := e.versionOf(aliceID, "secretbot")
	// A compile error and a match with a debug log.
	if err := store.SetCompileError(ctx, e.pool, vid, "bot.go:3:2: undefined: foo\nbot.go:7: syntax error"); err != nil {
		t.Fatal(err)
	}
	seats := []domain.Seat{{VersionID: &vid}, {Builtin: "Dummy"}, {Builtin: "Dummy"}, {Builtin: "Dummy"}}
	m := &domain.Match{GameID: "orkisland", Kind: domain.KindQualification, Seed: 1, BotVersionID: &vid}
	if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
		t.Fatal(err)
	}
	out := []store.SeatOutcome{{Score: 30, Rank: 1, Log: "alice-secret-debug"}, {Score: 20, Rank: 2}, {Score: 10, Rank: 3}, {Score: 5, Rank: 4}}
	if err := store.FinishMatch(ctx, e.pool, m.ID, "replay/none", false, out); err != nil {
		t.Fatal(err)
	}

	code, body := e.get(alice, page)
	for _, want := range []string{"alice-secret-source", "alice-secret-debug", `data-goto-line="3"`, `data-goto-line="7"`,
		"undefined: foo", "/matches/" + itoa(m.ID), "compile error"} {
		if code != 200 || !strings.Contains(body, want) {
			t.Fatalf("owner's version page: %d, lacks %q\n%s", code, want, body)
		}
	}
	if code, body := e.get(alice, page+"/live"); code != 200 || !strings.Contains(body, "alice-secret-debug") {
		t.Fatalf("owner's live part: %d", code)
	}

	// Bob learns nothing: the same 404 as for a version that does not exist.
	_, missing := e.get(bob, "/bots/999999/versions/1")
	for _, path := range []string{page, page + "/live", "/bots", "/games/orkisland/submit?bot=secretbot",
		"/games/orkisland/submit?bot=secretbot&from=latest"} {
		code, body := e.get(bob, path)
		if strings.Contains(body, "alice-secret") || strings.Contains(body, "undefined: foo") {
			t.Errorf("bob sees alice's source or logs on %s", path)
		}
		if strings.HasPrefix(path, page) && (code != 404 || body != missing) {
			t.Errorf("bob on %s: %d, not the plain 404", path, code)
		}
	}

	// An admin sees it all, and whose it is.
	code, body = e.get(admin, page)
	if code != 200 || !strings.Contains(body, "alice-secret-source") || !strings.Contains(body, "alice-secret-debug") ||
		!strings.Contains(body, aliceName) {
		t.Fatalf("admin on the version page: %d", code)
	}
}

// The version page says when a worker last rebuilt the version against a
// new SDK of its game, and nothing before.
func TestVersionPageRebuilt(t *testing.T) {
	e := newBotsEnv(t)
	ctx := context.Background()
	alice, _, aliceID := e.user(domain.RoleStudent)
	_, _, h := e.submit(alice, "orkisland", "upgraded", botsSource("upgraded"))
	page := h.Get("Location")
	vid := e.versionOf(aliceID, "upgraded")
	if err := store.SetCompiled(ctx, e.pool, vid, "", "feedface", "old-sdk"); err != nil {
		t.Fatal(err)
	}
	if _, body := e.get(alice, page); strings.Contains(body, "version-rebuilt") {
		t.Fatal("a version never rebuilt says it was")
	}
	if err := store.SetRebuilt(ctx, e.pool, vid, "beefcafe", "new-sdk"); err != nil {
		t.Fatal(err)
	}
	if code, body := e.get(alice, page); code != 200 || !strings.Contains(body, `class="version-rebuilt"`) || !strings.Contains(body, "rebuilt just now") {
		t.Fatalf("rebuilt version's page: %d\n%s", code, body)
	}
	v, err := store.VersionByID(ctx, e.pool, vid)
	if err != nil || *v.ArtifactSHA256 != "beefcafe" || *v.SDKKey != "new-sdk" || v.Status != domain.StatusQualifying {
		t.Fatalf("rebuilt version: %+v, %v", v, err)
	}
}
