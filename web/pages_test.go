package web_test

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/judge"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/auth"
	"arena.dev/games"
	_ "arena.dev/games/all"
	"arena.dev/store"
	"arena.dev/store/pgtest"
	"arena.dev/web"
)

// pagesEnv is a running server on the test database with real sessions,
// and helpers to lay out bots, ratings and matches directly in the tables.
type pagesEnv struct {
	t    *testing.T
	srv  *httptest.Server
	pool *pgxpool.Pool
	s    *web.Server
}

func newPagesEnv(t *testing.T) *pagesEnv {
	t.Helper()
	pool := pgtest.Pool(t)
	ctx := context.Background()
	for id, title := range map[string]string{"orkisland": "Ork Island", "pgame": "Pages Game", "pgame2": "Second Game"} {
		if err := store.EnsureGame(ctx, pool, id, title); err != nil {
			t.Fatal(err)
		}
	}
	s := &web.Server{Pool: pool}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &pagesEnv{t: t, srv: srv, pool: pool, s: s}
}

var pagesUserN int

const pagesPassword = "pa55word!"

func (e *pagesEnv) user(role string) (string, int64) {
	e.t.Helper()
	pagesUserN++
	hash, _ := auth.HashPassword(pagesPassword)
	u := &domain.User{Name: fmt.Sprintf("pg%d_%s", pagesUserN, role), PasswordHash: hash, Role: role}
	u.Email = u.Name + "@example.org"
	if err := store.CreateUser(context.Background(), e.pool, u); err != nil {
		e.t.Fatal(err)
	}
	return u.Name, u.ID
}

// login returns a client with a logged-in session (nil name: a visitor).
func (e *pagesEnv) login(name string) *http.Client {
	e.t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if name == "" {
		return c
	}
	resp, err := c.PostForm(e.srv.URL+"/login", url.Values{"name": {name}, "password": {pagesPassword}})
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		e.t.Fatalf("log in as %s: %d", name, resp.StatusCode)
	}
	return c
}

// get fetches a path; the body, status and content type.
func (e *pagesEnv) get(c *http.Client, path string) (int, string, http.Header) {
	e.t.Helper()
	resp, err := c.Get(e.srv.URL + path)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), resp.Header
}

func (e *pagesEnv) exec(sql string, args ...any) {
	e.t.Helper()
	if _, err := e.pool.Exec(context.Background(), sql, args...); err != nil {
		e.t.Fatalf("%s: %v", sql, err)
	}
}

// rankedBot makes an accepted bot with one version rated (mu, sigma) and
// returns the bot and version ids. Its source holds a secret marker.
func (e *pagesEnv) rankedBot(owner int64, game, name string, mu, sigma float64) (int64, int64) {
	e.t.Helper()
	ctx := context.Background()
	b, err := store.BotByName(ctx, e.pool, owner, game, name)
	if err != nil {
		e.t.Fatal(err)
	}
	v, err := store.CreateVersion(ctx, e.pool, b.ID, "go", "package main // SECRET-SOURCE-"+name+"\n")
	if err != nil {
		e.t.Fatal(err)
	}
	e.exec(`UPDATE bot_versions SET status = 'accepted', mu = $2, sigma = $3, games = 3 WHERE id = $1`, v.ID, mu, sigma)
	e.exec(`UPDATE bots SET current_version_id = $2 WHERE id = $1`, b.ID, v.ID)
	return b.ID, v.ID
}

