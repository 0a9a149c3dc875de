// Loadgen measures Arena's public pages at scale: `seed` fills a database
// with generated users, bots, ratings and a million finished matches
// through COPY, and `run` sends a mix of page requests from concurrent
// clients to a running server and reports latency percentiles per route.
//
//	go run ./tools/loadgen seed                      # DATABASE_URL, 10,000 bots, 1,000,000 matches
//	go run ./tools/loadgen run -url http://localhost:8080 -c 50 -d 30s
//
// See "Load benchmark" in the README for the whole procedure.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
)

const defaultDatabaseURL = "postgres://postgres@127.0.0.1:5432/arena?sslmode=disable"

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var err error
	switch os.Args[1] {
	case "seed":
		err = seed(ctx, os.Args[2:])
	case "run":
		err = run(ctx, os.Args[2:])
	case "help", "-h", "--help":
		usage()
		return
	default:
		usage()
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprint(os.Stderr, `usage:
  loadgen seed [-users N] [-bots N] [-matches N] [-history N] [-force]
      fill DATABASE_URL (migrated first) with generated data through COPY
  loadgen run [-url URL] [-c CLIENTS] [-d DURATION] [-max N]
      N concurrent clients GET a mix of public pages of a server on this machine
      (the ids come from DATABASE_URL); exits 1 on any 5xx
`)
}

func databaseURL() string {
	if u := os.Getenv("DATABASE_URL"); u != "" {
		return u
	}
	return defaultDatabaseURL
}
