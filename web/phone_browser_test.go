package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/web/browsertest"
)

// phoneWidth × phoneHeight is a common phone's screen in CSS pixels.
const phoneWidth, phoneHeight = 390, 844

// controlsJS measures a page's replay viewer: the board's box and the
// replay controls' box, in CSS pixels.
const controlsJS = `(() => {
  const root = document.querySelector('arena-replay')?.shadowRoot;
  const box = (sel) => { const r = root?.querySelector(sel)?.getBoundingClientRect(); return r ? [r.left, r.top, r.right, r.bottom] : null; };
  return JSON.stringify({board: box('canvas.board'), controls: box('nav.controls')});
})()`

// TestPagesFitAPhone opens the pages a student uses at 390×844 (a phone)
// in headless Chromium with realistic data: nothing is wider than the
// screen (tables scroll within their cards), and on the game and match
// pages the replay controls sit right under the board, not below the
// scoreboard and chart. Set ARENA_SCREENSHOTS to keep a screenshot of each page.
func TestPagesFitAPhone(t *testing.T) {
	e := newPagesEnv(t)
	ownerName, owner := e.user(domain.RoleStudent)
	_, other := e.user(domain.RoleStudent)
	// Long names, as students choose them.
	names := []string{"Gothmog_the_Lieutenant", "Azog", "Bolg_son_of_Azog", "Grishnakh", "Ugluk_of_Isengard", "Shagrat", "Gorbag", "Lugdush"}
	var bots, versions []int64
	for i, name := range names {
		o := other
		if i%4 == 1 {
			o = owner
		}
		b, v := e.rankedBot(o, "orkisland", name, 38-1.7*float64(i), 1.2+0.15*float64(i))
		bots, versions = append(bots, b), append(versions, v)
	}
	replay := realReplay(t)
	var match int64
	for k := range 6 {
		vs := [4]int64{versions[k%8], versions[(k+1)%8], versions[(k+3)%8], versions[(k+5)%8]}
		match = e.playedMatch("orkisland", domain.KindLadder, vs, [4]int64{int64(3000 + 17*k), int64(4200 - 9*k), 1500, 90}, true)
	}
	e.playedMatch("orkisland", domain.KindQualification, [4]int64{versions[1], 0, 0, 0}, [4]int64{120, 80, 60, 10}, false)
	e.exec(`UPDATE blobs SET data = $2 WHERE key = $1`, fmt.Sprintf("replay/pages-%d", match), replay)
	tournament := e.finishedTournament("Spring cup of the orc clans", versions)
	// A rating history, for the bot page's chart.
	start := time.Now().Add(-6 * time.Hour)
	for i := range 40 {
		e.exec(`INSERT INTO rating_history (bot_version_id, mu, sigma, created_at) VALUES ($1, $2, $3, $4)`,
			versions[1], 25+0.3*float64(i), max(1.2, 8.3-0.2*float64(i)), start.Add(time.Duration(i)*5*time.Minute))
	}

	b := browsertest.Open(t, phoneWidth, phoneHeight)
	waitViewer := func(where string) {
		t.Helper()
		b.Wait("the viewer on the "+where+" loads", `(() => { const v = document.querySelector('arena-replay'); return !!v && v.rounds > 0 && v.idle; })()`, 20*time.Second)
	}
	fits := func(page string) {
		t.Helper()
		b.Fits(page, phoneWidth)
		b.Shot("phone-" + strings.NewReplacer("/", "-", " ", "-").Replace(page) + ".png")
	}
	controlsByTheBoard := func(page string) {
		t.Helper()
		var got struct{ Board, Controls []float64 }
		b.EvalJSON(controlsJS, &got)
		if len(got.Board) != 4 || len(got.Controls) != 4 {
			t.Fatalf("%s: no board or no controls in the viewer: %+v", page, got)
		}
		if w := got.Board[2] - got.Board[0]; w < 0.75*phoneWidth {
			t.Errorf("%s: the board is %.0f px wide on a %d px screen", page, w, phoneWidth)
		}
		// Between them at most the status line and the gaps.
		if gap := got.Controls[1] - got.Board[3]; gap < 0 || gap > 80 {
			t.Errorf("%s: the replay controls start %.0f px below the board, want them right under it (0–80 px)", page, gap)
		}
		if got.Controls[3] > phoneHeight+got.Board[1] {
			t.Errorf("%s: the board and its controls take more than one screen: %+v", page, got)
		}
	}

	b.Run("emulate a phone", chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateMobile, chromedp.EmulateTouch))
	b.Visit("visitor home", e.srv.URL+"/", `.game-card`)
	fits("visitor home")
	b.LogIn(e.srv.URL+"/login", ownerName, pagesPassword, `.hero`)
	fits("home")
	b.Visit("game", e.srv.URL+"/games/orkisland", `#sdk`)
	waitViewer("game page")
	fits("game")
	controlsByTheBoard("game")
	for _, p := range []struct{ name, path, ready string }{
		{"leaderboard", "/games/orkisland/leaderboard", `tr.mine`},
		{"matches", "/games/orkisland/matches", `.players`},
	} {
		b.Visit(p.name, e.srv.URL+p.path, p.ready)
		fits(p.name)
	}
	b.Visit("match", fmt.Sprintf("%s/matches/%d", e.srv.URL, match), `.seats`)
	waitViewer("match page")
	fits("match")
	controlsByTheBoard("match")
	for _, p := range []struct{ name, path, ready string }{
		{"bot", fmt.Sprintf("/bots/%d", bots[1]), `svg.chart`},
		{"version", fmt.Sprintf("/bots/%d/versions/1", bots[1]), `.version-head`},
		{"challenge", "/games/orkisland/challenge", `.challenge-form`},
		{"my bots", "/bots", `.my-game`},
		{"downloads", "/downloads", `table.downloads`},
		{"tournaments", "/tournaments", `.tournament-list`},
		{"tournament", fmt.Sprintf("/tournaments/%d", tournament), `.podium`},
	} {
		b.Visit(p.name, e.srv.URL+p.path, p.ready)
		fits(p.name)
	}
	b.NoConsoleErrors()
}

