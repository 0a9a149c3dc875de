package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/web/browsertest"
)

// viewerTextJS reads the viewer's words: its controls' labels and titles,
// the debugging panel's heading and sections, and every text and label in
// its shadow root (the hidden help dialog's too).
const viewerTextJS = `(() => {
  const root = document.querySelector('arena-replay').shadowRoot;
  const labels = {};
  for (const b of root.querySelectorAll('.controls button, .debug-nav button')) {
    labels[b.className.split(' ')[0]] = [b.getAttribute('aria-label'), b.title];
  }
  const all = [root.textContent];
  for (const el of root.querySelectorAll('[title], [aria-label]')) all.push(el.title, el.getAttribute('aria-label') ?? '');
  return JSON.stringify({
    labels,
    lang: root.querySelector('.viewer').lang,
    title: root.querySelector('.debug-title').textContent,
    ignoredHeading: root.querySelector('.debug-ignored h3').textContent,
    ignored: [...root.querySelectorAll('.debug-ignored li')].map((li) => li.textContent),
    panel: root.querySelector('.debug-body').textContent,
    help: root.querySelector('.help h2').textContent,
    all: all.join('\n'),
  });
})()`

// TestViewerSpeaksCatalan: on a match page read in Catalan, in headless
// Chromium under the site's CSP, the viewer's own words are Catalan, the
// catalogue's (viewer.toml): its controls' labels and titles, the
// debugging panel's heading, the engines' ignored-command and freeze
// reasons (reasons.toml; a reason the catalogue does not know stays as
// written), the units the game's renderer names ([viewer.orkisland]), and
// no English original is left.
func TestViewerSpeaksCatalan(t *testing.T) {
	e := newPagesEnv(t)
	g, err := games.Get("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	r, err := games.ReadReplay(bytes.NewReader(builtinReplay(t, g)))
	if err != nil {
		t.Fatal(err)
	}
	// Round 2 as an engine writes it when seat 1's bot gives bad commands,
	// and seat 3 out of CPU time in it.
	const unknown = "a reason no catalogue has"
	reasons := []string{"not your ork", "jump to (3, 4): not below any of your helicopters", unknown}
	for i, why := range reasons {
		r.Rounds[2].Ignored = append(r.Rounds[2].Ignored, games.Ignored{Player: 1, Unit: i, Why: why})
	}
	const budget = "the 2 s budget is spent"
	r.End.Frozen = append(r.End.Frozen, games.Frozen{Player: 3, Round: 2, Kind: games.FreezeCPU, Reason: budget})
	replay, err := r.Gzip()
	if err != nil {
		t.Fatal(err)
	}
	m := e.playedMatch("orkisland", domain.KindLadder, [4]int64{}, [4]int64{40, 30, 20, 10}, true)
	e.exec(`UPDATE blobs SET data = $2 WHERE key = $1`, fmt.Sprintf("replay/pages-%d", m), replay)

	bctx := browsertest.Start(t, 1280, 900)
	consoleErrors := browsertest.Console(bctx)
	run := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(bctx, 30*time.Second)
		defer cancel()
		if err := chromedp.Do(c, actions...); err != nil {
			t.Fatalf("%s: %v\nconsole: %v", what, err, consoleErrors())
		}
	}
	eval := func(expr string) string {
		t.Helper()
		s, err := chromedp.Run(bctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	matchURL := fmt.Sprintf("%s/matches/%d", e.srv.URL, m)
	run("open the match", chromedp.Navigate(matchURL), chromedp.WaitVisible(`.language-switch`))
	run("switch to Catalan", chromedp.Click(`.language-switch button[value="ca"]`), chromedp.WaitVisible(`html[lang="ca"] .seats`))
	if _, err := chromedp.Run(bctx, chromedp.Poll[bool](`(() => { const v = document.querySelector('arena-replay');
		if (!v || !v.rounds) return false; if (v.round !== 2) v.round = 2; return v.idle && v.round === 2; })()`,
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the viewer did not load or show round 2: %v\nconsole: %v", err, consoleErrors())
	}

	ca := i18n.WithLang(context.Background(), "ca")
	en := context.Background()
	var got struct {
		Labels         map[string][2]string
		Lang           string
		Title          string
		IgnoredHeading string
		Ignored        []string
		Panel          string
		Help           string
		All            string
	}
	read := func() {
		t.Helper()
		if err := json.Unmarshal([]byte(eval(viewerTextJS)), &got); err != nil {
			t.Fatal(err)
		}
	}
	read()
	if got.Lang != "ca" {
		t.Errorf("the viewer's lang is %q, want ca", got.Lang)
	}
	// Each control: its class, and its words' key in viewer.toml.
	controls := map[string]string{"start": "start", "back": "back", "play": "play", "forward": "forward", "end": "end",
		"slower": "slower", "faster": "faster", "smooth": "animation", "help-button": "help",
		"prev-marker": "prev_marker", "next-marker": "next_marker"}
	var english []string // what the English viewer says, none of which may show
	for class, key := range controls {
		want := [2]string{i18n.T(ca, "viewer."+key), i18n.T(ca, "viewer."+key+"_title")}
		if got.Labels[class] != want {
			t.Errorf("the %s button says %q, want %q", class, got.Labels[class], want)
		}
		english = append(english, i18n.T(en, "viewer."+key+"_title"))
	}
	if want := i18n.T(ca, "viewer.round_n", map[string]any{"Round": 2}); got.Title != want {
		t.Errorf("the panel's heading is %q, want %q", got.Title, want)
	}
	if want := i18n.T(ca, "viewer.ignored"); got.IgnoredHeading != want {
		t.Errorf("the ignored commands' heading is %q, want %q", got.IgnoredHeading, want)
	}
	if want := i18n.T(ca, "viewer.help"); got.Help != want {
		t.Errorf("the help's heading is %q, want %q", got.Help, want)
	}
	if len(got.Ignored) != len(reasons) {
		t.Fatalf("the panel lists %d ignored commands, want %d: %q", len(got.Ignored), len(reasons), got.Ignored)
	}
	for i, why := range reasons {
		want := i18n.Reason(ca, why)
		if why != unknown && want == why {
			t.Fatalf("%q has no Catalan in the catalogue", why)
		}
		if !strings.HasSuffix(got.Ignored[i], ": "+want) {
			t.Errorf("ignored command %d reads %q, want it to end %q", i, got.Ignored[i], want)
		}
		// The unit is named by the game's renderer, in Catalan too.
		if ork := i18n.T(ca, "viewer.orkisland.ork", map[string]any{"ID": i}); !strings.Contains(got.Ignored[i], ": "+ork+": ") {
			t.Errorf("ignored command %d reads %q, want it to name %q", i, got.Ignored[i], ork)
		}
		english = append(english, i18n.T(en, "viewer.orkisland.ork", map[string]any{"ID": i})+":")
	}
	if want := i18n.Reason(ca, budget); !strings.Contains(got.Panel, want) || want == budget {
		t.Errorf("the panel's freeze does not say %q:\n%s", want, got.Panel)
	}
	english = append(english, reasons[0], reasons[1], budget, "not below any", i18n.T(en, "viewer.ignored"),
		i18n.T(en, "viewer.help"), i18n.T(en, "viewer.score_by_round"), i18n.T(en, "viewer.scoreboard"),
		i18n.T(en, "viewer.round"), i18n.T(en, "viewer.keys.hint"), i18n.T(en, "viewer.click_unit"), "rounds")
	for _, s := range english {
		if strings.Contains(got.All, s) {
			t.Errorf("the Catalan viewer still says %q", s)
		}
	}
	if !strings.Contains(got.All, unknown) {
		t.Errorf("the unknown reason %q is not shown as written", unknown)
	}

	// Playing, the button says pause, in Catalan too.
	eval(`(() => { document.querySelector('arena-replay').play(); return ''; })()`)
	read()
	if want := [2]string{i18n.T(ca, "viewer.pause"), i18n.T(ca, "viewer.pause_title")}; got.Labels["play"] != want {
		t.Errorf("playing, the button says %q, want %q", got.Labels["play"], want)
	}
	eval(`(() => { document.querySelector('arena-replay').pause(); return ''; })()`)

	png, err := chromedp.Run(bctx, chromedp.FullScreenshot(100))
	if err == nil {
		browsertest.SaveScreenshot(t, "viewer-ca.png", png)
	}
	if errs := consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors (a CSP violation is one):\n%s", strings.Join(errs, "\n"))
	}
}
