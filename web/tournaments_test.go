package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/store"
)

// tournamentForm is a valid creation form.
func tournamentForm(name string, start time.Time) url.Values {
	return url.Values{"name": {name}, "game": {"orkisland"}, "format": {"elimination"}, "settings": {"nb_rounds=20"},
		"entrants": {"all"}, "group_matches": {"2"}, "final_matches": {"3"}, "drop_count": {"2"}, "league_rounds": {"4"},
		"start": {start.UTC().Format("2006-01-02T15:04")}}
}

// Students (and visitors) can neither reach the admin's tournament pages
// nor change anything; the admin can create, pause-refused, and cancel.
func TestTournamentAdminActions(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	adminName, _ := e.user(domain.RoleAdmin)
	studentName, _ := e.user(domain.RoleStudent)
	admin, student := e.login(adminName), e.login(studentName)

	// The admin schedules one an hour ahead: a row, and its start job
	// scheduled at that time.
	start := time.Now().Add(time.Hour).Truncate(time.Minute)
	code, body, loc := e.post(admin, "/admin/tournaments", tournamentForm("Spring cup", start), nil)
	if code != http.StatusSeeOther || !strings.HasPrefix(loc, "/tournaments/") {
		t.Fatalf("create: %d %q\n%s", code, loc, body)
	}
	var id int64
	fmt.Sscanf(strings.TrimPrefix(loc, "/tournaments/"), "%d", &id)
	if got := e.scalar("SELECT status FROM tournaments WHERE id = $1", id); got != domain.TournamentScheduled {
		t.Fatalf("status %s", got)
	}
	if got := e.scalar(`SELECT state::text || ' ' || (scheduled_at = $2)::text FROM river_job
		WHERE kind = 'tournament_start' AND (args->>'tournament_id')::bigint = $1`, id, start); got != "scheduled true" {
		t.Fatalf("start job: %s", got)
	}
	if page := e.follow(admin, loc); !strings.Contains(page, "Spring cup") || !strings.Contains(page, "Start job") {
		t.Fatalf("tournament page lacks its name or start job:\n%s", page)
	}

	// Bad settings are refused with the game's reason, and nothing is made.
	bad := tournamentForm("Bad cup", start)
	bad.Set("settings", "nb_rounds=0")
	if code, body, _ := e.post(admin, "/admin/tournaments", bad, nil); code != http.StatusUnprocessableEntity || !strings.Contains(body, "nb_rounds") {
		t.Fatalf("bad settings: %d\n%s", code, body)
	}
	if n := e.scalar("SELECT count(*) FROM tournaments WHERE name = 'Bad cup'"); n != "0" {
		t.Fatal("a refused tournament was created")
	}

	// A student: 403 everywhere, nothing changes.
	count := e.scalar("SELECT count(*) FROM tournaments")
	if code, _, _ := e.get(student, "/admin/tournaments/new"); code != http.StatusForbidden {
		t.Errorf("student GET new: %d", code)
	}
	posts := map[string]url.Values{
		"/admin/tournaments":                                     tournamentForm("Student cup", start),
		fmt.Sprintf("/admin/tournaments/%d/pause", id):           nil,
		fmt.Sprintf("/admin/tournaments/%d/resume", id):          nil,
		fmt.Sprintf("/admin/tournaments/%d/cancel", id):          nil,
		fmt.Sprintf("/admin/tournaments/%d/matches/1/rerun", id): nil,
	}
	for p, form := range posts {
		if code, _, _ := e.post(student, p, form, nil); code != http.StatusForbidden {
			t.Errorf("student POST %s: %d, want 403", p, code)
		}
		if code, _, loc := e.post(e.browser(), p, form, nil); code != http.StatusSeeOther || loc != "/login" {
			t.Errorf("visitor POST %s: %d %q", p, code, loc)
		}
	}
	if got := e.scalar("SELECT count(*) FROM tournaments"); got != count {
		t.Errorf("tournaments: %s, was %s", got, count)
	}
	if got := e.scalar("SELECT status FROM tournaments WHERE id = $1", id); got != domain.TournamentScheduled {
		t.Errorf("a student changed the status to %s", got)
	}
	if page := e.follow(student, loc); strings.Contains(page, "/cancel") {
		t.Error("a student is shown the admin's buttons")
	}

	// Pausing a tournament that has not started is refused; cancelling
	// cancels its start job.
	_, _, loc2 := e.post(admin, fmt.Sprintf("/admin/tournaments/%d/pause", id), nil, nil)
	if page := e.follow(admin, loc2); !strings.Contains(page, "Refused") {
		t.Error("pausing a scheduled tournament was not refused")
	}
	e.post(admin, fmt.Sprintf("/admin/tournaments/%d/cancel", id), nil, nil)
	if got := e.scalar(`SELECT t.status || ' ' || j.state FROM tournaments t, river_job j
		WHERE t.id = $1 AND j.kind = 'tournament_start' AND (j.args->>'tournament_id')::bigint = $1`, id); got != "cancelled cancelled" {
		t.Fatalf("after cancel: %s", got)
	}
	_ = ctx
}

