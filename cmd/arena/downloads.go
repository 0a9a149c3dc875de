package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"arena.dev/config"
	"arena.dev/downloads"
	"arena.dev/sandbox"
)

// downloadsBuilder gives the site the arena tool for students: the
// binaries in ARENA_DOWNLOADS_DIR when set (the Docker image's), else
// builds from arena's source tree (ARENA_SOURCE_DIR, or the tree this
// binary was built from: make run's), cached in ARENA_DATA_DIR/downloads
// for this build of the server. With neither, the site says how to build
// the tool from source.
func downloadsBuilder(cfg config.Config) *downloads.Builder {
	b := &downloads.Builder{Prebuilt: cfg.DownloadsDir, Version: versionString()}
	if b.Prebuilt != "" {
		return b
	}
	b.Source = cfg.SourceDir
	if b.Source == "" {
		b.Source = builtFrom()
	}
	b.Cache = filepath.Join(sandbox.Caches{Dir: cfg.DataDir}.Root(), "downloads")
	b.Key = buildKey()
	return b
}

// builtFrom is the root of the source tree this binary was compiled from,
// when it was compiled without -trimpath (make build, go build) and the tree
// is still there; "" otherwise.
func builtFrom() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	root := filepath.Dir(filepath.Dir(filepath.Dir(file))) // .../cmd/arena/downloads.go
	if isArenaSource(root) {
		return root
	}
	return ""
}

// isArenaSource reports whether dir holds arena's module and command.
func isArenaSource(dir string) bool {
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || !strings.HasPrefix(string(mod), "module arena.dev\n") {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, "cmd", "arena", "main.go"))
	return err == nil
}

// buildKey names this build of the server: its version and its
// executable's size and time, so that a rebuilt server builds the tool
// afresh even when its version string stays (a dirty tree).
func buildKey() string {
	key := versionString()
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			key += fmt.Sprintf("-%x-%x", fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ' ' {
			return '_'
		}
		return r
	}, key)
}
