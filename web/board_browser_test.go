package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
	"arena.dev/web/browsertest"
)

// TestLeaderboardLiveInBrowser: a game's leaderboard open in headless
// Chromium follows the judge without a reload. A student's bot, submitted
// and compiled, qualified and accepted by real River workers, appears on
// it; a ladder match it plays lands, and its row's games and rating
// change in place (the row is the same element, updated, not a new
// table).
func TestLeaderboardLiveInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a bot and plays matches in the sandbox")
	}
	e := newAdminEnv(t)
	ctx := context.Background()
	// This board alone: the bots other tests left on it (versions without
	// a compiled bot, whose matches fail) leave it while this test runs,
	// and other games are closed, so that matchmaking plans this one's.
	var others []int64
	rows, err := e.pool.Query(ctx, `UPDATE bots b SET disabled = true FROM users u
		WHERE u.id = b.owner_id AND u.role <> 'house' AND b.game_id = 'orkisland' AND NOT b.disabled RETURNING b.id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		others = append(others, id)
	}
	rows.Close()
	var closed []string
	rows, err = e.pool.Query(ctx, `UPDATE games SET enabled = false WHERE enabled AND id <> 'orkisland' RETURNING id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var g string
		rows.Scan(&g)
		closed = append(closed, g)
	}
	rows.Close()
	t.Cleanup(func() {
		e.pool.Exec(ctx, `UPDATE bots SET disabled = false WHERE id = ANY($1)`, others)
		e.pool.Exec(ctx, `UPDATE games SET enabled = true WHERE id = ANY($1)`, closed)
	})
	if _, err := e.pool.Exec(ctx, `UPDATE matches SET status = 'failed', finished_at = now(), error = 'left by a test'
		WHERE game_id = 'orkisland' AND status = 'queued'`); err != nil {
		t.Fatal(err)
	}
	// Opponents on the board that play in-process (as the built-in Demo).
	for i := range 3 {
		_, owner := e.user(domain.RoleStudent)
		e.playable(owner, fmt.Sprintf("rival%d", i), domain.StatusAccepted, "Demo", 22)
	}
	_, student := e.user(domain.RoleStudent)

	b := browsertest.Open(t, 1280, 900)
	wait := b.Wait
	b.Run("open the leaderboard", chromedp.Navigate(e.srv.URL+"/games/orkisland/leaderboard"))
	wait("the rivals are shown", `document.querySelectorAll('tbody.live-rows tr[data-bot]').length >= 3`, 20*time.Second)
	wait("the stream has sent the board", `Number(document.querySelector('tbody.live-rows').dataset.updates || 0) >= 1`, 20*time.Second)
	b.Do("mark the page (a reload would lose it)", `window.notReloaded = true`)

	// A bot is accepted: it appears.
	e.work(judge.Config{Queues: []string{judge.QueueCompile, judge.QueueMatch, judge.QueueDefault}, MaxWorkers: 2, LadderQueue: 1,
		Sandbox: judge.Sandbox{Dir: filepath.Join(os.TempDir(), "arena-judge-test")}})
	src, err := os.ReadFile("../games/orkisland/testdata/strong.go")
	if err != nil {
		t.Fatal(err)
	}
	v, err := service.Submit(ctx, e.pool, e.jobs, student, "orkisland", "climber", "go", string(src))
	if err != nil {
		t.Fatal(err)
	}
	row := `document.querySelector('tbody.live-rows tr[data-bot="` + fmt.Sprint(v.BotID) + `"]')`
	for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		got, err := store.VersionByID(ctx, e.pool, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status == domain.StatusAccepted {
			break
		}
		if got.Status == domain.StatusRejected || got.Status == domain.StatusCompileError || time.Now().After(deadline) {
			t.Fatalf("the bot is %s:\n%s", got.Status, got.CompileLog)
		}
	}
	wait("the accepted bot appears on the leaderboard", row+` !== null && /climber/.test(`+row+`.textContent)`, 15*time.Second)
	games := row + `.querySelectorAll('td')[6].textContent.trim()`
	before, err := chromedp.Run(b.Ctx, chromedp.Evaluate[string](games))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(b.Ctx, chromedp.Evaluate[bool](`(`+row+`.id = 'followed', true)`)); err != nil {
		t.Fatal(err)
	}

	// A ladder match lands: its games count and rating change in place.
	if _, err := e.jobs.Insert(ctx, judge.MatchmakingArgs{}, nil); err != nil {
		t.Fatal(err)
	}
	wait("the bot's ladder match shows on its row", games+` !== '`+before+`'`, 2*time.Minute)
	wait("in place, without a reload", `window.notReloaded === true && `+row+`.id === 'followed'`, time.Second)
	rated, err := chromedp.Run(b.Ctx, chromedp.Evaluate[string](games))
	if err != nil {
		t.Fatal(err)
	}
	if n := e.scalar(`SELECT games FROM bot_versions WHERE id = $1`, v.ID); n != rated {
		t.Errorf("the row says %s games, the database %s", rated, n)
	}
	b.Shot("leaderboard-live")
	b.NoConsoleErrors()
}
