package web_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/games/gametest/fake"
	"arena.dev/store"
)

// The C++ paths run on the framework's fake game, Race, which offers Go
// and C++ (its C++ SDK is games/gametest/fake/cpp); its variant Race
// (sprint) offers Go only. The real games turn C++ on as their SDKs land.

// cppSource is a Race player in C++ (not compiled here: no workers run).
func cppSource(marker string) string {
	return "#include \"Player.hh\"\n// " + marker + "\n#define PLAYER_NAME Mine\nstruct PLAYER_NAME : public Player {\n" +
		"  static Player* factory() { return new PLAYER_NAME; }\n  virtual void play() { step(1); }\n};\nRegisterPlayer(PLAYER_NAME);\n"
}

// uploadAs posts the submit form as multipart with a file of that name, and
// the language field when it is not "".
func (e *botsEnv) uploadAs(c *http.Client, game, bot, language, fileName string, file []byte) (int, string, http.Header) {
	e.t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	mw.WriteField("bot", bot)
	mw.WriteField("source", "")
	if language != "" {
		mw.WriteField("language", language)
	}
	fw, _ := mw.CreateFormFile("file", fileName)
	fw.Write(file)
	mw.Close()
	req, _ := http.NewRequest("POST", e.srv.URL+"/games/"+game+"/submit", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return e.do(c, req)
}

func (e *botsEnv) latestVersion(ownerID int64, bot string) (id, botID int64, language, source string) {
	e.t.Helper()
	if err := e.pool.QueryRow(context.Background(), `SELECT v.id, v.bot_id, v.language, v.source FROM bot_versions v
		JOIN bots b ON b.id = v.bot_id WHERE b.owner_id = $1 AND b.name = $2 ORDER BY v.number DESC LIMIT 1`,
		ownerID, bot).Scan(&id, &botID, &language, &source); err != nil {
		e.t.Fatal(err)
	}
	return id, botID, language, source
}

// The submit page offers a game's languages, each with its starter; a
// submission records its language, from the select or from the uploaded
// file's extension; a language the game does not take is refused with the
// text kept; a bot may switch language between versions.
func TestSubmitInCpp(t *testing.T) {
	e := newBotsEnv(t)
	for id, title := range map[string]string{fake.ID: "Race", fake.SprintID: "Race (sprint)"} {
		if err := store.EnsureGame(context.Background(), e.pool, id, title); err != nil {
			t.Fatal(err)
		}
	}
	alice, _, aliceID := e.user(domain.RoleStudent)
	bob, _, _ := e.user(domain.RoleStudent) // alice submits up to the rate limit

	// Race takes Go and C++: a select, Go's starter by default, C++'s on request.
	code, body := e.get(alice, "/games/"+fake.ID+"/submit")
	goKit, _ := games.KitTemplate(fake.ID)
	cppKit, _ := games.CppBotProgram(fake.ID, "Null")
	if code != 200 || textarea(t, body) != string(goKit) || !strings.Contains(body, `data-editor="go"`) {
		t.Fatalf("fresh submit page: %d, text %q", code, textarea(t, body))
	}
	for _, want := range []string{`<select name="language" data-editor-language="source">`, `value="cpp"`, `data-editor-mode="cpp"`,
		`data-file="bot.cc"`, `data-exts=".cc .cpp"`, `data-editor-starter="cpp"`, `accept=".go,.cc,.cpp,text/plain"`, "the C++ starter (AINull.cc)", "the Go starter (main.go)"} {
		if !strings.Contains(body, want) {
			t.Errorf("the submit page lacks %s", want)
		}
	}
	code, body = e.get(alice, "/games/"+fake.ID+"/submit?from=template&lang=cpp")
	if code != 200 || textarea(t, body) != string(cppKit) || !strings.Contains(body, `data-editor="cpp"`) ||
		!strings.Contains(body, `<option value="cpp" selected`) || !strings.Contains(body, ">bot.cc</label>") {
		t.Fatalf("C++ starter: %d, text %q", code, textarea(t, body))
	}
	// A Go-only game has no select.
	if _, body := e.get(alice, "/games/"+fake.SprintID+"/submit"); strings.Contains(body, `<select name="language"`) ||
		!strings.Contains(body, `<input type="hidden" name="language" value="go">`) {
		t.Error("a Go-only game offers a language select")
	}

	// An uploaded AIFoo.cc is C++ whatever the select says.
	src := cppSource("first")
	if code, body, _ := e.uploadAs(alice, fake.ID, "racer", "go", "AIRacer.cc", []byte(src)); code != http.StatusSeeOther {
		t.Fatalf("upload AIRacer.cc: %d\n%s", code, body)
	}
	vid, botID, language, stored := e.latestVersion(aliceID, "racer")
	if language != "cpp" || stored != src {
		t.Fatalf("stored %q in %q", stored, language)
	}
	// The form's language, without a file; a .cpp file.
	if code, _, _ := e.submitIn(alice, fake.ID, "racer", "cpp", cppSource("second")); code != http.StatusSeeOther {
		t.Fatalf("submit C++: %d", code)
	}
	if _, _, language, _ := e.latestVersion(aliceID, "racer"); language != "cpp" {
		t.Fatalf("second version in %q", language)
	}
	if code, _, _ := e.uploadAs(alice, fake.ID, "other", "", "bot.cpp", []byte(cppSource("cpp ext"))); code != http.StatusSeeOther {
		t.Fatalf("upload bot.cpp: %d", code)
	}
	if _, _, language, _ := e.latestVersion(aliceID, "other"); language != "cpp" {
		t.Fatalf(".cpp stored in %q", language)
	}
	// The same bot, now in Go: versions may switch language.
	if code, _, _ := e.submitIn(alice, fake.ID, "racer", "go", "package main\n\nfunc main() {}\n"); code != http.StatusSeeOther {
		t.Fatalf("submit Go: %d", code)
	}
	if _, _, language, _ := e.latestVersion(aliceID, "racer"); language != "go" {
		t.Fatalf("third version in %q", language)
	}
	// "Submit a new version" starts from the latest, in its language.
	code, body = e.get(alice, "/games/"+fake.ID+"/submit?bot=other")
	if code != 200 || !strings.Contains(body, `data-editor="cpp"`) || !strings.Contains(textarea(t, body), "cpp ext") {
		t.Fatalf("latest C++ version: %d, text %q", code, textarea(t, body))
	}

	// C++ for a game that takes Go only: refused, nothing stored, text kept.
	before := e.count(`SELECT count(*) FROM bot_versions`)
	code, body, _ = e.submitIn(bob, fake.SprintID, "sprinter", "cpp", cppSource("refused"))
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "Race (sprint) does not take bots in C++; it takes Go.") ||
		textarea(t, body) != cppSource("refused") {
		t.Fatalf("C++ for Race (sprint): %d\n%s", code, body)
	}
	code, body, _ = e.submitIn(bob, fake.ID, "racer", "cobol", "IDENTIFICATION DIVISION.")
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, `Unknown language &#34;cobol&#34;`) ||
		textarea(t, body) != "IDENTIFICATION DIVISION." {
		t.Fatalf("COBOL: %d\n%s", code, body)
	}
	if after := e.count(`SELECT count(*) FROM bot_versions`); after != before {
		t.Fatalf("a refused submission stored a version: %d → %d", before, after)
	}

	// The version page says C++, shows the source in the C++ editor and
	// links the compile log's bot.cc positions to their lines.
	log := "bot.cc:6:40: error: use of undeclared identifier 'stp'\n  virtual void play() { stp(1); }\n"
	if err := store.SetCompileError(context.Background(), e.pool, vid, log); err != nil {
		t.Fatal(err)
	}
	code, body = e.get(alice, fmt.Sprintf("/bots/%d/versions/1", botID))
	for _, want := range []string{`<span class="version-language">C++</span>`, `data-editor="cpp"`, "bot.cc (read only)",
		`data-goto-line="6" data-editor-target="source">bot.cc:6:40</a>`, `class="lang-tag lang-cpp"`, `class="lang-tag lang-go"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the version page lacks %s", want)
		}
	}
	if t.Failed() {
		t.Fatalf("version page: %d\n%s", code, body)
	}
	// My bots tags the versions with their languages.
	if _, body := e.get(alice, "/bots"); !strings.Contains(body, `class="lang-tag lang-cpp"`) || !strings.Contains(body, `class="lang-tag lang-go"`) {
		t.Error("My bots does not tag the versions' languages")
	}
}

// submitIn posts the submit form urlencoded with a language.
func (e *botsEnv) submitIn(c *http.Client, game, bot, language, source string) (int, string, http.Header) {
	e.t.Helper()
	form := url.Values{"bot": {bot}, "language": {language}, "source": {source}}
	req, _ := http.NewRequest("POST", e.srv.URL+"/games/"+game+"/submit", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return e.do(c, req)
}

func (e *botsEnv) count(query string) int {
	e.t.Helper()
	var n int
	if err := e.pool.QueryRow(context.Background(), query).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// The API takes "language", else the file name's extension, else Go, and
// says which in the version; a language the game does not take, an
// unknown one or a file of no known language is refused with the reason.
func TestAPISubmitLanguage(t *testing.T) {
	srv, s := newAPI(t)
	for id, title := range map[string]string{fake.ID: "Race", fake.SprintID: "Race (sprint)"} {
		if err := store.EnsureGame(context.Background(), s.Pool, id, title); err != nil {
			t.Fatal(err)
		}
	}
	// A user per few submissions: the API limits their rate.
	newToken := func() string {
		name, _ := newUser(t, s, domain.RoleStudent)
		return token(t, srv, name)
	}
	tok := newToken()
	submissions := srv.URL + "/api/games/" + fake.ID + "/submissions"
	for _, c := range []struct {
		body map[string]string
		want string
	}{
		{map[string]string{"bot": "a", "source": cppSource("a"), "language": "cpp"}, "cpp"},
		{map[string]string{"bot": "b", "source": cppSource("b"), "file": "AIFoo.cc"}, "cpp"},
		{map[string]string{"bot": "c", "source": cppSource("c"), "file": "dir/AIFoo.CPP"}, "cpp"},
		{map[string]string{"bot": "d", "source": "package main", "file": "main.go"}, "go"},
		{nil, ""}, // a new user for the rest
		{map[string]string{"bot": "e", "source": "package main"}, "go"},
		{map[string]string{"bot": "f", "source": "package main", "language": "go", "file": "x.cc"}, "go"},
	} {
		if c.body == nil {
			tok = newToken()
			continue
		}
		var v struct {
			ID       int64
			Language string
		}
		if code := call(t, "POST", submissions, tok, c.body, &v); code != http.StatusCreated || v.Language != c.want {
			t.Errorf("%v: %d, language %q, want %q", c.body, code, v.Language, c.want)
			continue
		}
		var got struct{ Language string }
		if code := call(t, "GET", srv.URL+"/api/versions/"+itoa(v.ID), tok, nil, &got); code != 200 || got.Language != c.want {
			t.Errorf("%v: the version says %q", c.body, got.Language)
		}
	}
	for _, c := range []struct {
		game string
		body map[string]string
		want string
	}{
		{fake.SprintID, map[string]string{"bot": "x", "source": cppSource("x"), "language": "cpp"}, "Race (sprint) does not take bots in C++; it takes Go"},
		{fake.SprintID, map[string]string{"bot": "x", "source": cppSource("x"), "file": "AIx.cc"}, "Race (sprint) does not take bots in C++; it takes Go"},
		{fake.ID, map[string]string{"bot": "x", "source": "x", "language": "rust"}, `unknown language "rust" (known: go, cpp)`},
		{fake.ID, map[string]string{"bot": "x", "source": "x", "file": "bot.rs"}, `cannot tell the language of "bot.rs" from its extension (.go, .cc, .cpp): give "language"`},
	} {
		tok = newToken()
		var e struct{ Error string }
		code := call(t, "POST", srv.URL+"/api/games/"+c.game+"/submissions", tok, c.body, &e)
		if code != http.StatusUnprocessableEntity || e.Error != c.want {
			t.Errorf("%s %v: %d %q, want 422 %q", c.game, c.body, code, e.Error, c.want)
		}
	}
}

// The game page offers the C++ kit of a game that takes C++, and the zip
// holds what `arena kit --lang cpp` writes.
func TestCppKitZip(t *testing.T) {
	srv, s := newAPI(t)
	ctx := context.Background()
	if err := store.EnsureGame(ctx, s.Pool, fake.ID, "Race"); err != nil {
		t.Fatal(err)
	}
	code, body := httpGet(t, srv.URL+"/games/"+fake.ID)
	if code != 200 || !strings.Contains(body, `href="/games/race/kit.zip?lang=cpp"`) || !strings.Contains(body, "bots in Go or C++") {
		t.Fatalf("game page: %d\n%s", code, body)
	}
	resp, err := http.Get(srv.URL + "/games/" + fake.ID + "/kit.zip?lang=cpp")
	if err != nil {
		t.Fatal(err)
	}
	data := new(bytes.Buffer)
	data.ReadFrom(resp.Body)
	resp.Body.Close()
	want, err := games.CppKitFiles(fake.ID)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), "race-kit-cpp.zip") {
		t.Fatalf("C++ kit: %d %s", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}
	names := zipNames(t, data.Bytes())
	if len(names) != len(want) {
		t.Errorf("the zip has %d files, the kit %d", len(names), len(want))
	}
	for _, f := range []string{"AINull.cc", "Player.hh", "arena/wire.hh", "bits/stdc++.h", "README.md"} {
		if len(want[f]) == 0 || !names["race-kit-cpp/"+f] {
			t.Errorf("the C++ kit lacks %s (has %v)", f, names)
		}
	}
	if code, _ := httpGet(t, srv.URL+"/games/"+fake.SprintID+"/kit.zip?lang=cpp"); code != 404 {
		t.Errorf("a C++ kit of a Go-only game: %d", code)
	}
}

func zipNames(t *testing.T, data []byte) map[string]bool {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range zr.File {
		names[f.Name] = true
	}
	return names
}

func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	return resp.StatusCode, b.String()
}
