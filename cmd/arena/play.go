package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"arena.dev/config"
	"arena.dev/games"
	_ "arena.dev/games/all" // every game registers itself
	"arena.dev/lang"
	"arena.dev/sandbox"
)

func init() {
	register(&command{
		name:    "play",
		summary: "play a match (or many) between bots on this machine",
		usage: "arena play GAME BOT BOT BOT BOT [-s SEED] [-o REPLAY.json.gz] [--board FILE] [--set NAME=VALUE] [-n MATCHES] [--cpu 2s] [--log=false] [--view]\n" +
			"       arena play GAME BOT --qualify [--board FILE]... [-n MATCHES] [--set NAME=VALUE]\n" +
			"       arena play --list\n" +
			"BOT is a built-in bot's name, or a file: a source (.go, .cc, .cpp: compiled as the server does) or a .wasm.\n" +
			"A source's build is kept (ARENA_DATA_DIR, default the user's cache dir + /arena) until the file, its SDK or the\n" +
			"compiler changes: the next run starts at once.\n" +
			"--qualify plays BOT's qualification as the server does: match i on seed i, BOT in seat i-1 (round again)\n" +
			"against the game's Dummies, on the board files in turn (none: generated); it exits 1 when BOT would be refused.",
		run: func(ctx context.Context, args []string) error {
			return runPlay(ctx, args, os.Stdout, os.Stderr)
		},
	})
}

// playOptions is a parsed `arena play` command line.
type playOptions struct {
	game     games.Game
	bots     []string
	seed     uint64
	out      string
	board    games.Board
	settings games.Settings
	matches  int
	cpu      time.Duration
	files    *localBots // source and .wasm bots, compiled once per run
	// logs shows the bots' debug output (stderr) on stderr, each line
	// prefixed with its seat and name.
	logs bool
	// view serves the replay in the viewer once played (as arena view).
	view     bool
	viewAddr string
	stderr   io.Writer
	logMu    *sync.Mutex
}

func runPlay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	c := commands["play"]
	fs := newFlags(c)
	seed := fs.Uint64("s", 1, "random seed (the first one with -n)")
	out := fs.String("o", "", "write the replay there (gzip when the name ends in .gz)")
	var boardFiles []string
	fs.Func("board", "board file (default: generated from the seed); with --qualify, repeatable: the boards in turn", func(v string) error {
		boardFiles = append(boardFiles, v)
		return nil
	})
	qualify := fs.Bool("qualify", false, "play BOT's qualification against the game's Dummies, as the server does")
	n := fs.Int("n", 1, "number of matches, on consecutive seeds, in parallel")
	cpu := fs.Duration("cpu", 0, "CPU budget per player for a match (default: the game's)")
	list := fs.Bool("list", false, "list games and built-in bots")
	view := fs.Bool("view", false, "then watch the match in the browser, with every bot's log by round beside the board (as arena view; Ctrl-C to stop)")
	viewAddr := fs.String("addr", "127.0.0.1:0", "with --view: address to listen on (port 0: any free port)")
	logs := fs.Bool("log", true, "show the bots' debug output (stderr), each line prefixed with its seat and name, up to 64 KB a bot and match; off with -n unless given")
	settings := games.Settings{}
	fs.Func("set", "override a game setting, e.g. --set nb_rounds=50 (repeatable)", func(v string) error {
		name, value, ok := strings.Cut(v, "=")
		n, err := strconv.Atoi(value)
		if !ok || err != nil {
			return fmt.Errorf("want NAME=INTEGER, got %q", v)
		}
		settings[name] = n
		return nil
	})
	pos, err := parseInterleaved(fs, c, args)
	if err != nil {
		return err
	}
	if *list {
		listGames(stdout)
		return nil
	}
	if len(pos) == 0 {
		return usagef("missing GAME")
	}
	poll, err := config.CPUPoll()
	if err != nil {
		return err
	}
	sandbox.SetCPUPoll(poll)
	g, err := games.Get(pos[0])
	if err != nil {
		return usagef("%v", err)
	}
	o := playOptions{game: g, bots: pos[1:], seed: *seed, out: *out, matches: *n, cpu: *cpu, settings: settings,
		files: newLocalBots(stderr), logs: *logs, stderr: stderr, logMu: &sync.Mutex{}, view: *view, viewAddr: *viewAddr}
	if *qualify {
		if !flagGiven(fs, "n") {
			o.matches = games.QualificationMatches
		}
		switch {
		case len(o.bots) != 1:
			return usagef("--qualify plays one bot against the %s: want GAME BOT", g.Info().Qualifier)
		case flagGiven(fs, "s") || o.out != "":
			return usagef("--qualify plays seeds 1 to %d and writes no replay: play one of its matches for that", o.matches)
		case o.matches < 1:
			return usagef("-n must be at least 1")
		}
	}
	if o.matches > 1 && !flagGiven(fs, "log") {
		o.logs = false // many matches at once: their output would be noise
	}
	if want := g.Info().Players; len(o.bots) != want && !*qualify {
		return usagef("%s needs %d bots, got %d", pos[0], want, len(o.bots))
	}
	if o.matches < 1 {
		return usagef("-n must be at least 1")
	}
	if o.matches > 1 && o.out != "" {
		return usagef("-o writes one replay: use it without -n")
	}
	if o.view && (o.matches > 1 || *qualify) {
		return usagef("--view shows one match: use it without -n or --qualify")
	}
	if _, err := games.MergeSettings(g, nil, settings); err != nil {
		return usagef("%v", err)
	}
	if len(boardFiles) > 1 && !*qualify {
		return usagef("one --board for a match; several only with --qualify")
	}
	var boards []games.Board
	for _, name := range boardFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		b, err := g.ParseBoard(data)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if *qualify { // checked before a match starts, as the match would
			if _, err := games.MergeSettings(g, b, games.OnBoard(settings, b.Settings())); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		boards = append(boards, b)
	}
	defer o.files.close()
	if *qualify {
		return playQualification(ctx, o, boardFiles, boards, stdout, stderr)
	}
	if len(boards) == 1 {
		o.board = boards[0]
	}
	if o.matches > 1 {
		return playMany(ctx, o, stdout, stderr)
	}
	return playOne(ctx, o, stdout, stderr)
}

