package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"arena.dev/games"
	"arena.dev/web/browsertest"
)

// The viewer element in the page; its state lives in its shadow root.
const (
	jsViewer  = `document.querySelector('arena-replay')`
	jsShadow  = jsViewer + `.shadowRoot`
	jsCounter = jsShadow + `.querySelector('.counter .k').textContent`
	jsBoard   = jsShadow + `.querySelector('canvas.board').toDataURL()`
	jsHelp    = `getComputedStyle(` + jsShadow + `.querySelector('.help')).display !== 'none'`
)

// jsCheckStates rebuilds every state of the viewer's timeline and returns
// the first inconsistency found, or "".
const jsCheckStates = `(() => {
	const tl = ` + jsViewer + `.player.timeline;
	const board = tl.replay.initial.board;
	const forward = [];
	for (let k = 0; k <= tl.length; k++) forward.push(JSON.stringify(tl.state(k)));
	for (let k = tl.length; k >= 0; k -= 7) {
		if (JSON.stringify(tl.state(k)) !== forward[k]) return 'state ' + k + ' differs when seeking back';
	}
	for (let k = 0; k <= tl.length; k++) {
		const seen = new Set();
		for (const [p, r, c] of tl.state(k).orks) {
			if (board[r][c] === 'W') return 'state ' + k + ': an ork on water at ' + r + ',' + c;
			if (seen.has(r * 1000 + c)) return 'state ' + k + ': two orks at ' + r + ',' + c;
			seen.add(r * 1000 + c);
		}
	}
	return '';
})()`

// TestViewerInBrowser drives the viewer served by `arena view` in a real
// headless Chromium, with a replay of a real match, under the view page's
// strict Content-Security-Policy.
func TestViewerInBrowser(t *testing.T) {
	const rounds = 200
	data := matchReplay(t, rounds)
	mux := http.NewServeMux()
	mux.Handle("/", viewHandler(writeReplay(t, data)))
	// The same file served as-is, without Content-Encoding: the viewer must
	// inflate it itself.
	mux.HandleFunc("/raw.json.gz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/gzip")
		w.Write(data)
	})
	mux.HandleFunc("/frozen.json", func(w http.ResponseWriter, r *http.Request) {
		w.Write(frozenReplay(t, data, 3, 10))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	ctx := browsertest.Start(t, 1280, 860)
	do, eval, wait, problems := driver(t, ctx)
	board := func() [32]byte { return sha256.Sum256([]byte(eval(jsBoard))) }

	do("open the viewer", chromedp.EmulateViewport(1280, 800), chromedp.Navigate(srv.URL+"/"))
	wait("the replay is loaded", jsViewer+`.rounds === `+itoa(rounds)+` && `+jsViewer+`.idle`)
	if got := eval(jsCounter); got != "0" {
		t.Errorf("round counter at start = %q, want 0", got)
	}
	start := board()

	do("step forward", chromedp.KeyEvent(kb.ArrowRight))
	wait("round 1 is shown", jsViewer+`.round === 1 && `+jsViewer+`.idle`)
	if got := eval(jsCounter); got != "1" {
		t.Errorf("round counter after a step = %q, want 1", got)
	}
	if board() == start {
		t.Error("the board did not change between round 0 and round 1")
	}

	do("play", chromedp.KeyEvent(" "))
	wait("playing reaches round 4", jsViewer+`.round >= 4`)
	do("pause", chromedp.KeyEvent(" "))
	wait("paused", jsViewer+`.idle`)

	do("go to the end", chromedp.KeyEvent(kb.End))
	wait("the last round is shown", jsViewer+`.round === `+itoa(rounds))
	if got := eval(jsCounter); got != itoa(rounds) {
		t.Errorf("round counter at the end = %q, want %d", got, rounds)
	}
	if n := eval(jsShadow + `.querySelectorAll('.row.winner').length`); n == "0" {
		t.Error("no winner marked on the scoreboard at the end")
	}

	// Every state the viewer rebuilds, in order and by seeking backwards
	// through its snapshots, must be the same and obey the rules: one ork
	// per cell, never on water.
	if bad := eval(jsCheckStates); bad != "" {
		t.Errorf("rebuilt states: %s", bad)
	}

	// A middle round, where cities are owned and orks spread out (the
	// screenshot of every game's viewer is TestEveryGameInViewer's).
	eval(jsViewer + `.round = 120`)
	wait("round 120 is shown", jsViewer+`.round === 120 && `+jsViewer+`.idle`)

	// Hovering the board says what is there.
	var at struct{ X, Y float64 }
	if err := json.Unmarshal([]byte(eval(`JSON.stringify((r => ({X: r.x + r.width / 2, Y: r.y + r.height / 2}))(`+
		jsShadow+`.querySelector('canvas.board').getBoundingClientRect()))`)), &at); err != nil {
		t.Fatal(err)
	}
	do("hover the board", chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, at.X, at.Y))
	wait("the cell is described", jsShadow+`.querySelector('.status').textContent.includes('[')`)

	do("open the help", chromedp.KeyEvent("h"))
	wait("the help is shown", jsHelp)
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	browsertest.SaveScreenshot(t, "viewer-orkisland-help.png", shot)
	do("close the help", chromedp.KeyEvent("h"))
	wait("the help is hidden", `!(`+jsHelp+`)`)

	// More viewers on the page: a replay still gzip-compressed, one with a
	// frozen player shown from round 50, and a missing one, which must say so.
	eval(`(() => {
		for (const [id, src] of [['raw', '/raw.json.gz'], ['frozen', '/frozen.json'], ['missing', '/missing']]) {
			const v = document.createElement('arena-replay');
			v.id = id;
			v.setAttribute('src', src);
			v.setAttribute('round', '50');
			document.body.append(v);
		}
	})()`)
	wait("the raw gzip replay is loaded", `document.getElementById('raw')?.rounds === `+itoa(rounds))
	wait("the frozen player is OUT", `document.getElementById('frozen')?.round === 50 && `+
		`document.getElementById('frozen').shadowRoot.querySelector('.row.out .pct')?.textContent === 'OUT' && `+
		`document.getElementById('frozen').shadowRoot.querySelector('.row.out .cpu').title === 'Out of CPU time in round 10: the 2 s budget is spent'`)
	// Without keyboard="page", shortcuts go to the viewer that has focus.
	eval(`document.getElementById('raw').focus()`)
	do("step the focused viewer", chromedp.KeyEvent(kb.ArrowRight))
	wait("the focused viewer stepped", `document.getElementById('raw').round === 51`)
	wait("the missing replay is reported",
		`document.getElementById('missing')?.shadowRoot.querySelector('.failed')?.textContent.includes('404')`)

	for _, p := range problems() {
		if !strings.HasSuffix(p, "/missing)") { // that one is meant to fail
			t.Errorf("browser console: %s", p)
		}
	}
}

// frozenReplay returns the replay as plain JSON with player p frozen from
// round r on, as the runner records a player that exceeds its CPU budget.
func frozenReplay(t *testing.T, gz []byte, p, r int) []byte {
	rep, err := games.ReadReplay(bytes.NewReader(gz))
	if err != nil {
		t.Error(err)
		return nil
	}
	for i := r; i < len(rep.Rounds); i++ {
		rep.Rounds[i].CPU[p] = -1
	}
	rep.End.Frozen = append(rep.End.Frozen, games.Frozen{Player: p, Round: r, Kind: games.FreezeCPU, Reason: "the 2 s budget is spent"})
	data, err := json.Marshal(rep)
	if err != nil {
		t.Error(err)
	}
	return data
}

func itoa(n int) string { return strconv.Itoa(n) }
