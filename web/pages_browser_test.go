package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/web/browsertest"
)

// TestPublicPagesInBrowser opens every public page in headless Chromium with
// realistic data (a real replay of a real match) and checks that the pages
// render, the viewer loads and nothing breaks the CSP. Set ARENA_SCREENSHOTS
// to a directory to keep a full-page screenshot of each.
func TestPublicPagesInBrowser(t *testing.T) {
	e := newPagesEnv(t)
	ownerName, owner := e.user(domain.RoleStudent)
	_, other := e.user(domain.RoleStudent)
	names := []string{"Gothmog", "Azog", "Bolg", "Grishnakh", "Ugluk", "Shagrat", "Gorbag", "Lugdush", "Mauhur", "Snaga", "Radbug", "Muzgash"}
	var versions, bots []int64
	for i, name := range names {
		o := other
		if i%4 == 1 {
			o = owner
		}
		b, v := e.rankedBot(o, "orkisland", name, 38-1.7*float64(i), 1.2+0.15*float64(i))
		bots, versions = append(bots, b), append(versions, v)
	}
	// A real match for the viewer.
	replay := realReplay(t)
	var m int64
	for k := range 8 {
		vs := [4]int64{versions[k%12], versions[(k+1)%12], versions[(k+3)%12], versions[(k+5)%12]}
		m = e.playedMatch("orkisland", domain.KindLadder, vs, [4]int64{int64(300 + 17*k), int64(420 - 9*k), 150, 90}, true)
	}
	e.exec(`UPDATE blobs SET data = $2 WHERE key = $1`, fmt.Sprintf("replay/pages-%d", m), replay)
	start := time.Now().Add(-6 * time.Hour)
	mu, sigma := 25.0, 25.0/3
	for i := range 60 {
		mu += 0.35 + 0.8*float64((i*7)%5-2)/2
		sigma = max(1.2, sigma*0.96)
		e.exec(`INSERT INTO rating_history (bot_version_id, mu, sigma, created_at) VALUES ($1, $2, $3, $4)`,
			versions[1], mu, sigma, start.Add(time.Duration(i)*5*time.Minute))
	}
	e.exec(`UPDATE bot_versions SET mu = $2, sigma = $3, games = 60 WHERE id = $1`, versions[1], mu, sigma)

	b := pagesBrowser(t)
	run := b.Run
	dir := os.Getenv("ARENA_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	shoot := func(name string) {
		t.Helper()
		c, cancel := context.WithTimeout(b.Ctx, 30*time.Second)
		defer cancel()
		png, err := chromedp.Run(c, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", path)
	}
	waitViewer := func(where string) {
		t.Helper()
		c, cancel := context.WithTimeout(b.Ctx, 30*time.Second)
		defer cancel()
		if _, err := chromedp.Run(c, chromedp.Poll[bool](`(() => { const v = document.querySelector('arena-replay'); return !!v && v.rounds > 0 && v.idle; })()`,
			chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Fatalf("the viewer on the %s did not load: %v\nconsole: %v", where, err, b.Console())
		}
	}

	run("log in", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(e.srv.URL+"/login"), chromedp.WaitVisible(`input[name=name]`),
		chromedp.SendKeys(`input[name=name]`, ownerName), chromedp.SendKeys(`input[name=password]`, pagesPassword),
		chromedp.Submit(`input[name=password]`), chromedp.WaitVisible(`.hero`))
	run("home", chromedp.Navigate(e.srv.URL+"/"), chromedp.WaitVisible(`.game-card`))
	shoot("pages-home.png")
	run("game", chromedp.Navigate(e.srv.URL+"/games/orkisland"), chromedp.WaitVisible(`#sdk`))
	waitViewer("game page")
	shoot("pages-game.png")
	run("leaderboard", chromedp.Navigate(e.srv.URL+"/games/orkisland/leaderboard"), chromedp.WaitVisible(`tr.mine`))
	shoot("pages-leaderboard.png")
	run("matches", chromedp.Navigate(e.srv.URL+"/games/orkisland/matches"), chromedp.WaitVisible(`.players`))
	shoot("pages-matches.png")
	run("match", chromedp.Navigate(fmt.Sprintf("%s/matches/%d", e.srv.URL, m)), chromedp.WaitVisible(`.seats`))
	waitViewer("match page")
	shoot("pages-match.png")
	run("bot", chromedp.Navigate(fmt.Sprintf("%s/bots/%d", e.srv.URL, bots[1])), chromedp.WaitVisible(`svg.chart`))
	shoot("pages-bot.png")
	run("404", chromedp.Navigate(e.srv.URL+"/bots/999999"), chromedp.WaitVisible(`.error-page`))

	var bad []string
	for _, msg := range b.Console() {
		if !strings.Contains(msg, "404") { // the last page is a 404 on purpose
			bad = append(bad, msg)
		}
	}
	if len(bad) > 0 {
		t.Errorf("console errors (a CSP violation is one):\n%s", strings.Join(bad, "\n"))
	}
}

// realReplay plays a short Ork Island match between built-in bots.
func realReplay(t *testing.T) []byte {
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
	r, err := games.Play(t.Context(), games.Config{Game: g, Settings: games.Settings{"nb_rounds": 120}, Seed: 30, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	data, err := r.Gzip()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// pagesBrowser starts a headless Chromium for this test and returns its tab and the
// console problems seen so far.
func pagesBrowser(t *testing.T) *browsertest.Tab {
	return browsertest.Open(t, 1280, 900)
}
