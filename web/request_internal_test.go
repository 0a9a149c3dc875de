package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// The request readers return values or a refusal, and never write: the
// handler answers with the refusal's status and message.
func TestDecodeJSONRefuses(t *testing.T) {
	for _, c := range []struct {
		body   string
		status int // 0: decoded
		msg    string
	}{
		{`{"name": "x"}`, 0, ""},
		{`{"name": "` + strings.Repeat("x", 2<<10) + `"}`, http.StatusRequestEntityTooLarge, "request body too large: the limit is 1 KB"},
		{`{"name": `, http.StatusBadRequest, "invalid JSON: unexpected EOF"},
		{`{"other": 1}`, http.StatusBadRequest, `invalid JSON: json: unknown field "other"`},
	} {
		w := httptest.NewRecorder()
		var v struct {
			Name string `json:"name"`
		}
		err := decodeJSON(w, httptest.NewRequest("POST", "/api/x", strings.NewReader(c.body)), 1<<10, &v)
		if w.Code != http.StatusOK || w.Body.Len() > 0 || len(w.Header()) > 0 {
			t.Errorf("%.20s: decodeJSON wrote a response: %d %q", c.body, w.Code, w.Body)
		}
		switch {
		case c.status == 0 && (err != nil || v.Name != "x"):
			t.Errorf("%s: %v, name %q", c.body, err, v.Name)
		case c.status != 0 && (errorStatus(err) != c.status || userMessage(context.Background(), err) != c.msg):
			t.Errorf("%.20s: %d %q, want %d %q", c.body, errorStatus(err), userMessage(context.Background(), err), c.status, c.msg)
		}
	}
}

// Both submit paths work out the language here: asked for, else by the
// file's extension, else Go; an unknown extension is refused (422).
func TestSubmitLanguage(t *testing.T) {
	for _, c := range []struct{ asked, file, want string }{
		{"", "", "go"},
		{"cpp", "", "cpp"},
		{"", "AIFoo.cc", "cpp"},
		{"", "dir/AIFoo.CPP", "cpp"},
		{"go", "x.cc", "go"},
		{"", "bot.rs", ""},
	} {
		got, err := submitLanguage(c.asked, c.file)
		if c.want == "" {
			if errorStatus(err) != http.StatusUnprocessableEntity || !strings.Contains(userMessage(context.Background(), err), `cannot tell the language of "bot.rs"`) {
				t.Errorf("%q %q: %q, %v; want a 422 refusal", c.asked, c.file, got, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q %q: %q, %v; want %q", c.asked, c.file, got, err, c.want)
		}
	}
}

// The tournament form is read before anything is stored; what is wrong
// with it is a 422 refusal naming the field.
func TestReadTournament(t *testing.T) {
	form := func(kv ...string) url.Values {
		f := url.Values{"name": {"Final"}, "game": {"orkisland"}, "format": {"elimination"},
			"group_matches": {"3"}, "final_matches": {"5"}, "drop_count": {"2"}, "settings": {"nb_rounds=100"}}
		for i := 0; i < len(kv); i += 2 {
			f.Set(kv[i], kv[i+1])
		}
		return f
	}
	tr, err := readTournament(form("start", "2030-01-02T03:04"), []int64{7}, nil)
	if err != nil || tr.Name != "Final" || tr.Settings["nb_rounds"] != 100 || tr.StartAt.Year() != 2030 ||
		tr.GroupMatches != 3 || tr.DropCount != 2 || len(tr.BoardIDs) != 1 || tr.BotIDs != nil {
		t.Fatalf("%+v, %v", tr, err)
	}
	for _, c := range []struct {
		form url.Values
		bots []int64
		msg  string
	}{
		{form("name", " "), nil, "the name must have 1 to 100 characters"},
		{form("settings", "nb_rounds"), nil, `settings: "nb_rounds" is not name=number`},
		{form("drop_count", "two"), nil, `K: "two" is not a whole number`},
		{form("entrants", "list"), []int64{1}, "tick at least two bots, or choose every student's bot"},
		{form("start", "tomorrow"), nil, `start: "tomorrow" is not a date and time`},
	} {
		_, err := readTournament(c.form, nil, c.bots)
		if errorStatus(err) != http.StatusUnprocessableEntity || userMessage(context.Background(), err) != c.msg {
			t.Errorf("%v: %v, want the refusal %q", c.form, err, c.msg)
		}
	}
}
