package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"arena.dev/games"
	"arena.dev/games/poquemon/proto"
	"arena.dev/lang"
	"arena.dev/sandbox"
)

// olderSDK is a game's SDK in l with edit applied to one file: the SDK
// of an older release.
func olderSDK(t *testing.T, l lang.Language, gameID, file, old, new string) fs.FS {
	t.Helper()
	sdk, err := l.SDK(gameID)
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{}
	if err := fs.WalkDir(sdk, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sdk, p)
		files[p] = &fstest.MapFile{Data: b}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	f, ok := files[file]
	if !ok || !bytes.Contains(f.Data, []byte(old)) {
		t.Fatalf("%s's %s SDK has no %s saying %q", gameID, l.Title, file, old)
	}
	files[file] = &fstest.MapFile{Data: bytes.Replace(f.Data, []byte(old), []byte(new), 1)}
	return files
}

// A .wasm built against an older SDK of its game (a download or a build
// from before a release that changed the protocol: Poquémon's version 1)
// is frozen at setup with what to do, in Go and in C++.
func TestPlayOldSDK(t *testing.T) {
	if proto.Version != 2 {
		t.Skip("the test builds Poquémon's protocol version 1 as the older one")
	}
	t.Setenv("ARENA_DATA_DIR", filepath.Join(os.TempDir(), "arena-judge-test")) // warm build caches
	opts := sandbox.Caches{Dir: os.Getenv("ARENA_DATA_DIR")}.CompileOptions()
	dir := t.TempDir()
	build := func(tc sandbox.Toolchain, src []byte, sdk fs.FS, name string) string {
		t.Helper()
		art, log, err := sandbox.Compile(t.Context(), tc, src, sdk, opts)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, log)
		}
		wasm, err := os.ReadFile(art.Path)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, name)
		if err := os.WriteFile(out, wasm, 0o644); err != nil {
			t.Fatal(err)
		}
		return out
	}
	dummy, err := games.BotProgram("poquemon", "Dummy")
	if err != nil {
		t.Fatal(err)
	}
	demo, err := games.CppBotProgram("poquemon", "Demo")
	if err != nil {
		t.Fatal(err)
	}
	oldGo := build(sandbox.Go, dummy, olderSDK(t, lang.Go, "poquemon", "games/poquemon/proto/proto.go", "const Version = 2", "const Version = 1"), "dummy-v1.wasm")
	oldCpp := build(sandbox.Cpp, demo, olderSDK(t, lang.Cpp, "poquemon", "Proto.hh", "version = 2;", "version = 1;"), "demo-v1.wasm")

	out, errOut, err := playArgs(t, "poquemon", oldGo, oldCpp, "Dummy", "Demo", "-s", "1")
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut)
	}
	const older = " frozen: broke the protocol at setup: built against an older SDK of Poquémon (its protocol version 1, the game's 2): rebuild it, or download it again"
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[0], "player 0 dummy-v1 score 0"+older) ||
		!strings.HasPrefix(lines[1], "player 1 demo-v1 score 0"+older) || strings.Contains(lines[2], "frozen") {
		t.Fatalf("output:\n%s", out)
	}
}