// playedMatch records a finished match of four seats (a version id or 0
// for the Dummy) with their scores; seat 3 ran out of CPU time in round 41
// (counted from 0).
func (e *pagesEnv) playedMatch(game, kind string, versions [4]int64, scores [4]int64, replay bool) int64 {
	e.t.Helper()
	ctx := context.Background()
	seats := make([]domain.Seat, 4)
	for i, v := range versions {
		if v == 0 {
			seats[i] = domain.Seat{Builtin: "Dummy"}
		} else {
			seats[i] = domain.Seat{VersionID: &v}
		}
	}
	m := &domain.Match{GameID: game, Kind: kind, Seed: 77}
	if kind == domain.KindChallenge { // started by the first seat's owner
		var owner int64
		if err := e.pool.QueryRow(ctx, `SELECT b.owner_id FROM bot_versions v JOIN bots b ON b.id = v.bot_id
			WHERE v.id = $1`, versions[0]).Scan(&owner); err != nil {
			e.t.Fatal(err)
		}
		m.ChallengerID = &owner
	}
	if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
		e.t.Fatal(err)
	}
	out := make([]store.SeatOutcome, 4)
	for i := range out {
		rank := 1
		for j := range scores {
			if scores[j] > scores[i] {
				rank++
			}
		}
		out[i] = store.SeatOutcome{Score: scores[i], Rank: rank, CPUSeconds: 0.25 * float64(i+1), Log: "SECRET-DEBUG-LOG"}
	}
	round, reason := 41, "the 2 s budget is spent"
	out[3].FrozenRound, out[3].FrozenKind, out[3].FrozenReason = &round, games.FreezeCPU, &reason
	key := ""
	if replay {
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write([]byte(`{"format":1}`))
		zw.Close()
		key = fmt.Sprintf("replay/pages-%d", m.ID)
		if err := (store.PGBlobs{DB: e.pool}).Put(ctx, key, gz.Bytes()); err != nil {
			e.t.Fatal(err)
		}
	}
	if err := store.FinishMatch(ctx, e.pool, m.ID, key, kind == domain.KindLadder, out); err != nil {
		e.t.Fatal(err)
	}
	if !replay {
		e.exec(`UPDATE matches SET replay_key = NULL WHERE id = $1`, m.ID)
	}
	return m.ID
}

func mustContain(t *testing.T, what, body string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(body, w) {
			t.Errorf("%s lacks %q", what, w)
		}
	}
}

func mustNotContain(t *testing.T, what, body string, unwanted ...string) {
	t.Helper()
	for _, w := range unwanted {
		if strings.Contains(body, w) {
			t.Errorf("%s contains %q", what, w)
		}
	}
}

// leaderboardRows counts the rows of a leaderboard table.
func leaderboardRows(body string) int {
	return strings.Count(body, `<td class="num"><span class="rank`)
}

func TestPublicHome(t *testing.T) {
	e := newPagesEnv(t)
	_, owner := e.user(domain.RoleStudent)
	var vs [4]int64
	for i := range 6 {
		_, v := e.rankedBot(owner, "pgame2", fmt.Sprintf("home%d", i), 100+float64(i), 1)
		if i >= 2 {
			vs[i-2] = v // home0 and home1 do not play
		}
	}
	m := e.playedMatch("pgame2", domain.KindLadder, vs, [4]int64{5, 9, 1, 3}, true)
	code, body, _ := e.get(e.login(""), "/")
	if code != 200 {
		t.Fatalf("home: %d", code)
	}
	mustContain(t, "home", body, "Second Game", `href="/games/pgame2"`, "home5", "home1",
		fmt.Sprintf(`href="/matches/%d"`, m), "Latest matches")
	mustNotContain(t, "home (top 5 only)", body, ">home0<")
}

func TestGamePage(t *testing.T) {
	e := newPagesEnv(t)
	_, owner := e.user(domain.RoleStudent)
	visitor := e.login("")
	code, body, _ := e.get(visitor, "/games/orkisland")
	if code != 200 {
		t.Fatalf("game page: %d", code)
	}
	mustContain(t, "game page", body, "<h1>Ork Island</h1>", "How to play", "Fights", "on the winner",
		`href="/games/orkisland/kit.zip"`, `href="/games/orkisland/dummy.wasm"`, `href="/games/orkisland/leaderboard"`,
		"SDK reference", "func (g *Game) Move(id int, d Dir)", "ignored and counted as invalid",
		"type Pos", "func Run(bot Bot)", "nb_rounds")
	mustNotContain(t, "game page", body, "NewSession", "DecodeCommands")

	// With a ladder match played, its replay is shown.
	var vs [4]int64
	for i := range vs {
		_, vs[i] = e.rankedBot(owner, "orkisland", fmt.Sprintf("gp%d", i), 30, 2)
	}
	m := e.playedMatch("orkisland", domain.KindLadder, vs, [4]int64{1, 2, 3, 4}, true)
	_, body, _ = e.get(visitor, "/games/orkisland")
	mustContain(t, "game page", body, fmt.Sprintf(`<arena-replay src="/matches/%d/replay"`, m), "/static/viewer/arena-replay.js", "gp0")

	for _, path := range []string{"/games/chess", "/games/chess/leaderboard", "/games/chess/matches", "/games/chess/kit.zip", "/games/chess/dummy.wasm"} {
		if code, _, _ := e.get(visitor, path); code != 404 {
			t.Errorf("%s: %d, want 404", path, code)
		}
	}
	// A disabled game is gone from the public pages.
	e.exec(`INSERT INTO games (id, title, enabled) VALUES ('pgoff', 'Off Game', false) ON CONFLICT (id) DO NOTHING`)
	if code, _, _ := e.get(visitor, "/games/pgoff"); code != 404 {
		t.Errorf("disabled game: %d, want 404", code)
	}
}

