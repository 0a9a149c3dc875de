package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Bots given as files are compiled and sandboxed as on the server: a .go
// source, a .wasm built from the starter kit, and a broken source whose
// errors name its own file and line.
func TestPlayBotFiles(t *testing.T) {
	t.Setenv("ARENA_DATA_DIR", filepath.Join(os.TempDir(), "arena-judge-test")) // warm Go build cache
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	if err := runKit([]string{"orkisland", filepath.Join(dir, "kit")}, &out); err != nil {
		t.Fatal(err)
	}
	wasm := filepath.Join(dir, "null.wasm")
	build := exec.Command("go", "build", "-o", wasm, ".")
	build.Dir = filepath.Join(dir, "kit")
	build.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "GOFLAGS=-mod=mod", "GOPROXY=off", "CGO_ENABLED=0")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the kit to wasm: %v\n%s", err, b)
	}

	out.Reset()
	err := runPlay(t.Context(), []string{"orkisland", "../../games/orkisland/testdata/strong.go", "Dummy", wasm, "Demo", "-s", "4"}, &out, &errOut)
	if err != nil {
		t.Fatalf("play: %v\n%s", err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[0], "player 0 strong score ") || !strings.HasPrefix(lines[2], "player 2 null score ") ||
		lines[4] != "winner strong" || strings.Contains(out.String(), "frozen") {
		t.Fatalf("unexpected result:\n%s", out.String())
	}

	out.Reset()
	err = runPlay(t.Context(), []string{"orkisland", "../../judge/testdata/broken.go", "Dummy", "Dummy", "Dummy"}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "broken.go:8:7: undefined: undefinedThing") {
		t.Fatalf("broken bot: got %v", err)
	}
}
