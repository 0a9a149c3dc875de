package web_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"arena.dev/domain"
	"arena.dev/games/gametest/fake"
	"arena.dev/judge"
	"arena.dev/store"
)

// copiesSource reads one of the copy check's test bots (testdata/copies):
// alice's racer, carol's copy of it with other comments, bob's disguised
// copy (names, order, a loop rewritten, dead code) and bob's and dave's
// own racers. All qualify: they take the longest step every other round.
func copiesSource(t *testing.T, name string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "copies", name+".go"))
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// startJudgeWorkers runs real River workers on the test database until the
// test ends.
func startJudgeWorkers(t *testing.T, e *adminEnv, queues ...string) {
	t.Helper()
	ctx := context.Background()
	jobs, err := judge.NewWorkingClient(e.pool, judge.Config{Queues: queues, MaxWorkers: 2, LadderEvery: -1,
		// Shared with the other tests that compile bots: warm build caches.
		Sandbox: judge.Sandbox{Dir: filepath.Join(os.TempDir(), "arena-judge-test")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		jobs.Stop(sctx)
	})
}

// waitCopyChecks waits until no copy check job is left to work.
func waitCopyChecks(t *testing.T, e *adminEnv) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for e.scalar(`SELECT count(*) FROM river_job WHERE kind IN ('copycheck', 'copycheck_backfill')
		AND state NOT IN ('completed', 'cancelled', 'discarded')`) != "0" {
		if time.Now().After(deadline) {
			t.Fatal("copy checks still pending after a minute")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// copiesCSV downloads a CSV of ranked pairs and returns its rows by
// column name.
func copiesCSV(t *testing.T, e *adminEnv, c *http.Client, path string) []map[string]string {
	t.Helper()
	code, body, _ := e.get(c, path)
	if code != http.StatusOK {
		t.Fatalf("GET %s: %d\n%s", path, code, body)
	}
	rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil || len(rows) == 0 {
		t.Fatalf("GET %s: %v\n%s", path, err, body)
	}
	var out []map[string]string
	for _, r := range rows[1:] {
		m := map[string]string{}
		for i, name := range rows[0] {
			m[name] = r[i]
		}
		out = append(out, m)
	}
	return out
}

// csvPairs is the owner names of the CSV's pairs ("alice/carol"), in rank
// order, and their scores.
func csvPairs(t *testing.T, rows []map[string]string) ([]string, []float64) {
	t.Helper()
	var pairs []string
	var scores []float64
	for _, r := range rows {
		pairs = append(pairs, r["A user"]+"/"+r["B user"])
		s, err := strconv.ParseFloat(r["score (%)"], 64)
		if err != nil {
			t.Fatalf("score %q in %v", r["score (%)"], r)
		}
		scores = append(scores, s)
	}
	return pairs, scores
}

// fragClasses returns, for one side of a pair page, each fragment's colour
// classes: a fragment's lines must all have one.
var fragLine = regexp.MustCompile(`<div class="copy-line frag (frag-c\d+)" data-frag="(\d+)"`)

func fragClasses(side string) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, m := range fragLine.FindAllStringSubmatch(side, -1) {
		if out[m[2]] == nil {
			out[m[2]] = map[string]bool{}
		}
		out[m[2]][m[1]] = true
	}
	return out
}

// lineFragment returns the fragment and colour of the line of a pair
// page's side holding text, "" when it is in none.
func lineFragment(side, text string) string {
	line := regexp.MustCompile(`<div class="copy-line frag (frag-c\d+)" data-frag="(\d+)"[^>]*>\s*` +
		`(?:<a [^>]*>\d+</a>|<span class="ln">\d+</span>)<code>` + regexp.QuoteMeta(html.EscapeString(text)) + `</code>`)
	m := line.FindStringSubmatch(side)
	if m == nil {
		return ""
	}
	return m[2] + " " + m[1]
}

// Through the real server and River: five versions submitted on the web
// compile in the sandbox, qualify, and are fingerprinted by the copy
// check's job; the admin's pages rank the pairs, filter them by score and
// mode, export them as CSV and show a pair side by side; students and
// visitors get none of it.
func TestAdminCopiesThroughTheJudge(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles bots in the sandbox")
	}
	e := newAdminEnv(t)
	ctx := context.Background()
	game := fake.SprintID // Go only, five rounds: the quickest qualification
	if err := store.EnsureGame(ctx, e.pool, game, "Race (sprint)"); err != nil {
		t.Fatal(err)
	}
	startJudgeWorkers(t, e, judge.QueueCompile, judge.QueueMatch, judge.QueueDefault)

	adminName, _ := e.user(domain.RoleAdmin)
	users := map[string]string{} // alice → adm7_student
	for _, who := range []string{"alice", "bob", "carol", "dave"} {
		name, id := e.user(domain.RoleStudent)
		users[who] = name
		if _, err := e.pool.Exec(ctx, "UPDATE users SET display_name = $2 WHERE id = $1", id, strings.ToUpper(who[:1])+who[1:]+" Student"); err != nil {
			t.Fatal(err)
		}
	}
	// In this order: alice's version is the oldest, bob's copy is replaced
	// by his own bot.
	for _, s := range []struct{ who, file string }{{"alice", "alice"}, {"bob", "bob1"}, {"carol", "carol"}, {"bob", "bob2"}, {"dave", "dave"}} {
		c := e.login(users[s.who])
		code, body, _ := e.post(c, "/games/"+game+"/submit", url.Values{"bot": {"racer"}, "source": {copiesSource(t, s.file)}}, nil)
		if code != http.StatusSeeOther {
			t.Fatalf("%s submits %s: %d\n%s", s.who, s.file, code, body)
		}
	}
	deadline := time.Now().Add(4 * time.Minute)
	for {
		var settled, failed int
		var logs string
		if err := e.pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE v.status IN ('accepted', 'superseded')),
				count(*) FILTER (WHERE v.status IN ('compile_error', 'rejected')),
				coalesce(string_agg(v.compile_log, E'\n') FILTER (WHERE v.status IN ('compile_error', 'rejected')), '')
			FROM bot_versions v JOIN bots b ON b.id = v.bot_id WHERE b.game_id = $1`, game).Scan(&settled, &failed, &logs); err != nil {
			t.Fatal(err)
		}
		if failed > 0 {
			t.Fatalf("%d versions did not compile or qualify:\n%s", failed, logs)
		}
		if settled == 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of 5 versions accepted after 4 minutes", settled)
		}
		time.Sleep(200 * time.Millisecond)
	}
	waitCopyChecks(t, e)

	admin := e.login(adminName)
	list := "/admin/games/" + game + "/copies"

	// Each owner's latest accepted version: carol's copy of alice's bot;
	// bob's copy was replaced by his own bot.
	code, body, _ := e.get(admin, list+"?mode=latest")
	if code != http.StatusOK {
		t.Fatalf("GET %s: %d\n%s", list, code, body)
	}
	for _, want := range []string{users["alice"], "Alice Student", users["carol"], "Carol Student", "100%"} {
		if !strings.Contains(body, html.EscapeString(want)) {
			t.Errorf("the ranked pairs lack %q", want)
		}
	}
	status := regexp.MustCompile(`(\d+) of (\d+) compiled versions indexed`).FindStringSubmatch(body)
	if status == nil {
		t.Error("the ranked pairs do not say how many versions are indexed")
	} else if n, _ := strconv.Atoi(status[1]); status[1] != status[2] || n < 5 || strings.Contains(body, "pending") {
		t.Errorf("index status %q: want every compiled version indexed (5 at least), none pending", status[0])
	}
	if strings.Contains(body, users["bob"]) || strings.Contains(body, users["dave"]) {
		t.Error("the latest versions' pairs show bob or dave, whose latest bots are their own")
	}
	latest, _ := csvPairs(t, copiesCSV(t, e, admin, list+".csv?mode=latest"))
	if want := users["alice"] + "/" + users["carol"]; len(latest) != 1 || latest[0] != want {
		t.Errorf("latest versions' CSV: %v, want [%s]", latest, want)
	}

	// All versions: bob's first version pairs with alice's and carol's.
	rows := copiesCSV(t, e, admin, list+".csv?mode=all&min=30")
	all, scores := csvPairs(t, rows)
	want := []string{users["alice"] + "/" + users["carol"], users["alice"] + "/" + users["bob"], users["bob"] + "/" + users["carol"]}
	if len(all) != 3 || all[0] != want[0] || !(all[1] == want[1] && all[2] == want[2] || all[1] == want[2] && all[2] == want[1]) {
		t.Fatalf("all versions' CSV: %v, want %v (the last two in either order)", all, want)
	}
	if scores[0] != 100 || scores[1] < 50 || scores[1] >= 99 || scores[2] > scores[1] {
		t.Errorf("scores %v: want 100 for the verbatim copy, then the disguised copy's two pairs between 50 and 99, ranked", scores)
	}
	for _, r := range rows {
		if r["pairs of versions"] != "1" || !strings.HasPrefix(r["side by side"], e.srv.URL+"/admin/copies/") {
			t.Errorf("CSV row %v: one pair of versions per pair of owners, and a link to the pair", r)
		}
	}
	_, body, _ = e.get(admin, list+"?mode=all")
	if !strings.Contains(body, users["bob"]) || !strings.Contains(body, "Bob Student") {
		t.Error("the all-versions page does not show bob's replaced copy")
	}
	// Every version is the default, on the page and in the CSV.
	_, body, _ = e.get(admin, list)
	if !strings.Contains(body, users["bob"]) || !strings.Contains(body, `<option value="all" selected>`) {
		t.Error("the default view is not every compiled version")
	}
	if def, _ := csvPairs(t, copiesCSV(t, e, admin, list+".csv")); len(def) != 3 {
		t.Errorf("the default CSV: %v, want all versions' 3 pairs", def)
	}

	// The threshold: at 99% only the verbatim copy is left, on the page
	// and in the CSV.
	if high, _ := csvPairs(t, copiesCSV(t, e, admin, list+".csv?mode=all&min=99")); len(high) != 1 || high[0] != want[0] {
		t.Errorf("all versions at 99%%: %v, want [%s]", high, want[0])
	}
	_, body, _ = e.get(admin, list+"?mode=all&min=99")
	if strings.Contains(body, users["bob"]) || !strings.Contains(body, users["carol"]) || !strings.Contains(body, `value="99"`) {
		t.Error("the page at 99% shows bob's pairs, or lost carol's or the threshold")
	}
	// A threshold that is not one: a clear error, the text kept, the
	// default listing.
	code, body, _ = e.get(admin, list+"?min=lots")
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "not a percentage from 0 to 100") || !strings.Contains(body, `value="lots"`) {
		t.Errorf("min=lots: %d, want 422 with the reason and the text kept", code)
	}
	if code, body, _ := e.get(admin, list+".csv?mode=everything"); code != http.StatusUnprocessableEntity || !strings.Contains(body, "no mode") {
		t.Errorf("CSV of mode=everything: %d %q", code, body)
	}

	// The pair page of alice's bot and bob's disguised copy: both sources,
	// the shared fragments in one colour each on both sides, each linked to
	// its counterpart.
	var pair string
	for _, r := range rows {
		if r["A user"] == users["alice"] && r["B user"] == users["bob"] {
			pair = strings.TrimPrefix(r["side by side"], e.srv.URL)
		}
	}
	code, body, _ = e.get(admin, pair)
	if code != http.StatusOK {
		t.Fatalf("GET %s: %d\n%s", pair, code, body)
	}
	for _, line := range []string{"func (b *pacer) speed(p, n int) float64 {", "func (r *runner) pace(q, rounds int) float64 {"} {
		if !strings.Contains(body, html.EscapeString(line)) {
			t.Errorf("the pair page lacks the line %q", line)
		}
	}
	a, b, ok := strings.Cut(body, `data-side="b"`)
	if !ok || !strings.Contains(a, `data-side="a"`) {
		t.Fatal("the pair page has not two sides")
	}
	ca, cb := fragClasses(a), fragClasses(b)
	if len(ca) < 2 {
		t.Fatalf("%d fragments highlighted, want several (a disguised copy is cut in pieces)", len(ca))
	}
	for n, classes := range ca {
		if len(classes) != 1 || len(cb[n]) != 1 || fmt.Sprint(classes) != fmt.Sprint(cb[n]) {
			t.Errorf("fragment %s: colours %v on a's side, %v on b's", n, classes, cb[n])
		}
		if !strings.Contains(a, `id="a-f`+n+`"`) || !strings.Contains(a, `href="#b-f`+n+`"`) ||
			!strings.Contains(b, `id="b-f`+n+`"`) || !strings.Contains(b, `href="#a-f`+n+`"`) {
			t.Errorf("fragment %s is not linked to its counterpart", n)
		}
	}
	if len(cb) != len(ca) {
		t.Errorf("%d fragments on a's side, %d on b's", len(ca), len(cb))
	}
	// Counterparts: a function of alice's and bob's renamed copy of it are
	// one fragment, in one colour; two functions are two.
	seen := map[string]string{}
	for _, f := range [][2]string{
		{"func leader(g *sdk.Game) (int, int) {", "func front(game *sdk.Game) (int, int) {"},
		{"func (b *pacer) speed(p, n int) float64 {", "func (r *runner) pace(q, rounds int) float64 {"},
		{"func (b *pacer) closing() bool {", "func (r *runner) gaining() bool {"},
	} {
		fa, fb := lineFragment(a, f[0]), lineFragment(b, f[1])
		if fa == "" || fa != fb {
			t.Errorf("%q is in fragment %q on a's side, its copy %q in fragment %q on b's", f[0], fa, f[1], fb)
		}
		if other, ok := seen[fa]; ok {
			t.Errorf("%q and %q are in one fragment", other, f[0])
		}
		seen[fa] = f[0]
	}

	// The index: every game's status, and a button to index what it lacks
	// now.
	if code, body, _ := e.get(admin, "/admin/copies"); code != http.StatusOK || !strings.Contains(body, `href="`+list+`"`) {
		t.Errorf("GET /admin/copies: %d", code)
	}
	backfills := `SELECT count(*) FROM river_job WHERE kind = 'copycheck_backfill'`
	before := e.scalar(backfills)
	if code, _, loc := e.post(admin, "/admin/copies/backfill", nil, nil); code != http.StatusSeeOther || loc != "/admin/copies" {
		t.Errorf("POST /admin/copies/backfill: %d to %q", code, loc)
	}
	if e.scalar(backfills) == before {
		t.Error("the backfill button inserted no job")
	}

	// Students and visitors: refused everywhere, and no source leaks.
	pages := []string{"/admin/copies", list, list + "?mode=all", list + ".csv", list + ".csv?mode=all", pair}
	student := e.login(users["dave"])
	visitor := e.browser()
	for _, p := range pages {
		if code, body, _ := e.get(student, p); code != http.StatusForbidden || strings.Contains(body, "*pacer") || strings.Contains(body, users["alice"]) {
			t.Errorf("student GET %s: %d, want 403 and nothing of the copies", p, code)
		}
		if code, _, loc := e.get(visitor, p); code != http.StatusSeeOther || !strings.HasPrefix(loc, "/login") {
			t.Errorf("visitor GET %s: %d to %q, want 303 to the login", p, code, loc)
		}
	}
	if code, _, _ := e.post(student, "/admin/copies/backfill", nil, nil); code != http.StatusForbidden {
		t.Errorf("student POST /admin/copies/backfill: %d, want 403", code)
	}
}

// The pair page of versions it cannot compare says why, with a 404.
func TestAdminCopyPairRefused(t *testing.T) {
	e := newAdminEnv(t)
	adminName, _ := e.user(domain.RoleAdmin)
	_, owner := e.user(domain.RoleStudent)
	_, v := e.newVersion(owner, "never-compiled", domain.StatusCompileError)
	admin := e.login(adminName)
	for path, want := range map[string]string{
		fmt.Sprintf("/admin/copies/%d/%d", v.ID, v.ID+1000000): "not in the copy check&#39;s index",
		"/admin/copies/1/1":      "There is nothing here",
		"/admin/copies/x/2":      "There is nothing here",
		"/admin/games/no/copies": "There is nothing here",
	} {
		if code, body, _ := e.get(admin, path); code != http.StatusNotFound || !strings.Contains(body, want) {
			t.Errorf("GET %s: %d, want 404 saying %q", path, code, want)
		}
	}
}

// The copy check's CSV keeps text that looks like a formula text: pairs of
// versions whose owners' display names and bots' names are hostile cells,
// indexed by the copy check itself, come out guarded, every cell quoted.
func TestAdminCopiesCSVHasNoFormulas(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	if err := store.EnsureGame(ctx, e.pool, fake.ID, "Race"); err != nil {
		t.Fatal(err)
	}
	adminName, _ := e.user(domain.RoleAdmin)
	src := copiesSource(t, "alice")
	hostile := map[string][2]string{} // user → display name and bot, as the file must say
	for i, c := range hostileCells[:4] {
		name, id := e.user(domain.RoleStudent)
		bot := hostileCells[len(hostileCells)-1-i]
		if _, err := e.pool.Exec(ctx, "UPDATE users SET display_name = $2 WHERE id = $1", id, c); err != nil {
			t.Fatal(err)
		}
		b, err := store.BotByName(ctx, e.pool, id, fake.ID, bot)
		if err != nil {
			t.Fatal(err)
		}
		v, err := store.CreateVersion(ctx, e.pool, b.ID, "go", src)
		if err == nil {
			err = store.SetCompiled(ctx, e.pool, v.ID, "", "not-built", "")
		}
		if err == nil {
			err = pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
				_, err := judge.CopyCheck(ctx, tx, v.ID)
				return err
			})
		}
		if err != nil {
			t.Fatal(err)
		}
		hostile[name] = [2]string{guarded(c), guarded(bot)}
	}
	code, body, _ := e.get(e.login(adminName), "/admin/games/"+fake.ID+"/copies.csv?mode=all")
	if code != http.StatusOK {
		t.Fatalf("GET copies.csv: %d\n%s", code, body)
	}
	recs := guardedCSV(t, body)
	col := map[string]int{}
	for i, name := range recs[0] {
		col[name] = i
	}
	seen := 0
	for _, r := range recs[1:] {
		for _, side := range []string{"A", "B"} {
			h, ok := hostile[r[col[side+" user"]]]
			if !ok {
				continue
			}
			seen++
			if r[col[side+" display name"]] != h[0] || r[col[side+" bot"]] != h[1] {
				t.Errorf("row %q: want %s's display name and bot %q", r, side, h)
			}
		}
	}
	if seen != 4*3 { // four copies of one bot: six pairs, two sides each
		t.Errorf("the hostile students' copies are on %d sides of pairs, want 12:\n%s", seen, body)
	}
}
