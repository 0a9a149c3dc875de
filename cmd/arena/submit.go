package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/term"

	"arena.dev/games"
	"arena.dev/lang"
)

func init() {
	register(&command{
		name:    "submit",
		summary: "submit a bot to an Arena server and follow its verdict",
		usage:   "arena submit [--server URL] [--token T] [--bot NAME] [--no-wait] GAME FILE (.go, .cc or .cpp: its language)",
		run:     runSubmit,
	})
	register(&command{
		name:    "token",
		summary: "get a personal API token from an Arena server (asks for the password)",
		usage:   "arena token [--server URL] [--name LABEL] USER",
		run:     runToken,
	})
}

// apiClient talks to a server's JSON API.
type apiClient struct {
	server, token string
	http          *http.Client
}

func (c *apiClient) do(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(c.server, "/")+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	// The server says its words (queue places, errors, qualification) in this language.
	req.Header.Set("Accept-Language", envLang())
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		var e struct{ Error string }
		if json.Unmarshal(data, &e) == nil && e.Error != "" {
			return errors.New(e.Error)
		}
		return fmt.Errorf("%s %s: %s", method, path, resp.Status)
	}
	return json.Unmarshal(data, out)
}

func serverDefault() string {
	if s := os.Getenv("ARENA_SERVER"); s != "" {
		return s
	}
	return "http://localhost:8080"
}

type versionStatus struct {
	ID                  int64             `json:"id"`
	Number              int               `json:"number"`
	Status              string            `json:"status"`
	Final               bool              `json:"final"`
	CompileLog          string            `json:"compile_log"`
	Qualification       []qualMatchStatus `json:"qualification"`
	QualificationResult *struct {
		Summary string `json:"summary"`
	} `json:"qualification_result"`
	// Queue: where it stands while it waits for its verdict.
	Queue *struct {
		Stage   string `json:"stage"`
		Running bool   `json:"running"`
		Place   int    `json:"place"`
		Left    int    `json:"left"`
		Words   string `json:"words"`
	} `json:"queue"`
}

// qualMatchStatus is one qualification match as the API says it.
type qualMatchStatus struct {
	ID     int64  `json:"id"`
	Status string `json:"status"`
	URL    string `json:"url"`
	Number int    `json:"number"`
	Seed   int64  `json:"seed"`
	Seat   int    `json:"seat"`
	Board  *struct {
		Name string `json:"name"`
		File string `json:"file"`
		URL  string `json:"url"`
	} `json:"board"`
	Players []struct {
		Seat  int    `json:"seat"`
		Name  string `json:"name"`
		Score *int64 `json:"score"`
	} `json:"players"`
	Place   int    `json:"place"`
	Tied    bool   `json:"tied"`
	First   bool   `json:"first"`
	Frozen  string `json:"frozen"`
	Command string `json:"command"`
}

