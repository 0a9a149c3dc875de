package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestCompileArtifact(t *testing.T) {
	art, log, err := compileBot(t, "echo")
	if err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	wasm, err := os.ReadFile(art.Path)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(wasm)
	if art.Hash != hex.EncodeToString(sum[:]) || art.Size != int64(len(wasm)) || !strings.HasSuffix(art.Path, "/"+art.Hash+".wasm") {
		t.Fatalf("artifact %+v does not match its %d bytes", art, len(wasm))
	}
	if string(wasm[:4]) != "\x00asm" {
		t.Fatalf("not a wasm module: % x", wasm[:4])
	}
	// The build is reproducible: the same source gives the same artifact,
	// whatever the temporary directory was.
	src, _ := os.ReadFile("testdata/bots/echo.go")
	opts := compileOptions()
	opts.WorkDir = t.TempDir()
	again, _, err := Compile(context.Background(), Go, src, testSDK(t), opts)
	if err != nil || again.Hash != art.Hash {
		t.Fatalf("second build: %+v, %v; first %s", again, err, art.Hash)
	}
	if left, _ := os.ReadDir(opts.WorkDir); len(left) != 0 {
		t.Fatalf("the build left %d entries in its work dir", len(left))
	}
}

func TestCompileLimits(t *testing.T) {
	src, _ := os.ReadFile("testdata/bots/echo.go")
	opts := compileOptions()
	opts.WorkDir = t.TempDir()

	big := append(append([]byte{}, src...), strings.Repeat("// padding\n", 30000)...)
	_, _, err := Compile(context.Background(), Go, big, testSDK(t), opts)
	var ce *CompileError
	if !errors.As(err, &ce) || !strings.Contains(ce.Log, "the limit is 262144") {
		t.Fatalf("oversized source: %v", err)
	}

	// A build over its time is killed (the whole process tree) and reported
	// to the player.
	opts.Timeout = 50 * time.Millisecond
	start := time.Now()
	_, _, err = Compile(context.Background(), Go, src, testSDK(t), opts)
	if !errors.As(err, &ce) || !strings.Contains(ce.Log, "longer than 50ms") {
		t.Fatalf("slow build: %v", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("the build was stopped only after %v", d)
	}
	if left, _ := os.ReadDir(opts.WorkDir); len(left) != 0 {
		t.Fatalf("the build left %d entries in its work dir", len(left))
	}

	// A cancelled context is the caller's error, not the player's.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	opts.Timeout = 0
	if _, _, err = Compile(ctx, Go, src, testSDK(t), opts); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled build: %v", err)
	}
}

func TestCompileRelativeDirs(t *testing.T) {
	src, _ := os.ReadFile("testdata/bots/echo.go")
	sdk := testSDK(t)
	t.Chdir(t.TempDir())
	opts := CompileOptions{WorkDir: ".", ArtifactDir: "artifacts", CacheDir: compileOptions().CacheDir}
	art, _, err := Compile(context.Background(), Go, src, sdk, opts)
	if err != nil {
		t.Fatal(err)
	}
	rel := Artifact{Path: filepath.Join("artifacts", art.Hash+".wasm")}
	b, err := Start(context.Background(), rel, RunOptions{CacheDir: opts.CacheDir})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if r, _, err := b.Exchange([]byte("x"), time.Second); err != nil || string(r) != "echo:x" {
		t.Fatalf("%q %v", r, err)
	}
}

// A compile error's log is the compiler's messages alone, nothing of the go
// command's own: its telemetry is off (the jail, without /proc, would make
// it fail with a line of its own).
func TestCompileErrorLog(t *testing.T) {
	src := []byte("package main\n\nfunc main() { undefinedThing() }\n")
	_, _, err := Compile(context.Background(), Go, src, testSDK(t), compileOptions())
	var ce *CompileError
	if !errors.As(err, &ce) || strings.TrimSpace(ce.Log) != "bot.go:3:15: undefined: undefinedThing" {
		t.Fatalf("got %v", err)
	}
}
