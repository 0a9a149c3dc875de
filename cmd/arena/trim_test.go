package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arena.dev/store/pgtest"
)

// A worker keeps its compiled bots within ARENA_CACHE_MAX from the start:
// here the limit is 0, so everything not used within the last hour goes.
func TestWorkerTrimsItsCaches(t *testing.T) {
	dir := t.TempDir()
	old, recent := filepath.Join(dir, "artifacts", "old.wasm"), filepath.Join(dir, "wazero", "v", "recent")
	for _, p := range []string{old, recent} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, make([]byte, 1000), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(old, long, long); err != nil {
		t.Fatal(err)
	}
	env := []string{"DATABASE_URL=" + pgtest.FreshURL(t), "ARENA_DATA_DIR=" + dir, "ARENA_CACHE_MAX=0"}
	w := start(t, env, "worker", "--queues", "default")
	for deadline := time.Now().Add(time.Minute); !strings.Contains(w.stderr.String(), "trimmed the bot caches"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the worker did not trim its caches within a minute:\n%s", w.stderr)
		}
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("the artifact unused for two days is still there (%v)", err)
	}
	if _, err := os.Stat(recent); err != nil {
		t.Errorf("the module used just now was trimmed: %v", err)
	}
	if !strings.Contains(w.stderr.String(), fmt.Sprintf(`"bytes":%d`, 1000)) {
		t.Errorf("the log does not say 1000 bytes were freed:\n%s", w.stderr)
	}
}
