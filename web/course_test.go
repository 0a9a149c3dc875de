package web_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
)

// rosterKey finds the one-time download's form on an import's page.
var rosterKey = regexp.MustCompile(`action="/admin/roster/(\d+)/credentials"[^>]*>\s*<input type="hidden" name="key" value="([^"]+)"`)

// A roster import: bad lines are refused all at once, named by line, the
// text kept and nothing created; a good one creates the new students
// (display name, group, a one-time password they must change) and reports
// existing names without touching them; the passwords download once.
func TestRosterImport(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	adminName, _ := e.user(domain.RoleAdmin)
	taken, takenID := e.user(domain.RoleStudent)
	studentName, _ := e.user(domain.RoleStudent)
	admin := e.login(adminName)
	suffix := fmt.Sprint(time.Now().UnixNano() % 1e6)
	anna, bernat := "anna"+suffix, "bernat"+suffix

	// Bad lines: a space in a user name, a missing display name, a
	// duplicate. Line numbers count the header.
	bad := "user,display name,group\n" + anna + ",Anna Puig,A1\nbad name,Bad,A1\n" + bernat + "\n" + anna + ",Again,A2\n"
	code, body, _ := e.post(admin, "/admin/users/import", url.Values{"roster": {bad}}, nil)
	if code != http.StatusUnprocessableEntity {
		t.Fatalf("bad roster: %d\n%s", code, body)
	}
	page := html.UnescapeString(body)
	for _, want := range []string{`line 3: "bad name" is not a user name`, "line 4: a line needs a user name and a display name",
		`line 5: the user name "` + anna + `" is already on line 2`, "Nothing was imported", bad} {
		if !strings.Contains(page, want) {
			t.Errorf("the refused import's page lacks %q", want)
		}
	}
	if n := e.scalar("SELECT count(*) FROM users WHERE name = $1", anna); n != "0" {
		t.Fatal("a refused roster created a user")
	}

	// A good one, semicolons and no header (as a spreadsheet saves it),
	// with a name that exists: reported, left alone.
	good := anna + "; Anna Puig; A1\n" + bernat + ";Bernat Soler\n" + strings.ToUpper(taken) + ";Someone Else;B2\n"
	hashBefore := e.scalar("SELECT password_hash FROM users WHERE id = $1", takenID)
	code, body, _ = e.post(admin, "/admin/users/import", url.Values{"roster": {good}}, nil)
	if code != http.StatusOK || !strings.Contains(body, "2 new students") || !strings.Contains(body, strings.ToUpper(taken)) {
		t.Fatalf("import: %d\n%s", code, body)
	}
	if got := e.scalar("SELECT display_name || '|' || group_name || '|' || must_change_password::text || '|' || email FROM users WHERE name = $1", anna); got != "Anna Puig|A1|true|" {
		t.Fatalf("anna: %q", got)
	}
	if got := e.scalar("SELECT display_name || '|' || group_name FROM users WHERE name = $1", bernat); got != "Bernat Soler|" {
		t.Fatalf("bernat: %q", got)
	}
	if e.scalar("SELECT password_hash || display_name FROM users WHERE id = $1", takenID) != hashBefore {
		t.Fatal("an existing user was changed by the import")
	}
	m := rosterKey.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no download form on the import's page:\n%s", body)
	}
	id, key := m[1], m[2]
	path := "/admin/roster/" + id + "/credentials"

	// Only the admin who imported, with the page's key.
	other, _ := e.user(domain.RoleAdmin)
	if code, _, _ := e.post(e.login(other), path, url.Values{"key": {key}}, nil); code != http.StatusGone {
		t.Errorf("another admin's download: %d, want 410", code)
	}
	if code, _, _ := e.post(e.login(studentName), path, url.Values{"key": {key}}, nil); code != http.StatusForbidden {
		t.Errorf("a student's download: %d, want 403", code)
	}
	wrong := strings.Repeat("A", len(key))
	if code, _, _ := e.post(admin, path, url.Values{"key": {wrong}}, nil); code != http.StatusUnprocessableEntity {
		t.Errorf("a wrong key: %d, want 422", code)
	}
	code, body, _ = e.post(admin, path, url.Values{"key": {key}}, nil)
	if code != http.StatusOK {
		t.Fatalf("download: %d\n%s", code, body)
	}
	recs, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil || len(recs) != 3 || !slices.Equal(recs[0], []string{"user", "display name", "group", "one-time password"}) {
		t.Fatalf("credentials CSV %v, %v:\n%s", recs, err, body)
	}
	passwords := map[string]string{}
	for _, r := range recs[1:] {
		passwords[r[0]] = r[3]
		if strings.Contains(e.scalar("SELECT encode(password_hash::bytea, 'escape') FROM users WHERE name = $1", r[0]), r[3]) {
			t.Fatal("a password is stored in clear")
		}
	}
	if len(passwords[anna]) < 12 || len(passwords[bernat]) < 12 || passwords[anna] == passwords[bernat] {
		t.Fatalf("one-time passwords %v", passwords)
	}
	// Once: the second download is gone, and so is the sealed file.
	if code, _, _ := e.post(admin, path, url.Values{"key": {key}}, nil); code != http.StatusGone {
		t.Fatalf("second download: %d, want 410", code)
	}
	if n := e.scalar("SELECT count(*) FROM roster_credentials WHERE id = $1", id); n != "0" {
		t.Fatal("the sealed passwords outlived their download")
	}
	// The password logs in, and the student must choose their own first.
	c := e.browser()
	code, _, loc := e.post(c, "/login", url.Values{"name": {anna}, "password": {passwords[anna]}}, nil)
	if code != http.StatusSeeOther || loc != "/account" {
		t.Fatalf("first log-in: %d to %q, want the account page", code, loc)
	}
	if code, _, loc := e.get(c, "/bots"); code != http.StatusSeeOther || loc != "/account" {
		t.Fatalf("before choosing a password: %d to %q", code, loc)
	}
	// The users page shows the display name and the group, and finds by group.
	if _, body, _ := e.get(admin, "/admin/users?q=Anna+Puig"); !strings.Contains(body, ">A1<") || strings.Contains(body, "Bernat Soler") {
		t.Fatalf("searching the users page by display name, and its group:\n%s", body)
	}
	_ = ctx
}

