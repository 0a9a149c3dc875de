package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arena.dev/games"
	"arena.dev/store/pgtest"
)

// TestEveryGameEndToEnd submits, for every registered game, its strong
// test bot (games/DIR/testdata/strong.go, which the conformance suite
// shows beats the game's qualifier) through the real server with
// `arena submit`, and sees it compiled, qualified against the qualifier in
// the sandbox, and ranked on the game's leaderboard.
func TestEveryGameEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and qualifies a bot per game")
	}
	port := freePort(t)
	server := fmt.Sprintf("http://127.0.0.1:%d", port)
	start(t, []string{"DATABASE_URL=" + pgtest.FreshURL(t), fmt.Sprint("PORT=", port), "ARENA_ADMIN_PASSWORD=every-game",
		// Shared with the other tests that compile bots: a warm Go build cache.
		"ARENA_DATA_DIR=" + filepath.Join(os.TempDir(), "arena-judge-test")}, "serve")
	waitHealthy(t, port, 60*time.Second)
	tok := start(t, []string{"ARENA_PASSWORD=every-game"}, "token", "--server", server, "admin")
	if code := tok.wait(t, 30*time.Second); code != 0 {
		t.Fatalf("arena token exited %d: %s", code, tok.stderr)
	}
	env := []string{"ARENA_TOKEN=" + strings.TrimSpace(tok.stdout.String()), "ARENA_SERVER=" + server}

	// All at once: the server's workers judge them side by side.
	subs := map[string]*process{}
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		file := filepath.Join("..", "..", "games", filepath.FromSlash(g.Info().Files.Dir), "testdata", "strong.go")
		subs[id] = start(t, env, "submit", "--bot", "strong-"+id, id, file)
	}
	for _, id := range games.IDs() {
		t.Run(id, func(t *testing.T) {
			sub := subs[id]
			code := sub.wait(t, 5*time.Minute)
			if code != 0 && strings.Contains(sub.stdout.String(), "\nrejected\n") {
				// The strong bots win 90–100% of their matches against three
				// Dummies on random seeds, and qualification wants 3 of 4:
				// now and then a sound bot is rejected. Once more, as a
				// student would; twice in a row means a weak bot.
				t.Logf("rejected once, submitting again:\n%s", sub.stdout)
				sub = start(t, env, "submit", "--bot", "strong-"+id, id, sub.cmd.Args[len(sub.cmd.Args)-1])
				code = sub.wait(t, 5*time.Minute)
			}
			if code != 0 {
				t.Fatalf("arena submit exited %d, want 0 (accepted):\n%s%s", code, sub.stdout, sub.stderr)
			}
			if out := sub.stdout.String(); !strings.Contains(out, "accepted") {
				t.Fatalf("arena submit said:\n%s", out)
			}
			// Ranked: on the leaderboard (its snapshot lags by up to 2 s).
			deadline := time.Now().Add(15 * time.Second)
			for {
				var board struct {
					Standings []struct {
						Bot   string `json:"bot"`
						Rank  int    `json:"rank"`
						House bool   `json:"house"`
					} `json:"standings"`
				}
				resp, err := http.Get(server + "/api/games/" + id + "/leaderboard")
				if err != nil {
					t.Fatal(err)
				}
				err = json.NewDecoder(resp.Body).Decode(&board)
				resp.Body.Close()
				if err != nil {
					t.Fatal(err)
				}
				// Ranked first among students; the house bots that filled
				// its ladder seats are on the board too, unranked.
				var students []string
				ranked := false
				for _, st := range board.Standings {
					if !st.House {
						students = append(students, st.Bot)
						ranked = ranked || st.Bot == "strong-"+id && st.Rank == 1
					}
				}
				if len(students) == 1 && ranked {
					return
				}
				if time.Now().After(deadline) {
					t.Fatalf("not on the leaderboard: %+v", board)
				}
				time.Sleep(200 * time.Millisecond)
			}
		})
	}
}
