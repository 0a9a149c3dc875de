package judge

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/games"
	"arena.dev/lang"
	"arena.dev/store"
	"arena.dev/store/pgtest"
)

// BenchmarkRebuild measures what an upgrade that changes a game's SDK
// costs per stored version: one rebuild (rebuild.go: the build in the
// sandbox, wazero's compilation of the new module, the artifact and key
// stored): a 900-line Go bot and the 75-line C++ Demo of Poquémon, and a
// 500-line C++ bot of Ork Island (sandbox's BenchmarkCompileCpp's). Each op is a
// version of its own (a distinct source: nothing of the module is
// cached) in new artifact and wazero caches. warm: the Go build cache
// and the C++ precompiled headers already hold the new SDK (every
// rebuild but a worker's first of the game); cold-pch: C++ without
// the precompiled headers (a worker's first C++ rebuild of the game).
//
//	go test ./judge -run '^$' -bench Rebuild -benchtime 5x
func BenchmarkRebuild(b *testing.B) {
	ctx := context.Background()
	pool := pgtest.Pool(b)
	for _, game := range []string{"poquemon", "orkisland"} {
		if err := store.EnsureGame(ctx, pool, game, game); err != nil {
			b.Fatal(err)
		}
	}
	u := &domain.User{Name: fmt.Sprintf("rebuild%d", time.Now().UnixNano()), PasswordHash: "x"}
	u.Email = u.Name + "@example.org"
	if err := store.CreateUser(ctx, pool, u); err != nil {
		b.Fatal(err)
	}
	// The tests' caches: a warm Go build cache and precompiled headers.
	shared := filepath.Join(os.TempDir(), "arena-judge-test")
	read := func(path string) []byte {
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		return src
	}
	const goTag, cppTag = "\nfunc init() { println(%d) }\n", "\nstatic int tag = std::printf(\"%%s\", \"\") + %d;\n"
	for _, c := range []struct {
		name  string
		game  string
		l     lang.Language
		src   []byte
		tag   string   // makes each op's source distinct, %d its number
		share []string // the caches that are warm
	}{
		{"go-900-lines/warm", "poquemon", lang.Go, read("../games/poquemon/testdata/strong.go"), goTag, []string{"gocache"}},
		{"cpp-75-lines/warm", "poquemon", lang.Cpp, read("../games/poquemon/cpp/AIDemo.cc"), cppTag, []string{"cpp-pch"}},
		{"cpp-75-lines/cold-pch", "poquemon", lang.Cpp, read("../games/poquemon/cpp/AIDemo.cc"), cppTag, nil},
		{"cpp-500-lines/warm", "orkisland", lang.Cpp, read("../sandbox/testdata/cppbench/AIBench.cc"), cppTag, []string{"cpp-pch"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			key, err := sdkKey(c.l, c.game)
			if err != nil {
				b.Fatal(err)
			}
			info := mustGame(b, c.game).Info()
			bot, err := store.BotByName(ctx, pool, u.ID, c.game, "rebuilt")
			if err != nil {
				b.Fatal(err)
			}
			run := time.Now().UnixNano()
			var cpu time.Duration
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				dir := b.TempDir()
				for _, s := range c.share {
					if err := os.MkdirAll(filepath.Join(shared, s), 0o755); err != nil {
						b.Fatal(err)
					}
					if err := os.Symlink(filepath.Join(shared, s), filepath.Join(dir, s)); err != nil {
						b.Fatal(err)
					}
				}
				j := &judge{pool: pool, cfg: Config{Sandbox: Sandbox{Dir: dir}}, logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
				j.rebuilt.slots = make(chan struct{}, 1)
				src := fmt.Appendf(append([]byte(nil), c.src...), c.tag, run+int64(i))
				v, err := store.CreateVersion(ctx, pool, bot.ID, c.l.ID, string(src))
				if err != nil {
					b.Fatal(err)
				}
				cpu0 := cpuUsed()
				b.StartTimer()
				if _, err := j.build(ctx, info, c.l, v.ID, key, ""); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				cpu += cpuUsed() - cpu0
				b.StartTimer()
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/rebuild")
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/rebuild")
		})
	}
}

func mustGame(b *testing.B, id string) games.Game {
	g, err := games.Get(id)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// cpuUsed is the CPU time of this process and its waited-for children
// (the builds).
func cpuUsed() time.Duration {
	var self, children syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children)
	d := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return d(self.Utime) + d(self.Stime) + d(children.Utime) + d(children.Stime)
}
