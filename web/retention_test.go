package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
	"arena.dev/web"
)

// playedMatches plays n ladder matches of these versions and two Dummies
// on a worker (stopped after), and returns their ids.
func (e *adminEnv) playedMatches(n int, versions ...int64) []int64 {
	e.t.Helper()
	ctx := context.Background()
	var ids []int64
	for i := range n {
		seats := []domain.Seat{{Builtin: "Dummy"}, {Builtin: "Dummy"}}
		for _, v := range versions {
			seats = append([]domain.Seat{{VersionID: &v}}, seats...)
		}
		m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: int64(500 + i), Settings: map[string]int{"nb_rounds": 30}}
		if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
			e.t.Fatal(err)
		}
		if _, err := e.jobs.Insert(ctx, judge.MatchArgs{MatchID: m.ID}, nil); err != nil {
			e.t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	stop := e.work(judge.Config{Queues: []string{judge.QueueMatch}})
	for _, id := range ids {
		if st := e.waitMatch(id, time.Minute); st != domain.MatchFinished {
			e.t.Fatalf("match %d %s", id, st)
		}
	}
	stop()
	return ids
}

// deleteReplays deletes these matches' replays as retention does.
func (e *adminEnv) deleteReplays(ids ...int64) {
	e.t.Helper()
	if n, _, err := store.DeleteReplays(context.Background(), e.pool, ids, time.Now()); err != nil || n != len(ids) {
		e.t.Fatalf("deleted %d replays of %d: %v", n, len(ids), err)
	}
}

