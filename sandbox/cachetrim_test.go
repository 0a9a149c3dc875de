//go:build linux && !arena_portable

package sandbox

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestTrim(t *testing.T) {
	c := Caches{Dir: t.TempDir()}
	now := time.Now()
	// name → hours since last use; each file is 100 bytes.
	files := map[string]float64{
		"artifacts/a.wasm":                 72,
		"artifacts/b.wasm":                 2,
		"artifacts/c.wasm":                 0.1, // in use: never trimmed
		"wazero/wazero-v1-amd64-linux/k1":  48,
		"wazero/wazero-v1-amd64-linux/k2":  0.5, // in use
		"wazero/wazero-old-amd64-linux/k0": 500,
		"gocache/00/x":                     1000, // Go's own cache: not ours to trim
	}
	for name, age := range files {
		p := filepath.Join(c.Root(), name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, make([]byte, 100), 0o644); err != nil {
			t.Fatal(err)
		}
		at := now.Add(-time.Duration(age * float64(time.Hour)))
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	// A recent read counts as a use: k1 was read an hour and a half ago.
	k1 := filepath.Join(c.Root(), "wazero/wazero-v1-amd64-linux/k1")
	if err := os.Chtimes(k1, now.Add(-90*time.Minute), now.Add(-48*time.Hour)); err != nil {
		t.Fatal(err)
	}

	exists := func(name string) bool {
		_, err := os.Stat(filepath.Join(c.Root(), name))
		return err == nil
	}
	// 600 bytes are ours; keep 350: the three oldest go (k0, a, then b, as
	// k1's read is more recent than b's last use).
	removed, freed, err := c.Trim(350)
	if err != nil || removed != 3 || freed != 300 {
		t.Fatalf("Trim(350) = %d files, %d bytes, %v; want 3, 300", removed, freed, err)
	}
	for _, gone := range []string{"wazero/wazero-old-amd64-linux/k0", "artifacts/a.wasm", "artifacts/b.wasm"} {
		if exists(gone) {
			t.Errorf("%s should be trimmed", gone)
		}
	}
	for _, kept := range []string{"wazero/wazero-v1-amd64-linux/k1", "artifacts/c.wasm", "wazero/wazero-v1-amd64-linux/k2", "gocache/00/x"} {
		if !exists(kept) {
			t.Errorf("%s should be kept", kept)
		}
	}
	// Files used within TrimSpare stay, even over the limit.
	if removed, _, err := c.Trim(0); err != nil || removed != 1 || !exists("artifacts/c.wasm") || !exists("wazero/wazero-v1-amd64-linux/k2") {
		t.Fatalf("Trim(0) removed %d (%v); want only k1 gone, the files in use kept", removed, err)
	}
	// MarkUsed protects an old artifact.
	old := filepath.Join(c.Root(), "artifacts/c.wasm")
	if err := os.Chtimes(old, now.Add(-5*time.Hour), now.Add(-5*time.Hour)); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(old)
	if err != nil {
		t.Fatal(err)
	}
	MarkUsed(old, info)
	if removed, _, _ := c.Trim(0); removed != 0 || !exists("artifacts/c.wasm") {
		t.Fatalf("an artifact just marked used was trimmed (%d removed)", removed)
	}
	// An empty or missing cache is no error.
	if _, _, err := (Caches{Dir: t.TempDir()}).Trim(0); err != nil {
		t.Fatal(err)
	}
}
