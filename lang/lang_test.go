package lang_test

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"arena.dev/games"
	"arena.dev/games/gametest/fake" // Race takes Go and C++, Race (sprint) Go only
	"arena.dev/lang"
	"arena.dev/sandbox"
)

func TestMain(m *testing.M) {
	sandbox.Child() // compiles re-execute this test binary
	os.Exit(m.Run())
}

func TestGetAndByFile(t *testing.T) {
	if got := lang.IDs(); !slices.Equal(got, []string{"go", "cpp"}) {
		t.Fatalf("IDs() = %v", got)
	}
	for _, l := range lang.All() {
		got, err := lang.Get(l.ID)
		if err != nil || got.ID != l.ID || got.Title == "" || got.File == "" || got.Editor == "" || len(got.Exts) == 0 ||
			got.SDK == nil || got.Starter == nil || got.Kit == nil || got.StarterFile == "" || got.Bot == nil || got.Tokens == nil {
			t.Errorf("Get(%q) = %+v, %v", l.ID, got, err)
		}
	}
	if _, err := lang.Get("rust"); err == nil || err.Error() != `unknown language "rust" (known: go, cpp)` {
		t.Errorf("Get(rust): %v", err)
	}
	for name, want := range map[string]string{
		"bot.go": "go", "AIFoo.cc": "cpp", "dir/AIFoo.cpp": "cpp", `C:\x\AIFoo.CC`: "cpp", "x.wasm": "", "Makefile": "", "a.c": "",
	} {
		l, ok := lang.ByFile(name)
		if ok != (want != "") || l.ID != want {
			t.Errorf("ByFile(%q) = %q, %v; want %q", name, l.ID, ok, want)
		}
	}
	if got := lang.Extensions(); !slices.Equal(got, []string{".go", ".cc", ".cpp"}) {
		t.Errorf("Extensions() = %v", got)
	}
	// Base code an admin adds may be a header too.
	for name, want := range map[string]string{
		"bot.go": "go", "AIFoo.cc": "cpp", "Utils.hh": "cpp", `x\Board.HPP`: "cpp", "a.h": "cpp", "a.cxx": "cpp", "a.c": "", "x.wasm": "",
	} {
		l, ok := lang.BySource(name)
		if ok != (want != "") || l.ID != want {
			t.Errorf("BySource(%q) = %q, %v; want %q", name, l.ID, ok, want)
		}
	}
	if got := lang.SourceExtensions(); !slices.Equal(got, []string{".go", ".cc", ".cpp", ".cxx", ".hh", ".h", ".hpp"}) {
		t.Errorf("SourceExtensions() = %v", got)
	}
}

func TestOffered(t *testing.T) {
	race, _ := games.Get(fake.ID)
	sprint, _ := games.Get(fake.SprintID)
	ids := func(ls []lang.Language) (out []string) {
		for _, l := range ls {
			out = append(out, l.ID)
		}
		return out
	}
	if got := ids(lang.Offered(race.Info())); !slices.Equal(got, []string{"go", "cpp"}) {
		t.Errorf("Race offers %v", got)
	}
	if got := ids(lang.Offered(sprint.Info())); !slices.Equal(got, []string{"go"}) {
		t.Errorf("Race (sprint) offers %v", got)
	}
	if got := lang.NotOffered(sprint.Info(), lang.Cpp); got != "Race (sprint) does not take bots in C++; it takes Go" {
		t.Errorf("NotOffered: %q", got)
	}
}

