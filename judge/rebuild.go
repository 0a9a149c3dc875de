package judge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/sync/singleflight"

	"arena.dev/games"
	"arena.dev/lang"
	"arena.dev/metrics"
	"arena.dev/sandbox"
	"arena.dev/store"
)

// A version is compiled once and its artifact replayed in every later
// match; a release that changes a game's SDK (its protocol) would leave
// every stored artifact speaking the old one. So each version records the
// SDK it was built against (lang's SDKKey), and a worker about to play a
// version built against another SDK than its own (or before keys were
// recorded) builds it again from its source first. The same build brings
// back an artifact that retention dropped (restore).

// sdkKeys caches the SDK keys by language and game: the SDKs are in the
// binary, so a key never changes while it runs.
var sdkKeys sync.Map // "go/poquemon" → key

// sdkKey is the key of the SDK this binary builds bots of a game in l
// against.
func sdkKey(l lang.Language, gameID string) (string, error) {
	name := l.ID + "/" + gameID
	if k, ok := sdkKeys.Load(name); ok {
		return k.(string), nil
	}
	sdk, err := l.SDK(gameID)
	if err != nil {
		return "", err
	}
	k, err := l.SDKKey(sdk)
	if err != nil {
		return "", err
	}
	sdkKeys.Store(name, k)
	return k, nil
}

// staleBuild is a version whose source no longer builds against this
// server's SDK of its game: its seats are frozen at setup with this error,
// and the version stays as it was.
type staleBuild struct {
	game string // the game's title
	log  string // the compiler's
	at   time.Time
}

func (e *staleBuild) Error() string {
	return fmt.Sprintf("no longer builds against this server's SDK for %s: %s", e.game, firstLines(e.log, 3))
}

// retryStale is how long a worker remembers that a version does not build
// before trying again: its source never changes, but a build that timed
// out on a loaded machine may pass next time.
const retryStale = time.Hour

// rebuilds are the builds in flight and the versions found not to build,
// per worker process.
type rebuilds struct {
	flight singleflight.Group
	// slots bounds the builds at once as the compile queue does (a build
	// is memory-hungry): after an upgrade, every match may start with one.
	slots chan struct{}
	mu    sync.Mutex
	stale map[string]*staleBuild // by version id and SDK key
}

// currentBuild returns the artifact a version's seat plays: its stored one
// when it was built against this worker's SDK, else a new build (rebuild).
func (j *judge) currentBuild(ctx context.Context, info games.Info, s store.SeatResult) (string, error) {
	l, err := lang.Get(string(s.Language))
	if err != nil {
		return "", badMatch{fmt.Errorf("version %d: %w", *s.VersionID, err)}
	}
	if !info.Offers(l.ID) { // the game no longer takes the language
		return "", &staleBuild{game: info.Title, log: lang.NotOffered(info, l) + ".", at: time.Now()}
	}
	key, err := sdkKey(l, info.ID)
	if err != nil {
		return "", err
	}
	if s.SDKKey != nil && *s.SDKKey == key {
		return *s.ArtifactSHA256, nil
	}
	return j.rebuild(ctx, info, l, *s.VersionID, key)
}

// restore builds a version again from its source when its artifact is in
// no cache and not in the database: retention dropped it (retention.go).
// It is the rebuild of a stale version, against this worker's SDK.
func (j *judge) restore(ctx context.Context, info games.Info, s store.SeatResult) (string, error) {
	l, err := lang.Get(string(s.Language))
	if err != nil {
		return "", badMatch{fmt.Errorf("version %d: %w", *s.VersionID, err)}
	}
	key, err := sdkKey(l, info.ID)
	if err != nil {
		return "", err
	}
	return j.rebuild(ctx, info, l, *s.VersionID, key)
}

