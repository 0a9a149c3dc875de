package web_test

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games/gametest/fake"
	"arena.dev/judge"
	"arena.dev/store"
)

// uploadBase posts source files to a game's copy check base code, as the
// page's form does.
func (e *adminEnv) uploadBase(c *http.Client, game string, files ...[2]string) (int, string, string) {
	e.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, f := range files {
		fw, _ := mw.CreateFormFile("file", f[0])
		fw.Write([]byte(f[1]))
	}
	mw.Close()
	req, _ := http.NewRequest("POST", e.srv.URL+"/admin/games/"+game+"/copies/base", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	r := e.do(c, req)
	return r.code, r.body, r.location
}

// checkedVersion makes a compiled version and inserts its copy check, as
// the compile does.
func (e *adminEnv) checkedVersion(owner int64, game, bot, source string) int64 {
	e.t.Helper()
	id := e.compiledVersion(owner, game, bot, source)
	if _, err := e.jobs.Insert(context.Background(), judge.CopyCheckArgs{VersionID: id}, nil); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// The copy check page with real River workers: the default view is every
// compiled version with its filter said; a version of nothing but base
// code is listed as indexed empty; an admin adds a teacher's sample as
// base code and the pair built on it goes, deletes it and the pair comes
// back; a bad file is refused with its reason; a failing check is listed
// with its error; students can do none of it.
func TestAdminCopiesBaseCodeAndFailures(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	game := fake.SprintID
	if err := store.EnsureGame(ctx, e.pool, game, "Race (sprint)"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.pool.Exec(context.Background(), "DELETE FROM copy_base_files WHERE game_id = $1", game) })
	startJudgeWorkers(t, e, judge.QueueDefault)
	adminName, _ := e.user(domain.RoleAdmin)
	alice, aliceID := e.user(domain.RoleStudent)
	carol, carolID := e.user(domain.RoleStudent)
	dave, daveID := e.user(domain.RoleStudent)
	sample := copiesSource(t, "alice") // carol's is the same bot, other comments
	e.checkedVersion(aliceID, game, "racer", sample)
	e.checkedVersion(carolID, game, "racer", copiesSource(t, "carol"))
	e.checkedVersion(daveID, game, "tiny", "package main\n\nfunc main() {}\n") // nothing to fingerprint
	waitCopyChecks(t, e)

	admin := e.login(adminName)
	list := "/admin/games/" + game + "/copies"
	code, body, _ := e.get(admin, list)
	if code != http.StatusOK {
		t.Fatalf("GET %s: %d\n%s", list, code, body)
	}
	mustContain(t, "the default copy check view", body, `<option value="all" selected>`, "among every compiled version",
		html.EscapeString(alice), html.EscapeString(carol), "100%", `id="copy-empty"`, "indexed empty: only base code", html.EscapeString(dave))
	if strings.Contains(body, `id="copy-failed"`) {
		t.Error("failed checks listed when none failed")
	}

	// A student adds nothing; a file that is not source is refused.
	if code, _, _ := e.uploadBase(e.login(dave), game, [2]string{"sample.go", sample}); code != http.StatusForbidden {
		t.Errorf("a student uploads base code: %d, want 403", code)
	}
	if code, body, _ := e.uploadBase(admin, game, [2]string{"notes.txt", "hello"}); code != http.StatusUnprocessableEntity ||
		!strings.Contains(body, "not a Go or C++ source file") {
		t.Errorf("a .txt as base code: %d, want 422 with the reason", code)
	}
	if n := e.scalar("SELECT count(*) FROM copy_base_files WHERE game_id = $1", game); n != "0" {
		t.Fatalf("%s base files after refusals", n)
	}

	// The teacher's sample as base code: the pair built on it goes.
	code, _, loc := e.uploadBase(admin, game, [2]string{"sample.go", sample})
	if code != http.StatusSeeOther {
		t.Fatalf("upload base code: %d", code)
	}
	mustContain(t, "the page after the upload", e.follow(admin, loc), "Added as base code: sample.go", "starts over")
	waitCopyChecks(t, e)
	_, body, _ = e.get(admin, list)
	mustContain(t, "the page with the sample as base code", body, "No pair of different students", "<code>sample.go</code>")
	if strings.Contains(body, "100%") {
		t.Error("the pair built on the sample is still ranked")
	}
	if n := e.scalar(`SELECT count(*) FROM copy_versions WHERE game_id = $1 AND cardinality(hashes) = 0 AND owner_id IN ($2, $3, $4)`,
		game, aliceID, carolID, daveID); n != "3" {
		t.Errorf("%s versions indexed empty, want 3: alice's and carol's are now base code only", n)
	}

	// Deleted: the pair is back.
	id := e.scalar("SELECT id FROM copy_base_files WHERE game_id = $1", game)
	if code, _, _ := e.post(e.login(dave), list+"/base/"+id+"/delete", nil, nil); code != http.StatusForbidden {
		t.Errorf("a student deletes base code: %d, want 403", code)
	}
	if code, _, _ := e.post(admin, list+"/base/"+id+"/delete", nil, nil); code != http.StatusSeeOther {
		t.Fatalf("delete base code: %d", code)
	}
	waitCopyChecks(t, e)
	_, body, _ = e.get(admin, list)
	mustContain(t, "the page after the sample is deleted", body, "100%", html.EscapeString(carol))

	// A check that fails (here: a base file no tokenizer reads) is listed
	// with its error, while River tries it again.
	if _, err := e.pool.Exec(ctx, `INSERT INTO copy_base_files (game_id, name, language, source) VALUES ($1, 'old.cob', 'cobol', 'x')`, game); err != nil {
		t.Fatal(err)
	}
	e.checkedVersion(daveID, game, "second", copiesSource(t, "dave"))
	// Listed while the job waits for its next attempt (not while it runs).
	deadline := time.Now().Add(time.Minute)
	for {
		_, body, _ = e.get(admin, list)
		if strings.Contains(body, `id="copy-failed"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the failing check is not listed after a minute")
		}
		time.Sleep(100 * time.Millisecond)
	}
	mustContain(t, "the page with a failing check", body, `id="copy-failed"`, "1 failed check", "retryable", " of 5</div>",
		html.EscapeString(`unknown language "cobol"`), fmt.Sprintf("second v%d", 1))
}
