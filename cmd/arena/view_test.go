package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"arena.dev/games"
	_ "arena.dev/games/all" // registers orkisland
	"arena.dev/i18n"
	"arena.dev/static"
)

// matchReplay plays a real Ork Island match with the built-in bots and
// returns its gzip replay, so the viewer is always tested against what the
// engine writes today rather than a fixture that could drift.
func matchReplay(t *testing.T, rounds int) []byte {
	t.Helper()
	g, err := games.Get("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	var players []games.Player
	for _, name := range []string{"Dummy", "Demo", "Dummy", "Demo"} {
		a, err := g.NewBot(name)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, games.Player{Name: name, Agent: a})
	}
	r, err := games.Play(t.Context(), games.Config{
		Game:     g,
		Settings: games.Settings{"nb_rounds": rounds},
		Seed:     30,
		Players:  players,
	})
	if err != nil {
		t.Fatal(err)
	}
	data, err := r.Gzip()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeReplay(t *testing.T, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "match.json.gz")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestViewHandler(t *testing.T) {
	data := matchReplay(t, 5)
	srv := httptest.NewServer(viewHandler(writeReplay(t, data)))
	defer srv.Close()

	get := func(path, acceptEncoding string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", acceptEncoding) // set: Go's client then does not inflate
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { res.Body.Close() })
		return res
	}

	page := get("/", "")
	body, _ := io.ReadAll(page.Body)
	if page.StatusCode != 200 || !strings.Contains(string(body), `<arena-replay src="/replay"`) {
		t.Fatalf("page: %d\n%s", page.StatusCode, body)
	}
	if csp := page.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("page CSP = %q", csp)
	}
	body, _ = io.ReadAll(get("/?round=12", "").Body)
	if !strings.Contains(string(body), `round="12"`) {
		t.Errorf("/?round=12 does not open round 12:\n%s", body)
	}

	for _, asset := range []string{"arena-replay.js", "player.js", "games/orkisland.js"} {
		res := get("/static/viewer/"+asset, "")
		if ct := res.Header.Get("Content-Type"); res.StatusCode != 200 || !strings.HasPrefix(ct, "text/javascript") {
			t.Errorf("%s: %d %q", asset, res.StatusCode, ct)
		}
	}

	// Encoded as docs/replay.md says when the client accepts gzip...
	res := get("/replay", "gzip, deflate")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("replay Content-Encoding = %q, want gzip", res.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var r games.Replay
	if err := json.NewDecoder(zr).Decode(&r); err != nil || r.Game != "orkisland" || len(r.Rounds) != 5 {
		t.Errorf("gzip replay: %v, game %q, %d rounds", err, r.Game, len(r.Rounds))
	}

	// ...and inflated for one that refuses it.
	res = get("/replay", "gzip;q=0")
	if res.Header.Get("Content-Encoding") != "" {
		t.Errorf("replay Content-Encoding = %q, want none", res.Header.Get("Content-Encoding"))
	}
	if err := json.NewDecoder(res.Body).Decode(&r); err != nil || r.Format != games.ReplayFormat {
		t.Errorf("plain replay: %v, format %d", err, r.Format)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{
		"":                  false,
		"gzip":              true,
		"deflate, gzip":     true,
		"gzip;q=0.5, br":    true,
		"gzip; q=0":         false,
		"gzip;q=0.0":        false,
		"*":                 true,
		"br, identity":      false,
		"gzip;q=0.001, br ": true,
	} {
		if got := acceptsGzip(h); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", h, got, want)
		}
	}
}

// TestViewCommand runs `arena view` as a user would: it prints a URL that
// serves the page, and stops when its context is cancelled.
func TestViewCommand(t *testing.T) {
	path := writeReplay(t, matchReplay(t, 3))
	ctx, cancel := context.WithCancel(t.Context())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- runView(ctx, []string{path, "--addr", "127.0.0.1:0"}, pw) }()

	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("no URL in %q", line)
	}
	url := strings.Fields(line[i:])[0]
	res, err := http.Get(url + "replay")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("GET %sreplay: %s", url, res.Status)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("view returned %v after cancel", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("view did not stop after its context was cancelled")
	}
}

