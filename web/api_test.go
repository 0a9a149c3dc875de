package web_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"arena.dev/auth"
	"arena.dev/domain"
	_ "arena.dev/games/all"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/store/pgtest"
	"arena.dev/web"
)

func newAPI(t *testing.T) (*httptest.Server, *web.Server) {
	t.Helper()
	pool := pgtest.Pool(t)
	jobs, err := judge.NewInsertClient(pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.EnsureGame(context.Background(), pool, "orkisland", "Ork Island"); err != nil {
		t.Fatal(err)
	}
	s := &web.Server{Pool: pool, Jobs: jobs}
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return srv, s
}

var userN int

// newUser creates an account with a password and returns its name and id.
func newUser(t *testing.T, s *web.Server, role string) (string, int64) {
	t.Helper()
	userN++
	hash, _ := auth.HashPassword("pa55word!")
	u := &domain.User{Name: "api" + strings.Repeat("x", userN) + t.Name()[:4], PasswordHash: hash, Role: role}
	u.Email = u.Name + "@example.org"
	if err := store.CreateUser(context.Background(), s.Pool, u); err != nil {
		t.Fatal(err)
	}
	return u.Name, u.ID
}

func call(t *testing.T, method, url, token string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %d %s", method, url, resp.StatusCode, data)
		}
	}
	return resp.StatusCode
}

func token(t *testing.T, srv *httptest.Server, user string) string {
	t.Helper()
	var out struct{ Token string }
	if code := call(t, "POST", srv.URL+"/api/tokens", "", map[string]string{"user": user, "password": "pa55word!", "name": "test"}, &out); code != 201 {
		t.Fatalf("token: %d", code)
	}
	return out.Token
}

func TestAPITokensAndSubmissions(t *testing.T) {
	srv, s := newAPI(t)
	alice, _ := newUser(t, s, domain.RoleStudent)
	bob, _ := newUser(t, s, domain.RoleStudent)
	admin, _ := newUser(t, s, domain.RoleAdmin)

	var e struct{ Error string }
	if code := call(t, "POST", srv.URL+"/api/tokens", "", map[string]string{"user": alice, "password": "wrong"}, &e); code != 401 || e.Error == "" {
		t.Fatalf("wrong password: %d %q", code, e.Error)
	}
	ta, tb, tadmin := token(t, srv, alice), token(t, srv, bob), token(t, srv, admin)

	if code := call(t, "GET", srv.URL+"/api/me/bots", "", nil, &e); code != 401 {
		t.Fatalf("no token: %d", code)
	}
	if code := call(t, "GET", srv.URL+"/api/me/bots", "arena_forged", nil, &e); code != 401 {
		t.Fatalf("forged token: %d", code)
	}

	src := "package main\n\nimport \"arena.dev/games/orkisland/sdk\"\n\ntype b struct{}\n\nfunc (*b) Play(*sdk.Game) {}\n\nfunc main() { sdk.Run(&b{}) }\n"
	var v struct {
		ID     int64
		Number int
		Status string
	}
	if code := call(t, "POST", srv.URL+"/api/games/orkisland/submissions", ta, map[string]string{"bot": "first", "source": src}, &v); code != 201 {
		t.Fatalf("submit: %d", code)
	}
	if v.Number != 1 || v.Status != "queued" {
		t.Fatalf("submitted %+v", v)
	}
	// The version and its compile job exist together.
	var jobs int
	if err := s.Pool.QueryRow(context.Background(), `SELECT count(*) FROM river_job WHERE kind = 'compile' AND (args->>'version_id')::bigint = $1`, v.ID).Scan(&jobs); err != nil {
		t.Fatal(err)
	}
	if jobs != 1 {
		t.Fatalf("%d compile jobs for the version", jobs)
	}
	if code := call(t, "POST", srv.URL+"/api/games/orkisland/submissions", ta, map[string]string{"bot": "first", "source": ""}, &e); code != 422 || !strings.Contains(e.Error, "empty") {
		t.Fatalf("empty source: %d %q", code, e.Error)
	}
	if code := call(t, "POST", srv.URL+"/api/games/nope/submissions", ta, map[string]string{"bot": "x", "source": src}, &e); code != 422 {
		t.Fatalf("unknown game: %d", code)
	}

	url := srv.URL + "/api/versions/" + itoa(v.ID) + "?source=1"
	var got struct{ Source, Status string }
	if code := call(t, "GET", url, ta, nil, &got); code != 200 || got.Source != src {
		t.Fatalf("owner reading own source: %d", code)
	}
	got.Source = ""
	if code := call(t, "GET", url, tadmin, nil, &got); code != 200 || got.Source != src {
		t.Fatalf("admin reading a source: %d", code)
	}
	got.Source = ""
	if code := call(t, "GET", url, tb, nil, &got); code != 404 || got.Source != "" {
		t.Fatalf("another student reading the source: %d, leaked %d bytes", code, len(got.Source))
	}

	var mine struct {
		Bots []struct {
			Name   string
			Latest struct{ Number int }
		}
	}
	if code := call(t, "GET", srv.URL+"/api/me/bots", ta, nil, &mine); code != 200 || len(mine.Bots) != 1 || mine.Bots[0].Name != "first" {
		t.Fatalf("my bots: %d %+v", code, mine)
	}
	if code := call(t, "GET", srv.URL+"/api/me/bots", tb, nil, &mine); code != 200 || len(mine.Bots) != 0 {
		t.Fatalf("bob sees alice's bots: %+v", mine)
	}
}

