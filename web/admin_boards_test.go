package web_test

import (
	"context"
	"fmt"
	"html"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
)

// sharedBoards lists every board file of the original engines
// (../shared/boards and its originals/), read where they are.
func sharedBoards(t *testing.T) []string {
	var files []string
	for _, dir := range []string{"../../shared/boards", "../../shared/boards/originals"} {
		m, err := filepath.Glob(filepath.Join(dir, "*.cnf"))
		if err != nil || len(m) == 0 {
			t.Fatalf("no board files in %s: %v", dir, err)
		}
		files = append(files, m...)
	}
	return files
}

// Every board file of the original engines uploads through the admin page
// to each game it is named for (a game's board files are named after its
// package's directory, so both Apocalypse variants take the Apocalypse
// files), and is stored with the settings it fixes; a file the game knows
// as one of its originals is named after it, and a second file holding an
// original already uploaded (the 2018 kit's maze11.cnf is its default.cnf)
// is refused, naming the first.
func TestAdminUploadsEveryOriginalBoard(t *testing.T) {
	files := sharedBoards(t)
	e := newAdminEnv(t)
	admin, _ := e.user(domain.RoleAdmin)
	c := e.login(admin)

	type upload struct{ game, name string }
	want := map[upload]games.Settings{}
	uploaded := map[upload]string{} // game and original → the board's name
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		var takers []string
		for _, id := range games.IDs() {
			g, _ := games.Get(id)
			info := g.Info()
			if dir := info.Files.Dir; dir == "" || !strings.HasPrefix(name, dir+"-") {
				continue
			}
			takers = append(takers, id)
			stored := name
			o, isOriginal := info.Original(data)
			if isOriginal {
				stored = "original " + o.Title()
			}
			code, body := e.upload(c, "/admin/games/"+id+"/boards", "", name, data)
			if first, dup := uploaded[upload{id, o.Name}]; isOriginal && dup {
				if code != http.StatusConflict || !strings.Contains(html.UnescapeString(body), fmt.Sprintf("already uploaded as %q", first)) {
					t.Errorf("%s for %s, the same board as %q: %d, want 409 naming it", name, id, first, code)
				}
				continue
			}
			if code != http.StatusSeeOther {
				t.Errorf("%s for %s: %d\n%s", name, id, code, body)
				continue
			}
			board, err := g.ParseBoard(data)
			if err != nil {
				t.Fatalf("%s for %s: stored, yet the parser refuses it: %v", name, id, err)
			}
			want[upload{id, stored}] = board.Settings()
			if isOriginal {
				uploaded[upload{id, o.Name}] = stored
			}
		}
		if len(takers) == 0 {
			t.Errorf("%s is named for no game", name)
		}
	}
	stored, err := store.Boards(context.Background(), e.pool)
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != len(want) {
		t.Errorf("%d boards stored, want %d", len(stored), len(want))
	}
	for _, b := range stored {
		s, ok := want[upload{b.GameID, b.Name}]
		if !ok {
			t.Errorf("unexpected board %s of %s", b.Name, b.GameID)
		} else if !maps.Equal(b.Settings, map[string]int(s)) {
			t.Errorf("%s of %s stored with settings %v, want %v", b.Name, b.GameID, b.Settings, s)
		}
	}
	t.Logf("%d files, %d uploads", len(files), len(want))
}

