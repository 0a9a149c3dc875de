package web

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/templates"
)

// The admin's pages other than the games page are made from loaded rows
// without a database.

// The dashboard counts what the overview counted, each list's count
// linking to it, and the errands say how many jobs wait.
func TestAdminDashboardView(t *testing.T) {
	o := &store.Overview{Users: 40, Admins: 2, DisabledUsers: 3, Bots: 17, DisabledBots: 1,
		Versions:      map[string]int{domain.StatusAccepted: 12, domain.StatusRejected: 4},
		MatchesQueued: 5, MatchesRunning: 2, MatchesFinishedToday: 90, MatchesFailedToday: 1,
		Jobs: map[string]int{"retryable": 6, "discarded": 1}}
	groups, links := adminDashboardView(context.Background(), o)
	if len(groups) != 5 {
		t.Fatalf("%d groups, want people, bots, matches, versions, jobs", len(groups))
	}
	people, bots, matches, versions, jobs := groups[0], groups[1], groups[2], groups[3], groups[4]
	if people.Href != "/admin/users" || people.Counts[0].N != 40 || people.Counts[1].N != 2 || people.Counts[2].N != 3 {
		t.Errorf("people: %+v", people)
	}
	if bots.Counts[0].N != 17 || bots.Counts[0].Href != "/admin/bots" || bots.Counts[1].N != 1 {
		t.Errorf("bots: %+v", bots)
	}
	if matches.Counts[0].N != 5 || matches.Counts[1].N != 2 || matches.Counts[2].N != 90 || matches.Counts[3].N != 1 {
		t.Errorf("matches: %+v", matches)
	}
	byClass := map[string]int{}
	for _, c := range versions.Counts {
		byClass[c.Class] = c.N
	}
	if len(versions.Counts) != 7 || byClass[domain.StatusAccepted] != 12 || byClass[domain.StatusRejected] != 4 || byClass[domain.StatusQueued] != 0 {
		t.Errorf("versions: %+v", versions.Counts)
	}
	if len(jobs.Counts) != len(adminJobStates) {
		t.Fatalf("jobs: %+v", jobs.Counts)
	}
	for i, c := range jobs.Counts {
		if st := adminJobStates[i]; c.Href != "/admin/jobs?state="+st || c.N != o.Jobs[st] {
			t.Errorf("jobs %s: %+v", st, c)
		}
	}
	if links[0].Href != "/admin/jobs?state=retryable" || !strings.Contains(links[0].Note, "6") ||
		links[1].Href != "/admin/jobs?state=discarded" || !strings.Contains(links[1].Note, "1") {
		t.Errorf("errands: %+v", links[:2])
	}
}

// A page of users: the admin's own row is marked (no changing oneself),
// the search and page are kept for the way back, and the pager says
// which rows these are.
func TestAdminUsersView(t *testing.T) {
	ctx := context.Background()
	me := &domain.User{ID: 2, Name: "root", Role: domain.RoleAdmin}
	users := []store.UserListing{
		{User: domain.User{ID: 1, Name: "ann", Role: domain.RoleStudent, CreatedAt: time.Now()}, Bots: 3},
		{User: domain.User{ID: 2, Name: "root", Role: domain.RoleAdmin, CreatedAt: time.Now()}},
	}
	d := adminUsersView(ctx, templates.AdminUsersData{Error: "kept"}, users, 120, url.Values{"q": {" an "}, "page": {"2"}}, me)
	if d.Error != "kept" || d.Query != "an" || d.Back != "/admin/users?page=2&q=an" {
		t.Errorf("head: error %q query %q back %q", d.Error, d.Query, d.Back)
	}
	if len(d.Rows) != 2 || d.Rows[0].Self || !d.Rows[1].Self || d.Rows[0].Bots != 3 {
		t.Errorf("rows: %+v", d.Rows)
	}
	if d.Pager.Info != "51–100 of 120" || d.Pager.Prev != "/admin/users?q=+an+" || d.Pager.Next != "/admin/users?page=3&q=+an+" {
		t.Errorf("pager: %+v", d.Pager)
	}
	// Nobody found: no rows, no pager, the plain list to go back to.
	d = adminUsersView(ctx, templates.AdminUsersData{}, nil, 0, url.Values{}, me)
	if len(d.Rows) != 0 || d.Pager != (templates.AdminPager{}) || d.Back != "/admin/users" {
		t.Errorf("empty: %+v", d)
	}
}

