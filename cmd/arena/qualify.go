package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"arena.dev/games"
)

// playQualification plays o.bots[0]'s qualification as the server does
// (games.QualificationSeed and friends): o.matches matches against the
// game's qualifier, each on its seed and seat and on boards in turn (none:
// generated), with o.settings less what each board fixes. It prints each
// match and the verdict, and returns exitError{1} when the bot would be
// refused.
func playQualification(ctx context.Context, o playOptions, files []string, boards []games.Board, stdout, stderr io.Writer) error {
	info := o.game.Info()
	bot := o.bots[0]
	type result struct {
		seats []string
		board string
		set   games.Settings
		end   games.End
		err   error
	}
	results := make([]result, o.matches)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, min(o.matches, runtime.GOMAXPROCS(0))))
	var mu sync.Mutex
	done := 0
	for i := range results {
		r := &results[i]
		r.seats = make([]string, info.Players)
		for s := range r.seats {
			r.seats[s] = info.Qualifier
		}
		r.seats[games.QualificationSeat(i, info.Players)] = bot
		m := o
		m.bots, m.settings = r.seats, o.settings
		if k := games.QualificationBoard(i, len(boards), false); k >= 0 {
			m.board, r.board = boards[k], files[k]
			m.settings = games.OnBoard(o.settings, boards[k].Settings())
		}
		r.set = m.settings
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			replay, err := m.match(ctx, games.QualificationSeed(i))
			if err != nil {
				r.err = fmt.Errorf("match %d (seed %d): %w", i+1, games.QualificationSeed(i), err)
				cancel()
				return
			}
			r.end = replay.End
			mu.Lock()
			done++
			progress(stderr, done, o.matches)
			mu.Unlock()
		})
	}
	wg.Wait()
	fmt.Fprintln(stderr)
	for _, r := range results {
		if r.err != nil {
			return r.err
		}
	}
	firsts := 0
	for i, r := range results {
		seat := games.QualificationSeat(i, info.Players)
		place, tied := games.Place(r.end.Scores, seat)
		board := r.board
		if board == "" {
			board = tr("cli.qualify.generated")
		}
		var others []string
		for s, v := range r.end.Scores {
			if s != seat {
				others = append(others, fmt.Sprintf("%s %d", r.seats[s], v))
			}
		}
		verdict := placeWords(place, tied)
		if place == 1 && !tied {
			firsts++
		}
		fmt.Fprintln(stdout, tr("cli.qualify.match", map[string]any{"Match": i + 1, "Seed": games.QualificationSeed(i), "Seat": seat,
			"Board": board, "Place": verdict, "Score": fmt.Sprint(r.end.Scores[seat]) + frozenNote(r.end, seat), "Others": strings.Join(others, ", ")}))
		if place != 1 || tied {
			fmt.Fprintln(stdout, "  "+tr("cli.qualify.play_it", map[string]any{"Command": games.PlayCommand(info.ID, r.seats, games.QualificationSeed(i), r.board, r.set)}))
		}
	}
	needs := games.QualificationFirsts(o.matches)
	if firsts >= needs {
		fmt.Fprintln(stdout, trn("cli.qualify.qualifies", o.matches, map[string]any{"Firsts": firsts, "Needs": needs}))
		return nil
	}
	fmt.Fprintln(stdout, trn("cli.qualify.refused", o.matches, map[string]any{"Firsts": firsts, "Needs": needs}))
	return exitError{1}
}
