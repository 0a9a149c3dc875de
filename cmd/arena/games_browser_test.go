package main

import (
	"context"
	"crypto/sha256"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"arena.dev/games"
	"arena.dev/web/browsertest"
)

// jsTimelineConsistent rebuilds every state of the viewer's timeline in
// order and again seeking backwards through its snapshots, and returns the
// first round where the two differ, or "".
const jsTimelineConsistent = `(() => {
	const tl = ` + jsViewer + `.player.timeline;
	const forward = [];
	for (let k = 0; k <= tl.length; k++) forward.push(JSON.stringify(tl.state(k)));
	for (let k = tl.length; k >= 0; k -= 7) {
		if (JSON.stringify(tl.state(k)) !== forward[k]) return 'state ' + k + ' differs when seeking back';
	}
	return '';
})()`

// driver returns the actions a viewer test takes on a tab, each failing
// the test with the console's messages: do runs steps, eval evaluates a
// JavaScript expression as a string, wait polls one until true (15 s).
func driver(t *testing.T, tab context.Context) (
	do func(what string, steps ...chromedp.Action[chromedp.Void]), eval func(expr string) string,
	wait func(what, expr string), problems func() []string) {
	problems = browsertest.Console(tab)
	tab, cancel := context.WithTimeout(tab, time.Minute)
	t.Cleanup(cancel)
	do = func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(tab, steps...); err != nil {
			t.Fatalf("%s: %v\nconsole: %v", what, err, problems())
		}
	}
	eval = func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(tab, chromedp.Evaluate[string](`String(`+expr+`)`))
		if err != nil {
			t.Fatalf("%s: %v\nconsole: %v", expr, err, problems())
		}
		return v
	}
	wait = func(what, expr string) {
		t.Helper()
		if _, err := chromedp.Run(tab, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
			t.Fatalf("waiting until %s (%s): %v\nconsole: %v", what, expr, err, problems())
		}
	}
	return do, eval, wait, problems
}

// gameReplay plays a whole match of a game at its default settings with
// built-in bots and returns the gzipped replay.
func gameReplay(t *testing.T, g games.Game, seed uint64) ([]byte, *games.Replay) {
	t.Helper()
	var players []games.Player
	for p := range g.Info().Players {
		name := []string{"Dummy", "Demo"}[p%2]
		a, err := g.NewBot(name)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, games.Player{Name: name, Agent: a})
	}
	r, err := games.Play(t.Context(), games.Config{Game: g, Seed: seed, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	data, err := r.Gzip()
	if err != nil {
		t.Fatal(err)
	}
	return data, r
}

// TestEveryGameInViewer plays a match of every registered game and drives
// its renderer in the shared viewer, in a real headless Chromium under the
// view page's Content-Security-Policy: it loads, a step changes the board,
// the end marks a winner, every state rebuilt by seeking back matches the
// one reached forwards, nothing is logged to the console. The screenshot of
// a middle round is docs/screenshots/viewer-ID.png (ARENA_SCREENSHOTS=docs/screenshots
// keeps it).
func TestEveryGameInViewer(t *testing.T) {
	ctx := browsertest.Start(t, 1280, 860)
	for _, id := range games.IDs() {
		t.Run(id, func(t *testing.T) {
			g, _ := games.Get(id)
			data, rep := gameReplay(t, g, 7)
			rounds := len(rep.Rounds)
			srv := httptest.NewServer(viewHandler(writeReplay(t, data)))
			defer srv.Close()

			tab, closeTab := chromedp.NewContext(ctx)
			defer closeTab()
			do, eval, wait, problems := driver(t, tab)
			board := func() [32]byte { return sha256.Sum256([]byte(eval(jsBoard))) }

			do("open the viewer", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(srv.URL+"/"))
			wait("the replay is loaded", jsViewer+`.rounds === `+itoa(rounds)+` && `+jsViewer+`.idle`)
			start := board()
			do("step forward", chromedp.KeyEvent(kb.ArrowRight))
			wait("round 1 is shown", jsViewer+`.round === 1 && `+jsViewer+`.idle`)
			if board() == start {
				t.Error("the board did not change between round 0 and round 1")
			}
			do("go to the end", chromedp.KeyEvent(kb.End))
			wait("the last round is shown", jsViewer+`.round === `+itoa(rounds)+` && `+jsViewer+`.idle`)
			if n := eval(jsShadow + `.querySelectorAll('.row.winner').length`); n == "0" {
				t.Error("no winner marked on the scoreboard at the end")
			}
			if bad := eval(jsTimelineConsistent); bad != "" {
				t.Errorf("rebuilt states: %s", bad)
			}
			mid := rounds * 3 / 5
			eval(jsViewer + `.round = ` + itoa(mid))
			wait("a middle round is shown", jsViewer+`.round === `+itoa(mid)+` && `+jsViewer+`.idle`)
			wait("the scoreboard has settled", jsShadow+`.getAnimations().length === 0`)
			shot, err := chromedp.Run(tab, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			browsertest.SaveScreenshot(t, "viewer-"+id+".png", shot)
			for _, p := range problems() {
				t.Errorf("browser console: %s", p)
			}
		})
	}
}