func TestKitZip(t *testing.T) {
	e := newPagesEnv(t)
	code, body, h := e.get(e.login(""), "/games/orkisland/kit.zip")
	if code != 200 || h.Get("Content-Type") != "application/zip" || !strings.Contains(h.Get("Content-Disposition"), "orkisland-kit.zip") {
		t.Fatalf("kit.zip: %d %v", code, h)
	}
	zr, err := zip.NewReader(strings.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	want, err := games.KitFiles("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != len(want) {
		t.Errorf("zip has %d files, the kit %d", len(zr.File), len(want))
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(rc)
		rc.Close()
		name := strings.TrimPrefix(f.Name, "orkisland-kit/")
		if name == "README.md" { // the kit's, with the site's address in the arena tool's install line
			want[name] = bytes.ReplaceAll(want[name], []byte(games.KitServer), []byte(e.srv.URL))
			for _, line := range []string{
				"curl -fL --retry 10 -o arena " + e.srv.URL + "/downloads/arena/linux/amd64",
				"curl -fL --retry 10 -o arena " + e.srv.URL + "/downloads/arena/darwin/arm64",
				"Invoke-WebRequest " + e.srv.URL + "/downloads/arena/windows/amd64 -OutFile arena.exe",
			} {
				if !bytes.Contains(data, []byte(line)) {
					t.Errorf("the kit's README has no install line %q with the site's address:\n%s", line, data)
				}
			}
		}
		if !bytes.Equal(data, want[name]) {
			t.Errorf("zip file %s differs from the kit's", f.Name)
		}
	}
	// Same bytes every time (fixed dates, sorted names).
	if _, again, _ := e.get(e.login(""), "/games/orkisland/kit.zip"); again != body {
		t.Error("two downloads of the kit differ")
	}
	// A game enabled in the database but without an SDK has no kit.
	if code, _, _ := e.get(e.login(""), "/games/pgame/kit.zip"); code != 404 {
		t.Errorf("kit of a game without SDK: %d", code)
	}
}

func TestDummyWasm(t *testing.T) {
	e := newPagesEnv(t)
	dummy, err := judge.BuiltinWasmKey("orkisland", "Dummy")
	if err != nil {
		t.Fatal(err)
	}
	e.exec(`DELETE FROM blobs WHERE key = '` + dummy + `'`)
	code, body, h := e.get(e.login(""), "/games/orkisland/dummy.wasm")
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" {
		t.Fatalf("dummy before it is built: %d %v", code, h)
	}
	mustContain(t, "503 page", body, "being built")
	wasm := []byte("\x00asm\x01\x00\x00\x00fake")
	if err := (store.PGBlobs{DB: e.pool}).Put(context.Background(), dummy, wasm); err != nil {
		t.Fatal(err)
	}
	code, body, h = e.get(e.login(""), "/games/orkisland/dummy.wasm")
	if code != 200 || body != string(wasm) || h.Get("Content-Type") != "application/wasm" {
		t.Fatalf("dummy: %d %q %v", code, body, h)
	}
}