// The one-time passwords' CSV, from a real import whose display names and
// groups look like formulas (those a roster can hold: no control
// characters, no leading spaces), keeps them text, every cell quoted.
func TestRosterPasswordsCSVHasNoFormulas(t *testing.T) {
	e := newAdminEnv(t)
	adminName, _ := e.user(domain.RoleAdmin)
	admin := e.login(adminName)
	suffix := fmt.Sprint(time.Now().UnixNano() % 1e6)
	var roster strings.Builder
	w := csv.NewWriter(&roster)
	var cells []string
	for _, c := range hostileCells {
		if strings.TrimSpace(c) == c && !strings.ContainsAny(c, "\t\r") {
			cells = append(cells, c)
		}
	}
	want := map[string][2]string{} // user → display name and group, as the file must say
	for i, c := range cells {
		name := fmt.Sprintf("f%d_%s", i, suffix)
		group := cells[(i+1)%len(cells)]
		w.Write([]string{name, c, group})
		want[name] = [2]string{guarded(c), guarded(group)}
	}
	w.Flush()
	code, body, _ := e.post(admin, "/admin/users/import", url.Values{"roster": {roster.String()}}, nil)
	m := rosterKey.FindStringSubmatch(body)
	if code != http.StatusOK || m == nil {
		t.Fatalf("import: %d\n%s\n%s", code, roster.String(), body)
	}
	code, body, _ = e.post(admin, "/admin/roster/"+m[1]+"/credentials", url.Values{"key": {m[2]}}, nil)
	if code != http.StatusOK {
		t.Fatalf("download: %d\n%s", code, body)
	}
	recs := guardedCSV(t, body)
	if len(recs) != len(want)+1 {
		t.Fatalf("%d students in the CSV, want %d:\n%s", len(recs)-1, len(want), body)
	}
	for _, r := range recs[1:] {
		if w := want[r[0]]; r[1] != w[0] || r[2] != w[1] || len(r[3]) < 12 {
			t.Errorf("row %q, want the display name %q and group %q and a password", r, w[0], w[1])
		}
	}
}

