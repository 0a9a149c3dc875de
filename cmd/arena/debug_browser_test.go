package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"arena.dev/games"
	"arena.dev/web/browsertest"
)

// debugReplay is a real match's replay with, for seat 0, a log by round (as
// arena play writes), commands ignored in round 7 and a freeze in round 150;
// and commands of seat 1 ignored in round 120, which is not the viewer's.
func debugReplay(t *testing.T) []byte {
	t.Helper()
	r, err := games.ReadReplay(bytes.NewReader(matchReplay(t, 200)))
	if err != nil {
		t.Fatal(err)
	}
	r.Logs = []games.SeatLog{{Seat: 0, Rounds: []games.LogRound{
		{Round: -1, Text: "setting up\n"}, {Round: 3, Text: "hello 3\n"}, {Round: 10, Text: "hello 10\nsecond line\n"}, {Round: 40, Text: "hello 40\n"},
	}}}
	r.Rounds[7].Ignored = []games.Ignored{{Player: 0, Unit: 5, Why: "not your ork"}, {Player: 2, Unit: 60, Why: "no such ork"}}
	r.Rounds[120].Ignored = []games.Ignored{{Player: 1, Unit: 3, Why: "a second command for this ork in the round"}}
	for i := 150; i < len(r.Rounds); i++ {
		r.Rounds[i].CPU[0] = -1
	}
	r.End.Frozen = append(r.End.Frozen, games.Frozen{Player: 0, Round: 150, Kind: games.FreezeCPU, Reason: "the 2 s budget is spent"})
	data, err := r.Gzip()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

const (
	jsPanel   = jsShadow + `.querySelector('.debug')`
	jsPanelTx = jsPanel + `.textContent`
)

// The debugging panel (issue 37) in a real Chromium, served by arena view
// from a local replay with its bot's log: it follows the slider, the
// markers sit where seat 0 printed, had commands ignored or froze, ] and [
// jump between them, a click on an ork shows its commands; on a phone's
// width it stays usable.
func TestDebugPanelInBrowser(t *testing.T) {
	srv := httptest.NewServer(viewHandler(writeReplay(t, debugReplay(t))))
	defer srv.Close()
	ctx := browsertest.Start(t, 1280, 860)
	do, eval, wait, problems := driver(t, ctx)

	do("open the viewer", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(srv.URL+"/"))
	wait("the replay is loaded", jsViewer+`.rounds === 200 && `+jsViewer+`.idle`)
	if eval(jsPanel+`.hidden`) != "false" {
		t.Fatal("no debugging panel")
	}
	markers := eval(`[...` + jsShadow + `.querySelectorAll('.markers .marker')].map(m => m.dataset.round + ':' + m.className).join(' ')`)
	if want := "0:marker log 3:marker log 7:marker ignored 10:marker log 40:marker log 150:marker frozen"; markers != want {
		t.Errorf("markers %q, want %q", markers, want)
	}
	wait("round 0 shows the setup's log", jsPanelTx+`.includes('setting up')`)

	do("next marker", chromedp.KeyEvent("]"))
	wait("round 3 with its line", jsViewer+`.round === 3 && `+jsPanelTx+`.includes('hello 3') && !`+jsPanelTx+`.includes('setting up')`)
	do("next marker", chromedp.KeyEvent("]"))
	wait("round 7 with the ignored commands", jsViewer+`.round === 7 && `+jsPanelTx+`.includes('Dummy: ork 5: not your ork') && `+
		jsPanelTx+`.includes('Dummy: ork 60: no such ork') && `+jsPanelTx+`.includes('Printed nothing in this round')`)

	// The panel follows the slider, as a user drags it.
	slide := func(k string) {
		eval(`(s => { s.value = ` + k + `; s.dispatchEvent(new Event('input', {bubbles: true})); })(` + jsShadow + `.querySelector('.slider'))`)
	}
	slide("10")
	wait("the slider's round 10 with its lines", jsViewer+`.round === 10 && `+jsPanelTx+`.includes('hello 10\nsecond line') && `+jsPanelTx+`.includes('None in this round')`)
	slide("11")
	wait("round 11: nothing printed", jsViewer+`.round === 11 && `+jsPanelTx+`.includes('Printed nothing') && !`+jsPanelTx+`.includes('hello')`)
	slide("120")
	wait("round 120: another seat's ignored command, no marker", jsPanelTx+`.includes('a second command for this ork')`)
	do("previous marker", chromedp.KeyEvent("["))
	wait("back to round 40", jsViewer+`.round === 40 && `+jsPanelTx+`.includes('hello 40')`)
	do("next marker", chromedp.KeyEvent("n"))
	wait("the freeze", jsViewer+`.round === 150 && `+jsPanelTx+`.includes('Dummy out of CPU time in round 150: the 2 s budget is spent')`)
	do("next marker: none left", chromedp.KeyEvent("]"))
	if got := eval(jsViewer + `.round`); got != "150" {
		t.Errorf("after the last marker, ] went to round %s", got)
	}
	do("the end", chromedp.KeyEvent(kb.End))
	do("previous marker from the end", chromedp.KeyEvent("p"))
	wait("back at the freeze", jsViewer+`.round === 150`)

	// A click on ork 5 in round 7 shows its commands there.
	eval(jsViewer + `.round = 7`)
	wait("round 7", jsViewer+`.round === 7 && `+jsViewer+`.idle`)
	var at struct{ X, Y float64 }
	if err := json.Unmarshal([]byte(eval(`JSON.stringify((() => {
		const v = `+jsViewer+`, c = `+jsShadow+`.querySelector('canvas.board'), r = c.getBoundingClientRect();
		const o = v.player.timeline.state(7).orks[5], L = v.player.renderer.layout(c.width, c.height);
		return {X: r.left + (L.x0 + (o[2] + 0.5) * L.cell) * r.width / c.width, Y: r.top + (L.y0 + (o[1] + 0.5) * L.cell) * r.height / c.height};
	})())`)), &at); err != nil {
		t.Fatal(err)
	}
	do("click ork 5", chromedp.MouseClickXY(at.X, at.Y))
	wait("its commands", jsPanelTx+`.includes('Ork 5 in this round') && `+jsPanelTx+`.includes('ignored: not your ork')`)

	// A phone: one column, nothing wider than the screen, the panel there.
	do("a phone's width", chromedp.EmulateViewport(390, 844))
	wait("one column", jsPanel+`.getBoundingClientRect().width <= 390 && document.documentElement.scrollWidth <= innerWidth && `+
		jsPanel+`.getBoundingClientRect().height > 50`)
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	browsertest.SaveScreenshot(t, "viewer-debug-phone.png", shot)
	do("a desktop's width", chromedp.EmulateViewport(1280, 800))
	shot, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	browsertest.SaveScreenshot(t, "viewer-debug.png", shot)

	for _, p := range problems() {
		t.Errorf("browser console: %s", p)
	}
}

// A replay without logs or ignored commands shows no panel and no markers:
// the viewer stays as it was for everyone else.
func TestNoDebugPanelWithoutDebugData(t *testing.T) {
	mux := http.NewServeMux()
	mux.Handle("/", viewHandler(writeReplay(t, matchReplay(t, 20))))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	ctx := browsertest.Start(t, 1280, 860)
	do, eval, wait, _ := driver(t, ctx)
	do("open the viewer", chromedp.Navigate(srv.URL+"/"))
	wait("the replay is loaded", jsViewer+`.rounds === 20`)
	if got := eval(jsPanel + `.hidden + ' ' + ` + jsShadow + `.querySelector('.markers').hidden`); !strings.HasPrefix(got, "true true") {
		t.Errorf("panel and markers hidden: %s", got)
	}
}
