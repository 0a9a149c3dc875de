package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"arena.dev/domain"
	"arena.dev/store"
)

// The admin chooses what a game's ladder plays on; the choice is stored,
// shown, and refused when it cannot be played.
func TestAdminLadderBoards(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	adminName, adminID := e.user(domain.RoleAdmin)
	studentName, _ := e.user(domain.RoleStudent)
	admin, student := e.login(adminName), e.login(studentName)
	var boards []string
	for _, name := range []string{"Ladder A", "Ladder B"} {
		id, err := store.CreateBoard(ctx, e.pool, "orkisland", name, []byte("OrkIsland 1.0\nnb_rounds 12\nGENERATOR1\n"),
			map[string]int{"nb_rounds": 12}, adminID)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, strconv.FormatInt(id, 10))
	}
	t.Cleanup(func() {
		if err := store.DefaultGameBoards(ctx, e.pool, "orkisland", domain.ForLadder); err != nil {
			t.Error(err)
		}
	})
	ladder := func() string {
		return e.scalar("SELECT ladder_generated::text || ' ' || ladder_board_ids::text FROM games WHERE id = 'orkisland'")
	}
	before := ladder()
	if code, _, _ := e.post(student, "/admin/games/orkisland/ladder", url.Values{"mode": {"uploaded"}, "ladder_board": boards}, nil); code != http.StatusForbidden {
		t.Fatalf("student: %d, want 403", code)
	}
	if got := ladder(); got != before {
		t.Fatalf("a student changed the ladder boards: %s", got)
	}

	// Both: the ticked boards and a generated one.
	code, _, loc := e.post(admin, "/admin/games/orkisland/ladder", url.Values{"mode": {"both"}, "ladder_board": {boards[1], boards[0]}}, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("both: %d", code)
	}
	if got, want := ladder(), "true {"+boards[1]+","+boards[0]+"}"; got != want {
		t.Fatalf("stored %q, want %q", got, want)
	}
	page := e.follow(admin, loc)
	if !strings.Contains(page, "2 uploaded boards and a generated one") ||
		!strings.Contains(page, `value="both" checked`) || !strings.Contains(page, `value="`+boards[0]+`" checked`) {
		t.Fatalf("the page does not show the choice:\n%s", page)
	}

	// Uploaded boards only.
	e.post(admin, "/admin/games/orkisland/ladder", url.Values{"mode": {"uploaded"}, "ladder_board": {boards[0]}}, nil)
	if got, want := ladder(), "false {"+boards[0]+"}"; got != want {
		t.Fatalf("stored %q, want %q", got, want)
	}

	// Refused: uploaded without a board, a board that is not the game's,
	// no mode. Nothing changes and the page says why.
	for _, c := range []struct {
		form url.Values
		say  string
	}{
		{url.Values{"mode": {"uploaded"}}, "tick at least one uploaded board"},
		{url.Values{"mode": {"both"}, "ladder_board": {"999999"}}, "not a board of"},
		{url.Values{"ladder_board": {boards[0]}}, "choose what the ladder plays on"},
	} {
		code, body, _ := e.post(admin, "/admin/games/orkisland/ladder", c.form, nil)
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, c.say) {
			t.Errorf("%v: %d, want 422 saying %q", c.form, code, c.say)
		}
	}
	if got, want := ladder(), "false {"+boards[0]+"}"; got != want {
		t.Fatalf("a refused form changed the ladder boards to %q", got)
	}

	// Generated boards: the ticks are dropped.
	e.post(admin, "/admin/games/orkisland/ladder", url.Values{"mode": {"generated"}, "ladder_board": {boards[0]}}, nil)
	if got := ladder(); got != "true {}" {
		t.Fatalf("generated: stored %q", got)
	}
	if code, _, _ := e.post(admin, "/admin/games/nosuchgame/ladder", url.Values{"mode": {"generated"}}, nil); code != http.StatusNotFound {
		t.Errorf("unknown game: %d", code)
	}
}

// Qualification's boards are chosen as the ladder's are, apart from them;
// the choice is the admin's until they ask for the game's default again.
func TestAdminQualificationBoards(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	adminName, adminID := e.user(domain.RoleAdmin)
	admin := e.login(adminName)
	id, err := store.CreateBoard(ctx, e.pool, "orkisland", "Qual A", []byte("OrkIsland 1.0\nnb_rounds 12\nGENERATOR1\n"),
		map[string]int{"nb_rounds": 12}, adminID)
	if err != nil {
		t.Fatal(err)
	}
	board := strconv.FormatInt(id, 10)
	stored := func() string {
		return e.scalar(`SELECT concat_ws(' ', qualification_chosen, qualification_generated, qualification_board_ids::text,
			ladder_chosen, ladder_generated, ladder_board_ids::text) FROM games WHERE id = 'orkisland'`)
	}
	if got, want := stored(), "f t {} f t {}"; got != want {
		t.Fatalf("before: %q, want %q", got, want)
	}
	code, _, loc := e.post(admin, "/admin/games/orkisland/qualification", url.Values{"mode": {"both"}, "qualification_board": {board}}, nil)
	if code != http.StatusSeeOther {
		t.Fatalf("both: %d", code)
	}
	if got, want := stored(), "t t {"+board+"} f t {}"; got != want {
		t.Fatalf("stored %q, want %q: the ladder's boards must not move", got, want)
	}
	page := e.follow(admin, loc)
	if !strings.Contains(page, "qualification plays on 1 uploaded board and a generated one") ||
		!strings.Contains(page, `name="qualification_board" value="`+board+`" checked`) {
		t.Fatalf("the page does not show the choice:\n%s", page)
	}
	// The ladder's ticks mean nothing to qualification.
	code, body, _ := e.post(admin, "/admin/games/orkisland/qualification", url.Values{"mode": {"uploaded"}, "ladder_board": {board}}, nil)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "tick at least one uploaded board") {
		t.Fatalf("ticks of the other form: %d", code)
	}
	if code, body, _ := e.post(admin, "/admin/games/orkisland/qualification", url.Values{}, nil); code != http.StatusUnprocessableEntity ||
		!strings.Contains(body, "choose what the qualification plays on") {
		t.Fatalf("no mode: %d", code)
	}
	e.post(admin, "/admin/games/orkisland/qualification", url.Values{"mode": {"default"}}, nil)
	if got, want := stored(), "f t {} f t {}"; got != want {
		t.Fatalf("back to the default: %q, want %q", got, want)
	}
}
