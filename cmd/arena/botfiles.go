package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"arena.dev/games"
	"arena.dev/sandbox"
)

// localBots compiles the .go and loads the .wasm bots of one `arena play`
// run, each file once however many matches it plays, and starts them in
// the sandbox exactly as a worker does.
type localBots struct {
	dir  string // caches: Go build cache, artifacts, wazero
	mu   sync.Mutex
	arts map[string]sandbox.Artifact
	pool sandbox.Pool // warm processes, reused across the matches of -n
}

func newLocalBots() *localBots {
	dir := os.Getenv("ARENA_DATA_DIR")
	if dir == "" {
		if d, err := os.UserCacheDir(); err == nil {
			dir = filepath.Join(d, "arena")
		} else {
			dir = filepath.Join(os.TempDir(), "arena")
		}
	}
	return &localBots{dir: dir, arts: map[string]sandbox.Artifact{}}
}

func isBotFile(spec string) bool {
	return strings.HasSuffix(spec, ".go") || strings.HasSuffix(spec, ".wasm")
}

// artifact compiles or loads a bot file once.
func (l *localBots) artifact(ctx context.Context, g games.Game, path string) (sandbox.Artifact, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if a, ok := l.arts[path]; ok {
		return a, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return sandbox.Artifact{}, err
	}
	cache := filepath.Join(l.dir, "wazero")
	var art sandbox.Artifact
	if strings.HasSuffix(path, ".wasm") {
		if art, err = sandbox.StoreArtifact(filepath.Join(l.dir, "artifacts"), data); err == nil {
			err = sandbox.Precompile(ctx, cache, data)
		}
	} else {
		sdk, serr := games.SDKFiles(g.Info().ID)
		if serr != nil {
			return sandbox.Artifact{}, serr
		}
		art, _, err = sandbox.Compile(ctx, data, sdk, sandbox.CompileOptions{
			GoCache:     filepath.Join(l.dir, "gocache"),
			ArtifactDir: filepath.Join(l.dir, "artifacts"),
			CacheDir:    cache,
		})
		var ce *sandbox.CompileError
		if errors.As(err, &ce) {
			return sandbox.Artifact{}, fmt.Errorf("%s does not compile:\n%s", path, strings.ReplaceAll(ce.Log, "bot.go:", filepath.Base(path)+":"))
		}
	}
	if err != nil {
		return sandbox.Artifact{}, fmt.Errorf("%s: %w", path, err)
	}
	l.arts[path] = art
	return art, nil
}

// start launches a sandboxed bot; its random source is seeded per match and seat.
func (l *localBots) start(ctx context.Context, g games.Game, path string, seed uint64) (games.Agent, error) {
	art, err := l.artifact(ctx, g, path)
	if err != nil {
		return nil, err
	}
	bot, err := l.pool.Start(ctx, art, sandbox.RunOptions{CacheDir: filepath.Join(l.dir, "wazero"), Seed: seed})
	if err != nil {
		// A bot that cannot even start is frozen at setup, as on the server.
		return startFailed{fmt.Errorf("%s did not start: %w", filepath.Base(path), err)}, nil
	}
	return bot, nil
}

type startFailed struct{ err error }

func (s startFailed) Exchange([]byte, time.Duration) ([]byte, time.Duration, error) {
	return nil, 0, s.err
}
func (s startFailed) Close() error { return nil }
