package web_test

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/store"
)

// TestSmallLayoutFixes: at 1280 px in Chromium, the account page's
// sessions table stays inside its card (a long browser name wraps); the
// admin games page's radio buttons sit on their labels' line, before the
// words; a refused board upload's page opens at its error; the tournament
// header says "Seed μ−3σ" (not uppercased into other Greek letters) and
// its rules "1 match", "3 matches".
func TestSmallLayoutFixes(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	admin, adminID := e.user(domain.RoleAdmin)
	// Another session, from a browser with a long name.
	long := "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 " +
		"Safari/537.36 Edg/131.0.2903.86 SomeCorporateToolbar/12.4.1.2209-enterprise-build+telemetry"
	req, _ := http.NewRequest("POST", e.srv.URL+"/login", strings.NewReader(url.Values{"name": {admin}, "password": {adminTestPassword}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("User-Agent", long)
	if r := e.do(e.browser(), req); r.code != http.StatusSeeOther {
		t.Fatalf("log in with a long browser name: %d", r.code)
	}
	_, v := e.newVersion(adminID, "seeded", domain.StatusAccepted)
	tr := &domain.Tournament{Name: "Layout cup", GameID: "orkisland", Format: domain.FormatElimination, Settings: map[string]int{},
		GroupMatches: 1, FinalMatches: 3, DropCount: 2, LeagueRounds: 1, Seed: 1, StartAt: time.Now().Add(time.Hour)}
	if err := store.CreateTournament(ctx, e.pool, tr); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, `INSERT INTO tournament_entrants (tournament_id, bot_version_id, seed_rating) VALUES ($1, $2, 20)`, tr.ID, v.ID); err != nil {
		t.Fatal(err)
	}

	b := adminBrowser(t)
	run, eval := b.Run, b.Eval
	b.LogIn(e.srv.URL+"/login?next=/account", admin, adminTestPassword, `.grid.two`)

	// The sessions table: its right edge within its card's, the card's
	// within the page's.
	got := eval(`(() => {
		const table = [...document.querySelectorAll('section.card table')].find(t => t.textContent.includes('SomeCorporateToolbar'));
		if (!table) return 'no sessions table with the long browser name';
		const card = table.closest('section.card').getBoundingClientRect(), tr = table.getBoundingClientRect();
		const main = table.closest('.grid').getBoundingClientRect();
		const out = [];
		if (tr.right > card.right + 0.5) out.push('table ' + tr.right + ' > card ' + card.right);
		if (card.right > main.right + 0.5) out.push('card ' + card.right + ' > page ' + main.right);
		if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page scrolls sideways');
		return out.join('; ') || 'ok';
	})()`)
	if got != "ok" {
		t.Errorf("the account page at 1280 px: %s", got)
	}

	// The radio buttons: each on its label's first line, the words after it.
	run("open the games page", chromedp.Navigate(e.srv.URL+"/admin/games"), chromedp.WaitVisible(`#game-orkisland fieldset`))
	got = eval(`(() => {
		const labels = [...document.querySelectorAll('#game-orkisland fieldset > label')].filter(l => l.querySelector(':scope > input[type=radio]'));
		if (labels.length < 3) return 'only ' + labels.length + ' radio labels';
		for (const l of labels) {
			const input = l.querySelector(':scope > input').getBoundingClientRect();
			const text = [...l.childNodes].find(n => n.nodeType === 3 && n.textContent.trim() !== '');
			const range = document.createRange();
			range.setStart(text, text.textContent.search(/\S/));
			range.setEnd(text, text.textContent.search(/\S/) + 1);
			const first = range.getBoundingClientRect();
			if (first.left < input.right) return l.textContent.trim() + ': the words start at ' + first.left + ', left of the radio end ' + input.right;
			if (Math.abs((first.top + first.bottom) / 2 - (input.top + input.bottom) / 2) > 8) {
				return l.textContent.trim() + ': the radio is at ' + input.top + ', the words at ' + first.top;
			}
		}
		return 'ok';
	})()`)
	if got != "ok" {
		t.Errorf("the admin games page's radio buttons: %s", got)
	}

	// A refused board: the page opens at the error (give or take a pixel of
	// sub-pixel scrolling).
	bad := filepath.Join(t.TempDir(), "bad.cnf")
	if err := os.WriteFile(bad, []byte("OrkIsland 1.0\nrows 9999\nGENERATOR1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run("upload a broken board", chromedp.SetUploadFiles(`#game-orkisland input[name=board]`, []string{bad}),
		chromedp.Click(`#game-orkisland .admin-upload button`), chromedp.WaitVisible(`.admin-board-error`), chromedp.Sleep(300*time.Millisecond))
	got = eval(`(() => {
		const r = document.querySelector('.admin-board-error').getBoundingClientRect();
		return r.top >= -1 && r.bottom <= window.innerHeight + 1 ? 'ok' : 'the error is at ' + r.top + '–' + r.bottom + ' of ' + window.innerHeight;
	})()`)
	if got != "ok" {
		t.Errorf("a refused board upload: %s", got)
	}

	// The tournament: the header as written, the rules counted.
	run("open the tournament", chromedp.Navigate(e.srv.URL+"/tournaments/"+strconv.FormatInt(tr.ID, 10)), chromedp.WaitVisible(`table.standings`))
	if got := eval(`[...document.querySelectorAll('table.standings th')].map(th => th.innerText).find(s => s.includes('3')) || ''`); got != "SEED μ−3σ" {
		t.Errorf("the standings' seed header reads %q, want %q", got, "SEED μ−3σ")
	}
	body := eval(`document.body.innerText`)
	if strings.Contains(body, "(es)") || !strings.Contains(body, "1 match per group") || !strings.Contains(body, "plays 3 matches") {
		t.Errorf("the rules do not count matches properly:\n%s", body)
	}
	b.NoConsoleErrors()
}
