package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"arena.dev/games"
	"arena.dev/lang"
	"arena.dev/sandbox"
)

// localBots compiles the source files (.go, .cc, .cpp) and loads the .wasm
// bots of one `arena play` run, each file once however many matches it
// plays, and starts them in the sandbox exactly as a worker does. A C++
// file on a machine without the WebAssembly toolchain is built natively
// instead, and says so.
type localBots struct {
	caches sandbox.Caches
	opts   sandbox.CompileOptions // the server's, in caches
	notes  io.Writer              // where to say that a C++ bot is built natively
	mu     sync.Mutex
	arts   map[string]sandbox.Artifact
	native map[string]string // natively built C++ bots: path → binary
	pool   sandbox.Pool      // warm processes, reused across the matches of -n
	tmp    string            // the native binaries' directory, removed by close
}

func newLocalBots(notes io.Writer) *localBots {
	caches := sandbox.Caches{Dir: os.Getenv("ARENA_DATA_DIR")}
	return &localBots{caches: caches, opts: caches.CompileOptions(), notes: notes,
		arts: map[string]sandbox.Artifact{}, native: map[string]string{}}
}

// close stops the warm processes and removes the native binaries.
func (l *localBots) close() {
	l.pool.Close()
	if l.tmp != "" {
		os.RemoveAll(l.tmp)
	}
}

// isBotFile says whether a BOT argument is a file: a source in one of the
// languages, or a .wasm.
func isBotFile(spec string) bool {
	_, ok := lang.ByFile(spec)
	return ok || strings.HasSuffix(spec, ".wasm")
}

// build compiles or loads a bot file once: its artifact, or the binary of
// a native build.
func (l *localBots) build(ctx context.Context, g games.Game, path string) (sandbox.Artifact, string, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if a, ok := l.arts[path]; ok {
		return a, "", nil
	}
	if bin, ok := l.native[path]; ok {
		return sandbox.Artifact{}, bin, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return sandbox.Artifact{}, "", err
	}
	var art sandbox.Artifact
	if strings.HasSuffix(path, ".wasm") {
		if art, err = sandbox.StoreArtifact(l.caches.ArtifactDir(), data); err == nil {
			err = sandbox.Precompile(ctx, l.caches.WasmCache(), data)
		}
	} else {
		lg, _ := lang.ByFile(path)
		art, _, err = lang.Compile(ctx, lg, g.Info().ID, data, l.opts)
		if lg.ID == lang.Cpp.ID && noWasmToolchain(err) {
			bin, err := l.buildNative(ctx, g, path, data, err)
			if err != nil {
				return sandbox.Artifact{}, "", err
			}
			l.native[path] = bin
			return sandbox.Artifact{}, bin, nil
		}
		var ce *sandbox.CompileError
		if errors.As(err, &ce) {
			return sandbox.Artifact{}, "", fmt.Errorf("%s does not compile:\n%s", path,
				strings.ReplaceAll(ce.Log, lg.File+":", filepath.Base(path)+":"))
		}
	}
	if err != nil {
		return sandbox.Artifact{}, "", fmt.Errorf("%s: %w", path, err)
	}
	l.arts[path] = art
	return art, "", nil
}

// buildNative builds a C++ bot with the machine's compiler, saying why.
func (l *localBots) buildNative(ctx context.Context, g games.Game, path string, src []byte, why error) (string, error) {
	if l.tmp == "" {
		dir, err := os.MkdirTemp("", "arena-native-")
		if err != nil {
			return "", err
		}
		l.tmp = dir
	}
	dir, err := os.MkdirTemp(l.tmp, "bot-")
	if err != nil {
		return "", err
	}
	cxx, log, err := buildNativeCpp(ctx, g.Info().ID, src, dir)
	if err != nil {
		if log != "" {
			return "", fmt.Errorf("%s does not compile (natively, with %s):\n%s", path, cxx,
				strings.ReplaceAll(log, lang.Cpp.File+":", filepath.Base(path)+":"))
		}
		return "", fmt.Errorf("%s: no WebAssembly toolchain (%v), and no native build: %w", path, why, err)
	}
	fmt.Fprintf(l.notes, "%s: built natively with %s, not to WebAssembly as on the server (%v); "+
		"it runs faster here and without the sandbox\n", filepath.Base(path), cxx, why)
	return filepath.Join(dir, nativeExe), nil
}

// start launches a bot file: sandboxed, or natively when built so; its
// random source is seeded per match and seat, and its debug output (its
// stderr) goes to log, if not nil, as it comes.
func (l *localBots) start(ctx context.Context, g games.Game, path string, seed uint64, log *seatLog) (games.Agent, error) {
	art, bin, err := l.build(ctx, g, path)
	if err != nil {
		return nil, err
	}
	var a games.Agent
	if bin != "" {
		a, err = startNative(ctx, bin, log)
	} else {
		var b *sandbox.Bot
		if b, err = l.pool.Start(ctx, art, l.caches.RunOptions(seed)); err == nil {
			a = logged(b, log)
		}
	}
	if err != nil {
		// A bot that cannot even start is frozen at setup, as on the server.
		return games.FailedAgent{Err: err}, nil
	}
	return a, nil
}
