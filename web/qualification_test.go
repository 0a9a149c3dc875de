package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"strings"
	"testing"

	"arena.dev/domain"
	"arena.dev/store"
)

// A refused version's page and the API say each qualification match: its
// seed, seat, board, places and scores against the Dummies, how far from
// passing the version was, and for each match it did not win alone the
// command that plays it locally, the board to download and the replay.
// While it qualifies, they say how it goes so far.
func TestRefusedVersionSaysWhy(t *testing.T) {
	e := newBotsEnv(t)
	ctx := context.Background()
	alice, _, aliceID := e.user(domain.RoleStudent)
	_, _, h := e.submit(alice, "orkisland", "near", botsSource("near"))
	page := h.Get("Location")
	vid := e.versionOf(aliceID, "near")
	if err := store.SetCompiled(ctx, e.pool, vid, "", "feedface", ""); err != nil {
		t.Fatal(err)
	}
	board, err := store.CreateBoard(ctx, e.pool, "orkisland", "Short isle", []byte("OrkIsland 1.0\nnb_rounds 12\nGENERATOR1\n"),
		map[string]int{"nb_rounds": 12}, aliceID)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		e.pool.Exec(ctx, "DELETE FROM matches WHERE bot_version_id = $1", vid)
		store.DeleteBoard(ctx, e.pool, board)
	})
	// As the judge schedules them: seeds 1–4, seats 0–3, the board in match 2.
	var ids []int64
	for i := range 4 {
		seats := []domain.Seat{{Builtin: "Dummy"}, {Builtin: "Dummy"}, {Builtin: "Dummy"}, {Builtin: "Dummy"}}
		seats[i] = domain.Seat{VersionID: &vid}
		m := &domain.Match{GameID: "orkisland", Kind: domain.KindQualification, Seed: int64(i + 1), BotVersionID: &vid,
			Settings: map[string]int{"nb_orks": 12}}
		if i == 1 {
			m.BoardID, m.Settings = &board, map[string]int{}
		}
		if err := store.CreateMatch(ctx, e.pool, m, seats); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	finish := func(i int, mine int64, dummies ...int64) {
		t.Helper()
		out := make([]store.SeatOutcome, 4)
		k := 0
		for s := range out {
			if s == i {
				out[s] = store.SeatOutcome{Score: mine}
				continue
			}
			out[s] = store.SeatOutcome{Score: dummies[k]}
			k++
		}
		if err := store.FinishMatch(ctx, e.pool, ids[i], fmt.Sprintf("replay/%d", ids[i]), false, out); err != nil {
			t.Fatal(err)
		}
	}
	finish(0, 90, 50, 40, 30) // first
	finish(1, 70, 80, 20, 10) // second
	body := func() string {
		_, b := e.get(alice, page)
		return html.UnescapeString(b)
	}
	if b := body(); !strings.Contains(b, "first in 1 of 2 played so far; needs 3 of 4") {
		t.Fatalf("while it qualifies, the page does not say how it goes")
	}
	finish(2, 60, 60, 10, 5)  // tied first: not alone
	finish(3, 99, 10, 20, 30) // first
	if err := store.SetVersionStatus(ctx, e.pool, vid, domain.StatusRejected); err != nil {
		t.Fatal(err)
	}
	b := body()
	for _, want := range []string{
		"first in 2 of 4; needs 3",
		// Match 2: seed 2, seat 1, on the board, second.
		`<td class="num">2</td><td>1</td><td><a href="/boards/` + itoa(board) + `" download="Short_isle.cnf">Short isle</a></td><td class="num">70</td>`,
		`<span class="badge rejected">2nd</span>`,
		"arena play orkisland Dummy bot.go Dummy Dummy -s 2 --board Short_isle.cnf",
		`<span class="badge rejected">first (tied)</span>`,
		"arena play orkisland Dummy Dummy bot.go Dummy -s 3 --set nb_orks=12",
		`<a href="/matches/` + itoa(ids[1]) + `">watch its replay</a>`,
	} {
		if !strings.Contains(b, want) {
			t.Errorf("the version page lacks %q", want)
		}
	}
	if strings.Contains(b, "-s 1 ") || strings.Contains(b, "-s 4") {
		t.Error("the page offers to replay a match the version won")
	}
	// The board of its match downloads.
	if code, file := e.get(alice, "/boards/"+itoa(board)); code != 200 || !strings.Contains(file, "nb_rounds 12") {
		t.Errorf("the board: %d", code)
	}

	// The API says the same.
	tok, _, err := store.CreateAPIToken(ctx, e.pool, aliceID, "test")
	if err != nil {
		t.Fatal(err)
	}
	req := mustRequest(t, e.srv.URL+"/api/versions/"+itoa(vid))
	req.Header.Set("Authorization", "Bearer "+tok)
	_, raw, _ := e.do(e.anonymous(), req)
	var v struct {
		Status        string
		Qualification []struct {
			Number, Seat, Place int
			Seed                int64
			First, Tied         bool
			Board               *struct {
				Name, File, URL string
				APIURL          string `json:"api_url"`
			}
			Players []struct {
				Seat  int
				Name  string
				Score *int64
			}
			Command   string
			ReplayURL string `json:"replay_url"`
		}
		Result struct {
			Matches, Ended, Firsts, Needs int
			Final, Passed                 bool
			Summary                       string
		} `json:"qualification_result"`
	}
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	r := v.Result
	if v.Status != "rejected" || r.Matches != 4 || r.Ended != 4 || r.Firsts != 2 || r.Needs != 3 || !r.Final || r.Passed ||
		r.Summary != "first in 2 of 4; needs 3" || len(v.Qualification) != 4 {
		t.Fatalf("API: %s", raw)
	}
	q := v.Qualification[1]
	if q.Number != 2 || q.Seed != 2 || q.Seat != 1 || q.Place != 2 || q.First || q.Board == nil || q.Board.File != "Short_isle.cnf" ||
		q.Board.APIURL != "/api/boards/"+itoa(board) || len(q.Players) != 4 || *q.Players[0].Score != 80 || q.Players[0].Name != "Dummy" ||
		q.Command != "arena play orkisland Dummy bot.go Dummy Dummy -s 2 --board Short_isle.cnf" || q.ReplayURL != "/matches/"+itoa(ids[1])+"/replay" {
		t.Errorf("API match 2: %+v", q)
	}
	if q := v.Qualification[2]; q.Place != 1 || !q.Tied || q.First || q.Command == "" {
		t.Errorf("API match 3 (a tie on top): %+v", q)
	}
	if q := v.Qualification[0]; !q.First || q.Command != "" || q.Board != nil {
		t.Errorf("API match 1 (won): %+v", q)
	}
}
