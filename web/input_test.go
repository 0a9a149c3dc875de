package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/web"
)

// formFields are the names of every field of the site's forms and API
// bodies.
var formFields = []string{"back", "board", "bot", "bot_ids", "current", "drop_count", "email", "entrants", "file",
	"final_matches", "format", "game", "group_matches", "invite", "invite_code", "kind", "ladder_board", "qualification_board", "language",
	"league_rounds", "mode", "name", "new", "next", "page", "password", "q", "qualification_matches", "role",
	"settings", "site_name", "source", "start", "state", "user", "v", "seen", "mine", "lang", "from",
	"roster", "deadline", "clear", "key", "one_per_student", "versions_before"}

// badPathValues replace a route's parameters, escaped as in a URL.
var badPathValues = []string{"%00", "a%00b", "%FF", "%E2%80%AE", "%07", "9223372036854775807", "9223372036854775808",
	"-9223372036854775809", "2147483648", "99999999999999999999999", "0", "-1", "1e309", "x"}

// badFieldValues fill every field of a query or body.
var badFieldValues = []string{"\x00", "a\x00b", "\xff", "\u202eevil", "\x07", "9223372036854775807",
	"9223372036854775808", "2147483648", "-1", "1e309", ""}

var routeParam = regexp.MustCompile(`\{[^}]*\}|\*`)