// rebuild builds a version again from its source against this worker's
// SDK of its game (of key key), stores the artifact and the key in a
// transaction of its own, and returns the artifact. Concurrent matches of
// the version in this worker wait for the one build, which outlives a
// match that gives up (the next attempt finds it done). Two workers may
// each build it: that costs a build and nothing else, as both store the
// same source's build against the same SDK (the last write wins, and an
// artifact's blob is keyed by its hash).
func (j *judge) rebuild(ctx context.Context, info games.Info, l lang.Language, id int64, key string) (string, error) {
	staleKey := strconv.FormatInt(id, 10) + "/" + key
	j.rebuilt.mu.Lock()
	stale := j.rebuilt.stale[staleKey]
	j.rebuilt.mu.Unlock()
	if stale != nil && time.Since(stale.at) < retryStale {
		return "", stale
	}
	done := j.rebuilt.flight.DoChan(strconv.FormatInt(id, 10), func() (any, error) {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Minute)
		defer cancel()
		return j.build(ctx, info, l, id, key, staleKey)
	})
	select {
	case r := <-done:
		if r.Err != nil {
			return "", r.Err
		}
		return r.Val.(string), nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// build is one rebuild (see rebuild).
func (j *judge) build(ctx context.Context, info games.Info, l lang.Language, id int64, key, staleKey string) (string, error) {
	v, err := store.VersionByID(ctx, j.pool, id)
	if err != nil {
		return "", err
	}
	if v.SDKKey != nil && *v.SDKKey == key && v.ArtifactSHA256 != nil {
		// Another worker was first, unless the artifact was dropped.
		if ok, err := store.BlobExists(ctx, j.pool, wasmKey(*v.ArtifactSHA256)); err != nil || ok {
			return *v.ArtifactSHA256, err
		}
	}
	select {
	case j.rebuilt.slots <- struct{}{}:
		defer func() { <-j.rebuilt.slots }()
	case <-ctx.Done():
		return "", ctx.Err()
	}
	start := time.Now()
	art, _, err := lang.Compile(ctx, l, info.ID, []byte(v.Source), j.cfg.Sandbox.caches().CompileOptions())
	var ce *sandbox.CompileError
	if errors.As(err, &ce) {
		stale := &staleBuild{game: info.Title, log: ce.Log, at: time.Now()}
		j.rebuilt.mu.Lock()
		if j.rebuilt.stale == nil {
			j.rebuilt.stale = map[string]*staleBuild{}
		}
		j.rebuilt.stale[staleKey] = stale
		j.rebuilt.mu.Unlock()
		metrics.Rebuilds.WithLabelValues(info.ID, l.ID, "failed").Inc()
		j.logger.Warn("a version no longer builds against this server's SDK: its seats are frozen at setup",
			"version", id, "game", info.ID, "language", l.ID, "log", firstLines(ce.Log, 3))
		return "", stale
	}
	if err != nil {
		return "", fmt.Errorf("rebuilding version %d: %w", id, err) // the host's fault: the match is retried
	}
	wasm, err := os.ReadFile(art.Path)
	if err != nil {
		return "", err
	}
	err = pgx.BeginFunc(ctx, j.pool, func(tx pgx.Tx) error {
		if err := (store.PGBlobs{DB: tx}).Put(ctx, wasmKey(art.Hash), wasm); err != nil {
			return err
		}
		return store.SetRebuilt(ctx, tx, id, art.Hash, key)
	})
	if err != nil {
		return "", err
	}
	metrics.Rebuilds.WithLabelValues(info.ID, l.ID, "rebuilt").Inc()
	j.logger.Info("rebuilt a version from its source", "version", id, "game", info.ID, "language", l.ID,
		"seconds", time.Since(start).Seconds(), "artifact", art.Hash)
	return art.Hash, nil
}

// firstLines is the first n non-blank lines of a log, on one line.
func firstLines(log string, n int) string {
	var lines []string
	for line := range strings.Lines(log) {
		if line = strings.TrimSpace(line); line != "" && len(lines) < n {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, " / ")
}