// guarded is a hostile cell as an export writes it: text, behind an
// apostrophe, unless no spreadsheet takes it for a formula as it is.
func guarded(c string) string {
	if strings.HasPrefix(c, "a;") {
		return c // quoted, so whole
	}
	return "'" + c
}

// After a game's deadline a student's new version is refused, on the page
// and by the API, with a message naming the deadline; the game and submit
// pages show it; removing it opens submissions again.
func TestSubmissionDeadline(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	adminName, _ := e.user(domain.RoleAdmin)
	studentName, _ := e.user(domain.RoleStudent)
	admin, student := e.login(adminName), e.login(studentName)
	t.Cleanup(func() {
		if _, err := e.pool.Exec(ctx, "UPDATE games SET submission_deadline = NULL"); err != nil {
			t.Error(err)
		}
	})

	if code, body, _ := e.post(admin, "/admin/games/orkisland/deadline", url.Values{"deadline": {"next friday"}}, nil); code != http.StatusUnprocessableEntity ||
		!strings.Contains(html.UnescapeString(body), `"next friday" is not a date and time`) {
		t.Fatalf("a bad deadline: %d", code)
	}
	past := time.Now().UTC().Add(-time.Hour).Truncate(time.Minute)
	when := past.Format("2 January 2006, 15:04 UTC")
	code, _, loc := e.post(admin, "/admin/games/orkisland/deadline", url.Values{"deadline": {past.Format("2006-01-02T15:04")}}, nil)
	if code != http.StatusSeeOther || !strings.Contains(e.follow(admin, loc), when) {
		t.Fatalf("setting the deadline: %d to %q, or the games page does not show it", code, loc)
	}
	if _, body, _ := e.get(e.browser(), "/games/orkisland"); !strings.Contains(body, "Submissions closed on") || !strings.Contains(body, when) {
		t.Fatal("the game page does not say that submissions closed")
	}
	versions := e.scalar("SELECT count(*) FROM bot_versions")
	src := "package main\n\nfunc main() {}\n"
	code, body, _ := e.post(student, "/games/orkisland/submit", url.Values{"bot": {"late"}, "source": {src}, "language": {"go"}}, nil)
	page := html.UnescapeString(body)
	if code != http.StatusUnprocessableEntity || !strings.Contains(page, "The submission deadline of Ork Island was "+when) ||
		!strings.Contains(page, "func main() {}") {
		t.Fatalf("a late submission: %d\n%s", code, body)
	}
	// By the API too.
	tok := e.apiToken(studentName)
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/games/orkisland/submissions",
		strings.NewReader(`{"bot": "late", "language": "go", "source": "package main\n\nfunc main() {}\n"}`))
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	r := e.do(http.DefaultClient, req)
	var apiErr struct{ Error string }
	json.Unmarshal([]byte(r.body), &apiErr)
	if r.code != http.StatusUnprocessableEntity || !strings.Contains(apiErr.Error, when) {
		t.Fatalf("a late API submission: %d %s", r.code, r.body)
	}
	if n := e.scalar("SELECT count(*) FROM bot_versions"); n != versions {
		t.Fatal("a late submission was stored")
	}
	// The student's submit page disables Submit and says why; an admin's
	// does not.
	submitButton := regexp.MustCompile(`<button class="button primary" type="submit"[^>]*>Submit</button>`)
	_, body, _ = e.get(student, "/games/orkisland/submit")
	if b := submitButton.FindString(body); !strings.Contains(b, " disabled") || !strings.Contains(html.UnescapeString(body), "Submissions closed on "+when+": no new version is accepted.") {
		t.Errorf("the student's Submit after the deadline: %s", b)
	}
	_, body, _ = e.get(admin, "/games/orkisland/submit")
	if b := submitButton.FindString(body); b == "" || strings.Contains(b, " disabled") {
		t.Errorf("the admin's Submit after the deadline: %q", b)
	}
	// An admin still may (they try things).
	if code, _, _ := e.post(admin, "/games/orkisland/submit", url.Values{"bot": {"probe"}, "source": {src}, "language": {"go"}}, nil); code != http.StatusSeeOther {
		t.Fatalf("an admin's submission after the deadline: %d", code)
	}
	// No deadline: the student submits.
	if code, _, _ := e.post(admin, "/admin/games/orkisland/deadline", url.Values{"clear": {"1"}}, nil); code != http.StatusSeeOther {
		t.Fatalf("removing the deadline: %d", code)
	}
	if code, body, _ := e.post(student, "/games/orkisland/submit", url.Values{"bot": {"ontime"}, "source": {src}, "language": {"go"}}, nil); code != http.StatusSeeOther {
		t.Fatalf("a submission without deadline: %d\n%s", code, body)
	}
	// A deadline ahead is announced on the submit page.
	ahead := time.Now().UTC().Add(48 * time.Hour).Truncate(time.Minute)
	e.post(admin, "/admin/games/orkisland/deadline", url.Values{"deadline": {ahead.Format("2006-01-02T15:04")}}, nil)
	_, body, _ = e.get(student, "/games/orkisland/submit")
	if !strings.Contains(body, "Submission deadline: <strong>"+ahead.Format("2 January 2006, 15:04 UTC")) {
		t.Fatal("the submit page does not announce the deadline")
	}
	// Submit is enabled, and disables itself when the deadline passes
	// (static/countdown.js).
	if b := submitButton.FindString(body); strings.Contains(b, " disabled") || !regexp.MustCompile(`data-closes-in="17\d{4}"`).MatchString(b) {
		t.Errorf("Submit before the deadline: %s", b)
	}
}

