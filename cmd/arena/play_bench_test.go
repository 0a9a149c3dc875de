package main

import (
	"os"
	"path/filepath"
	"testing"

	"arena.dev/games"
)

// BenchmarkMatch plays a full 200-round Ork Island match with four Demo
// bots, native and sandboxed (the Demo compiled to WebAssembly from its
// SDK-only source, each bot in its own child process), cold (new processes)
// and warm (processes reused from the pool, as workers do). Target: the
// sandboxed match within 2× the native one plus the start of four bots.
func BenchmarkMatch(b *testing.B) {
	g, err := games.Get("orkisland")
	if err != nil {
		b.Fatal(err)
	}
	src, err := games.BotProgram("orkisland", "Demo")
	if err != nil {
		b.Fatal(err)
	}
	demo := filepath.Join(b.TempDir(), "demo.go")
	if err := os.WriteFile(demo, src, 0o644); err != nil {
		b.Fatal(err)
	}
	b.Setenv("ARENA_DATA_DIR", filepath.Join(os.TempDir(), "arena-judge-test"))

	run := func(b *testing.B, o playOptions) {
		for i := 0; b.Loop(); i++ {
			r, err := o.match(b.Context(), uint64(i+1))
			if err != nil {
				b.Fatal(err)
			}
			if len(r.End.Frozen) > 0 {
				b.Fatalf("a Demo was frozen: %+v", r.End.Frozen)
			}
		}
	}
	b.Run("native", func(b *testing.B) {
		run(b, playOptions{game: g, bots: []string{"Demo", "Demo", "Demo", "Demo"}})
	})
	b.Run("sandboxed-cold", func(b *testing.B) {
		files := newLocalBots()
		files.pool.Close() // a closed pool keeps nothing: every match starts four processes
		if _, err := files.artifact(b.Context(), g, demo); err != nil {
			b.Fatal(err)
		}
		run(b, playOptions{game: g, bots: []string{demo, demo, demo, demo}, files: files})
	})
	b.Run("sandboxed-warm", func(b *testing.B) {
		files := newLocalBots()
		defer files.pool.Close()
		if _, err := files.artifact(b.Context(), g, demo); err != nil {
			b.Fatal(err)
		}
		run(b, playOptions{game: g, bots: []string{demo, demo, demo, demo}, files: files})
	})
}
