package web_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"arena.dev/domain"
	"arena.dev/web/browsertest"
)

// TestCourseInBrowser is a teacher running a course from the admin pages
// in headless Chromium, and a student of the class: the teacher imports
// the roster and downloads the one-time passwords (a real download,
// once); the student logs in with theirs and must choose a password
// before anything else; the teacher sets a submission deadline in the
// past, which the student's submit page then says; the grades page's
// button downloads the game's standings with the student's display name
// and group; the tournament form shows only the chosen format's fields.
func TestCourseInBrowser(t *testing.T) {
	e := newAdminEnv(t)
	ctx := context.Background()
	t.Cleanup(func() {
		if _, err := e.pool.Exec(ctx, "UPDATE games SET submission_deadline = NULL"); err != nil {
			t.Error(err)
		}
	})
	adminName, _ := e.user(domain.RoleAdmin)
	suffix := fmt.Sprint(time.Now().UnixNano() % 1e6)
	clara, dani := "clara"+suffix, "dani"+suffix

	downloads := t.TempDir()
	// The second download and the replaced password are refused on purpose.
	b := browsertest.Open(t, 1280, 900, "status of 410", "status of 401")
	run, eval := b.Run, b.Eval
	// download clicks sel and returns the CSV the browser saved.
	download := func(what, sel string) [][]string {
		t.Helper()
		progress := chromedp.Events(b.Ctx, browser.DownloadProgress)
		run(what, chromedp.Click(sel))
		deadline := time.AfterFunc(20*time.Second, func() { t.Errorf("%s: no download within 20 s", what) })
		defer deadline.Stop()
		for ev, err := range progress {
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if ev.State == browser.DownloadProgressStateCanceled {
				t.Fatalf("%s: the download was cancelled", what)
			}
			if ev.State != browser.DownloadProgressStateCompleted {
				continue
			}
			data, err := os.ReadFile(filepath.Join(downloads, ev.GUID))
			if err != nil {
				t.Fatal(err)
			}
			recs, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
			if err != nil {
				t.Fatalf("%s: %v\n%s", what, err, data)
			}
			return recs
		}
		t.Fatalf("%s: the browser's events ended", what)
		return nil
	}
	logIn := func(name, password, lands string) {
		t.Helper()
		b.LogIn(e.srv.URL+"/login", name, password, lands)
	}
	logOut := func() {
		t.Helper()
		run("log out", chromedp.Click(`form[action="/logout"] button`), chromedp.WaitVisible(`a[href="/login"]`))
	}
	run("allow downloads", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: downloads, EventsEnabled: new(true)})
		return err
	}))

	// The roster, pasted; the passwords, downloaded once.
	logIn(adminName, adminTestPassword, `.hero`)
	// As a spreadsheet in a Catalan locale saves it: semicolons, a comma in a name.
	roster := "usuari;nom;grup\n" + clara + ";Clara Vidal;B2\n" + dani + ";Pons, Dani\n"
	run("import the roster", chromedp.Navigate(e.srv.URL+"/admin/users"), chromedp.Click(`.roster-import summary`),
		chromedp.WaitVisible(`textarea[name=roster]`), chromedp.SetValue(`textarea[name=roster]`, roster),
		chromedp.Click(`.roster-import button[type=submit]`), chromedp.WaitVisible(`.roster-result`))
	if got := eval(`document.querySelector('.roster-result').textContent`); !strings.Contains(got, "2 new students") {
		t.Fatalf("the import says %q", got)
	}
	creds := download("download the passwords", `.roster-download button`)
	if len(creds) != 3 || !slices.Equal(creds[0], []string{"user", "display name", "group", "one-time password"}) {
		t.Fatalf("the passwords' CSV: %v", creds)
	}
	passwords := map[string]string{}
	for _, r := range creds[1:] {
		passwords[r[0]] = r[3]
	}
	// Once: the button, pressed again, says they are gone.
	run("download again", chromedp.Click(`.roster-download button`), chromedp.WaitVisible(`.error-page`))
	if got := eval(`document.querySelector('.error-page').textContent`); !strings.Contains(got, "downloaded already") {
		t.Errorf("a second download says %.300q, want that the passwords are gone", strings.Join(strings.Fields(got), " "))
	}

	// The teacher leaves and comes back: the users page gives the class
	// new one-time passwords (the ones just downloaded stop working).
	run("back to the users page", chromedp.Navigate(e.srv.URL+"/admin/users"), chromedp.WaitVisible(`.roster-passwords`))
	again := download("new one-time passwords", `.roster-passwords button[type=submit]`)
	fresh := map[string][]string{}
	for _, r := range again[1:] {
		fresh[r[0]] = r
	}
	if len(fresh[clara]) != 4 || len(fresh[dani]) != 4 || fresh[dani][1] != "Pons, Dani" || fresh[clara][3] == passwords[clara] {
		t.Fatalf("the new one-time passwords' CSV lacks the class, or kept a password: %v", again)
	}
	oldPassword := passwords[clara]
	passwords[clara] = fresh[clara][3]

	// A deadline an hour ago, through the games page's form.
	past := time.Now().UTC().Add(-time.Hour).Truncate(time.Minute)
	run("set the deadline", chromedp.Navigate(e.srv.URL+"/admin/games"),
		chromedp.SetValue(`#game-orkisland input[name=deadline]`, past.Format("2006-01-02T15:04")),
		chromedp.Click(`#game-orkisland .admin-deadline button[type=submit]:not([name])`), chromedp.WaitVisible(`.flash`))
	when := past.Format("2 January 2006, 15:04 UTC")
	if got := eval(`document.querySelector('.flash').textContent`); !strings.Contains(got, "refused from "+when) {
		t.Errorf("the flash after setting the deadline says %q", got)
	}
	logOut()

	// The student: the one-time password opens the account page only,
	// until they choose their own.
	run("the old one-time password", chromedp.Navigate(e.srv.URL+"/login"), chromedp.WaitVisible(`input[name=name]`),
		chromedp.SendKeys(`input[name=name]`, clara), chromedp.SendKeys(`input[name=password]`, oldPassword),
		chromedp.Submit(`input[name=password]`), chromedp.WaitVisible(`.form-error`))
	if got := eval(`document.querySelector('.form-error').textContent`); !strings.Contains(got, "Wrong user name or password") {
		t.Errorf("the replaced one-time password: the page says %q", got)
	}
	logIn(clara, passwords[clara], `form[action="/account/password"]`)
	run("try the submit page first", chromedp.Navigate(e.srv.URL+"/games/orkisland/submit"), chromedp.WaitVisible(`form[action="/account/password"]`))
	run("choose a password", chromedp.SendKeys(`input[name=current]`, passwords[clara]), chromedp.SendKeys(`input[name=new]`, "clara-own-pass"),
		chromedp.Submit(`input[name=new]`), chromedp.WaitVisible(`.flash`))
	run("the submit page", chromedp.Navigate(e.srv.URL+"/games/orkisland/submit"), chromedp.WaitVisible(`.deadline.closed`))
	if got := eval(`document.querySelector('.deadline.closed').textContent`); !strings.Contains(got, when) {
		t.Errorf("the submit page says %q, want the deadline %s", got, when)
	}
	logOut()

	// Grades: the game's standings list every student of the class.
	logIn(adminName, adminTestPassword, `.hero`)
	run("the grades page", chromedp.Navigate(e.srv.URL+"/admin/grades"), chromedp.WaitVisible(`.admin-grades`))
	grades := download("download the standings", `.admin-grades a[href="/admin/games/orkisland/grades.csv"]`)
	if len(grades) < 3 {
		t.Fatalf("the standings CSV: %v", grades)
	}
	header := strings.Join(grades[0], ",")
	for _, col := range []string{"user", "display name", "group", "bot", "version", "rank", "matches", "qualified"} {
		if !strings.Contains(header, col) {
			t.Errorf("the standings CSV's header %q lacks %q", header, col)
		}
	}
	var claraRow []string
	for _, r := range grades[1:] {
		if r[0] == clara {
			claraRow = r
		}
	}
	if claraRow == nil || claraRow[1] != "Clara Vidal" || claraRow[2] != "B2" {
		t.Errorf("the standings CSV's row of %s: %v", clara, claraRow)
	}

	// The tournament form: only the chosen format's numbers.
	run("the tournament form", chromedp.Navigate(e.srv.URL+"/admin/tournaments/new"), chromedp.WaitVisible(`select[name=format]`))
	shown := func(name string) bool {
		return eval(`document.querySelector('input[name=`+name+`]').offsetParent !== null`) == "true"
	}
	for _, c := range []struct {
		format      string
		shown, gone []string
	}{
		{"league", []string{"group_matches", "league_rounds"}, []string{"final_matches", "drop_count"}},
		{"elimination", []string{"group_matches", "final_matches", "drop_count"}, []string{"league_rounds"}},
	} {
		run("choose "+c.format, chromedp.SetValue(`select[name=format]`, c.format))
		for _, n := range c.shown {
			if !shown(n) {
				t.Errorf("%s: the field %s is hidden", c.format, n)
			}
		}
		for _, n := range c.gone {
			if shown(n) {
				t.Errorf("%s: the field %s is shown", c.format, n)
			}
		}
	}
	b.NoConsoleErrors()
}