// apiToken makes an API token for a user (password adminTestPassword).
func (e *adminEnv) apiToken(name string) string {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/tokens", strings.NewReader(fmt.Sprintf(`{"user": %q, "password": %q, "name": "test"}`, name, adminTestPassword)))
	req.Header.Set("Content-Type", "application/json")
	r := e.do(http.DefaultClient, req)
	var out struct{ Token string }
	if err := json.Unmarshal([]byte(r.body), &out); err != nil || out.Token == "" {
		e.t.Fatalf("API token for %s: %d %s", name, r.code, r.body)
	}
	return out.Token
}

// courseBot puts a bot of owner on the orkisland board at (mu, sigma),
// qualified at when, and returns its id.
func (e *adminEnv) courseBot(owner int64, name string, mu, sigma float64, games int, when time.Time) int64 {
	e.t.Helper()
	b, v := e.newVersion(owner, name, domain.StatusAccepted)
	if _, err := e.pool.Exec(context.Background(), `UPDATE bot_versions SET mu = $2, sigma = $3, games = $4, accepted_at = $5 WHERE id = $1;`,
		v.ID, mu, sigma, games, when); err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.pool.Exec(context.Background(), "UPDATE bots SET current_version_id = $2 WHERE id = $1", b.ID, v.ID); err != nil {
		e.t.Fatal(err)
	}
	return b.ID
}

