// Command replaysize says what the debugging fields (issue 37) cost a
// replay: for each replay file, its gzip size as written, its gzip size
// without the rounds' "ignored" and the local "logs", and how many ignored
// commands it holds. The same match with and without the fields, so CPU
// timing, which differs from run to run, does not blur the figure.
//
//	go run ./tools/replaysize match.json.gz ...
//
// testdata/sloppy.go is an Ork Island bot most of whose commands are
// ignored, for the cost when there are many (docs/replay.md):
//
//	arena play orkisland tools/replaysize/testdata/sloppy.go Dummy Demo Demo -s 1 --log=false -o sloppy.json.gz
package main

import (
	"fmt"
	"os"

	"arena.dev/games"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: replaysize REPLAY...")
		os.Exit(2)
	}
	for _, path := range os.Args[1:] {
		if err := show(path); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", path, err)
			os.Exit(1)
		}
	}
}

func show(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r, err := games.ReadReplay(f)
	if err != nil {
		return err
	}
	with, err := r.Gzip()
	if err != nil {
		return err
	}
	ignored := 0
	for i := range r.Rounds {
		ignored += len(r.Rounds[i].Ignored)
		r.Rounds[i].Ignored = nil
	}
	r.Logs = nil
	without, err := r.Gzip()
	if err != nil {
		return err
	}
	fmt.Printf("%-40s %8d B gzip, %8d B without the new fields (+%.2f%%), %d ignored commands in %d rounds\n",
		path, len(with), len(without), 100*float64(len(with)-len(without))/float64(len(without)), ignored, len(r.Rounds))
	return nil
}
