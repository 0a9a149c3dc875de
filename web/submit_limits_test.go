package web_test

import (
	"bytes"
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"arena.dev/domain"
	"arena.dev/service"
)

// submitter is a logged-in student with an API token.
type submitter struct {
	e     *secEnv
	c     *secClient
	id    int64
	token string
}

func (e *secEnv) submitter(addr string) *submitter { return e.submitterAs(addr, domain.RoleStudent) }

func (e *secEnv) submitterAs(addr, role string) *submitter {
	name, id := e.user(role)
	c := e.client(addr, "").mustLogin(name)
	_, token := c.apiToken(name, secPassword)
	return &submitter{e: e, c: c, id: id, token: token}
}

// page submits through the submit page.
func (s *submitter) page(bot, source string) secResponse {
	s.e.t.Helper()
	return s.c.post("/games/orkisland/submit", url.Values{"bot": {bot}, "source": {source}})
}

// api submits through the API.
func (s *submitter) api(bot, source string) secResponse {
	s.e.t.Helper()
	return s.c.do("POST", "/api/games/orkisland/submissions", "application/json",
		strings.NewReader(`{"bot":`+strconv.Quote(bot)+`,"source":`+strconv.Quote(source)+`}`),
		http.Header{"Authorization": {"Bearer " + s.token}})
}

// judged gives the user's queued versions a verdict, as the judge would.
func (s *submitter) judged(status string) {
	s.e.t.Helper()
	if _, err := s.e.s.Pool.Exec(context.Background(), `UPDATE bot_versions v SET status = $2 FROM bots b
		WHERE b.id = v.bot_id AND b.owner_id = $1 AND v.status = 'queued'`, s.id, status); err != nil {
		s.e.t.Fatal(err)
	}
}

func (s *submitter) versions() int {
	s.e.t.Helper()
	var n int
	if err := s.e.s.Pool.QueryRow(context.Background(), `SELECT count(*) FROM bot_versions v JOIN bots b ON b.id = v.bot_id
		WHERE b.owner_id = $1`, s.id).Scan(&n); err != nil {
		s.e.t.Fatal(err)
	}
	return n
}

// Each user may have service.MaxQueuedCompiles versions waiting to compile
// at once, and service.MaxRecentSubmissions in any service.SubmitWindow;
// versions the compiler refused do not count. The page and the API share
// the limits.
func TestSubmissionLimits(t *testing.T) {
	e := newSecEnv(t, nil)
	s := e.submitter("203.0.113.70")
	src := botsSource("limits")

	// No worker runs: every version stays queued.
	for i := range service.MaxQueuedCompiles {
		if r := s.page("q", src); r.code != http.StatusSeeOther {
			t.Fatalf("submission %d: %d\n%s", i, r.code, r.body)
		}
	}
	r := s.page("q", src)
	if r.code != http.StatusTooManyRequests || !strings.Contains(r.body, "waiting to compile") || r.header.Get("Retry-After") == "" {
		t.Fatalf("one more while %d wait to compile: %d (Retry-After %q)\n%s", service.MaxQueuedCompiles, r.code, r.header.Get("Retry-After"), r.body)
	}
	if r := s.api("q", src); r.code != http.StatusTooManyRequests || !strings.Contains(r.body, "waiting to compile") {
		t.Fatalf("the same through the API: %d %s", r.code, r.body)
	}

	// The compiler refuses them all: none counts, and the queue is free.
	s.judged(domain.StatusCompileError)
	for i := range service.MaxRecentSubmissions {
		if i > 0 && i%service.MaxQueuedCompiles == 0 {
			s.judged(domain.StatusAccepted) // the compiler took those
		}
		submit := s.page
		if i%2 == 1 {
			submit = s.api
		}
		if r := submit("counted", src); r.code != http.StatusSeeOther && r.code != http.StatusCreated {
			t.Fatalf("submission %d after refused compiles: %d\n%s", i, r.code, r.body)
		}
	}
	s.judged(domain.StatusAccepted)
	before := s.versions()
	for _, submit := range []func(string, string) secResponse{s.page, s.api} {
		r := submit("counted", src)
		retry, _ := strconv.Atoi(r.header.Get("Retry-After"))
		if r.code != http.StatusTooManyRequests || !strings.Contains(r.body, "do not count") || retry < 1 || retry > int(service.SubmitWindow.Seconds()) {
			t.Errorf("submission past the limit: %d (Retry-After %q)\n%s", r.code, r.header.Get("Retry-After"), r.body)
		}
	}
	if s.versions() != before {
		t.Fatal("a refused submission was stored")
	}
	// Once the window has passed, the user submits again.
	if _, err := e.s.Pool.Exec(context.Background(), `UPDATE bot_versions v SET created_at = v.created_at - $2::interval FROM bots b
		WHERE b.id = v.bot_id AND b.owner_id = $1`, s.id, service.SubmitWindow); err != nil {
		t.Fatal(err)
	}
	if r := s.api("counted", src); r.code != http.StatusCreated {
		t.Fatalf("after the window: %d %s", r.code, r.body)
	}

	// Admins, who run the course and try every game at once, have no limits.
	a := e.submitterAs("203.0.113.71", domain.RoleAdmin)
	for i := range service.MaxQueuedCompiles + service.MaxRecentSubmissions {
		if r := a.api("admin", src); r.code != http.StatusCreated {
			t.Fatalf("admin submission %d: %d %s", i, r.code, r.body)
		}
	}
}