func TestViewCommandErrors(t *testing.T) {
	notReplay := writeReplay(t, []byte("<html>not a replay</html>"))
	for _, args := range [][]string{{}, {"a", "b"}, {filepath.Join(t.TempDir(), "missing.json.gz")}, {notReplay}} {
		if err := runView(t.Context(), args, io.Discard); err == nil {
			t.Errorf("view %q: no error", args)
		}
	}
}

// `arena view` speaks the locale's language (LC_ALL, LC_MESSAGES, LANG):
// with LANG=ca_ES.UTF-8 its page is in Catalan and hands the viewer the
// Catalan dictionary (static.ViewerWords: its words and the reasons'
// patterns) in the block the viewer reads; in the C locale, English.
func TestViewServesTheLocalesWords(t *testing.T) {
	srv := httptest.NewServer(viewHandler(writeReplay(t, matchReplay(t, 5))))
	defer srv.Close()
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	block := regexp.MustCompile(`<script type="application/json" id="` + static.ViewerWordsID + `">(.*?)</script>`)
	page := func() (string, static.ViewerDict) {
		t.Helper()
		res, err := http.Get(srv.URL + "/")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		m := block.FindSubmatch(body)
		if m == nil {
			t.Fatalf("no words block in the page:\n%s", body)
		}
		var d static.ViewerDict
		if err := json.Unmarshal(m[1], &d); err != nil {
			t.Fatalf("words block: %v\n%s", err, m[1])
		}
		return string(body), d
	}
	ca := i18n.WithLang(context.Background(), "ca")

	t.Setenv("LANG", "ca_ES.UTF-8")
	body, d := page()
	want := static.ViewerWords("ca")
	if d.Lang != "ca" || len(d.Words) != len(want.Words) || len(d.Reasons) != len(want.Reasons) || len(d.Reasons) == 0 {
		t.Errorf("LANG=ca_ES.UTF-8: words in %q, %d words and %d reasons; want ca, %d and %d",
			d.Lang, len(d.Words), len(d.Reasons), len(want.Words), len(want.Reasons))
	}
	for _, key := range []string{"play", "pause_title", "ignored", "printed_nothing"} {
		if got, en := d.Words[key], i18n.T(context.Background(), "viewer."+key); got != i18n.T(ca, "viewer."+key) || got == en {
			t.Errorf("word %s = %q, want Catalan %q (English %q)", key, got, i18n.T(ca, "viewer."+key), en)
		}
	}
	if got := applyReason(t, d.Reasons, "not your ork"); got != i18n.Reason(ca, "not your ork") || got == "not your ork" {
		t.Errorf("the reasons' patterns make %q of %q", got, "not your ork")
	}
	if !strings.Contains(body, `<html lang="ca">`) || !strings.Contains(body, "prem <kbd>h</kbd>") {
		t.Errorf("the page itself is not in Catalan:\n%s", body)
	}

	t.Setenv("LANG", "C")
	body, d = page()
	if d.Lang != "en" || d.Words["play"] != "Play" || len(d.Reasons) != 0 || !strings.Contains(body, `<html lang="en">`) {
		t.Errorf("LANG=C: words in %q, play = %q, %d reasons", d.Lang, d.Words["play"], len(d.Reasons))
	}
}

// applyReason translates text with the first of patterns that matches it,
// as static/viewer/words.js does.
func applyReason(t *testing.T, patterns []i18n.ReasonPattern, text string) string {
	t.Helper()
	for _, p := range patterns {
		m := regexp.MustCompile(p.Re).FindStringSubmatch(text)
		if m == nil {
			continue
		}
		out := p.Text
		for i, name := range p.Names {
			out = strings.ReplaceAll(out, "{{."+name+"}}", m[i+1])
		}
		return out
	}
	return text
}