func TestAPILeaderboardMatchAndReplay(t *testing.T) {
	srv, s := newAPI(t)
	ctx := context.Background()
	var versions []int64
	for i, mu := range []float64{30, 20, 26, 25} {
		_, uid := newUser(t, s, domain.RoleStudent)
		bot, err := store.BotByName(ctx, s.Pool, uid, "orkisland", "bot")
		if err != nil {
			t.Fatal(err)
		}
		v, err := store.CreateVersion(ctx, s.Pool, bot.ID, "go", "package main")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Pool.Exec(ctx, `UPDATE bot_versions SET status = 'accepted', mu = $2, sigma = 1, games = $3 WHERE id = $1`, v.ID, mu, i); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Pool.Exec(ctx, `UPDATE bots SET current_version_id = $2 WHERE id = $1`, bot.ID, v.ID); err != nil {
			t.Fatal(err)
		}
		versions = append(versions, v.ID)
	}
	var board struct {
		Total     int
		Standings []struct {
			Rank  int
			Score float64
		}
	}
	if code := call(t, "GET", srv.URL+"/api/games/orkisland/leaderboard", "", nil, &board); code != 200 {
		t.Fatal(code)
	}
	if board.Total < 4 || len(board.Standings) < 4 || board.Standings[0].Score != 27 || board.Standings[0].Rank != 1 {
		t.Fatalf("leaderboard %+v", board)
	}
	for i := 1; i < len(board.Standings); i++ {
		if board.Standings[i].Score > board.Standings[i-1].Score {
			t.Fatalf("not ordered by μ−3σ: %+v", board.Standings)
		}
	}

	seats := make([]domain.Seat, 4)
	for i := range seats {
		seats[i] = domain.Seat{VersionID: &versions[i]}
	}
	m := &domain.Match{GameID: "orkisland", Kind: domain.KindLadder, Seed: 5}
	if err := store.CreateMatch(ctx, s.Pool, m, seats); err != nil {
		t.Fatal(err)
	}
	if code := call(t, "GET", srv.URL+"/matches/"+itoa(m.ID)+"/replay", "", nil, nil); code != 404 {
		t.Fatalf("replay of an unplayed match: %d", code)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(`{"format":1}`))
	zw.Close()
	store.PGBlobs{DB: s.Pool}.Put(ctx, "replay/test", gz.Bytes())
	outcomes := []store.SeatOutcome{{Score: 10, Rank: 2, Log: "secret debug"}, {Score: 20, Rank: 1}, {Score: 5, Rank: 3}, {Score: 1, Rank: 4}}
	if err := store.FinishMatch(ctx, s.Pool, m.ID, "replay/test", true, outcomes); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(srv.URL + "/matches/" + itoa(m.ID) + "/replay") // the client inflates it
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != `{"format":1}` {
		t.Fatalf("replay: %d %q", resp.StatusCode, body)
	}
	var match struct {
		Status  string
		Replay  string
		Players []struct {
			Score *int64
			Rank  *int
		}
	}
	raw := ""
	if code := call(t, "GET", srv.URL+"/api/matches/"+itoa(m.ID), "", nil, &match); code != 200 {
		t.Fatal(code)
	}
	if match.Status != "finished" || match.Replay == "" || len(match.Players) != 4 || *match.Players[1].Rank != 1 {
		t.Fatalf("match %+v", match)
	}
	req, _ := http.NewRequest("GET", srv.URL+"/api/matches/"+itoa(m.ID), nil)
	if r, err := http.DefaultClient.Do(req); err == nil {
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		raw = string(b)
	}
	if strings.Contains(raw, "secret debug") {
		t.Fatal("a bot's debug log is public in the match details")
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