func TestLeaderboardPage(t *testing.T) {
	e := newPagesEnv(t)
	aliceName, alice := e.user(domain.RoleStudent)
	_, bob := e.user(domain.RoleStudent)
	// 60 bots: bob's lb00..lb56 and alice's lb57..lb59, best last.
	for i := range 60 {
		owner := bob
		if i >= 57 {
			owner = alice
		}
		e.rankedBot(owner, "pgame", fmt.Sprintf("lb%02d", i), 50+float64(i), 1)
	}
	visitor := e.login("")
	code, body, _ := e.get(visitor, "/games/pgame/leaderboard")
	if code != 200 {
		t.Fatalf("leaderboard: %d", code)
	}
	if n := leaderboardRows(body); n != 50 {
		t.Errorf("page 1 has %d rows, want 50", n)
	}
	mustContain(t, "page 1", body, "Page 1 of 2", `href="/games/pgame/leaderboard?page=2"`, "lb59", "lb10", "106.00")
	mustNotContain(t, "page 1", body, ">lb09<", `class="mine"`, "My bots")
	if strings.Index(body, "lb59") > strings.Index(body, "lb58") {
		t.Error("not ordered by μ−3σ")
	}
	_, body, _ = e.get(visitor, "/games/pgame/leaderboard?page=2")
	if n := leaderboardRows(body); n != 10 {
		t.Errorf("page 2 has %d rows, want 10", n)
	}
	mustContain(t, "page 2", body, ">lb09<", ">lb00<", "Page 2 of 2", `href="/games/pgame/leaderboard?page=1"`)
	if code, _, _ := e.get(visitor, "/games/pgame/leaderboard?page=3"); code != 404 {
		t.Errorf("past the last page: %d", code)
	}
	// A visitor's mine=1 is ignored: there is no "mine".
	if _, body, _ = e.get(visitor, "/games/pgame/leaderboard?mine=1"); leaderboardRows(body) != 50 {
		t.Errorf("visitor with mine=1: %d rows", leaderboardRows(body))
	}

	c := e.login(aliceName)
	_, body, _ = e.get(c, "/games/pgame/leaderboard")
	if got := strings.Count(body, `<tr class="mine" data-bot=`); got != 3 {
		t.Errorf("alice's bots highlighted: %d, want 3", got)
	}
	mustContain(t, "logged-in board", body, "My bots", `href="/games/pgame/leaderboard?mine=1"`)
	_, body, _ = e.get(c, "/games/pgame/leaderboard?mine=1")
	if n := leaderboardRows(body); n != 3 {
		t.Errorf("my bots: %d rows, want 3", n)
	}
	mustContain(t, "my bots", body, "lb57", "lb58", "lb59")
	mustNotContain(t, "my bots", body, "lb56")
}

func TestMatchPages(t *testing.T) {
	e := newPagesEnv(t)
	_, owner := e.user(domain.RoleStudent)
	var vs [4]int64
	for i := range 3 {
		_, vs[i] = e.rankedBot(owner, "pgame", fmt.Sprintf("mp%d", i), 20, 3)
	}
	// Seat 3 is the Dummy (a qualification match), frozen in round 41.
	q := e.playedMatch("pgame", domain.KindQualification, vs, [4]int64{10, 30, 20, 5}, false)
	visitor := e.login("")
	code, body, _ := e.get(visitor, fmt.Sprintf("/matches/%d", q))
	if code != 200 {
		t.Fatalf("match page: %d", code)
	}
	mustContain(t, "match page", body, fmt.Sprintf("Match #%d", q), "Pages Game", "qualification",
		">mp1<", ">Dummy<", ">30<", "1st", "4th", "out of CPU time in round 41: the 2 s budget is spent", "0.750 s")
	mustNotContain(t, "match page", body, "SECRET-DEBUG-LOG", "SECRET-SOURCE", "<arena-replay")

	l := e.playedMatch("pgame", domain.KindLadder, vs, [4]int64{1, 2, 3, 4}, true)
	_, body, _ = e.get(visitor, fmt.Sprintf("/matches/%d", l))
	mustContain(t, "ladder match", body, fmt.Sprintf(`<arena-replay src="/matches/%d/replay"`, l))

	for _, path := range []string{"/matches/999999999", "/matches/abc", "/matches/-1"} {
		if code, _, _ := e.get(visitor, path); code != 404 {
			t.Errorf("%s: %d, want 404", path, code)
		}
	}

	// The game's list, newest first, 30 a page, by keyset.
	var ids []int64
	for i := range 33 {
		ids = append(ids, e.playedMatch("pgame", domain.KindLadder, vs, [4]int64{int64(i), 1, 2, 3}, false))
	}
	_, body, _ = e.get(visitor, "/games/pgame/matches")
	mustContain(t, "match list", body, fmt.Sprintf(`href="/matches/%d"`, ids[32]), fmt.Sprintf(`href="/matches/%d"`, ids[3]))
	mustNotContain(t, "match list", body, fmt.Sprintf(`href="/matches/%d"`, ids[2]))
	next := fmt.Sprintf("/games/pgame/matches?before=%d", ids[3])
	mustContain(t, "match list", body, `href="`+next+`"`)
	_, body, _ = e.get(visitor, next)
	mustContain(t, "older matches", body, fmt.Sprintf(`href="/matches/%d"`, ids[2]), fmt.Sprintf(`href="/matches/%d"`, q))
	mustNotContain(t, "older matches", body, fmt.Sprintf(`href="/matches/%d"`, ids[3]))
}