// A game the admin disabled takes no submissions, by the page or the API.
func TestDisabledGameRefusesSubmissions(t *testing.T) {
	e := newSecEnv(t, nil)
	admin, _ := e.user(domain.RoleAdmin)
	boss := e.client("203.0.113.80", "").mustLogin(admin)
	s := e.submitter("203.0.113.81")
	t.Cleanup(func() {
		e.s.Pool.Exec(context.Background(), "UPDATE games SET enabled = true WHERE id = 'orkisland'")
	})
	if r := boss.post("/admin/games/orkisland/disable", nil); r.code != http.StatusSeeOther {
		t.Fatalf("disable: %d", r.code)
	}
	src := botsSource("closed")
	if r := s.c.get("/games/orkisland/submit"); r.code != http.StatusNotFound {
		t.Errorf("submit page of a disabled game: %d, want 404", r.code)
	}
	if r := s.page("b", src); r.code != http.StatusNotFound {
		t.Errorf("page submission to a disabled game: %d, want 404", r.code)
	}
	if r := s.api("b", src); r.code != http.StatusUnprocessableEntity || !strings.Contains(r.body, "disabled") {
		t.Errorf("API submission to a disabled game: %d %s, want 422", r.code, r.body)
	}
	if n := s.versions(); n != 0 {
		t.Fatalf("%d versions stored for a disabled game", n)
	}
	if r := boss.post("/admin/games/orkisland/enable", nil); r.code != http.StatusSeeOther {
		t.Fatalf("enable: %d", r.code)
	}
	if r := s.api("b", src); r.code != http.StatusCreated {
		t.Errorf("API submission once enabled again: %d %s", r.code, r.body)
	}
}

// A source over service.MaxSource is a 413, as docs/api.md says, whether the
// body is within the request limit (the judge refuses it) or not; a NUL
// in an uploaded source file is a 422.
func TestSourceOverLimit(t *testing.T) {
	e := newSecEnv(t, nil)
	s := e.submitter("203.0.113.90")
	for _, size := range []int{service.MaxSource + 1, service.MaxSource + 100<<10} {
		r := s.api("big", strings.Repeat("x", size))
		if r.code != http.StatusRequestEntityTooLarge || !strings.Contains(r.body, "limit") {
			t.Errorf("API source of %d bytes: %d %s, want 413", size, r.code, r.body)
		}
	}
	docs, err := readDoc("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(docs, "`413` when the source is over 256 KB") {
		t.Error("docs/api.md does not promise the 413")
	}
	var b strings.Builder
	b.WriteString(botsSource("nul"))
	b.WriteByte(0)
	body, ct := multipartSubmission("nul", b.String())
	if r := s.c.do("POST", "/games/orkisland/submit", ct, body, nil); r.code != http.StatusUnprocessableEntity || !strings.Contains(r.body, "NUL") {
		t.Errorf("a source file with a NUL byte: %d, want 422 naming it", r.code)
	}
	if n := s.versions(); n != 0 {
		t.Fatalf("%d versions stored from refused submissions", n)
	}
}

func readDoc(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

// multipartSubmission is the submit form with the source as a file.
func multipartSubmission(bot, source string) (io.Reader, string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	mw.WriteField("bot", bot)
	fw, _ := mw.CreateFormFile("file", "bot.go")
	fw.Write([]byte(source))
	mw.Close()
	return &b, mw.FormDataContentType()
}