// A page of bots: versions shown when there are, none otherwise; the
// game filter kept; the last page has no next.
func TestAdminBotsView(t *testing.T) {
	bots := []store.BotListing{
		{Bot: domain.Bot{ID: 7, Name: "fresh", GameID: "orkisland"}, OwnerName: "ann", Versions: 0},
		{Bot: domain.Bot{ID: 8, Name: "old", GameID: "orkisland", Disabled: true}, OwnerName: "bob", OwnerDisabled: true, Versions: 2,
			Current: &store.VersionBrief{ID: 80, Number: 1, Language: "go", Status: domain.StatusAccepted},
			Latest:  &store.VersionBrief{ID: 81, Number: 2, Language: "cpp", Status: domain.StatusRejected}},
	}
	d := adminBotsView(context.Background(), bots, 2, url.Values{"game": {"orkisland"}}, "refused")
	if d.Game != "orkisland" || d.Back != "/admin/bots?game=orkisland" || d.Error != "refused" || len(d.Games) != len(games.IDs()) {
		t.Errorf("head: %+v", d)
	}
	if r := d.Rows[0]; r.Current != nil || r.Latest != nil || r.Disabled || r.OwnerDisabled {
		t.Errorf("a bot without versions: %+v", r)
	}
	if r := d.Rows[1]; r.Current.ID != 80 || r.Latest.Number != 2 || r.Latest.Status != string(domain.StatusRejected) || !r.Disabled || !r.OwnerDisabled {
		t.Errorf("a disabled bot with two versions: %+v", r)
	}
	if d.Pager.Next != "" || d.Pager.Prev != "" || d.Pager.Info != "1–2 of 2" {
		t.Errorf("pager: %+v", d.Pager)
	}
}

// Grades: a download per registered game; tournaments dated by their end,
// or their start while not finished.
func TestAdminGradesView(t *testing.T) {
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	end := start.Add(3 * time.Hour)
	d := adminGradesView(context.Background(), []*domain.Tournament{
		{ID: 2, Name: "done", GameID: "nosuchgame", Status: domain.TournamentFinished, StartAt: start, FinishedAt: &end},
		{ID: 1, Name: "to come", GameID: "nosuchgame", Status: domain.TournamentScheduled, StartAt: start},
	})
	if len(d.Games) != len(games.IDs()) {
		t.Errorf("%d games, %d registered", len(d.Games), len(games.IDs()))
	}
	if len(d.Tournaments) != 2 || d.Tournaments[0].When != "1 May 2026, 12:00 UTC" || d.Tournaments[1].When != "1 May 2026, 09:00 UTC" {
		t.Errorf("tournaments: %+v", d.Tournaments)
	}
	if d := adminGradesView(context.Background(), nil); len(d.Tournaments) != 0 {
		t.Errorf("no tournaments: %+v", d.Tournaments)
	}
}

// Storage: growth against the day's and week's samples, blank without
// them and then saying when the first is; at most twelve tables; the last
// retention pass in words.
func TestAdminStorageView(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	measured := store.Storage{At: now, Replays: 5000, Artifacts: 2000, Blobs: 8000, Rows: 300, Database: 9000, ReplayCount: 12}
	for i := range 15 {
		measured.Tables = append(measured.Tables, store.TableSize{Name: "t" + string(rune('a'+i)), Bytes: int64(1000 - i)})
	}
	day := store.Storage{At: now.Add(-24 * time.Hour), Replays: 6000, Artifacts: 2000, Blobs: 9000, Rows: 100, Database: 9000}
	l := adminStorageLoad{Now: measured, Day: &day}
	d := adminStorageView(ctx, l)
	if len(d.Rows) != 5 || len(d.Tables) != adminStorageTables || d.Tables[0].Kind != "ta" {
		t.Fatalf("%d rows, %d tables", len(d.Rows), len(d.Tables))
	}
	byKind := map[string]templates.AdminStorageRow{}
	for _, r := range d.Rows {
		byKind[r.Kind] = r
	}
	if r := byKind["Replays"]; !strings.HasPrefix(r.Day, "-") || r.Week != "" || r.Count != "12" {
		t.Errorf("replays shrank over the day, no week sample: %+v", r)
	}
	if r := byKind["Rows"]; !strings.HasPrefix(r.Day, "+") {
		t.Errorf("rows grew: %+v", r)
	}
	if r := byKind["Database"]; strings.HasPrefix(r.Day, "+") || strings.HasPrefix(r.Day, "-") || r.Day == "" {
		t.Errorf("the database did not change: %+v", r)
	}
	if d.DaySince != "28 November 2026, 12:00 UTC" || d.WeekSince != "" || d.FirstDay != "" {
		t.Errorf("samples: day %q week %q first %q", d.DaySince, d.WeekSince, d.FirstDay)
	}
	if !strings.HasPrefix(d.LastPass, "No pass") {
		t.Errorf("no pass yet: %q", d.LastPass)
	}
	// No sample a day old: when the first was taken, or that it is to come.
	first := store.Storage{At: now.Add(-time.Hour)}
	d = adminStorageView(ctx, adminStorageLoad{Now: measured, First: &first})
	if byKind := d.Rows[0]; byKind.Day != "" || !strings.Contains(d.FirstDay, "29 November 2026, 11:00 UTC") {
		t.Errorf("first sample an hour ago: day %q first %q", byKind.Day, d.FirstDay)
	}
	if d := adminStorageView(ctx, adminStorageLoad{Now: measured}); !strings.Contains(d.FirstDay, "next run") {
		t.Errorf("no sample at all: %q", d.FirstDay)
	}
}