// The grades files: a game's standings (every student, ranked as on the
// board without the house bots, those without a bot too) and a
// tournament's places, with display names and groups; admins only.
func TestGradesCSV(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	adminName, _ := e.user(domain.RoleAdmin)
	admin := e.login(adminName)
	var names []string
	var ids []int64
	for i, g := range []string{"G1", "G2", "G1"} {
		name, id := e.user(domain.RoleStudent)
		if _, err := e.pool.Exec(ctx, "UPDATE users SET display_name = $2, group_name = $3 WHERE id = $1", id, fmt.Sprintf("Student %d", i), g); err != nil {
			t.Fatal(err)
		}
		names, ids = append(names, name), append(ids, id)
	}
	// Students whose names, groups and bots look like formulas in every
	// form a spreadsheet takes, each kept text in the file.
	hostile := map[string][3]string{} // user → display name, group, bot
	for i, c := range hostileCells {
		name, id := e.user(domain.RoleStudent)
		group, bot := hostileCells[(i+1)%len(hostileCells)], hostileCells[(i+2)%len(hostileCells)]
		if _, err := e.pool.Exec(ctx, "UPDATE users SET display_name = $2, group_name = $3 WHERE id = $1", id, c, group); err != nil {
			t.Fatal(err)
		}
		e.newVersion(id, bot, domain.StatusCompileError)
		hostile[name] = [3]string{guarded(c), guarded(group), guarded(bot)}
	}
	// Far above any other test's bots: ranks 1 and 2 (the house bot
	// between them takes no rank).
	qualified := time.Date(2026, 3, 4, 10, 30, 0, 0, time.UTC)
	first := e.courseBot(ids[0], "=cmd|calc", 900, 1, 40, qualified)
	second := e.courseBot(ids[1], "second", 700, 1, 30, qualified.Add(time.Hour))
	e.newVersion(ids[1], "broken", domain.StatusCompileError)
	var house int64
	if err := e.pool.QueryRow(ctx, "SELECT id FROM users WHERE role = 'house'").Scan(&house); err != nil {
		t.Fatal(err)
	}
	houseBot := e.courseBot(house, "Dummy", 800, 1, 99, qualified)
	t.Cleanup(func() {
		e.pool.Exec(ctx, "UPDATE bots SET disabled = true WHERE id = ANY($1)", []int64{first, second, houseBot})
	})

	code, body, _ := e.get(admin, "/admin/games/orkisland/grades.csv")
	if code != http.StatusOK {
		t.Fatalf("standings CSV: %d\n%s", code, body)
	}
	recs := guardedCSV(t, body)
	want := []string{"user", "display name", "group", "bot", "version", "rank", "mu", "sigma", "matches", "qualified", "qualified at (UTC)"}
	if !slices.Equal(recs[0], want) {
		t.Fatalf("header %v", recs[0])
	}
	mine := map[string][][]string{}
	for _, r := range recs[1:] {
		if r[0] == "Arena house" || r[3] == "Dummy" {
			t.Fatalf("a house bot in the grades: %v", r)
		}
		if slices.Contains(names, r[0]) {
			mine[r[0]] = append(mine[r[0]], r)
		}
		if h, ok := hostile[r[0]]; ok {
			if r[1] != h[0] || r[2] != h[1] || r[3] != h[2] {
				t.Errorf("row %q, want the display name, group and bot %q", r, h)
			}
			delete(hostile, r[0])
		}
	}
	if len(hostile) > 0 {
		t.Errorf("students missing from the standings: %v", hostile)
	}
	if got := recs[1]; !slices.Equal(got, []string{names[0], "Student 0", "G1", "'=cmd|calc", "1", "1", "900.000", "1.000", "40", "yes", "2026-03-04 10:30:00"}) {
		t.Fatalf("first row %v", got)
	}
	if got := recs[2]; got[0] != names[1] || got[5] != "2" || got[9] != "yes" {
		t.Fatalf("second row %v: rank 2 despite the house bot between", got)
	}
	if rows := mine[names[1]]; len(rows) != 2 || rows[1][3] != "broken" || rows[1][5] != "" || rows[1][9] != "no" {
		t.Fatalf("the second student's rows %v: want the unqualified bot unranked", rows)
	}
	if rows := mine[names[2]]; len(rows) != 1 || rows[0][1] != "Student 2" || rows[0][3] != "" || rows[0][9] != "no" {
		t.Fatalf("a student without a bot: %v", rows)
	}

	// A tournament's places.
	var tid int64
	if err := e.pool.QueryRow(ctx, `INSERT INTO tournaments (name, game_id, format, seed, status, start_at) VALUES ('Final exam', 'orkisland', 'league', 1, 'finished', now())
		RETURNING id`).Scan(&tid); err != nil {
		t.Fatal(err)
	}
	for place, bot := range []int64{second, first} {
		if _, err := e.pool.Exec(ctx, `INSERT INTO tournament_entrants (tournament_id, bot_version_id, seed_rating, place)
			SELECT $1, current_version_id, 0, $3 FROM bots WHERE id = $2`, tid, bot, place+1); err != nil {
			t.Fatal(err)
		}
	}
	code, body, _ = e.get(admin, fmt.Sprintf("/admin/tournaments/%d/grades.csv", tid))
	recs = guardedCSV(t, body)
	if code != http.StatusOK || len(recs) != 3 || recs[0][5] != "place" || recs[1][0] != names[1] || recs[1][5] != "1" ||
		recs[2][0] != names[0] || recs[2][5] != "2" || recs[2][2] != "G1" {
		t.Fatalf("tournament CSV %d %v", code, recs)
	}
	// The grades page links both.
	if _, body, _ := e.get(admin, "/admin/grades"); !strings.Contains(body, "/admin/games/orkisland/grades.csv") ||
		!strings.Contains(body, fmt.Sprintf("/admin/tournaments/%d/grades.csv", tid)) {
		t.Fatal("the grades page lacks its links")
	}
	// Students and visitors get nothing.
	studentName, _ := e.user(domain.RoleStudent)
	student := e.login(studentName)
	for _, p := range []string{"/admin/grades", "/admin/games/orkisland/grades.csv", fmt.Sprintf("/admin/tournaments/%d/grades.csv", tid)} {
		if code, _, _ := e.get(student, p); code != http.StatusForbidden {
			t.Errorf("student GET %s: %d", p, code)
		}
		if code, _, loc := e.get(e.browser(), p); code != http.StatusSeeOther || !strings.HasPrefix(loc, "/login") {
			t.Errorf("visitor GET %s: %d", p, code)
		}
	}
}

