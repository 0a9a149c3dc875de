package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/judge"
	"arena.dev/store"
	"arena.dev/store/pgtest"
	"arena.dev/web"
)

// burner spins from its first turn until its CPU budget is spent.
const burner = `package main

import "arena.dev/games/orkisland/sdk"

type b struct{}

var sink int

func (*b) Play(*sdk.Game) {
	for i := 0; ; i++ {
		sink += i
	}
}

func main() { sdk.Run(&b{}) }
`

// glutton allocates on its first turn until the sandbox refuses it memory.
const glutton = `package main

import "arena.dev/games/orkisland/sdk"

type b struct{}

var keep [][]byte

func (*b) Play(*sdk.Game) {
	for {
		p := make([]byte, 1<<20)
		p[0] = 1
		keep = append(keep, p)
	}
}

func main() { sdk.Run(&b{}) }
`

// TestFrozenBotsCPUThroughTheJudge: a bot frozen for CPU and one frozen
// for memory, submitted on the site and qualified by real River workers in
// the sandbox, show the CPU they used on the match page and in the API as
// any bot does: the one whose budget ran out at least its budget (2 s),
// the other what it used until it was stopped, not 0.
func TestFrozenBotsCPUThroughTheJudge(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles bots and runs them in the sandbox")
	}
	pool := pgtest.Pool(t)
	ctx := context.Background()
	if err := store.EnsureGame(ctx, pool, "orkisland", "Ork Island"); err != nil {
		t.Fatal(err)
	}
	jobs, err := judge.NewWorkingClient(pool, judge.Config{Queues: []string{judge.QueueCompile, judge.QueueMatch},
		MaxWorkers: 2, LadderEvery: -1,
		// Shared with the other tests that compile bots: warm build caches.
		Sandbox: judge.Sandbox{Dir: filepath.Join(os.TempDir(), "arena-judge-test")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		jobs.Stop(sctx)
	})
	srv := httptest.NewServer((&web.Server{Pool: pool, Jobs: jobs}).Handler())
	t.Cleanup(srv.Close)
	e := &botsEnv{t: t, srv: srv, pool: pool}
	alice, _, aliceID := e.user(domain.RoleStudent)

	g, err := games.Get("orkisland")
	if err != nil {
		t.Fatal(err)
	}
	budget := g.Info().CPUBudget.Seconds()
	bots := []struct {
		name, source, kind string
	}{{"burner", burner, games.FreezeCPU}, {"glutton", glutton, games.FreezeMemory}}
	for _, b := range bots {
		if code, body, _ := e.submit(alice, "orkisland", b.name, b.source); code != http.StatusSeeOther {
			t.Fatalf("submit %s: %d\n%s", b.name, code, body)
		}
	}
	for _, b := range bots {
		vid := e.versionOf(aliceID, b.name)
		for deadline := time.Now().Add(4 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
			v, err := store.VersionByID(ctx, pool, vid)
			if err != nil {
				t.Fatal(err)
			}
			if v.Status == domain.StatusCompileError {
				t.Fatalf("%s did not compile: %s", b.name, v.CompileLog)
			}
			if v.Status == domain.StatusRejected || v.Status == domain.StatusAccepted {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s is still %s after 4 minutes", b.name, v.Status)
			}
		}
		rows, err := pool.Query(ctx, "SELECT id FROM matches WHERE bot_version_id = $1 ORDER BY id", vid)
		if err != nil {
			t.Fatal(err)
		}
		var matches []int64
		for rows.Next() {
			var id int64
			rows.Scan(&id)
			matches = append(matches, id)
		}
		if err := rows.Err(); err != nil || len(matches) == 0 {
			t.Fatalf("%s: no qualification matches (%v)", b.name, err)
		}
		for _, m := range matches {
			cpu := frozenSeatCPU(t, e, m, b.name, b.kind)
			if b.kind == games.FreezeCPU && cpu < budget || cpu <= 0 || cpu > budget*1.5 {
				t.Errorf("%s, match %d: cpu_seconds %v, want at least %v for a spent budget, above 0 for any", b.name, m, cpu, budget)
			}
			t.Logf("%s, match %d: frozen for %s, %.4f s of CPU", b.name, m, b.kind, cpu)
			// The match page shows the same figure in the seat's row.
			_, body := e.get(e.anonymous(), fmt.Sprintf("/matches/%d", m))
			row := seatRow(t, body, b.name)
			if want := fmt.Sprintf(`<td class="num">%.3f s</td>`, cpu); !strings.Contains(row, want) {
				t.Errorf("%s, match %d: the match page's row lacks %s:\n%s", b.name, m, want, row)
			}
		}
	}
}

// frozenSeatCPU is the cpu_seconds the API gives the seat of bot in a
// match, checking it was frozen for kind.
func frozenSeatCPU(t *testing.T, e *botsEnv, match int64, bot, kind string) float64 {
	t.Helper()
	code, body := e.get(e.anonymous(), fmt.Sprintf("/api/matches/%d", match))
	var api struct {
		Status  string `json:"status"`
		Players []struct {
			Bot        string   `json:"bot"`
			CPUSeconds *float64 `json:"cpu_seconds"`
			FrozenKind string   `json:"frozen_kind"`
			Frozen     string   `json:"frozen"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(body), &api); code != http.StatusOK || err != nil {
		t.Fatalf("GET /api/matches/%d: %d %v\n%s", match, code, err, body)
	}
	for _, p := range api.Players {
		if p.Bot != bot {
			continue
		}
		if p.FrozenKind != kind || p.CPUSeconds == nil {
			t.Fatalf("match %d: %s frozen %q (%s), cpu_seconds %v; want frozen for %s", match, bot, p.FrozenKind, p.Frozen, p.CPUSeconds, kind)
		}
		return *p.CPUSeconds
	}
	t.Fatalf("match %d (%s): no seat of %s\n%s", match, api.Status, bot, body)
	return 0
}

// seatRow is the match page's table row of a bot.
func seatRow(t *testing.T, body, bot string) string {
	t.Helper()
	for _, row := range strings.Split(body, "<tr") {
		if strings.Contains(row, ">"+bot+"<") {
			row, _, _ = strings.Cut(row, "</tr>")
			return row
		}
	}
	t.Fatalf("no row of %s on the match page:\n%s", bot, body)
	return ""
}
