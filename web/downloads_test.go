package web_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

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
	for deadline := time.Now().Add(time.Minute); strings.Contains(body, "being built") && time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		code, body, h = e.get(e.login(""), "/downloads/arena/linux/amd64")
	}
	if code != 503 || h.Get("Retry-After") == "" || !strings.Contains(body, "could not be built") || strings.Contains(body, "secretCompilerDetail") {
		t.Errorf("failed build: %d %v %q", code, h, body)
	}
}

// TestDownloadBeingBuilt: the server builds the arena tool in the
// background from its start (Builder.Start); until a download is built,
// its URL answers at once with a 503 that says when it should be ready
// (and Retry-After), and the downloads page and the game page say so
// with the estimate; once built, the file is served and the pages say
// nothing of a build. The go command here waits for the test's word
// before building, to hold the build for as long as the test looks.
func TestDownloadBeingBuilt(t *testing.T) {
	e := newPagesEnv(t)
	b, release := gatedBuilder(t)
	e.s.Downloads = b

	start := time.Now()
	code, body, h := e.get(e.login(""), "/downloads/arena/linux/amd64")
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the download of a target being built took %v to answer", took)
	}
	retry, err := strconv.Atoi(h.Get("Retry-After"))
	if code != 503 || err != nil || retry < 1 || !regexp.MustCompile(`being built .*ready in about \d+ (s|min)`).MatchString(body) {
		t.Fatalf("a download being built: %d, Retry-After %q, %q", code, h.Get("Retry-After"), body)
	}
	// The last of the six waits for the five before it: a later estimate.
	_, last, _ := e.get(e.login(""), "/downloads/arena/windows/arm64")
	if !strings.Contains(last, "ready in about") || last == body {
		t.Errorf("the last build's answer: %q", last)
	}
	code, page, _ := e.get(e.login(""), "/downloads")
	if code != 200 || strings.Count(page, "being built, ready in about") != len(downloads.Targets) || !strings.Contains(page, `hx-trigger="every 5s"`) {
		t.Errorf("the downloads page while building: %d\n%s", code, page)
	}
	if _, game, _ := e.get(e.login(""), "/games/orkisland"); !strings.Contains(game, "Not ready yet") || !strings.Contains(game, "ready in about") {
		t.Errorf("the game page does not say the arena tool is being built")
	}

	// Built: served, and the pages stop saying so.
	release()
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		code, body, h = e.get(e.login(""), "/downloads/arena/linux/amd64")
		if code != 503 || time.Now().After(deadline) {
			break
		}
	}
	if code != 200 || !strings.Contains(h.Get("Content-Disposition"), `filename="arena"`) || len(body) == 0 {
		t.Fatalf("once built: %d %v (%d bytes)", code, h, len(body))
	}
	if _, game, _ := e.get(e.login(""), "/games/orkisland"); strings.Contains(game, "Not ready yet") {
		t.Error("the game page still says the arena tool is being built")
	}
	if _, page, _ := e.get(e.login(""), "/downloads"); strings.Count(page, "being built, ready in about") >= len(downloads.Targets) {
		t.Error("the downloads page still says every download is being built")
	}
}

// gatedBuilder is a downloads.Builder started on a trivial source tree
// whose builds wait until release is called; then only Linux x86-64
// builds for real and the others fail at once, so that no build outlives
// the test.
func gatedBuilder(t *testing.T) (*downloads.Builder, func()) {
	t.Helper()
	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gate := filepath.Join(dir, "go-ahead")
	gocmd := filepath.Join(dir, "go")
	script := "#!/bin/sh\nwhile [ ! -e '" + gate + "' ]; do sleep 0.1; done\n" +
		"[ \"$GOOS/$GOARCH\" = linux/amd64 ] || exit 1\nexec '" + realGo + "' \"$@\"\n"
	if err := os.WriteFile(gocmd, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "src")
	os.MkdirAll(filepath.Join(src, "cmd", "arena"), 0o755)
	os.WriteFile(filepath.Join(src, "go.mod"), []byte("module arena.dev\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(src, "cmd", "arena", "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644)
	b := &downloads.Builder{Source: src, Cache: t.TempDir(), Key: "k", Go: gocmd}
	release := func() { os.WriteFile(gate, nil, 0o644) }
	t.Cleanup(release) // let the builds end
	b.Start()
	return b, release
}
