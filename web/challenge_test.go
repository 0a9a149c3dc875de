package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
)

// Challenge matches through the real server and real River workers:
// students start them from the form and the API, the judge plays them
// after everything else and rates nothing, the limits answer 429 with the
// wait, an admin switches them off, and each bot's log stays its owner's.

// challengeEnv is an adminEnv whose game plays short matches (30 rounds),
// with challenges switched on again when the test ends.
func newChallengeEnv(t *testing.T) *adminEnv {
	e := newAdminEnv(t)
	if _, err := e.pool.Exec(context.Background(), `UPDATE games SET settings = '{"nb_rounds": 30}', challenges_enabled = true
		WHERE id = 'orkisland'`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := e.pool.Exec(context.Background(), "UPDATE games SET challenges_enabled = true"); err != nil {
			t.Error(err)
		}
	})
	return e
}

// playable makes a version of the owner's bot that plays in-process as the
// built-in bot as (house bots do the same), in status; an accepted one is
// put on the leaderboard at rating mu.
func (e *adminEnv) playable(ownerID int64, bot string, status domain.VersionStatus, as string, mu float64) (*domain.Bot, *domain.Version) {
	e.t.Helper()
	b, v := e.newVersion(ownerID, bot, status)
	if _, err := e.pool.Exec(context.Background(), "UPDATE bot_versions SET builtin = $2, mu = $3, sigma = 2 WHERE id = $1", v.ID, as, mu); err != nil {
		e.t.Fatal(err)
	}
	if status == domain.StatusAccepted {
		if _, err := e.pool.Exec(context.Background(), "UPDATE bots SET current_version_id = $2 WHERE id = $1", b.ID, v.ID); err != nil {
			e.t.Fatal(err)
		}
	}
	return b, v
}

// work starts real River workers on queues; stop stops them.
func (e *adminEnv) work(cfg judge.Config) (stop func()) {
	e.t.Helper()
	ctx := context.Background()
	cfg.LadderEvery = -1 // matchmaking runs when a test asks
	if cfg.RetentionEvery == 0 {
		cfg.RetentionEvery = -1 // and retention
	}
	if cfg.Sandbox.Dir == "" {
		cfg.Sandbox.Dir = e.t.TempDir()
	}
	c, err := judge.NewWorkingClient(e.pool, cfg)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := c.Start(ctx); err != nil {
		e.t.Fatal(err)
	}
	stopped := false
	stop = func() {
		if !stopped {
			stopped = true
			sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			c.Stop(sctx)
		}
	}
	e.t.Cleanup(stop)
	return stop
}

