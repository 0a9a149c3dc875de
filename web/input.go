package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"arena.dev/templates"
	"arena.dev/web/response"
)

// Text input is checked here, once, for every route, before any handler
// sees it: the path, the query string, and the fields of form and JSON
// bodies. A bad path names nothing (404); a bad field is refused with 422
// naming it. Every value refuses what PostgreSQL's text cannot hold (NUL,
// bytes that are not UTF-8); every field but the free-text ones (a bot's
// source, passwords) also refuses control characters and the invisible
// characters that reorder text (bidirectional overrides), which would let
// a bot or user name pass for another on a leaderboard. Uploaded files are
// their handler's to check (a source file goes through service.Submit, a
// board through its game's parser).

// freeTextFields may hold any text: tabs, line breaks, other scripts.
var freeTextFields = map[string]bool{"source": true, "password": true, "current": true, "new": true,
	"roster": true} // a class roster: lines of CSV, checked line by line (roster.go)

// maxCheckedBody is the largest body any route accepts (a board upload
// with its form; a submission is smaller). A longer body is not read here:
// its route's own limit refuses it.
const maxCheckedBody = adminMaxBoardBytes + maxFormBytes

// checkInput refuses requests with bad text before they reach a handler.
func (s *Server) checkInput(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if textProblem(r.URL.Path, false) != "" {
			s.inputRefused(w, r, http.StatusNotFound, "")
			return
		}
		for _, f := range requestFields(r) {
			if p := textProblem(f.value, freeTextFields[f.name]); p != "" {
				s.inputRefused(w, r, http.StatusUnprocessableEntity, fmt.Sprintf("the field %q contains %s, which is not allowed", f.name, p))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// textProblem describes what is wrong with v, or "" when nothing is; free
// text may hold control characters and bidirectional controls.
func textProblem(v string, free bool) string {
	if !utf8.ValidString(v) {
		return "bytes that are not UTF-8 text"
	}
	for _, c := range v {
		switch {
		case c == 0:
			return "a NUL character"
		case free:
		case unicode.IsControl(c):
			return fmt.Sprintf("a control character (U+%04X)", c)
		case bidiControl(c):
			return fmt.Sprintf("an invisible character that reorders text (U+%04X)", c)
		}
	}
	return ""
}

// bidiControl reports the characters that change the direction of the
// text around them: embeddings, overrides, isolates and marks.
func bidiControl(c rune) bool {
	return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)
}

// inputRefused answers a refused request: JSON on the API, else the site's
// error page (404 or 422).
func (s *Server) inputRefused(w http.ResponseWriter, r *http.Request, status int, msg string) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		if status == http.StatusNotFound {
			msg = "no such API route"
		}
		response.APIError(w, status, msg)
		return
	}
	// The error page shows the session's user: load it as the pages do.
	page := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if status == http.StatusNotFound {
			s.notFound(w, r)
			return
		}
		s.render(w, r, status, templates.ErrorPage(s.page(r, "Refused", ""), status, capitalize(msg)+"."))
	})
	s.sessions.LoadAndSave(s.loadUser(page)).ServeHTTP(w, r)
}

type field struct{ name, value string }

// requestFields returns the query's fields and those of a form or JSON
// body, leaving the body to be read again by the handler. A body that does
// not parse gives no fields: its handler refuses it.
func requestFields(r *http.Request) []field {
	var out []field
	out = appendValues(out, r.URL.Query())
	if r.Body == nil || r.Body == http.NoBody || r.Method == http.MethodGet || r.Method == http.MethodHead {
		return out
	}
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "application/x-www-form-urlencoded" && ct != "multipart/form-data" && ct != "application/json" &&
		!(ct == "" && strings.HasPrefix(r.URL.Path, "/api/")) {
		return out
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxCheckedBody+1))
	// The handler reads the body as sent: what was read here, then the rest.
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), r.Body), r.Body}
	if err != nil || len(body) > maxCheckedBody {
		return out // a broken or too long body: the handler refuses it
	}
	switch ct {
	case "application/x-www-form-urlencoded":
		vs, _ := url.ParseQuery(string(body))
		out = appendValues(out, vs)
	case "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			if p.FileName() == "" {
				v, _ := io.ReadAll(p)
				out = append(out, field{p.FormName(), string(v)})
			}
		}
	default:
		var v any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if dec.Decode(&v) == nil {
			out = appendJSON(out, "", v)
		}
	}
	return out
}

func appendValues(out []field, vs url.Values) []field {
	keys := make([]string, 0, len(vs))
	for k := range vs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		out = append(out, field{k, k}) // the name itself is text too
		for _, v := range vs[k] {
			out = append(out, field{k, v})
		}
	}
	return out
}

// appendJSON adds the strings of a JSON value, each under the name of the
// member it is in.
func appendJSON(out []field, name string, v any) []field {
	switch v := v.(type) {
	case string:
		out = append(out, field{name, v})
	case []any:
		for _, e := range v {
			out = appendJSON(out, name, e)
		}
	case map[string]any:
		for k, e := range v {
			out = append(out, field{k, k})
			out = appendJSON(out, k, e)
		}
	}
	return out
}