// House bots on the public pages: on the leaderboard as marked reference
// rows without a rank, in the API with house: true; never in a student's
// "#N of M" nor the home page's top.
func TestHouseBotsOnTheBoard(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	game := fmt.Sprintf("house%d", time.Now().UnixNano()%1e6)
	if err := store.EnsureGame(ctx, e.pool, game, "House Game"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.pool.Exec(ctx, "UPDATE games SET enabled = false WHERE id = $1", game) })
	if err := store.EnsureHouseBots(ctx, e.pool, game, []store.HouseBot{{Name: "Dummy"}, {Name: "Demo"}}, 30, 1); err != nil {
		t.Fatal(err)
	}
	name, owner := e.user(domain.RoleStudent)
	b, err := store.BotByName(ctx, e.pool, owner, game, "solo")
	if err != nil {
		t.Fatal(err)
	}
	v, _ := store.CreateVersion(ctx, e.pool, b.ID, "go", "package main\n")
	if err := store.AcceptVersion(ctx, e.pool, v.ID, 25, 1); err == nil {
		err = store.SetCurrentVersion(ctx, e.pool, b.ID, v.ID)
	}
	if err != nil {
		t.Fatal(err)
	}
	c := e.login(name)
	_, body, _ := e.get(c, "/games/"+game+"/leaderboard")
	if !strings.Contains(body, "1 ranked bot<") || strings.Count(body, `class="badge house"`) != 3 || !strings.Contains(body, "house-row") {
		t.Fatalf("leaderboard: want 1 ranked bot and two reference rows (plus the note's badge)\n%s", body)
	}
	_, body, _ = e.get(c, fmt.Sprintf("/bots/%d", b.ID))
	if !strings.Contains(body, "#1") || !strings.Contains(body, "of 1") {
		t.Fatal("the student's bot page does not say #1 of 1")
	}
	_, body, _ = e.get(c, "/api/games/"+game+"/leaderboard")
	var out struct {
		Total     int
		Standings []struct {
			Rank  int
			House bool
			Bot   string
		}
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil || len(out.Standings) != 3 || !out.Standings[0].House ||
		out.Standings[0].Rank != 0 || out.Standings[2].Rank != 1 || out.Standings[2].House {
		t.Fatalf("API leaderboard %+v, %v", out, err)
	}
	_, body, _ = e.get(c, "/games/"+game)
	if strings.Contains(body, "Dummy</a>") {
		t.Fatal("the game page's top lists a house bot")
	}
}