// Each language's SDK, starter and kit are the game's files in it.
func TestFilesPerLanguage(t *testing.T) {
	for _, c := range []struct {
		l               lang.Language
		sdkFile, marker string
	}{
		{lang.Go, "games/gametest/fake/sdk/sdk.go", "package main"},
		{lang.Cpp, "Player.hh", "RegisterPlayer(PLAYER_NAME);"},
	} {
		sdk, err := c.l.SDK(fake.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fs.Stat(sdk, c.sdkFile); err != nil {
			t.Errorf("%s SDK lacks %s", c.l.Title, c.sdkFile)
		}
		starter, err := c.l.Starter(fake.ID)
		if err != nil || !bytes.Contains(starter, []byte(c.marker)) {
			t.Errorf("%s starter: %v\n%s", c.l.Title, err, starter)
		}
		kit, err := c.l.Kit(fake.ID)
		if err != nil || !bytes.Equal(kit[c.l.StarterFile], starter) || len(kit["README.md"]) == 0 {
			t.Errorf("%s kit: %v, starter %s in it: %v", c.l.Title, err, c.l.StarterFile, kit[c.l.StarterFile] != nil)
		}
	}
	if _, err := lang.Cpp.SDK(fake.SprintID); err == nil {
		t.Error("a C++ SDK for a game that offers none")
	}
	// Each language's Demo is base code for the copy check: it reads as
	// the language's tokens.
	for _, l := range lang.All() {
		demo, err := l.Bot(fake.ID, "Demo")
		if err != nil {
			t.Fatalf("%s Demo: %v", l.Title, err)
		}
		if toks := l.Tokens(demo); len(toks) < 20 {
			t.Errorf("%s Demo reads as %d tokens", l.Title, len(toks))
		}
	}
	if _, err := lang.Cpp.Bot(fake.ID, "Nobody"); err == nil {
		t.Error("a C++ program for a bot the game does not have")
	}
}

// C++ has a native build: it builds the starter with this machine's
// compiler into dir/NativeExe, and names the player's file where the code
// does not compile. Go has none: it builds to WebAssembly wherever Go is.
func TestNative(t *testing.T) {
	if lang.Go.Native != nil {
		t.Error("Go has a native build")
	}
	if testing.Short() {
		t.Skip("builds natively")
	}
	src, _ := lang.Cpp.Starter(fake.ID)
	dir := t.TempDir()
	tool, log, err := lang.Cpp.Native(t.Context(), fake.ID, src, dir)
	if err != nil {
		t.Fatalf("the C++ starter with %s: %v\n%s", tool, err, log)
	}
	if fi, err := os.Stat(filepath.Join(dir, lang.NativeExe)); err != nil || fi.Size() == 0 {
		t.Errorf("no %s built: %v", lang.NativeExe, err)
	}
	_, log, err = lang.Cpp.Native(t.Context(), fake.ID, []byte("#include \"Player.hh\"\nint x = y;\n"), t.TempDir())
	if err == nil || !strings.Contains(log, "bot.cc:2:9") {
		t.Errorf("a compile error does not name bot.cc:2:9: %v\n%s", err, log)
	}
}

// Compile refuses a language the game does not take as a compile error
// (a verdict the user can read), and builds each language's starter.
func TestCompile(t *testing.T) {
	opts := sandbox.Caches{Dir: filepath.Join(os.TempDir(), "arena-judge-test")}.CompileOptions()
	ctx := context.Background()
	_, log, err := lang.Compile(ctx, lang.Cpp, fake.SprintID, []byte("int main() {}"), opts)
	var ce *sandbox.CompileError
	if !errors.As(err, &ce) || !strings.Contains(ce.Log, "Race (sprint) does not take bots in C++; it takes Go.") || string(log) != ce.Log {
		t.Fatalf("C++ for a Go-only game: %v", err)
	}
	if _, _, err := lang.Compile(ctx, lang.Go, "chess", []byte("package main"), opts); err == nil {
		t.Fatal("compiled for an unknown game")
	}
	if testing.Short() {
		t.Skip("builds bots")
	}
	for _, l := range lang.All() {
		src, _ := l.Starter(fake.ID)
		art, _, err := lang.Compile(ctx, l, fake.ID, src, opts)
		if err != nil || art.Size == 0 {
			t.Errorf("%s starter: %v", l.Title, err)
		}
	}
	_, _, err = lang.Compile(ctx, lang.Cpp, fake.ID, []byte("#include \"Player.hh\"\nint x = y;\n"), opts)
	if !errors.As(err, &ce) || !strings.Contains(ce.Log, "bot.cc:2:9") {
		t.Errorf("a C++ compile error does not name bot.cc:2:9: %v", err)
	}
}

// A build's hash changes with each thing that goes into the build: the
// source, an SDK file's content or path, the language; the same inputs
// hash the same.
func TestBuildHash(t *testing.T) {
	sdk, err := lang.Go.SDK(fake.ID)
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
	src, _ := lang.Go.Starter(fake.ID)
	hash := func(l lang.Language, src []byte, sdk fs.FS) string {
		t.Helper()
		h, err := l.BuildHash(src, sdk)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	base := hash(lang.Go, src, sdk)
	if again := hash(lang.Go, src, files); again != base {
		t.Fatal("the same source and SDK files hash differently")
	}
	const file = "games/gametest/fake/sdk/sdk.go"
	edited := maps.Clone(files)
	edited[file] = &fstest.MapFile{Data: append(slices.Clone(files[file].Data), "\n// one more line\n"...)}
	moved := maps.Clone(files)
	moved["games/gametest/fake/sdk/sdk2.go"] = files[file]
	delete(moved, file)
	for what, h := range map[string]string{
		"an SDK file's content": hash(lang.Go, src, edited),
		"an SDK file's path":    hash(lang.Go, src, moved),
		"the source":            hash(lang.Go, append(slices.Clone(src), ' '), files),
		"the language":          hash(lang.Cpp, src, files),
	} {
		if h == base {
			t.Errorf("changing %s leaves the hash as it was", what)
		}
	}
}

// A version's SDK key follows its SDK's files and language, and nothing
// else (the source is not in it): a game's Go and C++ SDKs key apart.
func TestSDKKey(t *testing.T) {
	key := func(l lang.Language, sdk fs.FS) string {
		t.Helper()
		k, err := l.SDKKey(sdk)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	sdkOf := func(l lang.Language, gameID string) fs.FS {
		t.Helper()
		sdk, err := l.SDK(gameID)
		if err != nil {
			t.Fatal(err)
		}
		return sdk
	}
	sdk := sdkOf(lang.Go, fake.ID)
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
	base := key(lang.Go, sdk)
	if key(lang.Go, files) != base || key(lang.Go, sdkOf(lang.Go, fake.ID)) != base {
		t.Fatal("the same SDK files key differently")
	}
	const file = "games/gametest/fake/sdk/sdk.go"
	edited := maps.Clone(files)
	edited[file] = &fstest.MapFile{Data: bytes.Replace(files[file].Data, []byte("const FrameVersion = 1"), []byte("const FrameVersion = 2"), 1)}
	if bytes.Equal(edited[file].Data, files[file].Data) {
		t.Fatal("the fake SDK no longer says const FrameVersion = 1")
	}
	for what, k := range map[string]string{
		"an SDK file's content": key(lang.Go, edited),
		"the language":          key(lang.Cpp, files),
		"the C++ SDK":           key(lang.Cpp, sdkOf(lang.Cpp, fake.ID)),
	} {
		if k == base {
			t.Errorf("%s keys as Race's Go SDK", what)
		}
	}
}
