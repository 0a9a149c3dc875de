package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arena.dev/downloads"
)

// Without binaries or a source tree, the arena tool's download is a 503
// saying how to build it from source, and the downloads page says so too.
func TestDownloadWithoutSource(t *testing.T) {
	e := newPagesEnv(t)
	code, body, _ := e.get(e.login(""), "/downloads/arena/windows/arm64")
	if code != 503 || !strings.Contains(body, "CGO_ENABLED=0 GOOS=windows GOARCH=arm64 go build -o arena.exe ./cmd/arena") {
		t.Errorf("no source: %d %q, want a 503 with the go build line", code, body)
	}
	code, body, _ = e.get(e.login(""), "/downloads")
	if code != 200 || !strings.Contains(body, "no arena binaries to offer") || !strings.Contains(body, "go build -o arena ./cmd/arena") {
		t.Errorf("downloads page without source: %d\n%s", code, body)
	}
	if code, _, _ := e.get(e.login(""), "/downloads/arena/linux/mips"); code != 404 {
		t.Errorf("an unknown system: %d, want 404", code)
	}
}

// A build that fails is a 503 with Retry-After and a generic message (the
// compiler's output goes to the log), not a broken file.
func TestDownloadFailedBuild(t *testing.T) {
	e := newPagesEnv(t)
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "cmd", "arena"), 0o755)
	os.WriteFile(filepath.Join(src, "go.mod"), []byte("module arena.dev\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(src, "cmd", "arena", "main.go"), []byte("package main\n\nfunc main() { secretCompilerDetail() }\n"), 0o644)
	e.s.Downloads = &downloads.Builder{Source: src, Cache: t.TempDir(), Key: "k"}
	code, body, h := e.get(e.login(""), "/downloads/arena/linux/amd64")
	if code != 503 || h.Get("Retry-After") == "" || !strings.Contains(body, "could not be built") || strings.Contains(body, "secretCompilerDetail") {
		t.Errorf("failed build: %d %v %q", code, h, body)
	}
}
