package web_test

import (
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/domain"
	"arena.dev/store"
	"arena.dev/web"
)

// A server with a BoardCache shows the same pages as one that ranks per
// request, as long as nothing changed in between.
func TestBoardCacheSamePages(t *testing.T) {
	e := newPagesEnv(t)
	ctx := context.Background()
	game := fmt.Sprintf("cg%d", time.Now().UnixNano()%1e9)
	if err := store.EnsureGame(ctx, e.pool, game, "Cached Game"); err != nil {
		t.Fatal(err)
	}
	aliceName, alice := e.user(domain.RoleStudent)
	_, bob := e.user(domain.RoleStudent)
	var bots, versions []int64
	for i := range 57 {
		owner := bob
		if i%10 == 0 {
			owner = alice
		}
		// Many equal μ−3σ: the ties are broken by games, then bot id.
		b, v := e.rankedBot(owner, game, fmt.Sprintf("cb%02d", i), 30+float64(i%7), 1+float64(i%3)/2)
		bots, versions = append(bots, b), append(versions, v)
	}
	e.exec(`UPDATE bot_versions SET games = 5 WHERE id = $1`, versions[3])
	for _, v := range versions[:20] {
		e.exec(`INSERT INTO rating_history (bot_version_id, mu, sigma) VALUES ($1, 30, 1)`, v)
	}
	// One site address for both servers: pages show it (install lines).
	e.s.PublicURL = "http://arena.test"
	t.Cleanup(func() { e.s.PublicURL = "" })
	cached := &web.Server{Pool: e.pool, Boards: web.NewBoardCache(time.Hour), PublicURL: e.s.PublicURL}
	csrv := httptest.NewServer(cached.Handler())
	t.Cleanup(csrv.Close)

	paths := []string{"/", "/games/" + game, "/games/" + game + "/leaderboard", "/games/" + game + "/leaderboard?page=2",
		"/games/" + game + "/leaderboard?page=3", "/api/games/" + game + "/leaderboard",
		"/api/games/" + game + "/leaderboard?page=2", "/api/games/" + game + "/leaderboard?page=9",
		"/api/games/nogame/leaderboard"}
	for _, b := range []int64{bots[0], bots[3], bots[56]} {
		paths = append(paths, fmt.Sprintf("/bots/%d", b))
	}
	for _, who := range []string{"", aliceName} {
		c := e.login(who) // sessions live in the database: the cookie works on both servers
		for _, p := range append(paths, "/games/"+game+"/leaderboard?mine=1", "/bots") {
			var want, got string
			var wcode, gcode int
			for range 2 { // a page may cross a second ("3 seconds ago"): look twice
				wcode, want, _ = e.get(c, p)
				resp, err := c.Get(csrv.URL + p)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				got, gcode = string(body), resp.StatusCode
				if got == want && gcode == wcode {
					break
				}
			}
			if gcode != wcode || got != want {
				i := 0
				for i < len(got) && i < len(want) && got[i] == want[i] {
					i++
				}
				t.Errorf("%s as %q: cached %d, per request %d; first difference at %d:\n cached %q\n   want %q",
					p, who, gcode, wcode, i, excerpt(got, i), excerpt(want, i))
			}
		}
	}
}

func excerpt(s string, i int) string {
	return s[max(0, i-80):min(len(s), i+80)]
}

// slowDB counts and slows down the queries of a board rebuild.
type slowDB struct {
	store.DB
	delay   time.Duration
	calls   atomic.Int32
	entered chan struct{}
}

func (d *slowDB) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	d.calls.Add(1)
	select {
	case d.entered <- struct{}{}:
	default:
	}
	time.Sleep(d.delay)
	return d.DB.Query(ctx, sql, args...)
}