// The home page lists ladder and tournament matches, not qualification
// attempts (a failed one is its owner's business).
func TestHomeHidesQualificationAttempts(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	_, owner := e.user(domain.RoleStudent)
	_, v := e.newVersion(owner, "hopeful", domain.StatusRejected)
	mk := func(kind string) int64 {
		m := &domain.Match{GameID: "orkisland", Kind: kind, Seed: 1}
		if kind == domain.KindQualification {
			m.BotVersionID = &v.ID
		}
		seats := []domain.Seat{{VersionID: &v.ID}, {Builtin: "Dummy"}, {Builtin: "Dummy"}, {Builtin: "Dummy"}}
		if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
			t.Fatal(err)
		}
		outcomes := make([]store.SeatOutcome, 4)
		if err := store.FinishMatch(ctx, e.pool, m.ID, "", false, outcomes); err != nil {
			t.Fatal(err)
		}
		return m.ID
	}
	qual, ladder := mk(domain.KindQualification), mk(domain.KindLadder)
	_, body, _ := e.get(e.browser(), "/")
	if strings.Contains(body, fmt.Sprintf(`href="/matches/%d"`, qual)) || !strings.Contains(body, fmt.Sprintf(`href="/matches/%d"`, ladder)) {
		t.Fatalf("home lists qualification match %d or misses ladder match %d", qual, ladder)
	}
}

// The tournament form: game titles, the game's qualified bots with their
// owners, and the chosen bots, one per student by default, scheduled.
func TestTournamentFormEntrants(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	adminName, _ := e.user(domain.RoleAdmin)
	admin := e.login(adminName)
	name, owner := e.user(domain.RoleStudent)
	if _, err := e.pool.Exec(ctx, "UPDATE users SET display_name = 'Clara Vidal' WHERE id = $1", owner); err != nil {
		t.Fatal(err)
	}
	a := e.courseBot(owner, "alpha", 30, 1, 5, time.Now())
	b := e.courseBot(owner, "beta", 20, 1, 5, time.Now())
	t.Cleanup(func() { e.pool.Exec(ctx, "UPDATE bots SET disabled = true WHERE id = ANY($1)", []int64{a, b}) })
	_, body, _ := e.get(admin, "/admin/tournaments/new?game=orkisland")
	for _, want := range []string{`<option value="orkisland" selected>Ork Island</option>`, fmt.Sprintf(`name="bot" value="%d"`, a),
		"Clara Vidal", name, `name="one_per_student" value="1" checked`, `class="elimination-only"`, `class="league-only"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the form lacks %q", want)
		}
	}
	if strings.Contains(body, `name="bot_ids"`) {
		t.Error("the form still asks for numeric bot ids")
	}
	// Another game's fields (htmx swaps them in).
	if code, body, _ := e.get(admin, "/admin/tournaments/new/game?game=wasteland"); code != 200 || strings.Contains(body, fmt.Sprintf(`value="%d"`, a)) ||
		!strings.Contains(body, `id="tournament-game-fields"`) {
		t.Fatalf("wasteland's fields: %d", code)
	}
	form := tournamentForm("Picked cup", time.Now().Add(time.Hour))
	form.Set("entrants", "list")
	form["bot"] = []string{fmt.Sprint(a), fmt.Sprint(b)}
	form.Set("format", "league")
	form.Set("final_matches", "not a number") // hidden for a league: ignored
	code, body, loc := e.post(admin, "/admin/tournaments", form, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("create: %d\n%s", code, body)
	}
	var id int64
	fmt.Sscanf(strings.TrimPrefix(loc, "/tournaments/"), "%d", &id)
	tr, err := store.TournamentByID(ctx, e.pool, id)
	if err != nil || !slices.Equal(tr.BotIDs, []int64{a, b}) || tr.OnePerStudent || tr.Format != domain.FormatLeague {
		t.Fatalf("tournament %+v, %v: want the two bots, every bot of a student (the box was not sent)", tr, err)
	}
	form.Set("one_per_student", "1")
	form["bot"] = []string{fmt.Sprint(a)}
	if code, body, _ := e.post(admin, "/admin/tournaments", form, nil); code != http.StatusUnprocessableEntity || !strings.Contains(body, "at least two bots") {
		t.Fatalf("one bot ticked: %d", code)
	}
	form["bot"] = []string{fmt.Sprint(a), "999999999"}
	if code, body, _ := e.post(admin, "/admin/tournaments", form, nil); code != http.StatusUnprocessableEntity || !strings.Contains(body, "not a bot of orkisland") {
		t.Fatalf("a bot of no game: %d", code)
	}
}
