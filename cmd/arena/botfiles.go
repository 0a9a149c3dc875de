package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"arena.dev/games"
	"arena.dev/sandbox"
)

// localBots compiles the .go and loads the .wasm bots of one `arena play`
// run, each file once however many matches it plays, and starts them in
// the sandbox exactly as a worker does.
type localBots struct {
	caches sandbox.Caches
	mu     sync.Mutex
	arts   map[string]sandbox.Artifact
	pool   sandbox.Pool // warm processes, reused across the matches of -n
}

func newLocalBots() *localBots {
	return &localBots{caches: sandbox.Caches{Dir: os.Getenv("ARENA_DATA_DIR")}, arts: map[string]sandbox.Artifact{}}
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
	cache := l.caches.WasmCache()
	var art sandbox.Artifact
	if strings.HasSuffix(path, ".wasm") {
		if art, err = sandbox.StoreArtifact(l.caches.ArtifactDir(), data); err == nil {
			err = sandbox.Precompile(ctx, cache, data)
		}
	} else {
		sdk, serr := games.SDKFiles(g.Info().ID)
		if serr != nil {
			return sandbox.Artifact{}, serr
		}
		art, _, err = sandbox.Compile(ctx, data, sdk, l.caches.CompileOptions())
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
	bot, err := l.pool.Start(ctx, art, l.caches.RunOptions(seed))
	if err != nil {
		// A bot that cannot even start is frozen at setup, as on the server.
		return games.FailedAgent{Err: fmt.Errorf("%s did not start: %w", filepath.Base(path), err)}, nil
	}
	return bot, nil
}
