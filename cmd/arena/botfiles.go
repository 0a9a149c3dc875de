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
	"time"

	"arena.dev/config"

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
		art, err = l.compile(ctx, lg, g.Info().ID, path, data)
		if lg.Native != nil && noWasmToolchain(err) {
			bin, err := l.buildNative(ctx, lg, g, path, data, err)
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

// compile builds a source file, or finds its build in the machine's cache
// of builds: a file under builds/ named by the build's key (lang's
// MachineBuildKey: source, SDK, recipe, the compiler installed here) holds
// the hash of its artifact, kept with the server's in the artifacts cache.
// A build says so in one line, a cached one says nothing; after a build
// the caches are trimmed to ARENA_CACHE_MAX.
func (l *localBots) compile(ctx context.Context, lg lang.Language, gameID, path string, src []byte) (sandbox.Artifact, error) {
	key, kerr := lg.MachineBuildKey(ctx, gameID, src, l.opts)
	index := filepath.Join(l.caches.Root(), "builds", key)
	if kerr == nil {
		if art, ok := cachedBuild(l.caches, index); ok {
			return art, nil
		}
	}
	start := time.Now()
	art, _, err := lang.Compile(ctx, lg, gameID, src, l.opts)
	if err != nil || kerr != nil {
		return art, err
	}
	fmt.Fprintf(l.notes, "%s: compiled in %.1f s; kept in %s until it or the toolchain changes\n",
		filepath.Base(path), time.Since(start).Seconds(), filepath.Dir(index))
	if err := os.MkdirAll(filepath.Dir(index), 0o755); err == nil {
		writeFileAtomic(index, []byte(art.Hash+"\n"))
	}
	if max, err := config.CacheMax(); err == nil {
		trimBuilds(l.caches, max)
	}
	return art, nil
}

// cachedBuild returns the artifact a build's index file names, if both
// are there, and marks both used (for Trim).
func cachedBuild(c sandbox.Caches, index string) (sandbox.Artifact, bool) {
	art, ok := indexedArtifact(c, index)
	if ok {
		if info, err := os.Stat(art.Path); err == nil {
			sandbox.MarkUsed(art.Path, info)
		}
		if info, err := os.Stat(index); err == nil {
			sandbox.MarkUsed(index, info)
		}
	}
	return art, ok
}

// indexedArtifact returns the artifact a build's index file names, if both
// are there.
func indexedArtifact(c sandbox.Caches, index string) (sandbox.Artifact, bool) {
	b, err := os.ReadFile(index)
	if err != nil {
		return sandbox.Artifact{}, false
	}
	hash := strings.TrimSpace(string(b))
	if len(hash) != 64 || strings.ContainsAny(hash, "./\\") {
		return sandbox.Artifact{}, false
	}
	art := sandbox.Artifact{Hash: hash, Path: filepath.Join(c.ArtifactDir(), hash+".wasm")}
	info, err := os.Stat(art.Path)
	if err != nil || !info.Mode().IsRegular() {
		return sandbox.Artifact{}, false
	}
	art.Size = info.Size()
	return art, true
}

// writeFileAtomic writes a small file whole or not at all: a concurrent
// `arena play` reads the old one or the new one.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// trimBuilds keeps the compiled bots within max bytes (Caches.Trim: the
// least recently used go first) and drops the index files whose artifact
// is gone.
func trimBuilds(c sandbox.Caches, max int64) {
	if _, _, err := c.Trim(max); err != nil {
		return
	}
	dir := filepath.Join(c.Root(), "builds")
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if _, ok := indexedArtifact(c, filepath.Join(dir, e.Name())); !ok {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// buildNative builds a bot with the machine's compiler (lg.Native),
// saying why.
func (l *localBots) buildNative(ctx context.Context, lg lang.Language, g games.Game, path string, src []byte, why error) (string, error) {
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
	cxx, log, err := lg.Native(ctx, g.Info().ID, src, dir)
	if err != nil {
		if log != "" {
			return "", fmt.Errorf("%s does not compile (natively, with %s):\n%s", path, cxx,
				strings.ReplaceAll(log, lg.File+":", filepath.Base(path)+":"))
		}
		return "", fmt.Errorf("%s: no WebAssembly toolchain (%v), and no native build: %w", path, why, err)
	}
	fmt.Fprintf(l.notes, "%s: built natively with %s, not to WebAssembly as on the server (%v); "+
		"it runs faster here and without the sandbox\n", filepath.Base(path), cxx, why)
	return filepath.Join(dir, lang.NativeExe), nil
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