// The admin uploads Apocalypse Now 2018's whole kit in one form: every
// board is recognised and saved but maze11.cnf (its default.cnf again);
// qualification then plays on the original default board and the ladder
// on all of them, as the game page says, until the admin chooses. A
// logged-in student downloads those boards, and no other.
func TestAdminUploadsTheOriginalKit(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	if err := store.EnsureGame(ctx, e.pool, "apocalypse", "Apocalypse Now 2018"); err != nil {
		t.Fatal(err)
	}
	adminName, adminID := e.user(domain.RoleAdmin)
	studentName, studentID := e.user(domain.RoleStudent)
	admin, student := e.login(adminName), e.login(studentName)
	kit := map[string][]byte{}
	for _, path := range sharedBoards(t) {
		name := filepath.Base(path)
		if !strings.HasPrefix(name, "apocalypse-") || strings.HasPrefix(name, "apocalypse-redux-") {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		kit[strings.TrimPrefix(name, "apocalypse-")] = data // as in the kit: default.cnf, maze7.cnf
	}
	if len(kit) != 21 {
		t.Fatalf("%d files in the 2018 kit, want 21", len(kit))
	}
	code, body := e.uploadFiles(admin, "/admin/games/apocalypse/boards", "ignored: several files", kit)
	body = html.UnescapeString(body)
	if code != http.StatusConflict || !strings.Contains(body, "Saved 20: ") ||
		!strings.Contains(body, `Not saved: maze11.cnf: This is the original default (also maze 11) board of Apocalypse Now 2018, already uploaded as "original default (also maze 11)".`) {
		t.Fatalf("the kit: %d\n%s", code, body)
	}
	if n := e.scalar("SELECT count(*) FROM boards WHERE game_id = 'apocalypse' AND original IS NOT NULL"); n != "20" {
		t.Fatalf("%s originals stored, want 20", n)
	}
	choice := func(use domain.BoardUse) store.BoardChoice {
		t.Helper()
		c, err := judge.GameBoards(ctx, e.pool, "apocalypse", use)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	qual, ladder := choice(domain.ForQualification), choice(domain.ForLadder)
	if len(qual.Boards) != 1 || qual.Boards[0].Original != "default" || qual.Generated || qual.Chosen {
		t.Fatalf("qualification plays on %+v", qual)
	}
	if len(ladder.Boards) != 20 || ladder.Boards[0].Original != "default" || ladder.Boards[1].Original != "maze 1" || ladder.Generated {
		t.Fatalf("the ladder plays on %d boards, first %+v", len(ladder.Boards), ladder.Boards[0])
	}
	def := qual.Boards[0].ID
	_, page, _ := e.get(admin, "/admin/games")
	if !strings.Contains(html.UnescapeString(page), `Now: "original default (also maze 11)" (the game's default).`) {
		t.Error("the admin page does not say qualification plays on the original default")
	}

	// The game page says the rule, the seeds, the seats and the boards,
	// with a download for logged-in users.
	_, gp, _ := e.get(student, "/games/apocalypse")
	gp = html.UnescapeString(gp)
	for _, want := range []string{"against three Dummies and joins the ladder when it ends", "alone in first place in at least 3 of 4", `<td class="num">4</td><td>3</td>`,
		fmt.Sprintf(`<a href="/boards/%d" download="default.cnf">original default (also maze 11)</a>`, def),
		"arena play apocalypse main.go --qualify --board default.cnf"} {
		if !strings.Contains(gp, want) {
			t.Errorf("the game page lacks %q", want)
		}
	}
	if _, anon, _ := e.get(e.browser(), "/games/apocalypse"); strings.Contains(anon, "/boards/") || !strings.Contains(anon, "log in to download") {
		t.Error("a visitor gets board links, or no word on them")
	}
	resp := e.do(student, mustRequest(t, e.srv.URL+fmt.Sprintf("/boards/%d", def)))
	if resp.code != 200 || resp.body != string(kit["default.cnf"]) {
		t.Fatalf("the student's download: %d", resp.code)
	}
	if code, _, loc := e.get(e.browser(), fmt.Sprintf("/boards/%d", def)); code != http.StatusSeeOther || !strings.HasPrefix(loc, "/login") {
		t.Errorf("a visitor's download: %d %s", code, loc)
	}
	tok := e.tokenOf(studentID)
	if a := e.api("GET", fmt.Sprintf("/api/boards/%d", def), tok, nil); a.code != 200 || a.raw != string(kit["default.cnf"]) {
		t.Errorf("the API download: %d", a.code)
	}
	// A board nobody plays on (a tournament's, say) stays the admin's.
	secret, err := store.CreateBoard(ctx, e.pool, "apocalypse", "final", kit["default.cnf"], nil, adminID)
	if err != nil {
		t.Fatal(err)
	}
	if code, _, _ := e.get(student, fmt.Sprintf("/boards/%d", secret)); code != http.StatusNotFound {
		t.Errorf("a board nobody plays on: %d for a student", code)
	}
	if code, _, _ := e.get(admin, fmt.Sprintf("/boards/%d", secret)); code != 200 {
		t.Errorf("a board nobody plays on: %d for the admin", code)
	}

	// The default board, then a generated one: no one --qualify command
	// says it, so the page gives each match's.
	code, _, _ = e.post(admin, "/admin/games/apocalypse/qualification", url.Values{"mode": {"both"}, "qualification_board": {fmt.Sprint(def)}}, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("both: %d", code)
	}
	_, gp, _ = e.get(student, "/games/apocalypse")
	for _, want := range []string{"arena play apocalypse main.go Dummy Dummy Dummy -s 1 --board default.cnf",
		"arena play apocalypse Dummy main.go Dummy Dummy -s 2</code>", "arena play apocalypse Dummy Dummy main.go Dummy -s 3 --board default.cnf"} {
		if !strings.Contains(gp, want) || strings.Contains(gp, "--qualify") {
			t.Errorf("the game page lacks %q, or gives a --qualify command", want)
		}
	}

	// The admin's choice wins over the default, and the default returns.
	code, _, loc := e.post(admin, "/admin/games/apocalypse/qualification", url.Values{"mode": {"generated"}}, nil)
	if code != http.StatusSeeOther || !strings.Contains(e.follow(admin, loc), "qualification plays on generated boards") {
		t.Fatalf("generated: %d", code)
	}
	if c := choice(domain.ForQualification); len(c.Boards) != 0 || !c.Chosen {
		t.Fatalf("qualification plays on %+v", c)
	}
	if _, gp, _ := e.get(student, "/games/apocalypse"); !strings.Contains(gp, "generated from the seed") || strings.Contains(gp, "--board") {
		t.Error("the game page does not follow the choice")
	}
	if code, _, _ := e.get(student, fmt.Sprintf("/boards/%d", def)); code != 200 {
		t.Errorf("a ladder board: %d for a student", code) // still the ladder's
	}
	code, _, loc = e.post(admin, "/admin/games/apocalypse/qualification", url.Values{"mode": {"default"}}, nil)
	if code != http.StatusSeeOther || !strings.Contains(html.UnescapeString(e.follow(admin, loc)), `qualification plays on "original default (also maze 11)" (the game's default)`) {
		t.Fatalf("back to the default: %d", code)
	}
}

func mustRequest(t *testing.T, url string) *http.Request {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}