func TestBotPage(t *testing.T) {
	e := newPagesEnv(t)
	ownerName, owner := e.user(domain.RoleStudent)
	otherName, other := e.user(domain.RoleStudent)
	adminName, _ := e.user(domain.RoleAdmin)
	bot, v := e.rankedBot(owner, "pgame", "hero", 40, 2)
	_, rv := e.rankedBot(other, "pgame", "villain", 30, 2)
	_, rv2 := e.rankedBot(other, "pgame", "sidekick", 20, 2)
	// hero beats villain twice and loses once; the Dummy is in seat 3.
	e.playedMatch("pgame", domain.KindLadder, [4]int64{v, rv, rv2, 0}, [4]int64{9, 5, 1, 0}, true)
	e.playedMatch("pgame", domain.KindLadder, [4]int64{rv, v, rv2, 0}, [4]int64{3, 8, 1, 0}, false)
	e.playedMatch("pgame", domain.KindLadder, [4]int64{v, rv, rv2, 0}, [4]int64{2, 7, 1, 0}, false)
	start := time.Now().Add(-time.Hour)
	for i := range 5 {
		e.exec(`INSERT INTO rating_history (bot_version_id, mu, sigma, created_at) VALUES ($1, $2, $3, $4)`,
			v, 25+3*float64(i), 8-float64(i), start.Add(time.Duration(i)*time.Minute))
	}
	path := fmt.Sprintf("/bots/%d", bot)
	for _, who := range []string{"", otherName, ownerName, adminName} {
		c := e.login(who)
		code, body, _ := e.get(c, path)
		if code != 200 {
			t.Fatalf("bot page as %q: %d", who, code)
		}
		mustContain(t, "bot page", body, "<h1>hero</h1>", ownerName, "Pages Game", "34.00", "version 1",
			"<svg", `class="line-mu"`, "Head to head", ">villain<", ">Dummy<", "Recent matches")
		// Never a source or a log here, whoever looks.
		mustNotContain(t, "bot page as "+who, body, "SECRET-SOURCE", "SECRET-DEBUG-LOG", "package main")
		versions := fmt.Sprintf(`href="/bots/%d/versions/1"`, bot)
		if who == ownerName || who == adminName {
			mustContain(t, "bot page for its owner", body, versions)
		} else {
			mustNotContain(t, "bot page for others", body, versions)
		}
	}
	_, body, _ := e.get(e.login(""), path)
	// Head to head against villain: 2 won, 1 lost.
	i := strings.Index(body, ">villain<")
	row := body[i : i+strings.Index(body[i:], "</tr>")]
	mustContain(t, "villain row", row, `<td class="num win">2</td>`, `<td class="num loss">1</td>`)
	if code, _, _ := e.get(e.login(""), "/bots/999999999"); code != 404 {
		t.Errorf("unknown bot: %d", code)
	}
	if code, _, _ := e.get(e.login(""), "/bots/x"); code != 404 {
		t.Errorf("bad bot id: %d", code)
	}
}
