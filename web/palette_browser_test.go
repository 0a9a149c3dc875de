package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/store"
	"arena.dev/web/browsertest"
)

// paletteJS reads a match page's colours, as "#rrggbb" by seat: the seats
// table's dots, the viewer's scoreboard swatches, and, for each seat's
// palette colour, how many pixels of the board are exactly that colour.
const paletteJS = `(() => {
  const hex = (c) => '#' + (c.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0')).join('');
  const table = {};
  for (const dot of document.querySelectorAll('.seats svg.seat-dot')) table[dot.dataset.seat] = dot.querySelector('rect').getAttribute('fill');
  const root = document.querySelector('arena-replay').shadowRoot;
  const viewer = [...root.querySelectorAll('.scores .row .swatch')].map((s) => hex(getComputedStyle(s).backgroundColor));
  const canvas = root.querySelector('canvas.board');
  const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const board = Object.fromEntries(viewer.map((c) => [c, 0]));
  for (let i = 0; i < px.length; i += 4) {
    const c = '#' + [px[i], px[i + 1], px[i + 2]].map((n) => n.toString(16).padStart(2, '0')).join('');
    if (c in board) board[c]++;
  }
  return JSON.stringify({table, viewer, board});
})()`

// TestOnePalettePerMatch: in every game, a match's page shows each seat in
// one colour, its game's (games.Info.Palette): the seats table's dot, the
// viewer's scoreboard, and the players drawn on the board. A real match of
// the game's built-in bots, in headless Chromium.
func TestOnePalettePerMatch(t *testing.T) {
	e := newPagesEnv(t)
	bctx := browsertest.Start(t, 1280, 900)
	// The test's own reading of the board's pixels draws a warning.
	consoleErrors := browsertest.Console(bctx, "willReadFrequently")
	// The games this test adds leave the home page of the tests after it.
	var added []string
	t.Cleanup(func() { e.exec("UPDATE games SET enabled = false WHERE id = ANY($1)", added) })
	for _, id := range games.IDs() {
		g, err := games.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		info := g.Info()
		var known bool
		if err := e.pool.QueryRow(context.Background(), "SELECT EXISTS (SELECT FROM games WHERE id = $1)", id).Scan(&known); err != nil {
			t.Fatal(err)
		}
		if !known {
			added = append(added, id)
		}
		if err := store.EnsureGame(context.Background(), e.pool, id, info.Title); err != nil {
			t.Fatal(err)
		}
		replay := builtinReplay(t, g)
		m := e.playedMatch(id, domain.KindLadder, [4]int64{}, [4]int64{40, 30, 20, 10}, true)
		e.exec(`UPDATE blobs SET data = $2 WHERE key = $1`, fmt.Sprintf("replay/pages-%d", m), replay)

		c, cancel := context.WithTimeout(bctx, 30*time.Second)
		err = chromedp.Do(c, chromedp.Navigate(fmt.Sprintf("%s/matches/%d", e.srv.URL, m)), chromedp.WaitVisible(`.seats`))
		cancel()
		if err != nil {
			t.Fatalf("%s: open match %d: %v\nconsole: %v", id, m, err, consoleErrors())
		}
		// The board early (everyone is on it) and at the end.
		var got struct {
			Table  map[string]string
			Viewer []string
			Board  map[string]int
		}
		board := map[string]int{}
		for _, round := range []string{"1", "v.rounds"} {
			if _, err := chromedp.Run(bctx, chromedp.Poll[bool](`(() => { const v = document.querySelector('arena-replay');
				if (!v || !v.rounds) return false; if (v.round !== `+round+`) v.round = `+round+`; return v.idle && v.round === `+round+`; })()`,
				chromedp.WithPollingTimeout(20*time.Second))); err != nil {
				t.Fatalf("%s: the viewer did not load or show round %s: %v\nconsole: %v", id, round, err, consoleErrors())
			}
			s, err := chromedp.Run(bctx, chromedp.Evaluate[string](paletteJS))
			if err == nil {
				err = json.Unmarshal([]byte(s), &got)
			}
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			for c, n := range got.Board {
				board[c] += n
			}
		}
		got.Board = board
		if len(got.Viewer) != info.Players || len(got.Table) != info.Players {
			t.Fatalf("%s: %d scoreboard rows and %d table dots, want %d of each", id, len(got.Viewer), len(got.Table), info.Players)
		}
		for seat := range info.Players {
			want := strings.ToLower(info.Palette[seat])
			if table := strings.ToLower(got.Table[fmt.Sprint(seat)]); table != want {
				t.Errorf("%s seat %d: the table's dot is %s, the game's colour %s", id, seat, table, want)
			}
			if got.Viewer[seat] != want {
				t.Errorf("%s seat %d: the viewer's swatch is %s, the game's colour %s", id, seat, got.Viewer[seat], want)
			}
			if got.Board[want] == 0 {
				t.Errorf("%s seat %d: no pixel of the board is %s", id, seat, want)
			}
		}
		t.Logf("%s: seats %v; board pixels by colour %v", id, info.Palette, got.Board)
	}
	if errs := consoleErrors(); len(errs) > 0 {
		t.Errorf("console errors (a CSP violation is one):\n%s", strings.Join(errs, "\n"))
	}
}

// builtinReplay plays a match of g between its built-in bots (its
// qualifier and its strongest, alternating) and returns the gzipped replay.
func builtinReplay(t *testing.T, g games.Game) []byte {
	t.Helper()
	info := g.Info()
	names := []string{info.Qualifier, info.Bots[len(info.Bots)-1]}
	players := make([]games.Player, info.Players)
	for i := range players {
		a, err := g.NewBot(names[i%2])
		if err != nil {
			t.Fatal(err)
		}
		players[i] = games.Player{Name: names[i%2], Agent: a}
	}
	r, err := games.Play(t.Context(), games.Config{Game: g, Seed: 7, Players: players})
	if err != nil {
		t.Fatalf("%s: %v", info.ID, err)
	}
	data, err := r.Gzip()
	if err != nil {
		t.Fatal(err)
	}
	return data
}