// waitMatch waits until a match is over and returns its status.
func (e *adminEnv) waitMatch(id int64, within time.Duration) string {
	e.t.Helper()
	deadline := time.Now().Add(within)
	for {
		status := e.scalar("SELECT status FROM matches WHERE id = $1", id)
		if status != domain.MatchQueued {
			return status
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("match %d still queued after %v", id, within)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// tokenOf is a personal token of the user.
func (e *adminEnv) tokenOf(userID int64) string {
	e.t.Helper()
	tok, _, err := store.CreateAPIToken(context.Background(), e.pool, userID, "test")
	if err != nil {
		e.t.Fatal(err)
	}
	return tok
}

type apiAnswer struct {
	code int
	head http.Header
	body map[string]any
	raw  string
}

func (e *adminEnv) api(method, path, token string, body any) apiAnswer {
	e.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, e.srv.URL+path, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := apiAnswer{code: resp.StatusCode, head: resp.Header, raw: string(raw)}
	json.Unmarshal(raw, &a.body)
	return a
}

func (a apiAnswer) id(t *testing.T) int64 {
	t.Helper()
	f, ok := a.body["id"].(float64)
	if a.code != http.StatusCreated || !ok {
		t.Fatalf("want 201 with an id, got %d %s", a.code, a.raw)
	}
	return int64(f)
}

// matchID reads a redirect to a match page.
func matchID(t *testing.T, loc string) int64 {
	t.Helper()
	id, err := strconv.ParseInt(strings.TrimPrefix(loc, "/matches/"), 10, 64)
	if err != nil || !strings.HasPrefix(loc, "/matches/") {
		t.Fatalf("want a redirect to a match page, got %q", loc)
	}
	return id
}

// versionState is what a challenge must not change of a version.
func (e *adminEnv) versionState(id int64) string {
	return e.scalar(`SELECT concat_ws(' ', mu, sigma, games, coalesce(last_played_at::text, 'never'),
		(SELECT count(*) FROM rating_history WHERE bot_version_id = $1)) FROM bot_versions WHERE id = $1`, id)
}

// A student starts a challenge from the form, prefilled from a
// leaderboard link, with a qualifying version of theirs against a ranked
// bot, a built-in bot and their other version. It is queued below the
// ladder, the page follows it, a worker plays it, and nothing of anyone's
// rating, games or last play moves. It is marked a challenge on the match
// page, in the game's list and in the API. Then "play again with my latest
// version" replays it, and a ladder match, with the student's newest
// version in their seats.
func TestChallengeLandsUnrated(t *testing.T) {
	e := newChallengeEnv(t)
	ctx := context.Background()
	_, aliceID := e.user(domain.RoleStudent)
	_, bobID := e.user(domain.RoleStudent)
	carolName, carolID := e.user(domain.RoleStudent)
	amy, amyV := e.playable(aliceID, "amy", domain.StatusAccepted, "Demo", 30)
	_, beeV := e.playable(bobID, "bee", domain.StatusAccepted, "Dummy", 25)
	cat, catV1 := e.playable(carolID, "cat", domain.StatusAccepted, "Demo", 20)
	_, catV2 := e.playable(carolID, "cat", domain.StatusQualifying, "Dummy", 0)
	before := map[int64]string{}
	for _, v := range []int64{amyV.ID, beeV.ID, catV1.ID, catV2.ID} {
		before[v] = e.versionState(v)
	}
	carol := e.login(carolName)

	// The leaderboard links to the form with amy chosen.
	_, board, _ := e.get(carol, "/games/orkisland/leaderboard")
	link := fmt.Sprintf("/games/orkisland/challenge?opponent=bot:%d", amy.ID)
	if !strings.Contains(board, `href="`+strings.ReplaceAll(link, "&", "&amp;")+`"`) {
		t.Fatalf("the leaderboard has no challenge link to %s:\n%s", link, board)
	}
	if strings.Contains(board, fmt.Sprintf("opponent=bot:%d", cat.ID)) {
		t.Error("the leaderboard offers carol a challenge of her own bot")
	}
	code, form, _ := e.get(carol, link)
	if code != http.StatusOK {
		t.Fatalf("challenge form: %d\n%s", code, form)
	}
	for _, want := range []string{
		fmt.Sprintf(`<option value="bot:%d" selected>`, amy.ID),
		fmt.Sprintf(`<option value="v:%d">cat version 2 (qualifying)</option>`, catV2.ID),
		`You can start <strong>3</strong> more now`, `<strong>30</strong> more this hour`,
	} {
		if !strings.Contains(form, want) {
			t.Errorf("the form lacks %s", want)
		}
	}

	code, body, loc := e.post(carol, "/games/orkisland/challenge", url.Values{
		"version":  {fmt.Sprintf("v:%d", catV2.ID)},
		"opponent": {fmt.Sprintf("bot:%d", amy.ID), "builtin:Dummy", fmt.Sprintf("v:%d", catV1.ID)},
		"seed":     {"12345"},
	}, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("start: %d\n%s", code, body)
	}
	id := matchID(t, loc)
	if got := e.scalar(`SELECT concat_ws(' ', m.kind, m.challenger_id, m.seed, j.priority, j.tags::text)
		FROM matches m JOIN river_job j ON j.kind = 'match' AND (j.args->>'match_id')::bigint = m.id WHERE m.id = $1`, id); got !=
		fmt.Sprintf("challenge %d 12345 %d {challenge}", carolID, judge.PriorityChallenge) {
		t.Fatalf("the challenge's row and job: %s", got)
	}
	if got := e.scalar(`SELECT string_agg(coalesce(bot_version_id::text, builtin), ' ' ORDER BY seat) FROM match_players WHERE match_id = $1`, id); got !=
		fmt.Sprintf("%d %d Dummy %d", catV2.ID, amyV.ID, catV1.ID) {
		t.Fatalf("seats: %s", got)
	}

	// Queued, the page says where it stands and follows it.
	page := e.follow(carol, loc)
	for _, want := range []string{"in the queue", `hx-get="/matches/` + strconv.FormatInt(id, 10) + `/live"`, "by " + carolName} {
		if !strings.Contains(page, want) {
			t.Errorf("the queued match's page lacks %q", want)
		}
	}

	e.work(judge.Config{Queues: []string{judge.QueueMatch}})
	if status := e.waitMatch(id, time.Minute); status != domain.MatchFinished {
		t.Fatalf("the challenge %s: %s", status, e.scalar("SELECT coalesce(error, '') FROM matches WHERE id = $1", id))
	}
	if rated := e.scalar("SELECT rated::text FROM matches WHERE id = $1", id); rated != "false" {
		t.Error("a challenge was rated")
	}
	for v, was := range before {
		if now := e.versionState(v); now != was {
			t.Errorf("version %d changed from %q to %q", v, was, now)
		}
	}

	// Marked a challenge wherever it shows.
	_, live, _ := e.get(carol, fmt.Sprintf("/matches/%d/live", id))
	if !strings.Contains(live, "<arena-replay") || strings.Contains(live, "hx-trigger") || !strings.Contains(live, `hx-swap-oob="true"`) {
		t.Errorf("the finished match's live part: no replay, or it still polls:\n%s", live)
	}
	page = e.follow(carol, loc)
	for _, want := range []string{`<span class="badge">challenge</span>`, "Play again with my latest version", "Challenge these bots"} {
		if !strings.Contains(page, want) {
			t.Errorf("the match page lacks %q", want)
		}
	}
	if _, list, _ := e.get(e.browser(), "/games/orkisland/matches"); !regexp.MustCompile(`#` + strconv.FormatInt(id, 10) + `</a>\s*<span class="badge">challenge</span>`).MatchString(list) {
		t.Error("the game's match list does not mark the challenge")
	}
	a := e.api("GET", fmt.Sprintf("/api/matches/%d", id), "", nil)
	if a.body["kind"] != "challenge" || a.body["challenger"] != carolName || a.body["rated"] != false {
		t.Errorf("API: %s", a.raw)
	}

	// Play again with the latest version: a new challenge, the same seed,
	// board and opponents, carol's seats taken by cat's newest version.
	_, catV3 := e.playable(carolID, "cat", domain.StatusQualifying, "Demo", 0)
	code, body, loc = e.post(carol, fmt.Sprintf("/matches/%d/again", id), nil, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("play again: %d\n%s", code, body)
	}
	again := matchID(t, loc)
	if got := e.scalar(`SELECT concat_ws(' ', kind, seed, challenger_id, (board_id IS NULL)::text, settings::text,
		(SELECT string_agg(coalesce(bot_version_id::text, builtin), ' ' ORDER BY seat) FROM match_players WHERE match_id = m.id))
		FROM matches m WHERE id = $1`, again); got != fmt.Sprintf(`challenge 12345 %d true {"nb_rounds": 30} %d %d Dummy %d`, carolID, catV3.ID, amyV.ID, catV3.ID) {
		t.Fatalf("played again: %s", got)
	}
	// On a ladder match of hers too; not on one she is not in.
	ladder := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: 777}
	if err := store.CreateMatch(ctx, e.pool, ladder, []domain.Seat{{VersionID: &amyV.ID}, {VersionID: &catV1.ID}, {VersionID: &beeV.ID}, {Builtin: "Dummy"}}); err != nil {
		t.Fatal(err)
	}
	_, _, loc = e.post(carol, fmt.Sprintf("/matches/%d/again", ladder.ID), nil, nil)
	if got := e.scalar(`SELECT concat_ws(' ', kind, seed, (SELECT string_agg(coalesce(bot_version_id::text, builtin), ' ' ORDER BY seat)
		FROM match_players WHERE match_id = m.id)) FROM matches m WHERE id = $1`, matchID(t, loc)); got !=
		fmt.Sprintf("challenge 777 %d %d %d Dummy", amyV.ID, catV3.ID, beeV.ID) {
		t.Fatalf("a ladder match played again: %s", got)
	}
	bobName := e.scalar("SELECT name FROM users WHERE id = $1", bobID)
	if code, body, _ := e.post(e.login(bobName), fmt.Sprintf("/matches/%d/again", id), nil, nil); code != http.StatusUnprocessableEntity ||
		!strings.Contains(body, "no bot in match") {
		t.Errorf("play again by someone not in the match: %d\n%s", code, body)
	}
	if _, page, _ := e.get(e.login(bobName), fmt.Sprintf("/matches/%d", id)); strings.Contains(page, "Play again with my latest version") {
		t.Error("the match page offers play-again to someone with no seat")
	}
}

// With the ladder running, a challenge started before its matches is
// played after them by a single worker; and while it waits, matchmaking
// leaves it a place in the ladder's queue rather than filling it.
func TestChallengeRunsAfterTheLadder(t *testing.T) {
	e := newChallengeEnv(t)
	var owners []int64
	for i := range 4 {
		_, owner := e.user(domain.RoleStudent)
		_, v := e.playable(owner, fmt.Sprintf("lad%d", i), domain.StatusAccepted, []string{"Demo", "Dummy"}[i%2], 25)
		owners = append(owners, owner)
		// Unsettled (σ above ladder.SettledSigma, few games): the ladder
		// plays at full pace, filling its queue.
		if _, err := e.pool.Exec(context.Background(), "UPDATE bot_versions SET sigma = 8 WHERE id = $1", v.ID); err != nil {
			t.Fatal(err)
		}
	}
	_, catV := e.playable(owners[0], "solo", domain.StatusQualifying, "Demo", 0)
	// Matches other tests left queued without a job would take places in
	// the ladder's queue: they will never be played.
	if _, err := e.pool.Exec(context.Background(), `UPDATE matches m SET status = 'failed', finished_at = now(), error = 'left by a test'
		WHERE game_id = 'orkisland' AND status = 'queued' AND NOT EXISTS (SELECT 1 FROM river_job j
			WHERE j.kind = 'match' AND j.args @> jsonb_build_object('match_id', m.id) AND j.state NOT IN ('completed', 'cancelled', 'discarded'))`); err != nil {
		t.Fatal(err)
	}
	// This ladder alone: other tests' games, whose bots matchmaking would
	// plan for too, are closed while it runs.
	ctx := context.Background()
	var closed []string
	rows, err := e.pool.Query(ctx, `UPDATE games SET enabled = false WHERE enabled AND id <> 'orkisland' RETURNING id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			t.Fatal(err)
		}
		closed = append(closed, g)
	}
	rows.Close()
	t.Cleanup(func() {
		if _, err := e.pool.Exec(ctx, `UPDATE games SET enabled = true WHERE id = ANY($1)`, closed); err != nil {
			t.Error(err)
		}
	})
	tok := e.tokenOf(owners[0])
	id := e.api("POST", "/api/games/orkisland/challenges", tok, map[string]any{
		"version": fmt.Sprintf("v:%d", catV.ID), "opponents": []string{"Dummy", "Demo"}}).id(t)

	// Matchmaking plans the ladder (target 4, one place taken by the
	// challenge), with no match worker running yet.
	stopPlanning := e.work(judge.Config{Queues: []string{judge.QueueDefault}, LadderQueue: 4})
	if _, err := e.jobs.Insert(context.Background(), judge.MatchmakingArgs{}, nil); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for e.scalar("SELECT count(*) FROM river_job WHERE kind = 'matchmaking' AND state <> 'completed'") != "0" {
		if time.Now().After(deadline) {
			t.Fatal("matchmaking did not run")
		}
		time.Sleep(50 * time.Millisecond)
	}
	stopPlanning()
	if n := e.scalar("SELECT count(*) FROM matches WHERE game_id = 'orkisland' AND kind = 'ladder' AND status = 'queued' AND id > $1", id); n != "3" {
		t.Fatalf("%s ladder matches queued, want 3: 4 less the waiting challenge", n)
	}

	// One worker: the ladder's three, then the challenge.
	e.work(judge.Config{Queues: []string{judge.QueueMatch}, MaxWorkers: 1})
	e.waitMatch(id, 2*time.Minute)
	for e.scalar("SELECT count(*) FROM matches WHERE game_id = 'orkisland' AND kind = 'ladder' AND status = 'queued' AND id > $1", id) != "0" {
		if time.Now().After(deadline.Add(2 * time.Minute)) {
			t.Fatal("the ladder matches were not played")
		}
		time.Sleep(100 * time.Millisecond)
	}
	order := e.scalar(`SELECT string_agg(m.kind, ' ' ORDER BY j.attempted_at) FROM matches m
		JOIN river_job j ON j.kind = 'match' AND (j.args->>'match_id')::bigint = m.id WHERE m.id >= $1`, id)
	if order != "ladder ladder ladder challenge" {
		t.Fatalf("the worker played: %s; want the ladder's three, then the challenge", order)
	}
}

// The limits: three challenges waiting at once, thirty started an hour;
// over either, 429 with Retry-After and the wait in words, from the API
// and the form, which counts what is left. A challenge whose job an admin
// cancelled holds no place. Admins have no limit.
func TestChallengeLimits(t *testing.T) {
	e := newChallengeEnv(t)
	ctx := context.Background()
	carolName, carolID := e.user(domain.RoleStudent)
	adminName, adminID := e.user(domain.RoleAdmin)
	e.playable(carolID, "cat", domain.StatusAccepted, "Demo", 20)
	e.playable(adminID, "boss", domain.StatusAccepted, "Demo", 20)
	tok := e.tokenOf(carolID)
	start := func() apiAnswer {
		return e.api("POST", "/api/games/orkisland/challenges", tok, map[string]any{"version": "cat", "opponents": []string{"Dummy"}})
	}
	var ids []int64
	for range service.MaxPendingChallenges {
		ids = append(ids, start().id(t))
	}
	a := start()
	if a.code != http.StatusTooManyRequests || a.head.Get("Retry-After") != "30" ||
		!strings.Contains(a.raw, "the limit is 3 at once") || !strings.Contains(a.raw, "try again in 30 s") {
		t.Fatalf("a 4th waiting challenge: %d Retry-After %q %s", a.code, a.head.Get("Retry-After"), a.raw)
	}
	carol := e.login(carolName)
	_, form, _ := e.get(carol, "/games/orkisland/challenge")
	if !strings.Contains(form, "You can start <strong>0</strong> more now") || !strings.Contains(form, "<strong>27</strong> more this hour") {
		t.Errorf("the form does not count what is left:\n%s", form)
	}
	code, body, _ := e.post(carol, "/games/orkisland/challenge", url.Values{"version": {"cat"}, "opponent": {"builtin:Dummy"}}, nil)
	if code != http.StatusTooManyRequests || !strings.Contains(body, `data-retry-after="30"`) || !strings.Contains(body, "Nothing was started") {
		t.Errorf("the form over the limit: %d\n%s", code, body)
	}

	// An admin cancels one's job: it will never be played, and frees its place.
	var jobID int64
	if err := e.pool.QueryRow(ctx, `SELECT id FROM river_job WHERE kind = 'match' AND args @> jsonb_build_object('match_id', $1::bigint)`, ids[0]).Scan(&jobID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.jobs.JobCancel(ctx, jobID); err != nil {
		t.Fatal(err)
	}
	ids = append(ids, start().id(t))

	// Thirty in the last hour, the oldest 50 minutes ago: the next in 10 minutes.
	if _, err := e.pool.Exec(ctx, `UPDATE matches SET status = 'finished', finished_at = now() WHERE id = ANY($1)`, ids); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, `INSERT INTO matches (game_id, kind, seed, status, challenger_id, created_at, finished_at)
		SELECT 'orkisland', 'challenge', 1, 'finished', $1, now() - interval '50 minutes', now() - interval '50 minutes'
		FROM generate_series(1, $2::int)`, carolID, service.MaxChallengesPerHour-len(ids)); err != nil {
		t.Fatal(err)
	}
	a = start()
	retry, _ := strconv.Atoi(a.head.Get("Retry-After"))
	if a.code != http.StatusTooManyRequests || retry < 590 || retry > 600 || !strings.Contains(a.raw, "the limit is 30 an hour: start another in 10 minutes") {
		t.Fatalf("the 31st challenge of the hour: %d Retry-After %q %s", a.code, a.head.Get("Retry-After"), a.raw)
	}
	if _, form, _ := e.get(carol, "/games/orkisland/challenge"); !strings.Contains(form, "<strong>0</strong> more this hour") {
		t.Error("the form does not say the hour's challenges are used up")
	}

	// An admin over both limits still starts one.
	if _, err := e.pool.Exec(ctx, `INSERT INTO matches (game_id, kind, seed, challenger_id)
		SELECT 'orkisland', 'challenge', 1, $1 FROM generate_series(1, 40)`, adminID); err != nil {
		t.Fatal(err)
	}
	e.api("POST", "/api/games/orkisland/challenges", e.tokenOf(adminID), map[string]any{"version": "boss"}).id(t)
	if _, form, _ := e.get(e.login(adminName), "/games/orkisland/challenge"); !strings.Contains(form, "no challenge limit") {
		t.Error("the admin's form shows limits")
	}
}

// An admin switches a game's challenges off (a POST; a student cannot):
// students' challenges are refused with a clear message, on the form and
// in the API; the admin's still start; switched on, they pass again.
func TestChallengesSwitchedOff(t *testing.T) {
	e := newChallengeEnv(t)
	adminName, adminID := e.user(domain.RoleAdmin)
	carolName, carolID := e.user(domain.RoleStudent)
	e.playable(carolID, "cat", domain.StatusAccepted, "Demo", 20)
	e.playable(adminID, "boss", domain.StatusAccepted, "Demo", 20)
	admin, carol := e.login(adminName), e.login(carolName)

	if code, _, _ := e.post(carol, "/admin/games/orkisland/challenges", url.Values{"on": {"0"}}, nil); code != http.StatusForbidden {
		t.Errorf("a student switching challenges off: %d", code)
	}
	if code, _, _ := e.get(admin, "/admin/games/orkisland/challenges?on=0"); code == http.StatusOK || e.scalar("SELECT challenges_enabled::text FROM games WHERE id = 'orkisland'") != "true" {
		t.Errorf("a GET switched challenges off (%d)", code)
	}
	if _, page, _ := e.get(admin, "/admin/games"); !strings.Contains(page, "Switch challenges off") {
		t.Error("the admin's games page has no switch")
	}
	if code, _, loc := e.post(admin, "/admin/games/orkisland/challenges", url.Values{"on": {"0"}}, nil); code != http.StatusSeeOther ||
		!strings.Contains(e.follow(admin, loc), "challenges off") {
		t.Fatalf("switching off: %d", code)
	}
	if got := e.scalar("SELECT challenges_enabled::text FROM games WHERE id = 'orkisland'"); got != "false" {
		t.Fatalf("challenges_enabled %s", got)
	}

	before := e.scalar("SELECT count(*) FROM matches WHERE kind = 'challenge'")
	const why = "are switched off by an admin"
	if _, form, _ := e.get(carol, "/games/orkisland/challenge"); !strings.Contains(form, why) || strings.Contains(form, `name="version"`) {
		t.Error("the form does not say that challenges are off")
	}
	if code, body, _ := e.post(carol, "/games/orkisland/challenge", url.Values{"version": {"cat"}}, nil); code != http.StatusForbidden || !strings.Contains(body, why) {
		t.Errorf("the form's POST: %d\n%s", code, body)
	}
	tok := e.tokenOf(carolID)
	if a := e.api("POST", "/api/games/orkisland/challenges", tok, map[string]any{"version": "cat"}); a.code != http.StatusForbidden || !strings.Contains(a.raw, why) {
		t.Errorf("the API: %d %s", a.code, a.raw)
	}
	if got := e.scalar("SELECT count(*) FROM matches WHERE kind = 'challenge'"); got != before {
		t.Fatal("a refused challenge was created")
	}
	e.api("POST", "/api/games/orkisland/challenges", e.tokenOf(adminID), map[string]any{"version": "boss"}).id(t)

	e.post(admin, "/admin/games/orkisland/challenges", url.Values{"on": {"1"}}, nil)
	e.api("POST", "/api/games/orkisland/challenges", tok, map[string]any{"version": "cat"}).id(t)

	// The admin sees them on the job queue, tagged and filtered.
	_, jobs, _ := e.get(admin, "/admin/jobs?state=available&tag=challenge")
	if n := strings.Count(jobs, `<span class="badge job-tag">challenge</span>`); n < 2 || !strings.Contains(jobs, fmt.Sprintf("priority %d", judge.PriorityChallenge)) {
		t.Errorf("the job queue shows %d challenges (want 2 or more) or no priority:\n%s", n, jobs)
	}
	if _, jobs, _ := e.get(admin, "/admin/jobs?state=available&tag=ladder"); strings.Contains(jobs, `job-tag">challenge<`) {
		t.Error("the ladder filter shows challenges")
	}
}

// A challenge may be played on a board the game's ladder (or qualification) plays on, which
// fixes its own settings; a board the ladder does not play on (kept for a
// tournament, say) is neither offered nor accepted.
func TestChallengeOnALadderBoard(t *testing.T) {
	e := newChallengeEnv(t)
	ctx := context.Background()
	carolName, carolID := e.user(domain.RoleStudent)
	_, adminID := e.user(domain.RoleAdmin)
	e.playable(carolID, "cat", domain.StatusAccepted, "Demo", 20)
	board := func(name string) int64 {
		id, err := store.CreateBoard(ctx, e.pool, "orkisland", name, []byte("OrkIsland 1.0\nnb_rounds 12\nGENERATOR1\n"),
			map[string]int{"nb_rounds": 12}, adminID)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	ladderBoard, secret := board("Ladder A"), board("Secret final")
	if err := store.SetGameBoards(ctx, e.pool, "orkisland", domain.ForLadder, true, []int64{ladderBoard}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // before the boards go: the matches played on them keep them
		if err := store.DefaultGameBoards(ctx, e.pool, "orkisland", domain.ForLadder); err != nil {
			t.Error(err)
		}
		if _, err := e.pool.Exec(ctx, "DELETE FROM matches WHERE board_id = ANY($1)", []int64{ladderBoard, secret}); err != nil {
			t.Error(err)
		}
	})
	_, form, _ := e.get(e.login(carolName), "/games/orkisland/challenge")
	if !strings.Contains(form, fmt.Sprintf(`<option value="%d">Ladder A</option>`, ladderBoard)) || strings.Contains(form, "Secret final") {
		t.Errorf("the form's boards:\n%s", form)
	}
	tok := e.tokenOf(carolID)
	for _, ref := range []any{"Secret final", secret} {
		// Refused, naming the ladder's boards only.
		if a := e.api("POST", "/api/games/orkisland/challenges", tok, map[string]any{"version": "cat", "board": ref}); a.code != http.StatusUnprocessableEntity ||
			!strings.Contains(a.raw, "of Ork Island's ladder or qualification (Ladder A)") {
			t.Errorf("board %v: %d %s", ref, a.code, a.raw)
		}
	}
	id := e.api("POST", "/api/games/orkisland/challenges", tok, map[string]any{"version": "cat", "board": "ladder a", "seed": 5}).id(t)
	if got := e.scalar("SELECT concat_ws(' ', board_id, settings::text) FROM matches WHERE id = $1", id); got != fmt.Sprintf("%d {}", ladderBoard) {
		t.Fatalf("board and settings: %s (the board fixes nb_rounds)", got)
	}
	e.work(judge.Config{Queues: []string{judge.QueueMatch}})
	if status := e.waitMatch(id, time.Minute); status != domain.MatchFinished {
		t.Fatalf("the challenge on a board: %s", status)
	}
}

// Bad choices are refused with the reason and create nothing.
func TestChallengeRefusals(t *testing.T) {
	e := newChallengeEnv(t)
	_, aliceID := e.user(domain.RoleStudent)
	_, carolID := e.user(domain.RoleStudent)
	_, amyV := e.playable(aliceID, "amy", domain.StatusAccepted, "Demo", 30)
	_, amyV2 := e.playable(aliceID, "amy", domain.StatusQualifying, "Demo", 0)
	e.playable(carolID, "cat", domain.StatusAccepted, "Demo", 20)
	e.newVersion(carolID, "raw", domain.StatusCompiling)
	aliceName := e.scalar("SELECT name FROM users WHERE id = $1", aliceID)
	tok := e.tokenOf(carolID)
	before := e.scalar("SELECT count(*) FROM matches")
	for _, c := range []struct {
		body map[string]any
		code int
		want string
	}{
		{map[string]any{"version": "amy"}, 422, `you have no bot \"amy\"`},
		{map[string]any{"version": fmt.Sprintf("v:%d", amyV.ID)}, 422, "is not one of your versions"},
		{map[string]any{"version": "raw"}, 422, "has no version that can play"},
		{map[string]any{"version": "Dummy"}, 422, "is a built-in bot"},
		{map[string]any{"version": "cat", "opponents": []string{fmt.Sprintf("v:%d", amyV2.ID)}}, 422, "is not an opponent you can choose"},
		{map[string]any{"version": "cat", "opponents": []string{aliceName + "/amy@2"}}, 422, "your own bots only"},
		{map[string]any{"version": "cat", "opponents": []string{"nobody/zz"}}, 422, `no bot \"nobody/zz\"`},
		{map[string]any{"version": "cat", "opponents": []string{"Dummy", "Dummy", "Dummy", "Dummy"}}, 422, "at most 3 opponents"},
		{map[string]any{"version": "cat", "opponents": []string{"builtin:Nope"}}, 422, `no built-in bot \"Nope\"`},
		{map[string]any{"version": "cat", "seed": -1}, 422, "a seed is a whole number"},
		{map[string]any{"version": "cat", "board": "atlantis"}, 422, "generated boards only"},
		{map[string]any{"version": "cat", "source": "x"}, 400, "unknown field"},
		{map[string]any{"version": "cat", "opponents": []string{" "}}, 422, "an empty opponent: leave it out, and the seat gets the Dummy"},
		{map[string]any{"opponents": []string{"Dummy"}}, 422, "is missing: your bot's name"},
	} {
		if a := e.api("POST", "/api/games/orkisland/challenges", tok, c.body); a.code != c.code || !strings.Contains(a.raw, c.want) {
			t.Errorf("%v: %d %s; want %d and %q", c.body, a.code, a.raw, c.code, c.want)
		}
	}
	// The refusals the handler itself makes are in the client's language.
	for body, want := range map[string]string{
		`{"version": "cat", "opponents": ["Dummy", "Dummy", "Dummy", "Dummy"]}`: "tria com a màxim 3 rivals",
		`{"version": "cat", "opponents": [""]}`:                                 "un rival buit",
		`{"opponents": []}`:                                                     "el nom del teu bot",
	} {
		req, _ := http.NewRequest("POST", e.srv.URL+"/api/games/orkisland/challenges", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Accept-Language", "ca")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(string(raw), want) {
			t.Errorf("%s in Catalan: %d %s; want 422 and %q", body, resp.StatusCode, raw, want)
		}
	}
	if a := e.api("POST", "/api/games/nogame/challenges", tok, map[string]any{"version": "cat"}); a.code != http.StatusNotFound {
		t.Errorf("an unknown game: %d %s", a.code, a.raw)
	}
	if a := e.api("POST", "/api/games/orkisland/challenges", "", map[string]any{"version": "cat"}); a.code != http.StatusUnauthorized {
		t.Errorf("no token: %d", a.code)
	}
	if got := e.scalar("SELECT count(*) FROM matches"); got != before {
		t.Fatalf("refused challenges created matches: %s, was %s", got, before)
	}
	// Someone else's bot by name is its leaderboard version.
	a := e.api("POST", "/api/games/orkisland/challenges", tok, map[string]any{"version": "cat", "opponents": []string{aliceName + "/amy"}})
	if got := e.scalar("SELECT bot_version_id FROM match_players WHERE match_id = $1 AND seat = 1", a.id(t)); got != strconv.FormatInt(amyV.ID, 10) {
		t.Errorf("%s/amy sat as version %s, want %d", aliceName, got, amyV.ID)
	}
}

// Each bot's debug log of a challenge is its owner's: the challenger sees
// theirs on the match page, not their opponent's, which sees its own; no
// one else sees either, and the opponent's version page and source stay
// closed to the challenger. The bots are compiled and sandboxed for real.
func TestChallengeLogsStayPrivate(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles bots in the sandbox")
	}
	e := newChallengeEnv(t)
	ctx := context.Background()
	aliceName, aliceID := e.user(domain.RoleStudent)
	carolName, carolID := e.user(domain.RoleStudent)
	e.work(judge.Config{Queues: []string{judge.QueueCompile, judge.QueueMatch}, MaxWorkers: 2,
		// Shared with the other tests that compile bots: warm build caches.
		Sandbox: judge.Sandbox{Dir: filepath.Join(os.TempDir(), "arena-judge-test")}})
	talker := func(words string) string {
		return `package main

import (
	"fmt"
	"os"

	"arena.dev/games/orkisland/sdk"
)

type bot struct{ said bool }

func (b *bot) Play(g *sdk.Game) {
	if !b.said {
		fmt.Fprintln(os.Stderr, "` + words + `")
		b.said = true
	}
}

func main() { sdk.Run(&bot{}) }
`
	}
	submit := func(owner int64, bot, words string) *domain.Version {
		v, err := service.Submit(ctx, e.pool, e.jobs, owner, "orkisland", bot, "go", talker(words))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	aliceV := submit(aliceID, "amy", "ALICE-SECRET-LOG")
	carolV := submit(carolID, "cat", "CAROL-OWN-LOG")
	deadline := time.Now().Add(3 * time.Minute)
	for _, v := range []*domain.Version{aliceV, carolV} {
		for e.scalar("SELECT status FROM bot_versions WHERE id = $1", v.ID) == domain.StatusQueued ||
			e.scalar("SELECT status FROM bot_versions WHERE id = $1", v.ID) == domain.StatusCompiling {
			if time.Now().After(deadline) {
				t.Fatal("the bots did not compile")
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	// Alice's version goes on the board as if it had qualified; carol's
	// plays while it qualifies. Their qualification matches are not this
	// test's.
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{"DELETE FROM matches WHERE bot_version_id = ANY($1) AND status = 'queued'", []any{[]int64{aliceV.ID, carolV.ID}}},
		{"UPDATE bot_versions SET status = 'accepted', mu = 25, sigma = 2 WHERE id = $1", []any{aliceV.ID}},
		{"UPDATE bot_versions SET status = 'qualifying' WHERE id = $1", []any{carolV.ID}},
		{"UPDATE bots SET current_version_id = $1 WHERE id = $2", []any{aliceV.ID, aliceV.BotID}},
	} {
		if _, err := e.pool.Exec(ctx, q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	id := e.api("POST", "/api/games/orkisland/challenges", e.tokenOf(carolID), map[string]any{
		"version": "cat", "opponents": []string{aliceName + "/amy", "Dummy", "Dummy"}}).id(t)
	if status := e.waitMatch(id, 2*time.Minute); status != domain.MatchFinished {
		t.Fatalf("the challenge %s", status)
	}
	if got := e.scalar("SELECT string_agg(coalesce(log, '-'), '|' ORDER BY seat) FROM match_players WHERE match_id = $1", id); !strings.Contains(got, "ALICE-SECRET-LOG") ||
		!strings.Contains(got, "CAROL-OWN-LOG") {
		t.Fatalf("the bots' logs were not recorded: %s", got)
	}
	path := fmt.Sprintf("/matches/%d", id)
	for _, c := range []struct {
		who          *http.Client
		name         string
		sees, hidden string
	}{
		{e.login(carolName), "the challenger", "CAROL-OWN-LOG", "ALICE-SECRET-LOG"},
		{e.login(aliceName), "the opponent", "ALICE-SECRET-LOG", "CAROL-OWN-LOG"},
	} {
		for _, p := range []string{path, path + "/live"} {
			_, page, _ := e.get(c.who, p)
			if !strings.Contains(page, c.sees) || strings.Contains(page, c.hidden) {
				t.Errorf("%s on %s: sees own log %v, sees the other's %v", c.name, p, strings.Contains(page, c.sees), strings.Contains(page, c.hidden))
			}
		}
	}
	_, page, _ := e.get(e.browser(), path)
	a := e.api("GET", "/api/matches/"+strconv.FormatInt(id, 10), "", nil)
	for _, public := range []string{page, a.raw} {
		if strings.Contains(public, "SECRET") || strings.Contains(public, "CAROL-OWN") {
			t.Errorf("a log is public:\n%s", public)
		}
	}
	carol := e.login(carolName)
	if code, _, _ := e.get(carol, fmt.Sprintf("/bots/%d/versions/1", aliceV.BotID)); code != http.StatusNotFound {
		t.Errorf("the challenger reads the opponent's version page: %d", code)
	}
	if a := e.api("GET", fmt.Sprintf("/api/versions/%d?source=1", aliceV.ID), e.tokenOf(carolID), nil); a.code != http.StatusNotFound || strings.Contains(a.raw, "ALICE") {
		t.Errorf("the challenger reads the opponent's version by the API: %d", a.code)
	}
}