// One build at a time per game; the first is waited for, later ones are
// not: readers keep the previous snapshot while a request rebuilds.
func TestBoardCacheRebuilds(t *testing.T) {
	e := newPagesEnv(t)
	ctx := context.Background()
	game := fmt.Sprintf("cr%d", time.Now().UnixNano()%1e9)
	if err := store.EnsureGame(ctx, e.pool, game, "Rebuilt Game"); err != nil {
		t.Fatal(err)
	}
	_, owner := e.user(domain.RoleStudent)
	e.rankedBot(owner, game, "first", 30, 1)

	db := &slowDB{DB: e.pool, delay: 300 * time.Millisecond, entered: make(chan struct{}, 1)}
	c := web.NewBoardCache(time.Hour)
	var wg sync.WaitGroup
	got := make([]*store.Ranking, 10)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := c.Board(ctx, db, game)
			if err != nil {
				t.Error(err)
			}
			got[i] = b
		}()
	}
	wg.Wait()
	if n := db.calls.Load(); n != 1 {
		t.Fatalf("%d builds for 10 concurrent first readers, want 1", n)
	}
	for _, b := range got {
		if b != got[0] || b.Len() != 1 {
			t.Fatalf("readers got different snapshots: %p %p", b, got[0])
		}
	}
	<-db.entered

	// Fresh enough: a new bot is not seen before the TTL.
	newBot, _ := e.rankedBot(owner, game, "second", 50, 1)
	if b, _ := c.Board(ctx, db, game); b != got[0] || db.calls.Load() != 1 {
		t.Fatal("rebuilt before the TTL")
	}

	// Stale: one reader rebuilds, the others keep the old snapshot meanwhile.
	c.TTL = 0
	rebuilt := make(chan *store.Ranking)
	go func() {
		b, err := c.Board(ctx, db, game)
		if err != nil {
			t.Error(err)
		}
		rebuilt <- b
	}()
	<-db.entered
	for range 5 {
		start := time.Now()
		b, err := c.Board(ctx, db, game)
		if err != nil || b != got[0] {
			t.Fatalf("during a rebuild: %p, %v; want the previous snapshot", b, err)
		}
		if d := time.Since(start); d > 150*time.Millisecond {
			t.Fatalf("a reader waited %v for a rebuild", d)
		}
	}
	b := <-rebuilt
	if n := db.calls.Load(); n != 2 {
		t.Fatalf("%d builds, want 2", n)
	}
	if r, total := b.Rank(newBot); r != 1 || total != 2 {
		t.Fatalf("after the rebuild the new bot is %d of %d, want 1 of 2", r, total)
	}
}

// Head to head counts only the bot's last matches, and no challenge.
func TestHeadToHeadLastMatches(t *testing.T) {
	e := newPagesEnv(t)
	game := fmt.Sprintf("ch%d", time.Now().UnixNano()%1e9) // a game of its own: others count pgame's bots
	if err := store.EnsureGame(context.Background(), e.pool, game, "Rivals Game"); err != nil {
		t.Fatal(err)
	}
	_, owner := e.user(domain.RoleStudent)
	_, other := e.user(domain.RoleStudent)
	bot, v := e.rankedBot(owner, game, "h2hhero", 40, 2)
	_, rv := e.rankedBot(other, game, "h2hvillain", 30, 2)
	_, rv2 := e.rankedBot(other, game, "h2hsidekick", 20, 2)
	// A challenge (a student's pick of opponents) does not count.
	e.playedMatch(game, domain.KindChallenge, [4]int64{v, rv, rv2, 0}, [4]int64{9, 5, 1, 0}, false)
	e.playedMatch(game, domain.KindLadder, [4]int64{v, rv, rv2, 0}, [4]int64{9, 5, 1, 0}, false) // won
	e.playedMatch(game, domain.KindLadder, [4]int64{rv, v, rv2, 0}, [4]int64{3, 8, 1, 0}, false) // won
	e.playedMatch(game, domain.KindLadder, [4]int64{v, rv, rv2, 0}, [4]int64{2, 7, 1, 0}, false) // lost
	for last, want := range map[int][3]int{1: {0, 1, 1}, 2: {1, 1, 2}, 100: {2, 1, 3}} {
		rivals, err := store.HeadToHead(context.Background(), e.pool, bot, 12, last)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, r := range rivals {
			if r.BotName == "h2hvillain" {
				found = true
				if got := [3]int{r.Wins, r.Losses, r.Matches}; got != want {
					t.Errorf("last %d: against villain %v (won, lost, matches), want %v", last, got, want)
				}
			}
		}
		if !found {
			t.Errorf("last %d: no villain in %+v", last, rivals)
		}
	}
	_, body, _ := e.get(e.login(""), fmt.Sprintf("/bots/%d", bot))
	mustContain(t, "bot page", body, "Over the last 100 matches")
}