// The public pages: the list, a finished tournament's podium, standings
// and matches, and an entrant's own path highlighted for them only.
func TestTournamentPages(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	ownerName, ownerID := e.user(domain.RoleStudent)
	otherName, otherID := e.user(domain.RoleStudent)
	var versions []int64
	for i := 0; i < 4; i++ {
		who := otherID
		if i == 2 {
			who = ownerID
		}
		_, v := e.newVersion(who, fmt.Sprintf("tb%d", i), domain.StatusAccepted)
		versions = append(versions, v.ID)
	}
	// A finished one-round final, written as the judge would have.
	tr := &domain.Tournament{Name: "Final cup", GameID: "orkisland", Format: domain.FormatElimination, Settings: map[string]int{},
		GroupMatches: 1, FinalMatches: 1, DropCount: 2, LeagueRounds: 1, Seed: 1, StartAt: time.Now()}
	if err := store.CreateTournament(ctx, e.pool, tr); err != nil {
		t.Fatal(err)
	}
	m := &domain.Match{GameID: "orkisland", Kind: domain.KindTournament, Seed: 5}
	var seats []domain.Seat
	for i := range versions {
		seats = append(seats, domain.Seat{VersionID: &versions[i]})
	}
	if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
		t.Fatal(err)
	}
	var outcomes []store.SeatOutcome
	for i := range versions {
		outcomes = append(outcomes, store.SeatOutcome{Score: int64(10 * (4 - i)), Rank: i + 1})
	}
	if err := store.FinishMatch(ctx, e.pool, m.ID, "replay/x", false, outcomes); err != nil {
		t.Fatal(err)
	}
	for i, v := range versions {
		if _, err := e.pool.Exec(ctx, `INSERT INTO tournament_entrants (tournament_id, bot_version_id, seed_rating, place) VALUES ($1, $2, $3, $4)`,
			tr.ID, v, float64(10-i), i+1); err != nil {
			t.Fatal(err)
		}
		if _, err := e.pool.Exec(ctx, `INSERT INTO tournament_groups (tournament_id, round, grp, bot_version_id) VALUES ($1, 1, 0, $2)`, tr.ID, v); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.pool.Exec(ctx, `INSERT INTO tournament_matches VALUES ($1, 1, 0, 0, $2)`, tr.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, `UPDATE tournaments SET status = 'finished', round = 1, final_round = true,
		started_at = now(), finished_at = now() WHERE id = $1`, tr.ID); err != nil {
		t.Fatal(err)
	}

	visitor := e.browser()
	if code, body, _ := e.get(visitor, "/tournaments"); code != 200 || !strings.Contains(body, "Final cup") {
		t.Fatalf("/tournaments: %d\n%s", code, body)
	}
	path := fmt.Sprintf("/tournaments/%d", tr.ID)
	code, body, _ := e.get(visitor, path)
	if code != 200 || !strings.Contains(body, `class="podium"`) || !strings.Contains(body, "champion") ||
		!strings.Contains(body, fmt.Sprintf(`href="/matches/%d"`, m.ID)) {
		t.Fatalf("%s: %d\n%s", path, code, body)
	}
	if strings.Contains(body, "hx-trigger") {
		t.Error("a finished tournament's page still polls")
	}
	if strings.Contains(body, "Your path") || strings.Contains(body, `class="mine"`) {
		t.Error("a visitor is shown someone's path")
	}
	_, body, _ = e.get(e.login(ownerName), path)
	if !strings.Contains(body, "Your path") || !strings.Contains(body, "tb2: the final (round 1) 3rd of 4; finished 3rd of 4") ||
		!strings.Contains(body, `class="mine"`) {
		t.Fatalf("the entrant's path is not highlighted:\n%s", body)
	}
	_, body, _ = e.get(e.login(otherName), path)
	if strings.Contains(body, "tb2: ") {
		t.Error("another user is shown tb2's path")
	}
	// The live part answers on its own, and polls while not finished.
	if _, err := e.pool.Exec(ctx, "UPDATE tournaments SET status = 'running' WHERE id = $1", tr.ID); err != nil {
		t.Fatal(err)
	}
	if code, body, _ := e.get(visitor, path+"/live"); code != 200 || !strings.Contains(body, `hx-trigger="every 3s"`) {
		t.Fatalf("live part: %d\n%s", code, body)
	}
	if code, _, _ := e.get(visitor, "/tournaments/999999"); code != http.StatusNotFound {
		t.Errorf("unknown tournament: %d", code)
	}
}

// The form offers the uploaded boards; a chosen board is kept with the
// tournament, and one of another game is refused.
func TestTournamentBoards(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	adminName, adminID := e.user(domain.RoleAdmin)
	admin := e.login(adminName)
	id, err := store.CreateBoard(ctx, e.pool, "orkisland", "Twelve rounds", []byte("OrkIsland 1.0\nnb_rounds 12\nGENERATOR1\n"),
		map[string]int{"nb_rounds": 12}, adminID)
	if err != nil {
		t.Fatal(err)
	}
	// The form offers the chosen game's boards (and swaps them when the game changes).
	if _, body, _ := e.get(admin, "/admin/tournaments/new?game=orkisland"); !strings.Contains(body, "Twelve rounds") {
		t.Fatal("the form does not offer the uploaded board")
	}
	if _, body, _ := e.get(admin, "/admin/tournaments/new/game?game=wasteland"); strings.Contains(body, "Twelve rounds") {
		t.Fatal("the form offers an Ork Island board for Wasteland")
	}
	form := tournamentForm("Board cup", time.Now().Add(time.Hour))
	form.Add("board", strconv.FormatInt(id, 10))
	code, body, loc := e.post(admin, "/admin/tournaments", form, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("create: %d\n%s", code, body)
	}
	var tid int64
	fmt.Sscanf(strings.TrimPrefix(loc, "/tournaments/"), "%d", &tid)
	if got := e.scalar("SELECT board_ids::text FROM tournaments WHERE id = $1", tid); got != fmt.Sprintf("{%d}", id) {
		t.Fatalf("boards kept: %s", got)
	}
	bad := tournamentForm("Bad board cup", time.Now().Add(time.Hour))
	bad.Add("board", "999999")
	if code, body, _ := e.post(admin, "/admin/tournaments", bad, nil); code != http.StatusUnprocessableEntity || !strings.Contains(body, "board") {
		t.Fatalf("unknown board: %d", code)
	}
}