// Every route, with NUL bytes, invalid UTF-8, bidirectional overrides and
// numbers past int64 in its path, query and body, as an admin with a
// token: never a 5xx, never an ERROR log line.
func TestEveryRouteRefusesBadInputWithout5xx(t *testing.T) {
	e := newSecEnv(t, nil)
	t.Cleanup(func() {
		ctx := context.Background()
		store.SetSetting(ctx, e.s.Pool, store.SettingInviteCode, "")
		store.SetSetting(ctx, e.s.Pool, store.SettingSiteName, "")
	})
	admin, _ := e.user(domain.RoleAdmin)
	browser := e.client("203.0.113.50", "").mustLogin(admin)
	_, token := browser.apiToken(admin, secPassword)

	type route struct{ method, pattern string }
	var routes []route
	// Walk another server's routes: Handler sets up the server it is
	// called on, and e's is serving.
	err := chi.Walk((&web.Server{Pool: e.s.Pool}).Handler().(chi.Routes), func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		routes = append(routes, route{method, pattern})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(routes) < 60 {
		t.Fatalf("walked only %d routes", len(routes))
	}
	n := 0
	for _, rt := range routes {
		if rt.pattern == "/logout" {
			continue // would end the admin's session; it takes no input
		}
		for i, pv := range badPathValues {
			path := routeParam.ReplaceAllString(rt.pattern, pv)
			fv := badFieldValues[i%len(badFieldValues)]
			req := badRequest(t, e.srv.URL, rt.method, path, fv, i%2 == 1)
			if strings.HasPrefix(path, "/api/") {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("198.18.%d.%d", n/250, n%250))
			n++
			code := sendOnce(t, browser.http, req)
			if code >= 500 {
				t.Errorf("%s %s (route %s): %d", req.Method, req.URL.RequestURI(), rt.pattern, code)
			}
		}
	}
	if logs := e.logs.String(); strings.Contains(logs, "level=ERROR") {
		t.Errorf("errors logged:\n%s", logs)
	}
	if !browser.loggedIn() {
		t.Error("the admin's session did not survive the walk")
	}
	t.Logf("%d routes, %d requests", len(routes), n)
}

// badRequest builds a request of method to path with every field set to
// v: in the query for GET, else in a form (multipart when multi, with
// files) or, on the API, a JSON body.
func badRequest(t *testing.T, base, method, path, v string, multi bool) *http.Request {
	t.Helper()
	q := url.Values{}
	for _, f := range formFields {
		q.Set(f, v)
	}
	var body io.Reader
	contentType := ""
	switch {
	case method == "GET" || method == "HEAD":
		path += "?" + q.Encode()
	case strings.HasPrefix(path, "/api/"):
		m := map[string]string{}
		for _, f := range formFields {
			m[f] = v
		}
		b, _ := json.Marshal(m)
		body, contentType = bytes.NewReader(b), "application/json"
	case multi:
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		for _, f := range formFields {
			if f == "file" || f == "board" {
				fw, _ := mw.CreateFormFile(f, "x"+v)
				fw.Write([]byte(v))
			} else {
				mw.WriteField(f, v)
			}
		}
		mw.Close()
		body, contentType = &b, mw.FormDataContentType()
	default:
		body, contentType = strings.NewReader(q.Encode()), "application/x-www-form-urlencoded"
	}
	req, err := http.NewRequest(method, base+path, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return req
}

// sendOnce sends req and returns its status, without waiting for the end
// of an event stream.
func sendOnce(t *testing.T, c *http.Client, req *http.Request) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(req.Context(), 20*time.Second)
	defer cancel()
	resp, err := c.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		io.Copy(io.Discard, resp.Body)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// A bad character is refused with 422 naming the field, whichever form or
// API body it comes in; ids past int64 and NUL in a path are 404s. A bot's
// source keeps its tabs and line breaks.
func TestBadTextRefusedNamingItsField(t *testing.T) {
	e := newSecEnv(t, nil)
	t.Cleanup(func() { store.SetSetting(context.Background(), e.s.Pool, store.SettingSiteName, "") })
	admin, _ := e.user(domain.RoleAdmin)
	c := e.client("203.0.113.60", "").mustLogin(admin)
	_, token := c.apiToken(admin, secPassword)
	multipartForm := func(fields map[string]string, fileField, fileName, file string) (io.Reader, string) {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		for k, v := range fields {
			mw.WriteField(k, v)
		}
		if fileField != "" {
			fw, _ := mw.CreateFormFile(fileField, fileName)
			fw.Write([]byte(file))
		}
		mw.Close()
		return &b, mw.FormDataContentType()
	}
	form := func(kv ...string) (io.Reader, string) {
		v := url.Values{}
		for i := 0; i < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return strings.NewReader(v.Encode()), "application/x-www-form-urlencoded"
	}
	jsonBody := func(m map[string]string) (io.Reader, string) {
		b, _ := json.Marshal(m)
		return bytes.NewReader(b), "application/json"
	}
	src := botsSource("nul")
	for _, tc := range []struct {
		what, method, path, field string
		body                      func() (io.Reader, string)
	}{
		{"login name", "POST", "/login", "name", func() (io.Reader, string) { return form("name", "ad\x00min", "password", "x") }},
		{"sign-up name", "POST", "/register", "name", func() (io.Reader, string) { return form("name", "a\u202eb", "email", "a@b.c", "password", "12345678") }},
		{"source", "POST", "/games/orkisland/submit", "source", func() (io.Reader, string) { return form("bot", "b", "source", src+"\x00") }},
		{"bot name", "POST", "/games/orkisland/submit", "bot", func() (io.Reader, string) { return form("bot", "b\x00", "source", src) }},
		{"bot name with a bidi override", "POST", "/games/orkisland/submit", "bot", func() (io.Reader, string) { return form("bot", "gpj\u202eexe", "source", src) }},
		{"bot name with a tab", "POST", "/games/orkisland/submit", "bot", func() (io.Reader, string) { return form("bot", "a\tb", "source", src) }},
		{"bot name, multipart", "POST", "/games/orkisland/submit", "bot", func() (io.Reader, string) {
			return multipartForm(map[string]string{"bot": "b\x00"}, "file", "bot.go", src)
		}},
		{"board name", "POST", "/admin/games/orkisland/boards", "name", func() (io.Reader, string) {
			return multipartForm(map[string]string{"name": "map\x00"}, "board", "map.txt", "x")
		}},
		{"tournament name", "POST", "/admin/tournaments", "name", func() (io.Reader, string) { return form("name", "cup\x00", "game", "orkisland") }},
		{"site name", "POST", "/admin/settings", "site_name", func() (io.Reader, string) { return form("site_name", "Arena\x00") }},
		{"token name", "POST", "/account/tokens", "name", func() (io.Reader, string) { return form("name", "lap\x00top") }},
		{"API token name", "POST", "/api/tokens", "name", func() (io.Reader, string) {
			return jsonBody(map[string]string{"user": admin, "password": secPassword, "name": "lap\x00top"})
		}},
		{"API bot name", "POST", "/api/games/orkisland/submissions", "bot", func() (io.Reader, string) {
			return jsonBody(map[string]string{"bot": "b\x00", "source": src})
		}},
		{"API source", "POST", "/api/games/orkisland/submissions", "source", func() (io.Reader, string) {
			return jsonBody(map[string]string{"bot": "b", "source": "\x00" + src})
		}},
		{"search", "GET", "/admin/users?q=%00", "q", nil},
		{"invalid UTF-8 in a query", "GET", "/games/orkisland/leaderboard?page=%FF", "page", nil},
	} {
		var body io.Reader
		ct := ""
		if tc.body != nil {
			body, ct = tc.body()
		}
		h := http.Header{}
		if strings.HasPrefix(tc.path, "/api/") {
			h.Set("Authorization", "Bearer "+token)
		}
		r := c.do(tc.method, tc.path, ct, body, h)
		if r.code != http.StatusUnprocessableEntity || !strings.Contains(r.body, tc.field) {
			t.Errorf("%s: %d, want 422 naming %q\n%s", tc.what, r.code, tc.field, r.body)
		}
	}
	// Free text keeps tabs, line breaks and any script.
	indented := strings.ReplaceAll(src, "func main", "// \tالعربية ⟶ 日本語\r\nfunc main")
	r := c.post("/games/orkisland/submit", url.Values{"bot": {"tabs"}, "source": {indented}})
	if r.code != http.StatusSeeOther {
		t.Fatalf("a source with tabs and line breaks: %d\n%s", r.code, r.body)
	}
	bot := regexp.MustCompile(`^/bots/\d+`).FindString(r.location) // the version page of the new bot
	for _, path := range []string{bot + "/versions/9223372036854775807", bot + "/versions/2147483648",
		bot + "/versions/-1", bot + "/versions/99999999999999999999", "/bots/9223372036854775808", "/games/%00", "/games/%FF/leaderboard", "/matches/99999999999999999999",
		"/api/matches/9223372036854775808", "/api/games/%00/leaderboard"} {
		if r := c.get(path); r.code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, r.code)
		}
	}
	if logs := e.logs.String(); strings.Contains(logs, "level=ERROR") {
		t.Errorf("errors logged:\n%s", logs)
	}
}