// waitReplayJobs waits until no request to play a match again waits.
func (e *adminEnv) waitReplayJobs(within time.Duration) {
	e.t.Helper()
	deadline := time.Now().Add(within)
	for e.scalar(`SELECT count(*) FROM river_job WHERE kind = 'replay' AND state NOT IN ('completed', 'cancelled', 'discarded')`) != "0" {
		if time.Now().After(deadline) {
			e.t.Fatalf("replay jobs still waiting after %v", within)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A match whose replay retention deleted says so on its page, its API and
// its replay URL (410, in words the viewer shows), and offers to play it
// again: to a logged-in user (a form, or POST on the API), within the
// limits; the page then follows the request, and shows the replay once a
// worker played it, saying it was played again and ends as recorded.
func TestReplayDeletedAndPlayedAgain(t *testing.T) {
	e := newChallengeEnv(t)
	_, aliceID := e.user(domain.RoleStudent)
	carolName, carolID := e.user(domain.RoleStudent)
	adminName, _ := e.user(domain.RoleAdmin)
	_, amy := e.playable(aliceID, "amy", domain.StatusAccepted, "Demo", 30)
	_, cat := e.playable(carolID, "cat", domain.StatusAccepted, "Demo", 30)
	ids := e.playedMatches(5, amy.ID, cat.ID)
	m, kept := ids[0], ids[4]
	e.deleteReplays(ids[:4]...)

	page := func(c *http.Client, id int64) string {
		t.Helper()
		code, body, _ := e.get(c, fmt.Sprintf("/matches/%d", id))
		if code != http.StatusOK {
			t.Fatalf("match page %d: %d", id, code)
		}
		return body
	}
	anon := page(e.browser(), m)
	for _, want := range []string{"replay was deleted", "to save space", "Its result, scores and ratings are kept for ever",
		"each version&#39;s 10 most recent ladder matches and of the last 3 days", "Log in</a> to play it again",
		"A bot frozen for running out of CPU time may be frozen at another"} {
		if !strings.Contains(anon, want) {
			t.Errorf("the page of a match without its replay does not say %q", want)
		}
	}
	if strings.Contains(anon, "<arena-replay") || strings.Contains(anon, "Play it again</button>") {
		t.Errorf("the page offers a replay, or to an anonymous visitor to play it again")
	}
	if _, body, _ := e.get(e.browser(), fmt.Sprintf("/matches/%d", kept)); !strings.Contains(body, "<arena-replay") {
		t.Errorf("a kept replay is not shown")
	}
	req, _ := http.NewRequest("GET", fmt.Sprintf("%s/matches/%d/replay", e.srv.URL, m), nil)
	if r := e.do(e.browser(), req); r.code != http.StatusGone || !strings.Contains(r.body, "deleted to save space") ||
		!strings.Contains(r.body, fmt.Sprintf("/matches/%d", m)) {
		t.Errorf("the replay URL answers %d %q, want 410 saying so", r.code, r.body)
	}
	got := e.api("GET", fmt.Sprintf("/api/matches/%d", m), "", nil)
	if got.code != 200 || got.body["replay"] != nil || got.body["replay_deleted_at"] == nil ||
		got.body["replay_again"] != fmt.Sprintf("/api/matches/%d/replay", m) {
		t.Errorf("the API says %d %s", got.code, got.raw)
	}

	carol := e.login(carolName)
	if body := page(carol, m); !strings.Contains(body, "Play it again</button>") {
		t.Errorf("a logged-in student is not offered to play it again")
	}
	code, _, loc := e.post(carol, fmt.Sprintf("/matches/%d/replay/again", m), nil, nil)
	if code != http.StatusSeeOther || loc != fmt.Sprintf("/matches/%d", m) {
		t.Fatalf("play it again: %d → %q", code, loc)
	}
	body := e.follow(carol, loc)
	if !strings.Contains(body, "is being played again for its replay") || !strings.Contains(body, "It is being played again: it is next in the queue") ||
		!strings.Contains(body, `hx-get="/matches/`) {
		t.Errorf("after asking, the page does not follow the request:\n%s", body)
	}
	// Anyone asking again joins the request waiting.
	tok := e.tokenOf(aliceID)
	if a := e.api("POST", fmt.Sprintf("/api/matches/%d/replay", m), tok, nil); a.code != http.StatusAccepted || a.body["queued"] != false {
		t.Errorf("asking again on the API: %d %s", a.code, a.raw)
	}
	if a := e.api("GET", fmt.Sprintf("/api/matches/%d", m), "", nil); a.body["replay_job"] == nil {
		t.Errorf("the API does not say where the request stands: %s", a.raw)
	}
	// A student has 3 waiting at most; an admin none.
	for _, id := range ids[1:3] {
		if code, _, _ := e.post(carol, fmt.Sprintf("/matches/%d/replay/again", id), nil, nil); code != http.StatusSeeOther {
			t.Fatalf("play %d again: %d", id, code)
		}
	}
	req, _ = http.NewRequest("POST", fmt.Sprintf("%s/matches/%d/replay/again", e.srv.URL, ids[3]), nil)
	if r := e.do(carol, req); r.code != http.StatusTooManyRequests || !strings.Contains(r.body, "3 matches waiting to be played again") {
		t.Errorf("a fourth request: %d, want 429 saying why\n%s", r.code, r.body)
	}
	if code, _, _ := e.post(e.login(adminName), fmt.Sprintf("/matches/%d/replay/again", ids[3]), nil, nil); code != http.StatusSeeOther {
		t.Errorf("an admin's request: %d", code)
	}
	// Nothing to play again: a kept replay, a match that does not exist.
	if a := e.api("POST", fmt.Sprintf("/api/matches/%d/replay", kept), tok, nil); a.code != http.StatusUnprocessableEntity ||
		!strings.Contains(a.raw, "has its replay") {
		t.Errorf("asking for a kept replay: %d %s", a.code, a.raw)
	}
	if a := e.api("POST", "/api/matches/999999999/replay", tok, nil); a.code != http.StatusNotFound {
		t.Errorf("asking for no match: %d %s", a.code, a.raw)
	}
	if a := e.api("POST", fmt.Sprintf("/api/matches/%d/replay", m), "", nil); a.code != http.StatusUnauthorized {
		t.Errorf("asking without a token: %d %s", a.code, a.raw)
	}

	var results string
	resultsOf := func() string {
		return e.scalar("SELECT string_agg(concat_ws(' ', seat, score, rank), ', ' ORDER BY seat) FROM match_players WHERE match_id = $1", m)
	}
	results = resultsOf()
	e.work(judge.Config{Queues: []string{judge.QueueMatch}})
	e.waitReplayJobs(time.Minute)
	body = page(carol, m)
	if !strings.Contains(body, "<arena-replay") || !strings.Contains(body, "This replay was played again on") || !strings.Contains(body, "It ends as recorded") {
		t.Errorf("the match played again does not show its replay and say so:\n%s", body)
	}
	if r := e.do(e.browser(), mustRequest(t, fmt.Sprintf("%s/matches/%d/replay", e.srv.URL, m))); r.code != http.StatusOK {
		t.Errorf("the replay played again: %d", r.code)
	}
	if got := resultsOf(); got != results {
		t.Errorf("playing it again changed the results: %s → %s", results, got)
	}
	a := e.api("GET", fmt.Sprintf("/api/matches/%d", m), "", nil)
	if a.body["replay"] == nil || a.body["replay_regenerated_at"] == nil || a.body["replay_differs"] != false || a.body["replay_deleted_at"] != nil {
		t.Errorf("the API after playing again: %s", a.raw)
	}

	// A viewer that read the match just before retention deleted its
	// replay finds the replay gone, and is told so (not a server error).
	if _, err := e.pool.Exec(context.Background(), "DELETE FROM blobs WHERE key = (SELECT replay_key FROM matches WHERE id = $1)", kept); err != nil {
		t.Fatal(err)
	}
	if r := e.do(e.browser(), mustRequest(t, fmt.Sprintf("%s/matches/%d/replay", e.srv.URL, kept))); r.code != http.StatusGone || !strings.Contains(r.body, "deleted to save space") {
		t.Errorf("a replay deleted between the match's read and its own: %d %q, want 410 saying so", r.code, r.body)
	}
}

// Admin → Storage, for admins only: the database's size by kind, its
// growth against the daily samples, and the retention settings in force,
// which a form changes (refusing bad values, changing nothing then); a
// button queues a pass. The Prometheus collector reports the same sizes.
func TestAdminStorage(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	adminName, _ := e.user(domain.RoleAdmin)
	studentName, _ := e.user(domain.RoleStudent)
	clean := func() {
		if _, err := e.pool.Exec(ctx, "DELETE FROM storage_samples; DELETE FROM site_settings WHERE key LIKE 'retention_%'"); err != nil {
			t.Fatal(err)
		}
	}
	clean()
	t.Cleanup(clean)

	if code, _, loc := e.get(e.browser(), "/admin/storage"); code != http.StatusSeeOther || !strings.HasPrefix(loc, "/login") {
		t.Errorf("anonymous: %d → %q", code, loc)
	}
	student := e.login(studentName)
	if code, _, _ := e.get(student, "/admin/storage"); code != http.StatusForbidden {
		t.Errorf("a student: %d", code)
	}
	if code, _, _ := e.post(student, "/admin/storage", url.Values{"enabled": {"on"}, "ladder_recent": {"1"}, "ladder_days": {"1"}, "artifact_days": {"1"}}, nil); code != http.StatusForbidden {
		t.Errorf("a student's change: %d", code)
	}
	if r, _ := store.LoadRetention(ctx, e.pool); r != store.DefaultRetention {
		t.Errorf("a student changed the retention: %+v", r)
	}

	// Samples of a day and of a week ago, smaller by known amounts.
	now, err := store.MeasureStorage(ctx, e.pool)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		ago     time.Duration
		replays int64
	}{{25 * time.Hour, now.Replays - 2048}, {8 * 24 * time.Hour, now.Replays - 3<<20}} {
		old := now
		old.At, old.Replays = time.Now().Add(-s.ago), s.replays
		if ok, err := store.RecordStorageSample(ctx, e.pool, old); err != nil || !ok {
			t.Fatalf("sample: %v %v", ok, err)
		}
	}
	admin := e.login(adminName)
	code, body, _ := e.get(admin, "/admin/storage")
	if code != http.StatusOK {
		t.Fatalf("the storage page: %d", code)
	}
	replays := regexp.MustCompile(`(?s)<tr data-kind="Replays">.*?</tr>`).FindString(body)
	for _, want := range []string{templates.Bytes(now.Replays), "+2.0 KB", "+3.0 MB", fmt.Sprint(now.ReplayCount)} {
		if !strings.Contains(replays, want) {
			t.Errorf("the replays' row does not show %q:\n%s", want, replays)
		}
	}
	for _, want := range []string{`data-kind="Compiled bots"`, `data-kind="Rows"`, `data-kind="Database"`, "match_players",
		"ladder replays of each version&#39;s 10 most recent ladder matches and of the last 3 days",
		"those used in the last 7 days", `name="ladder_recent" type="number" min="0" max="10000" value="10"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the storage page does not show %q", want)
		}
	}

	// Refused: nothing changes, the form says why and keeps what was typed.
	code, body, _ = e.post(admin, "/admin/storage", url.Values{"ladder_recent": {"-1"}, "ladder_days": {"three"}, "artifact_days": {"0"}}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "A whole number from 0 to 10000") ||
		!strings.Contains(body, "A whole number.") || !strings.Contains(body, "A whole number of days from 1 to 3650") ||
		!strings.Contains(body, `value="three"`) {
		t.Errorf("bad values: %d\n%s", code, body)
	}
	if r, _ := store.LoadRetention(ctx, e.pool); r != store.DefaultRetention {
		t.Errorf("refused values changed the retention: %+v", r)
	}
	code, _, loc := e.post(admin, "/admin/storage", url.Values{"ladder_recent": {"25"}, "ladder_days": {"14"}, "artifact_days": {"30"}}, nil)
	if code != http.StatusSeeOther || loc != "/admin/storage" {
		t.Fatalf("saving: %d → %q", code, loc)
	}
	want := store.Retention{Enabled: false, LadderRecent: 25, LadderDays: 14, ArtifactDays: 30}
	if r, _ := store.LoadRetention(ctx, e.pool); r != want {
		t.Errorf("saved %+v, want %+v", r, want)
	}
	if body := e.follow(admin, loc); !strings.Contains(body, "Retention saved: every replay and compiled bot (retention is off).") {
		t.Errorf("the flash does not say what is kept")
	}
	e.post(admin, "/admin/storage", url.Values{"enabled": {"on"}, "ladder_recent": {"25"}, "ladder_days": {"14"}, "artifact_days": {"30"}}, nil)
	if body := e.follow(admin, "/admin/storage"); !strings.Contains(body, "each version&#39;s 25 most recent ladder matches and of the last 14 days") {
		t.Errorf("the page does not show the rules saved")
	}

	before := e.scalar("SELECT count(*) FROM river_job WHERE kind = 'retention'")
	if code, _, _ := e.post(admin, "/admin/storage/run", nil, nil); code != http.StatusSeeOther {
		t.Errorf("run now: %d", code)
	}
	if after := e.scalar("SELECT count(*) FROM river_job WHERE kind = 'retention'"); after == before {
		t.Errorf("run now queued no retention job")
	}

	// The same sizes on /metrics.
	reg := prometheus.NewRegistry()
	reg.MustRegister(web.StorageMetrics(e.pool))
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]float64{}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			name := f.GetName()
			for _, l := range m.GetLabel() {
				name += "/" + l.GetValue()
			}
			seen[name] = m.GetGauge().GetValue()
		}
	}
	if seen["arena_storage_bytes/replays"] != float64(now.Replays) || seen["arena_storage_objects/replays"] != float64(now.ReplayCount) ||
		seen["arena_database_bytes"] <= 0 || seen["arena_storage_bytes/rows"] <= 0 {
		t.Errorf("the collector reports %v; replays %d (%d)", seen, now.Replays, now.ReplayCount)
	}
}
