package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

func init() {
	register(&command{
		name:    "challenge",
		summary: "play your bot on an Arena server against bots you choose (unranked) and print the result",
		usage: "arena challenge [--server URL] [--token T] [-s SEED] [--board NAME] [--shuffle] [--no-wait] GAME MYBOT [OPPONENT...]\n" +
			"MYBOT is one of your bots (its newest version that can play), BOT@N (its version N) or a version id;\n" +
			"each OPPONENT (up to three; empty seats get the Dummy) is a built-in bot (Dummy, Demo...), OWNER/BOT on the\n" +
			"leaderboard, or one of your bots (BOT, BOT@N).",
		run: func(ctx context.Context, args []string) error {
			return runChallenge(ctx, args, os.Stdout, os.Stderr)
		},
	})
}

// challengeMatch is what `arena challenge` reads of GET /api/matches/{id}.
type challengeMatch struct {
	ID     int64  `json:"id"`
	Status string `json:"status"`
	Seed   int64  `json:"seed"`
	Job    *struct {
		State string `json:"state"`
		Ahead int    `json:"ahead"`
	} `json:"job"`
	Players []struct {
		Seat   int    `json:"seat"`
		Bot    string `json:"bot"`
		BotID  *int64 `json:"bot_id"`
		Owner  string `json:"owner"`
		Score  *int64 `json:"score"`
		Rank   *int   `json:"rank"`
		Frozen string `json:"frozen"`
	} `json:"players"`
}

func runChallenge(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c := commands["challenge"]
	fs := newFlags(c)
	server := fs.String("server", serverDefault(), "the Arena server (or ARENA_SERVER)")
	token := fs.String("token", os.Getenv("ARENA_TOKEN"), "your API token (or ARENA_TOKEN); get one with 'arena token'")
	var seed *int64
	fs.Func("s", "the match's seed (default: a random one)", func(v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("%s", tr("cli.challenge.seed_syntax", map[string]any{"Value": fmt.Sprintf("%q", v)}))
		}
		seed = &n
		return nil
	})
	board := fs.String("board", "", "one of the boards the game's ladder or qualification plays on, by name (default: generated from the seed)")
	shuffle := fs.Bool("shuffle", false, "shuffle the seats (default: yours first, then the opponents in order)")
	noWait := fs.Bool("no-wait", false, "return once started, without waiting for the result")
	pos, err := parseInterleaved(fs, c, args)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return usagef("%s", tr("cli.challenge.want_args"))
	}
	if *token == "" {
		return usagef("%s", tr("cli.submit.no_token"))
	}
	api := &apiClient{server: *server, token: *token, http: &http.Client{Timeout: 30 * time.Second}}
	req := map[string]any{"version": pos[1], "opponents": pos[2:], "shuffle": *shuffle, "board": *board}
	if seed != nil {
		req["seed"] = *seed
	}
	var started struct {
		ID   int64  `json:"id"`
		URL  string `json:"url"`
		Seed int64  `json:"seed"`
	}
	if err := api.do(ctx, "POST", "/api/games/"+pos[0]+"/challenges", req, &started); err != nil {
		return err
	}
	url := strings.TrimRight(*server, "/") + started.URL
	fmt.Fprintln(stderr, tr("cli.challenge.started", map[string]any{"ID": started.ID, "Seed": started.Seed, "URL": url}))
	if *noWait {
		fmt.Fprintln(stdout, url)
		return nil
	}
	m, err := waitChallenge(ctx, api, started.ID, stderr)
	if err != nil {
		return err
	}
	if m.Status != "finished" {
		return fmt.Errorf("%s", tr("cli.challenge.not_played", map[string]any{"ID": m.ID, "URL": url}))
	}
	// As `arena play` prints a match: a line per player, then the winners.
	var winners []string
	for _, p := range m.Players {
		name := p.Bot
		if p.BotID != nil && p.Owner != "" {
			name = p.Owner + "/" + p.Bot
		}
		score := "-"
		if p.Score != nil {
			score = strconv.FormatInt(*p.Score, 10)
		}
		frozen := ""
		if p.Frozen != "" {
			frozen = " frozen: " + p.Frozen
		}
		fmt.Fprintf(stdout, "player %d %s score %s%s\n", p.Seat, name, score, frozen)
		if p.Rank != nil && *p.Rank == 1 {
			winners = append(winners, name)
		}
	}
	fmt.Fprintf(stdout, "winner %s\n", strings.Join(winners, " "))
	fmt.Fprintln(stderr, tr("cli.challenge.replay", map[string]any{"URL": url}))
	return nil
}

// waitChallenge follows a match until it is over, saying on w where it
// stands when that changes.
func waitChallenge(ctx context.Context, api *apiClient, id int64, w io.Writer) (*challengeMatch, error) {
	said := ""
	for {
		var m challengeMatch
		if err := api.do(ctx, "GET", fmt.Sprintf("/api/matches/%d", id), nil, &m); err != nil {
			return nil, err
		}
		if m.Status != "queued" {
			return &m, nil
		}
		now := tr("cli.challenge.waiting")
		switch {
		case m.Job == nil:
		case m.Job.State == "running":
			now = tr("cli.challenge.playing")
		case m.Job.State == "available":
			now = trn("cli.challenge.queued", m.Job.Ahead)
		case m.Job.State == "cancelled" || m.Job.State == "discarded":
			return nil, fmt.Errorf("%s", tr("cli.challenge.cancelled", map[string]any{"ID": id}))
		}
		if now != said {
			fmt.Fprintln(w, now)
			said = now
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}