func TestRetentionPassWords(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 11, 29, 3, 0, 0, 0, time.UTC)
	out := func(o judge.RetentionOutput) []byte {
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, c := range []struct {
		name   string
		at     *time.Time
		output []byte
		want   []string
	}{
		{"never", nil, nil, []string{"No pass"}},
		{"no output", &at, nil, []string{"finished 29 November 2026, 03:00 UTC"}},
		{"off", &at, out(judge.RetentionOutput{}), []string{"retention is off"}},
		{"did", &at, out(judge.RetentionOutput{Enabled: true, Replays: 3, ReplayBatches: 1, Artifacts: 1}),
			[]string{"3 replays", "1 compiled bot"}},
		{"unfinished", &at, out(judge.RetentionOutput{Enabled: true, Replays: 1, Unfinished: true}), []string{"1 replay ", "ran out of time"}},
	} {
		got := retentionPassWords(ctx, c.at, c.output)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", c.name, got, w)
			}
		}
	}
}

// A game's copy check page numbers its pairs from the page's first and
// links the CSV with the filter; with nothing found, nothing is listed.
func TestAdminCopiesView(t *testing.T) {
	ctx := context.Background()
	l := adminCopiesLoad{Game: templates.AdminCopyStatus{ID: "orkisland", Title: "Ork Island"}, Total: 53,
		Pairs:  []store.CopyPairRow{{A: store.CopySide{VersionID: 1}, B: store.CopySide{VersionID: 2}, Score: 0.955, Shared: 40}},
		Base:   []store.CopyBaseFile{{ID: 4, Name: "starter.cpp", Source: "a\nb\nc"}},
		Failed: []store.CopyUncompared{{VersionID: 9, Error: strings.Repeat("x", 600)}}}
	f, problem := readCopiesFilter(ctx, url.Values{"min": {"50"}, "page": {"2"}})
	if problem != "" {
		t.Fatal(problem)
	}
	d := adminCopiesView(ctx, l, f)
	if len(d.Rows) != 1 || d.Rows[0].Rank != 51 || d.Rows[0].Score != "95%" {
		t.Errorf("rows: %+v", d.Rows)
	}
	if d.CSV != "/admin/games/orkisland/copies.csv?min=50&mode=all" || d.Pager.Next != "" || d.Pager.Prev == "" {
		t.Errorf("csv %q pager %+v", d.CSV, d.Pager)
	}
	if len(d.Base) != 1 || d.Base[0].Lines != 3 || len(d.Failed) != 1 || len([]rune(d.Failed[0].Error)) != 501 || len(d.Empty) != 0 {
		t.Errorf("base %+v failed %+v empty %+v", d.Base, d.Failed, d.Empty)
	}
	d = adminCopiesView(ctx, adminCopiesLoad{Game: l.Game}, copiesFilter{page: 1})
	if len(d.Rows)+len(d.Base)+len(d.Failed)+len(d.Empty) != 0 || d.Pager != (templates.AdminPager{}) {
		t.Errorf("nothing found: %+v", d)
	}
}

// The copy check's front page: every registered game, and the versions
// still to index summed over them.
func TestAdminCopiesIndexView(t *testing.T) {
	ids := games.IDs()
	all := map[string]store.CopyGameStatus{ids[0]: {GameID: ids[0], Compiled: 10, Indexed: 7}}
	if len(ids) > 1 {
		all[ids[1]] = store.CopyGameStatus{GameID: ids[1], Compiled: 4, Indexed: 2}
	}
	d := adminCopiesIndexView(all)
	want := 3
	if len(ids) > 1 {
		want = 5
	}
	if len(d.Games) != len(ids) || d.Pending != want {
		t.Errorf("%d games, %d pending; want %d, %d", len(d.Games), d.Pending, len(ids), want)
	}
}

