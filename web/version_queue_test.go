package web_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/riverqueue/river"

	"arena.dev/domain"
	"arena.dev/judge"
	"arena.dev/service"
	"arena.dev/store"
)

type queueAnswer struct {
	Status string
	Queue  *struct {
		Stage           string
		Running         bool
		Ahead, Place    int
		Left, Workers   int
		EstimateSeconds int `json:"estimate_seconds"`
		Words           string
	}
}

// A student whose version waits sees its place in the queue and an
// estimate, in the API and on the version page (which fetches itself
// again while it waits): a user's second version is behind everyone's
// first; the place moves up when a job ahead is taken; a compiled version
// waits for its qualification matches; a judged one shows no queue.
func TestVersionQueuePlace(t *testing.T) {
	e := newBotsEnv(t)
	ctx := context.Background()
	jobs, err := judge.NewInsertClient(e.pool, nil)
	if err != nil {
		t.Fatal(err)
	}
	var tokens []string
	var clients []*http.Client
	var versions, bots, owners []int64
	for i := range 3 {
		c, name, uid := e.user(domain.RoleStudent)
		if code, body, _ := e.submit(c, "orkisland", "q", botsSource("queue "+strconv.Itoa(i))); code != 303 {
			t.Fatalf("submit: %d %s", code, body)
		}
		tokens = append(tokens, token(t, e.srv, name))
		var vid, bid int64
		if err := e.pool.QueryRow(ctx, `SELECT v.id, b.id FROM bot_versions v JOIN bots b ON b.id = v.bot_id
			WHERE b.owner_id = $1 ORDER BY v.id DESC LIMIT 1`, uid).Scan(&vid, &bid); err != nil {
			t.Fatal(err)
		}
		versions, bots, owners, clients = append(versions, vid), append(bots, bid), append(owners, uid), append(clients, c)
	}
	get := func(i int, vid int64) queueAnswer {
		t.Helper()
		var a queueAnswer
		if code := call(t, "GET", e.srv.URL+"/api/versions/"+strconv.FormatInt(vid, 10), tokens[i], nil, &a); code != 200 {
			t.Fatalf("GET version %d: %d", vid, code)
		}
		return a
	}
	first, third := get(0, versions[0]), get(2, versions[2])
	if first.Queue == nil || third.Queue == nil {
		t.Fatalf("no queue for waiting versions: %+v %+v", first, third)
	}
	// Other tests of the package may have left jobs in the queue: places
	// are compared, not taken as they are. Estimates are whole seconds: two
	// places further back may round to the same one (recent compiles that
	// took a fraction of a second), never to less.
	if q := third.Queue; q.Stage != "compile" || q.Running || q.Place-first.Queue.Place != 2 || q.Place != q.Ahead+1 ||
		q.Left != 1 || q.EstimateSeconds < first.Queue.EstimateSeconds || !strings.Contains(q.Words, "Waiting to compile: ") ||
		!strings.Contains(q.Words, "verdict in about") {
		t.Fatalf("the third student's version: %+v (the first's: %+v)", *q, *first.Queue)
	}

	// The first student's second version queues behind the others' first.
	again, err := service.Submit(ctx, e.pool, jobs, owners[0], "orkisland", "q", "go", botsSource("queue again"))
	if err != nil {
		t.Fatal(err)
	}
	if q := get(0, again.ID).Queue; q == nil || q.Place <= get(2, versions[2]).Queue.Place {
		t.Fatalf("a second version of the first student is not behind the third student's first: %+v", q)
	}

	// The first version's compile is taken: it says so, and the others move up.
	if _, err := e.pool.Exec(ctx, `UPDATE river_job SET state = 'running', attempted_at = now(), attempt = 1
		WHERE kind = 'compile' AND (args->>'version_id')::bigint = $1`, versions[0]); err != nil {
		t.Fatal(err)
	}
	if q := get(0, versions[0]).Queue; q == nil || !q.Running || q.Place != 0 || !strings.HasPrefix(q.Words, "Compiling now; verdict in about") {
		t.Fatalf("a running compile: %+v", q)
	}
	if q := get(2, versions[2]).Queue; q.Place != third.Queue.Place-1 {
		t.Fatalf("the third student's place went from %d to %d", third.Queue.Place, q.Place)
	}

	// The version page says it, and fetches its live part again meanwhile.
	page := func(i int, vid int64) string {
		t.Helper()
		var number int
		if err := e.pool.QueryRow(ctx, `SELECT number FROM bot_versions WHERE id = $1`, vid).Scan(&number); err != nil {
			t.Fatal(err)
		}
		code, body := e.get(clients[i], "/bots/"+strconv.FormatInt(bots[i], 10)+"/versions/"+strconv.Itoa(number))
		if code != 200 {
			t.Fatalf("version page: %d", code)
		}
		return body
	}
	body := page(2, versions[2])
	if !strings.Contains(body, `class="queue-place muted"`) || !strings.Contains(body, `hx-trigger="every 3s"`) ||
		!strings.Contains(body, "Waiting to compile: ") {
		t.Fatalf("the version page does not say where it waits:\n%s", body)
	}

	// Compiled: it waits for its qualification matches.
	if _, err := e.pool.Exec(ctx, `UPDATE bot_versions SET status = 'qualifying' WHERE id = $1`, versions[2]); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		m := &domain.Match{GameID: "orkisland", Kind: domain.KindQualification, Seed: int64(i + 1), BotVersionID: &versions[2]}
		if err := store.CreateMatch(ctx, e.pool, m, []domain.Seat{{VersionID: &versions[2]}, {Builtin: "Dummy"}, {Builtin: "Dummy"}, {Builtin: "Dummy"}}); err != nil {
			t.Fatal(err)
		}
		if _, err := jobs.Insert(ctx, judge.MatchArgs{MatchID: m.ID}, &river.InsertOpts{Queue: judge.QueueMatch,
			Priority: judge.PriorityQualification, Tags: []string{domain.KindQualification}}); err != nil {
			t.Fatal(err)
		}
	}
	if q := get(2, versions[2]).Queue; q == nil || q.Stage != "qualification" || q.Left != 2 || q.Running ||
		!strings.HasPrefix(q.Words, "Qualification: 2 matches left, ") {
		t.Fatalf("a version waiting for its qualification: %+v", q)
	}

	// Judged: no queue, and the page stops fetching itself.
	if err := store.SetCompileError(ctx, e.pool, versions[1], "bot.go:1: nope"); err != nil {
		t.Fatal(err)
	}
	if a := get(1, versions[1]); a.Queue != nil {
		t.Fatalf("a judged version has a queue: %+v", *a.Queue)
	}
	if body := page(1, versions[1]); strings.Contains(body, "queue-place") || strings.Contains(body, `hx-trigger="every 3s"`) {
		t.Fatal("the page of a judged version still polls")
	}
}
