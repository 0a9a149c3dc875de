package web_test

import (
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
)

// regenerated posts the users page's "New one-time passwords" and returns
// the CSV's passwords of the given students (the shared database holds
// other tests' students too).
func regenerated(t *testing.T, e *adminEnv, c *http.Client, names ...string) map[string][]string {
	t.Helper()
	resp, err := c.Post(e.srv.URL+"/admin/users/passwords", "application/x-www-form-urlencoded", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") ||
		resp.Header.Get("Cache-Control") != "no-store" || !strings.Contains(resp.Header.Get("Content-Disposition"), "one-time-passwords-") {
		t.Fatalf("new one-time passwords: %d %v\n%s", resp.StatusCode, resp.Header, data)
	}
	recs, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
	if err != nil || len(recs) == 0 || !slices.Equal(recs[0], []string{"user", "display name", "group", "one-time password"}) {
		t.Fatalf("CSV %v (%v):\n%s", recs, err, data)
	}
	out := map[string][]string{}
	for _, rec := range recs[1:] {
		if slices.Contains(names, rec[0]) {
			out[rec[0]] = rec
		}
	}
	return out
}

// The one-time passwords of a roster are not lost with the import's page:
// an admin gives every student who has not logged in yet a new one in one
// click, as CSV; the old ones stop working, a student who has logged in
// is left alone, and it is an admin's POST only.
func TestRosterPasswordsGivenAgain(t *testing.T) {
	e := newAdminEnv(t)
	adminName, _ := e.user(domain.RoleAdmin)
	studentName, _ := e.user(domain.RoleStudent)
	admin := e.login(adminName)
	suffix := fmt.Sprint(time.Now().UnixNano() % 1e6)
	joan, marta, pau := "joan"+suffix, "marta"+suffix, "pau"+suffix
	// As a spreadsheet in a Catalan locale saves it: semicolons, commas in names.
	roster := "usuari;nom;grup\n" + joan + ";García López, Joan;A1\n" + marta + ";Roca, Marta;A2\n" + pau + ";Pau Vila;A1\n"
	code, body, _ := e.post(admin, "/admin/users/import", url.Values{"roster": {roster}}, nil)
	if code != http.StatusOK || !strings.Contains(body, "3 new students") {
		t.Fatalf("import: %d\n%s", code, body)
	}
	if got := e.scalar("SELECT display_name || '|' || group_name FROM users WHERE name = $1", marta); got != "Roca, Marta|A2" {
		t.Fatalf("marta: %q", got)
	}
	// The teacher left the import's page without downloading: the users
	// page says who is waiting and offers new passwords.
	_, page, _ := e.get(admin, "/admin/users")
	mustContain(t, "the users page", page, "have not logged in yet", `action="/admin/users/passwords"`, "only as hashes")

	first := regenerated(t, e, admin, joan, marta, pau)
	if len(first) != 3 || first[marta][1] != "Roca, Marta" || first[marta][2] != "A2" || len(first[joan][3]) < 12 {
		t.Fatalf("new passwords: %v", first)
	}
	login := func(name, password string) int {
		code, _, _ := e.post(e.browser(), "/login", url.Values{"name": {name}, "password": {password}}, nil)
		return code
	}
	if c := login(joan, first[joan][3]); c != http.StatusSeeOther {
		t.Fatalf("joan logs in with the new password: %d", c)
	}

	// Again: joan has logged in and is left alone; the others get new
	// passwords and their previous ones stop working.
	second := regenerated(t, e, admin, joan, marta, pau)
	if _, ok := second[joan]; ok || len(second) != 2 || second[marta][3] == first[marta][3] {
		t.Fatalf("second time: %v", second)
	}
	if c := login(marta, first[marta][3]); c != http.StatusUnauthorized {
		t.Errorf("marta's previous password: %d, want 401", c)
	}
	if c := login(marta, second[marta][3]); c != http.StatusSeeOther {
		t.Errorf("marta's new password: %d, want 303", c)
	}
	if c := login(joan, first[joan][3]); c != http.StatusSeeOther {
		t.Errorf("joan's password after the second round: %d, want 303 (left alone)", c)
	}

	// Never on a GET, never by a student.
	if code, _, _ := e.get(admin, "/admin/users/passwords"); code != http.StatusMethodNotAllowed && code != http.StatusNotFound {
		t.Errorf("GET /admin/users/passwords: %d, want 405 or 404", code)
	}
	req, _ := http.NewRequest("POST", e.srv.URL+"/admin/users/passwords", nil)
	if r := e.do(e.login(studentName), req); r.code != http.StatusForbidden {
		t.Errorf("a student's POST: %d, want 403", r.code)
	}
	if c := login(pau, second[pau][3]); c != http.StatusSeeOther {
		t.Errorf("pau's password after a student's try: %d, want 303", c)
	}
}