// flagGiven says whether a flag was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// parseInterleaved parses flags that may come before, between or after the
// positional arguments, and returns the positional ones.
func parseInterleaved(fs *flag.FlagSet, c *command, args []string) ([]string, error) {
	var pos []string
	for {
		if err := parseFlags(fs, c, args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func listGames(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, id := range games.IDs() {
		g, _ := games.Get(id)
		info := g.Info()
		fmt.Fprintf(tw, "%s\t%s\tbots: %s\n", id, info.Title, strings.Join(info.Bots, " "))
	}
	tw.Flush()
}

// newAgent resolves a BOT argument to an agent. This is the one place that
// knows the kinds of bots: built-in names; paths to source files (.go,
// .cc, .cpp) or .wasm files go to the sandbox.
func (o playOptions) newAgent(ctx context.Context, spec string, matchSeed, seed uint64, seat int) (games.Agent, error) {
	if isBotFile(spec) {
		var log *seatLog
		if o.logs {
			prefix := fmt.Sprintf("[%d %s] ", seat, botName(spec))
			if o.matches > 1 {
				prefix = fmt.Sprintf("[seed %d: %d %s] ", matchSeed, seat, botName(spec))
			}
			log = newSeatLog(o.logMu, o.stderr, prefix)
		}
		return o.files.start(ctx, o.game, spec, seed, log)
	}
	return o.game.NewBot(spec)
}

// match plays one seed, creating fresh agents.
func (o playOptions) match(ctx context.Context, seed uint64) (*games.Replay, error) {
	agents, err := o.startAgents(ctx, seed)
	if err != nil {
		return nil, err
	}
	return o.play(ctx, seed, agents)
}

// startAgents starts the bots of the match with this seed.
func (o playOptions) startAgents(ctx context.Context, seed uint64) ([]games.Agent, error) {
	return games.StartAgents(len(o.bots), func(i int) (games.Agent, error) {
		return o.newAgent(ctx, o.bots[i], seed, o.game.Info().SeatSeed(seed, i), i)
	})
}

// play plays the match with started agents, which it closes.
func (o playOptions) play(ctx context.Context, seed uint64, agents []games.Agent) (*games.Replay, error) {
	players := make([]games.Player, len(o.bots))
	for i, spec := range o.bots {
		players[i] = games.Player{Name: botName(spec), Agent: agents[i]}
	}
	return games.Play(ctx, games.Config{
		Game: o.game, Board: o.board, Settings: o.settings, Seed: seed, Players: players, CPUBudget: o.cpu,
	})
}

// printRefusals says why commands were ignored, when the game says
// (games.Refuser): the first five reasons per player, on standard error
// like a bot's own log.
func printRefusals(w io.Writer, r *games.Replay) {
	for p, why := range r.Refused {
		if len(why) > 0 {
			fmt.Fprintf(w, "player %d: %d commands ignored, the first because\n", p, r.End.Invalid[p])
			for _, line := range why[:min(len(why), 5)] {
				fmt.Fprintf(w, "  %s\n", line)
			}
			fmt.Fprintf(w, "  (--view shows every round's, beside the board)\n")
		}
	}
}

// botName is the display name of a bot argument: a path's base name
// without its extension.
func botName(spec string) string {
	if i := strings.LastIndexAny(spec, `/\`); i >= 0 {
		spec = spec[i+1:]
	}
	for _, ext := range append(lang.Extensions(), ".wasm") {
		spec = strings.TrimSuffix(spec, ext)
	}
	return spec
}

// frozenNote is what follows a frozen player's score: "frozen: " and
// when and why, in the words of the server's match page (rounds counted
// from 0, as the SDK's round() counts them).
func frozenNote(e games.End, p int) string {
	for _, f := range e.Frozen {
		if f.Player == p {
			return " frozen: " + f.Words()
		}
	}
	return ""
}

func playOne(ctx context.Context, o playOptions, stdout, stderr io.Writer) error {
	agents, err := o.startAgents(ctx, o.seed)
	if err != nil {
		return err
	}
	r, err := o.play(ctx, o.seed, agents)
	if err != nil {
		return err
	}
	// The bots are all the player's: their logs go into the replay, for
	// the viewer's debugging panel.
	r.Logs = o.localLogs(agents, r.End.Rounds)
	out := o.out
	if out == "" && o.view {
		dir, err := os.MkdirTemp("", "arena-play-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		out = filepath.Join(dir, fmt.Sprintf("%s-%d.json.gz", o.game.Info().ID, o.seed))
	}
	if out != "" {
		if err := saveReplay(out, r); err != nil {
			return err
		}
	}
	for p, name := range r.Players {
		fmt.Fprintf(stdout, "player %d %s score %d%s\n", p, name, r.End.Scores[p], frozenNote(r.End, p))
	}
	printRefusals(stderr, r)
	var names []string
	for _, p := range r.End.Winners {
		names = append(names, r.Players[p])
	}
	fmt.Fprintf(stdout, "winner %s\n", strings.Join(names, " "))
	if o.view {
		return serveView(ctx, out, o.viewAddr, stdout)
	}
	return nil
}

// localLogs are the debug logs of the bots run from files, cut by round
// (a bot built natively has its log on standard error only); built-in bots
// have none.
func (o playOptions) localLogs(agents []games.Agent, rounds int) []games.SeatLog {
	var out []games.SeatLog
	for seat, spec := range o.bots {
		if !isBotFile(spec) {
			continue
		}
		l := games.SeatLog{Seat: seat, Rounds: []games.LogRound{}}
		switch a := agents[seat].(type) {
		case *sandbox.Bot:
			l.Rounds = append(l.Rounds, games.LogByRound(a.LogByExchange(), rounds)...)
		case *loggedBot:
			l.Rounds = append(l.Rounds, games.LogByRound(a.Bot.LogByExchange(), rounds)...)
		case games.FailedAgent:
			if log := sandbox.StartLog(a.Err); len(log) > 0 {
				l.Rounds = append(l.Rounds, games.LogRound{Round: -1, Text: string(log)})
			}
		}
		out = append(out, l)
	}
	return out
}

// saveReplay writes r as gzip-compressed JSON, or plain JSON unless the
// name ends in .gz.
func saveReplay(name string, r *games.Replay) (err error) {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	if strings.HasSuffix(name, ".gz") {
		return r.WriteGzip(f)
	}
	data, err := r.JSON()
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return err
}

// playMany plays o.matches seeds on GOMAXPROCS workers and prints, per
// player, its wins (a shared first place counts for each) and the mean and
// standard deviation of its scores.
func playMany(ctx context.Context, o playOptions, stdout, stderr io.Writer) error {
	seeds := make(chan uint64)
	results := make(chan games.End)
	errs := make(chan error, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for seed := range seeds {
				r, err := o.match(ctx, seed)
				if err != nil {
					select {
					case errs <- fmt.Errorf("seed %d: %w", seed, err):
					default:
					}
					cancel()
					return
				}
				results <- r.End
			}
		})
	}
	go func() {
		defer close(seeds)
		for i := range o.matches {
			select {
			case seeds <- o.seed + uint64(i):
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	np := len(o.bots)
	st := make([]stats, np)
	done := 0
	for end := range results {
		for p := range np {
			st[p].add(end.Scores[p])
		}
		for _, p := range end.Winners {
			st[p].wins++
		}
		done++
		progress(stderr, done, o.matches)
	}
	fmt.Fprintln(stderr)
	select {
	case err := <-errs:
		return err
	default:
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for p, s := range st {
		fmt.Fprintf(stdout, "player %d %s wins %d mean %.1f sd %.1f\n", p, botName(o.bots[p]), s.wins, s.mean(), s.sd())
	}
	return nil
}

// stats accumulates scores (Welford's method, stable for any count).
type stats struct {
	wins, n int
	m, s2   float64
}

func (s *stats) add(x int) {
	s.n++
	d := float64(x) - s.m
	s.m += d / float64(s.n)
	s.s2 += d * (float64(x) - s.m)
}

func (s *stats) mean() float64 { return s.m }

// sd is the sample standard deviation (0 for fewer than 2 scores).
func (s *stats) sd() float64 {
	if s.n < 2 {
		return 0
	}
	return math.Sqrt(s.s2 / float64(s.n-1))
}

func progress(w io.Writer, done, total int) {
	const width = 40
	k := done * width / total
	fmt.Fprintf(w, "\r[%s%s] %d/%d", strings.Repeat("=", k), strings.Repeat(" ", width-k), done, total)
}
