package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"arena.dev/store/bench"
)

// route is one kind of request of the mix and its share of it.
type route struct {
	name   string
	weight int
	path   func(r *rand.Rand) string
}

type sample struct {
	route  int
	status int
	d      time.Duration
}

// run sends the mix of requests from c clients for d (or until max
// requests) and prints latency percentiles per route. Each client sends
// its next request when the previous one is answered (a closed loop).
func run(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("run", flag.ExitOnError)
	base := fs.String("url", "http://localhost:8080", "the server (on this machine only)")
	clients := fs.Int("c", 50, "concurrent clients")
	dur := fs.Duration("d", 30*time.Second, "how long to send requests")
	maxReq := fs.Int("max", 1000000, "stop after this many requests in all")
	warm := fs.Duration("warmup", 3*time.Second, "requests sent first and not counted")
	game := fs.String("game", "orkisland", "the game whose pages are requested")
	only := fs.String("only", "", "comma-separated routes to keep from the mix: leaderboard, match, bot, game, api (default: all)")
	rate := fs.Float64("rate", 0, "requests per second from all clients together, at fixed intervals (an open loop; "+
		"latency counts from when a request was due, so a slow server cannot hide its queue); 0: each client sends "+
		"its next request as soon as the previous one is answered (a closed loop)")
	fs.Parse(args)
	u, err := url.Parse(*base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Errorf("bad -url %q", *base)
	}
	if !loopback(u.Hostname()) {
		return fmt.Errorf("-url %s: loadgen only sends load to this machine (localhost, 127.0.0.1, ::1)", *base)
	}
	if *clients < 1 || *clients > 1000 || *dur <= 0 || *dur > 10*time.Minute {
		return errors.New("need 1 ≤ -c ≤ 1000 and 0 < -d ≤ 10m")
	}

	// Real ids, from the database the server uses.
	pool, err := pgxpool.New(ctx, databaseURL())
	if err != nil {
		return err
	}
	var matchIDs, botIDs []int64
	var ranked int
	err = func() error {
		defer pool.Close()
		var err error
		if matchIDs, err = bench.FinishedMatches(ctx, pool, *game, 20000); err != nil {
			return err
		}
		botIDs, err = bench.RankedBots(ctx, pool, *game)
		ranked = len(botIDs)
		return err
	}()
	if err != nil {
		return fmt.Errorf("reading ids from %s: %w", redact(databaseURL()), err)
	}
	if len(matchIDs) == 0 || len(botIDs) == 0 {
		return fmt.Errorf("no finished matches or ranked bots of %s in the database: run `loadgen seed` first", *game)
	}
	pages := max(1, (ranked+49)/50)
	pick := func(r *rand.Rand, ids []int64) int64 { return ids[r.IntN(len(ids))] }
	routes := []route{
		{"GET /games/{game}/leaderboard?page=K", 30, func(r *rand.Rand) string {
			return fmt.Sprintf("/games/%s/leaderboard?page=%d", *game, 1+r.IntN(pages))
		}},
		{"GET /matches/{id}", 30, func(r *rand.Rand) string { return fmt.Sprintf("/matches/%d", pick(r, matchIDs)) }},
		{"GET /bots/{id}", 20, func(r *rand.Rand) string { return fmt.Sprintf("/bots/%d", pick(r, botIDs)) }},
		{"GET /games/{game}", 10, func(r *rand.Rand) string { return "/games/" + *game }},
		{"GET /api/games/{game}/leaderboard?page=K", 10, func(r *rand.Rand) string {
			return fmt.Sprintf("/api/games/%s/leaderboard?page=%d", *game, 1+r.IntN(pages))
		}},
	}
	if *only != "" {
		short := map[string]string{"leaderboard": "GET /games/{game}/leaderboard?page=K", "match": "GET /matches/{id}",
			"bot": "GET /bots/{id}", "game": "GET /games/{game}", "api": "GET /api/games/{game}/leaderboard?page=K"}
		var kept []route
		for _, name := range strings.Split(*only, ",") {
			full, ok := short[strings.TrimSpace(name)]
			if !ok {
				return fmt.Errorf("-only: unknown route %q (leaderboard, match, bot, game, api)", name)
			}
			for _, rt := range routes {
				if rt.name == full {
					kept = append(kept, rt)
				}
			}
		}
		routes = kept
	}
	total := 0
	for _, rt := range routes {
		total += rt.weight
	}

	tr := &http.Transport{MaxIdleConns: *clients, MaxIdleConnsPerHost: *clients, IdleConnTimeout: time.Minute,
		DisableCompression: false}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	defer tr.CloseIdleConnections()

	loop := "closed loop"
	if *rate > 0 {
		loop = fmt.Sprintf("open loop at %.0f req/s", *rate)
	}
	fmt.Printf("%d clients (%s), %v (after %v of warm-up), against %s: %d ranked bots (%d leaderboard pages), %d sampled match ids\n",
		*clients, loop, *dur, *warm, u, ranked, pages, len(matchIDs))
	var sent atomic.Int64
	var mu sync.Mutex
	var samples []sample
	var firstErr error
	var errCount atomic.Int64
	errs := map[string]int{}
	began := time.Now()
	measureFrom := began.Add(*warm)
	stopAt := measureFrom.Add(*dur)
	rctx, cancel := context.WithDeadline(ctx, stopAt)
	defer cancel()
	var wg sync.WaitGroup
	for i := range *clients {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(i), 42))
			var mine []sample
			buf := make([]byte, 32<<10)
			var every time.Duration
			due := began
			if *rate > 0 {
				every = time.Duration(float64(*clients) / *rate * float64(time.Second))
				due = began.Add(time.Duration(r.Int64N(int64(every)))) // spread the clients' phases
			}
			for rctx.Err() == nil && sent.Add(1) <= int64(*maxReq) {
				if every > 0 {
					if wait := time.Until(due); wait > 0 {
						select {
						case <-time.After(wait):
						case <-rctx.Done():
						}
						if rctx.Err() != nil {
							break
						}
					}
				}
				k := r.IntN(total)
				ri := 0
				for k >= routes[ri].weight {
					k -= routes[ri].weight
					ri++
				}
				req, _ := http.NewRequestWithContext(rctx, http.MethodGet, strings.TrimSuffix(*base, "/")+routes[ri].path(r), nil)
				req.Header.Set("Accept-Encoding", "gzip")
				t0 := time.Now()
				if every > 0 {
					t0 = due // a request sent late waited in the client's queue
					due = due.Add(every)
				}
				resp, err := client.Do(req)
				if err == nil {
					_, err = io.CopyBuffer(io.Discard, resp.Body, buf)
					resp.Body.Close()
				}
				d := time.Since(t0)
				if rctx.Err() != nil {
					break // cut short at the end: not a measurement
				}
				if err != nil {
					errCount.Add(1)
					mu.Lock()
					errs[routes[ri].name+": "+err.Error()]++
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					continue
				}
				if t0.After(measureFrom) {
					mine = append(mine, sample{ri, resp.StatusCode, d})
				}
				if resp.StatusCode >= 500 {
					mu.Lock()
					errs[fmt.Sprintf("%s: HTTP %d (%s)", routes[ri].name, resp.StatusCode, req.URL.Path)]++
					mu.Unlock()
				}
			}
			mu.Lock()
			samples = append(samples, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	elapsed := min(time.Since(measureFrom), *dur)

	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "route\trequests\treq/s\tp50 ms\tp90 ms\tp99 ms\tmax ms\tnon-2xx\t")
	var all []time.Duration
	fail5xx := 0
	for ri, rt := range routes {
		var ds []time.Duration
		bad := 0
		for _, s := range samples {
			if s.route == ri {
				ds = append(ds, s.d)
				if s.status/100 != 2 {
					bad++
				}
				if s.status >= 500 {
					fail5xx++
				}
			}
		}
		all = append(all, ds...)
		line(w, rt.name, ds, elapsed, bad)
	}
	bad := 0
	for _, s := range samples {
		if s.status/100 != 2 {
			bad++
		}
	}
	line(w, "all", all, elapsed, bad)
	w.Flush()
	if len(errs) > 0 {
		keys := make([]string, 0, len(errs))
		for k := range errs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		fmt.Println("errors:")
		for _, k := range keys {
			fmt.Printf("  %6d × %s\n", errs[k], k)
		}
	}
	switch {
	case fail5xx > 0:
		return fmt.Errorf("%d responses were 5xx", fail5xx)
	case errCount.Load() > 0:
		return fmt.Errorf("%d requests failed (first: %v)", errCount.Load(), firstErr)
	case len(all) == 0:
		return errors.New("no request was measured")
	}
	return nil
}

func line(w io.Writer, name string, ds []time.Duration, elapsed time.Duration, bad int) {
	if len(ds) == 0 {
		fmt.Fprintf(w, "%s\t0\t\t\t\t\t\t\t\n", name)
		return
	}
	slices.Sort(ds)
	q := func(p float64) string {
		i := int(p*float64(len(ds))+0.999999) - 1
		return ms(ds[max(0, min(len(ds)-1, i))])
	}
	fmt.Fprintf(w, "%s\t%d\t%.0f\t%s\t%s\t%s\t%s\t%d\t\n", name, len(ds), float64(len(ds))/elapsed.Seconds(),
		q(0.50), q(0.90), q(0.99), ms(ds[len(ds)-1]), bad)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// redact hides a URL's password.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "the database"
	}
	return u.Redacted()
}