func runSubmit(ctx context.Context, args []string) error {
	c := commands["submit"]
	fs := newFlags(c)
	server := fs.String("server", serverDefault(), "the Arena server (or ARENA_SERVER)")
	token := fs.String("token", os.Getenv("ARENA_TOKEN"), "your API token (or ARENA_TOKEN); get one with 'arena token'")
	botName := fs.String("bot", "", "bot name (default: the file name)")
	noWait := fs.Bool("no-wait", false, "return once submitted, without following the verdict")
	if err := parseFlags(fs, c, args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return usagef("%s", tr("cli.submit.want_args"))
	}
	if *token == "" {
		return usagef("%s", tr("cli.submit.no_token"))
	}
	game, file := fs.Arg(0), fs.Arg(1)
	l, ok := lang.ByFile(file)
	if !ok {
		return usagef("%s", tr("cli.submit.extension", map[string]any{"File": file, "Extensions": strings.Join(lang.Extensions(), ", ")}))
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	// JSON would turn every byte that is not UTF-8 into U+FFFD: a file an
	// older editor saved as Latin-1 is converted, as the site does, saying so.
	src, converted := lang.SourceText(raw)
	if converted {
		fmt.Fprintln(os.Stderr, tr("cli.submit.latin1", map[string]any{"File": file}))
	}
	if *botName == "" {
		*botName = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	}
	api := &apiClient{server: *server, token: *token, http: &http.Client{Timeout: 30 * time.Second}}
	var v versionStatus
	req := map[string]string{"bot": *botName, "source": src, "language": l.ID, "file": filepath.Base(file)}
	if err := api.do(ctx, "POST", "/api/games/"+game+"/submissions", req, &v); err != nil {
		return err
	}
	fmt.Println(tr("cli.submit.submitted", map[string]any{"Bot": *botName, "Version": v.Number, "Language": l.Title, "Game": game, "Status": statusWords(v.Status)}))
	if *noWait {
		return nil
	}
	last, lastPlace := v.Status, ""
	for !v.Final {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
		if err := api.do(ctx, "GET", fmt.Sprintf("/api/versions/%d", v.ID), nil, &v); err != nil {
			return err
		}
		if v.Status != last {
			fmt.Println(statusWords(v.Status))
			last = v.Status
		}
		// Its place in the queue, each time it moves (not each new estimate).
		if q := v.Queue; q != nil {
			if place := fmt.Sprint(q.Stage, q.Running, q.Place, q.Left); place != lastPlace {
				fmt.Println("  " + q.Words)
				lastPlace = place
			}
		}
	}
	if v.Status == "compile_error" {
		// The log names the file as the server builds it (bot.go, bot.cc).
		fmt.Print(strings.ReplaceAll(v.CompileLog, l.File+":", filepath.Base(file)+":"))
	}
	printQualification(os.Stdout, strings.TrimRight(*server, "/"), v, l.File, file)
	if v.Status != "accepted" {
		return exitError{1}
	}
	return nil
}

func runToken(ctx context.Context, args []string) error {
	c := commands["token"]
	fs := newFlags(c)
	server := fs.String("server", serverDefault(), "the Arena server (or ARENA_SERVER)")
	name := fs.String("name", "arena command line", "a label to recognise the token by")
	if err := parseFlags(fs, c, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("%s", tr("cli.token.want_user"))
	}
	password := os.Getenv("ARENA_PASSWORD")
	if password == "" {
		fmt.Fprint(os.Stderr, tr("cli.token.password")+" ")
		if term.IsTerminal(int(os.Stdin.Fd())) {
			b, err := term.ReadPassword(int(os.Stdin.Fd()))
			fmt.Fprintln(os.Stderr)
			if err != nil {
				return err
			}
			password = string(b)
		} else {
			line, err := bufio.NewReader(os.Stdin).ReadString('\n')
			if err != nil && line == "" {
				return errors.New(tr("cli.token.no_password"))
			}
			password = strings.TrimRight(line, "\r\n")
		}
	}
	api := &apiClient{server: *server, http: &http.Client{Timeout: 30 * time.Second}}
	var out struct{ Token string }
	if err := api.do(ctx, "POST", "/api/tokens", map[string]string{"user": fs.Arg(0), "password": password, "name": *name}, &out); err != nil {
		return err
	}
	fmt.Println(out.Token)
	fmt.Fprintln(os.Stderr, tr("cli.token.keep_secret"))
	return nil
}

// printQualification says each qualification match of a version: its
// seed, seat, board, place and scores, and for each it did not end alone
// on top, the command that plays it locally (with the student's file in
// place of the server's name for it, serverFile) and where to watch it.
func printQualification(w io.Writer, server string, v versionStatus, serverFile, file string) {
	for _, m := range v.Qualification {
		board := tr("cli.qualify.generated")
		if m.Board != nil {
			board = m.Board.Name
		}
		result := statusWords(m.Status)
		switch {
		case m.First:
			result = placeWords(1, false)
		case m.Place > 0:
			result = placeWords(m.Place, m.Tied)
		}
		var mine string
		var others []string
		for _, p := range m.Players {
			score := "–"
			if p.Score != nil {
				score = strconv.FormatInt(*p.Score, 10)
			}
			if p.Seat == m.Seat {
				mine = score
			} else {
				others = append(others, p.Name+" "+score)
			}
		}
		fmt.Fprintln(w, tr("cli.submit.qual_match", map[string]any{"Match": m.Number, "Seed": m.Seed, "Seat": m.Seat, "Board": board,
			"Place": result, "Score": mine, "Others": strings.Join(others, ", ")}))
		if m.Frozen != "" {
			fmt.Fprintln(w, "  "+tr("cli.submit.frozen", map[string]any{"Why": m.Frozen}))
		}
		if m.Command != "" {
			args := strings.Fields(m.Command)
			for i, a := range args {
				if a == serverFile {
					args[i] = games.ShellQuote(file)
				}
			}
			fmt.Fprintln(w, "  "+tr("cli.qualify.play_it", map[string]any{"Command": strings.Join(args, " ")}))
			if m.Board != nil {
				fmt.Fprintln(w, "  "+tr("cli.submit.its_board", map[string]any{"File": m.Board.File, "URL": server + m.Board.URL}))
			}
		}
		fmt.Fprintln(w, "  "+tr("cli.submit.watch_it", map[string]any{"URL": server + m.URL}))
	}
	if v.QualificationResult != nil {
		fmt.Fprintln(w, tr("cli.submit.qualification", map[string]any{"Summary": v.QualificationResult.Summary}))
	}
}