// The tournament form lists the game's boards only and its qualified
// bots, the chosen ones ticked.
func TestTournamentGameFieldsView(t *testing.T) {
	boards := []domain.Board{{ID: 1, GameID: "a", Name: "a1"}, {ID: 2, GameID: "b", Name: "b1"}, {ID: 3, GameID: "a", Name: "a2"}}
	cands := []store.EntrantCandidate{{BotID: 10, BotName: "x"}, {BotID: 11, BotName: "y", House: true}}
	f := tournamentGameFieldsView("a", boards, cands, []int64{3}, []int64{11})
	if len(f.Boards) != 2 || f.Boards[0].ID != 1 || f.Boards[0].Checked || f.Boards[1].ID != 3 || !f.Boards[1].Checked {
		t.Errorf("boards: %+v", f.Boards)
	}
	if len(f.Entrants) != 2 || f.Entrants[0].Checked || !f.Entrants[1].Checked || !f.Entrants[1].House {
		t.Errorf("entrants: %+v", f.Entrants)
	}
	if f := tournamentGameFieldsView("c", boards, nil, nil, nil); len(f.Boards)+len(f.Entrants) != 0 {
		t.Errorf("a game without boards or bots: %+v", f)
	}
}

// The rerun page shows each seat's score, "–" before there is one.
func TestRerunView(t *testing.T) {
	d := rerunView(&domain.Tournament{ID: 3, Name: "cup"}, &domain.Match{ID: 9, GameID: "g", Status: domain.MatchFailed, Seed: 42},
		[]store.SeatResult{{Seat: 0, BotID: ptr(int64(5)), BotName: "a", Score: ptr(int64(12))}, {Seat: 1, BotName: "gone"}})
	if d.TournamentID != 3 || d.MatchID != 9 || d.Seed != 42 || len(d.Players) != 2 {
		t.Fatalf("%+v", d)
	}
	if p := d.Players[0]; p.BotID != 5 || p.Score != "12" {
		t.Errorf("played: %+v", p)
	}
	if p := d.Players[1]; p.BotID != 0 || p.Score != "–" {
		t.Errorf("no score: %+v", p)
	}
}

// A job's actions: River cancels what is not finalized, and retries
// anything but a running or available job; long arguments and errors
// are clipped.
func TestAdminJobRow(t *testing.T) {
	for _, c := range []struct {
		state         rivertype.JobState
		cancel, retry bool
	}{
		{rivertype.JobStateAvailable, true, false},
		{rivertype.JobStateScheduled, true, true},
		{rivertype.JobStateRetryable, true, true},
		{rivertype.JobStateRunning, true, false},
		{rivertype.JobStateCompleted, false, true},
		{rivertype.JobStateDiscarded, false, true},
		{rivertype.JobStateCancelled, false, true},
	} {
		r := adminJobRow(&rivertype.JobRow{ID: 1, State: c.state})
		if r.CanCancel != c.cancel || r.CanRetry != c.retry {
			t.Errorf("%s: cancel %v retry %v, want %v %v", c.state, r.CanCancel, r.CanRetry, c.cancel, c.retry)
		}
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	r := adminJobRow(&rivertype.JobRow{State: rivertype.JobStateRetryable, EncodedArgs: []byte(strings.Repeat("a", 400)), CreatedAt: at,
		Errors: []rivertype.AttemptError{{Error: "first"}, {Error: "last"}}})
	if len([]rune(r.Args)) != 301 || r.LastError != "last" || r.Errors != 2 || r.Created != "2026-01-02 03:04:05" || r.Attempted != "" {
		t.Errorf("row: %+v", r)
	}
}

// The pager: which rows a page shows, links to the pages around it that
// keep the list's filters, and a page beyond the last says so.
func TestAdminPagerFor(t *testing.T) {
	ctx := context.Background()
	q := url.Values{"q": {"ann"}, "game": {""}, "page": {"2"}}
	pg := adminPagerFor(ctx, "/admin/bots", q, 2, 120)
	if pg.Info != "51–100 of 120" || pg.Prev != "/admin/bots?q=ann" || pg.Next != "/admin/bots?page=3&q=ann" {
		t.Errorf("middle page: %+v", pg)
	}
	if pg := adminPagerFor(ctx, "/admin/bots", url.Values{}, 1, 50); pg.Prev != "" || pg.Next != "" || pg.Info != "1–50 of 50" {
		t.Errorf("one full page: %+v", pg)
	}
	if pg := adminPagerFor(ctx, "/admin/bots", url.Values{}, 9, 120); pg.Info != "page 9 of 120 items" || pg.Next != "" || pg.Prev != "/admin/bots?page=8" {
		t.Errorf("beyond the last page: %+v", pg)
	}
	if pg := adminPagerFor(ctx, "/admin/bots", q, 1, 0); pg != (templates.AdminPager{}) {
		t.Errorf("nothing to page: %+v", pg)
	}
}

// The tournament form offers the registered games by title.
func TestGameOptionsByTitle(t *testing.T) {
	opts := gameOptions()
	if len(opts) != len(games.IDs()) {
		t.Fatalf("%d options, %d games", len(opts), len(games.IDs()))
	}
	for i := 1; i < len(opts); i++ {
		if opts[i-1].Title > opts[i].Title {
			t.Errorf("%q before %q", opts[i-1].Title, opts[i].Title)
		}
	}
}