// finishedTournament records a finished elimination of eight versions, as
// the judge would have: two groups of four in round 1, the first four in
// the final. It returns the tournament's id.
func (e *pagesEnv) finishedTournament(name string, versions []int64) int64 {
	e.t.Helper()
	ctx := context.Background()
	tr := &domain.Tournament{Name: name, GameID: "orkisland", Format: domain.FormatElimination, Settings: map[string]int{},
		GroupMatches: 1, FinalMatches: 1, DropCount: 2, LeagueRounds: 1, Seed: 1, StartAt: time.Now()}
	if err := store.CreateTournament(ctx, e.pool, tr); err != nil {
		e.t.Fatal(err)
	}
	play := func(round, grp int, vs []int64) {
		m := e.playedMatch("orkisland", domain.KindTournament, [4]int64{vs[0], vs[1], vs[2], vs[3]}, [4]int64{4100, 3200, 1800, 700}, false)
		for _, v := range vs {
			e.exec(`INSERT INTO tournament_groups (tournament_id, round, grp, bot_version_id) VALUES ($1, $2, $3, $4)`, tr.ID, round, grp, v)
		}
		e.exec(`INSERT INTO tournament_matches VALUES ($1, $2, $3, 0, $4)`, tr.ID, round, grp, m)
	}
	play(1, 0, versions[0:4])
	play(1, 1, versions[4:8])
	final := []int64{versions[0], versions[1], versions[4], versions[5]}
	play(2, 0, final)
	for place, i := range []int{0, 1, 4, 5, 2, 3, 6, 7} { // the final's order, then those out in round 1
		var out any
		if place >= 4 {
			out = 1
		}
		e.exec(`INSERT INTO tournament_entrants (tournament_id, bot_version_id, seed_rating, out_round, place) VALUES ($1, $2, $3, $4, $5)`,
			tr.ID, versions[i], float64(30-i), out, place+1)
	}
	e.exec(`UPDATE tournaments SET status = 'finished', round = 2, final_round = true, started_at = now(), finished_at = now() WHERE id = $1`, tr.ID)
	return tr.ID
}
