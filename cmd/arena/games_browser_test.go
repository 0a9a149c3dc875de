package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"arena.dev/games"
	"arena.dev/i18n"
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

// jsPostUnderMouse is where, in CSS pixels, the first post of an Apocalypse
// board is drawn, with its cell, value, owner on display and the owner's
// name.
const jsPostUnderMouse = `(() => {
	const p = ` + jsViewer + `.player;
	const c = ` + jsShadow + `.querySelector('canvas.board');
	const rect = c.getBoundingClientRect();
	const L = p.renderer.layout(c.width, c.height);
	const [i, j, value] = p.replay.initial.posts[0];
	const owner = p.timeline.state(p.round).owners[0];
	const scale = rect.width / c.width;
	return JSON.stringify({X: rect.x + (L.x0 + (j + 0.5) * L.cell) * scale, Y: rect.y + (L.y0 + (i + 0.5) * L.cell) * scale,
		I: i, J: j, Value: value, Owner: owner, Name: owner >= 0 ? p.replay.players[owner] : ''});
})()`

// TestGameWordsInCatalan: arena view in a Catalan locale shows an
// Apocalypse Now replay with the game renderer's own words in Catalan, the
// catalogue's (viewer.toml's [viewer.apocalypse]): every scoreboard row's
// stats labels and their titles, and the hover text of a post; none of
// the English ones is left.
func TestGameWordsInCatalan(t *testing.T) {
	t.Setenv("LC_ALL", "ca_ES.UTF-8")
	g, err := games.Get("apocalypse")
	if err != nil {
		t.Fatal(err)
	}
	data, rep := gameReplay(t, g, 7)
	srv := httptest.NewServer(viewHandler(writeReplay(t, data)))
	defer srv.Close()
	tab, closeTab := chromedp.NewContext(browsertest.Start(t, 1280, 860))
	defer closeTab()
	do, eval, wait, problems := driver(t, tab)
	do("open the viewer", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(srv.URL+"/"))
	wait("the replay is loaded", jsViewer+`.rounds === `+itoa(len(rep.Rounds))+` && `+jsViewer+`.idle`)
	mid := len(rep.Rounds) / 2
	eval(jsViewer + `.round = ` + itoa(mid))
	wait("a middle round is shown", jsViewer+`.round === `+itoa(mid)+` && `+jsViewer+`.idle`)

	ca := i18n.WithLang(context.Background(), "ca")
	en := context.Background()
	word := func(ctx context.Context, key string) string { return i18n.T(ctx, "viewer.apocalypse."+key) }
	// Each row: the player's number, then soldiers, parachuters and posts.
	want := [][2]string{{word(ca, "player_label"), ""}}
	var english []string
	for _, k := range []string{"sol", "par", "post"} {
		want = append(want, [2]string{word(ca, k), word(ca, k+"_title")})
		english = append(english, word(en, k+"_title"))
	}
	var rows [][][2]string
	if err := json.Unmarshal([]byte(eval(`JSON.stringify([...`+jsShadow+`.querySelectorAll('.row .stats')].map((s) =>
		[...s.querySelectorAll('.stat')].map((el) => [el.querySelector('b').textContent, el.title])))`)), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != g.Info().Players {
		t.Fatalf("%d scoreboard rows with stats, want %d", len(rows), g.Info().Players)
	}
	for r, row := range rows {
		if !slices.Equal(row, want) {
			t.Errorf("row %d's stats (label, title) are %q, want %q", r, row, want)
		}
	}

	var post struct {
		X, Y               float64
		I, J, Value, Owner int
		Name               string
	}
	if err := json.Unmarshal([]byte(eval(jsPostUnderMouse)), &post); err != nil {
		t.Fatal(err)
	}
	do("hover the first post", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, post.X, post.Y))
	wait("the cell is described", jsShadow+`.querySelector('.status').textContent.startsWith('[`+itoa(post.I)+`, `+itoa(post.J)+`] ')`)
	var text string
	if post.Owner >= 0 {
		team := i18n.T(ca, "viewer.apocalypse.player", map[string]any{"Name": post.Name, "Number": post.Owner})
		text = i18n.T(ca, "viewer.apocalypse.post_held", map[string]any{"Value": post.Value, "Team": team})
		english = append(english, "held by")
	} else {
		text = i18n.T(ca, "viewer.apocalypse.post_free", map[string]any{"Value": post.Value})
		english = append(english, "nobody’s")
	}
	english = append(english, "post worth")
	status := eval(jsShadow + `.querySelector('.status').textContent`)
	if !strings.Contains(status, " · "+text) || text == "" || strings.Contains(text, "{{") {
		t.Errorf("hovering post 0 at [%d, %d] says %q, want it to include %q", post.I, post.J, status, text)
	}
	all := eval(jsShadow + `.textContent + [...` + jsShadow + `.querySelectorAll('[title]')].map((el) => el.title).join('\n')`)
	for _, s := range english {
		if strings.Contains(all+status, s) {
			t.Errorf("the Catalan viewer still says %q", s)
		}
	}
	for _, p := range problems() {
		t.Errorf("browser console: %s", p)
	}
}
