package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// needClang skips a test on a machine without clang++ for wasm32-wasi
// (.ci/run installs it).
func needClang(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("clang++"); err != nil {
		t.Skip("no clang++ (.ci/run installs it)")
	}
	if _, err := os.Stat("/usr/lib/wasm32-wasi/libc++.a"); err != nil {
		t.Skip("no libc++ for wasm32-wasi (.ci/run installs it)")
	}
}

// testCppSDK is the C++ runtime the test bots build against: the real
// arena/wire.hh and bits/stdc++.h and a fake game's Player.hh.
func testCppSDK(t testing.TB) fstest.MapFS {
	sdk := fstest.MapFS{}
	for _, f := range []string{"arena/wire.hh", "bits/stdc++.h"} {
		b, err := os.ReadFile(filepath.Join("../games/wire/cpp", f))
		if err != nil {
			t.Fatal(err)
		}
		sdk[f] = &fstest.MapFile{Data: b}
	}
	b, err := os.ReadFile("testdata/cpp/sdk/Player.hh")
	if err != nil {
		t.Fatal(err)
	}
	sdk["Player.hh"] = &fstest.MapFile{Data: b}
	return sdk
}

// compileCpp compiles testdata/cpp/NAME.cc once per test run.
func compileCpp(t testing.TB, name string) (Artifact, []byte, error) {
	t.Helper()
	needClang(t)
	return compileOnce(t, "cpp/"+name, func() (Artifact, []byte, error) {
		src, err := os.ReadFile(filepath.Join("testdata", "cpp", name+".cc"))
		if err != nil {
			t.Fatal(err)
		}
		return Compile(context.Background(), Cpp, src, testCppSDK(t), compileOptions())
	})
}

// TestCppBots runs the C++ test bots of testdata/cpp as TestBots runs the
// Go ones: each declares its outcome on its first line.
func TestCppBots(t *testing.T) {
	needClang(t)
	os.Remove(escapeFile)
	survivor.bot = startBot(t, "echo", runOptions())
	paths, _ := filepath.Glob("testdata/cpp/*.cc")
	if len(paths) < 20 {
		t.Fatalf("only %d C++ test bots", len(paths))
	}
	t.Run("bot", func(t *testing.T) {
		for _, path := range paths {
			name := strings.TrimSuffix(filepath.Base(path), ".cc")
			w := readWant(t, path)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				runCase(t, func() (Artifact, []byte, error) { return compileCpp(t, name) }, w)
				checkSurvivor(t)
			})
		}
	})
}

func TestCompileCpp(t *testing.T) {
	art, log, err := compileCpp(t, "echo")
	if err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	b, err := Start(context.Background(), art, runOptions())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for _, m := range []string{"ping", "pong"} {
		if r, _, err := b.Exchange([]byte(m), time.Second); err != nil || string(r) != "echo:"+m {
			t.Fatalf("%q: %q %v\nlog:\n%s", m, r, err, b.Log())
		}
	}
}

func TestCompileCppErrors(t *testing.T) {
	needClang(t)
	src := "#include \"Player.hh\"\n\nint f() {\n  return undefined_thing;\n}\n"
	_, _, err := Compile(context.Background(), Cpp, []byte(src), testCppSDK(t), compileOptions())
	var ce *CompileError
	if !errors.As(err, &ce) || !strings.Contains(ce.Log, "bot.cc:4:10: error: use of undeclared identifier 'undefined_thing'") {
		t.Fatalf("want an error at bot.cc:4:10, got %v", err)
	}
	t.Logf("\n%s", ce.Log)
}

// A precompiled header the compiler refuses (from another clang) costs the
// player nothing: the build goes on without it, and it is made again.
func TestCppBadPCH(t *testing.T) {
	needClang(t)
	if !buildRootWanted() {
		t.Skip("precompiled headers need a build root")
	}
	src, err := os.ReadFile("testdata/cpp/echo.cc")
	if err != nil {
		t.Fatal(err)
	}
	opts := compileOptions()
	opts.PCHDir = t.TempDir()
	if _, log, err := Compile(context.Background(), Cpp, src, testCppSDK(t), opts); err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	pchs, _ := filepath.Glob(filepath.Join(opts.PCHDir, "*.pch"))
	if len(pchs) != 1 {
		t.Fatalf("precompiled headers: %v", pchs)
	}
	if err := os.WriteFile(pchs[0], []byte("not a precompiled header"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, log, err := Compile(context.Background(), Cpp, src, testCppSDK(t), opts); err != nil {
		t.Fatalf("with a bad precompiled header: %v\n%s", err, log)
	}
	if _, err := os.Stat(pchs[0]); err == nil {
		t.Fatal("the bad precompiled header is still there")
	}
}

// Where the kernel refuses namespaces, C++ still builds, without its root
// (ProbeJail reports the wall down), and runs.
func TestCompileCppWithoutRoot(t *testing.T) {
	needClang(t)
	if !Namespaces() {
		t.Skip("already without namespaces")
	}
	noNamespaces.Store(true)
	defer noNamespaces.Store(false)
	src, err := os.ReadFile("testdata/cpp/echo.cc")
	if err != nil {
		t.Fatal(err)
	}
	opts := compileOptions()
	// Without a root the build sees the host's paths: nobody must be able
	// to reach its directory (as in /tmp, the default).
	if opts.WorkDir, err = os.MkdirTemp("", "arena-noroot-"); err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(opts.WorkDir)
	if err := os.Chmod(opts.WorkDir, 0o755); err != nil {
		t.Fatal(err)
	}
	art, log, err := Compile(context.Background(), Cpp, src, testCppSDK(t), opts)
	if err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	b, err := Start(context.Background(), art, runOptions())
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if r, _, err := b.Exchange([]byte("x"), time.Second); err != nil || string(r) != "echo:x" {
		t.Fatalf("%q %v", r, err)
	}
	if left, _ := os.ReadDir(opts.WorkDir); len(left) != 0 {
		t.Fatalf("the build left %d entries in its work dir", len(left))
	}
}

// macroBomb is a preprocessor bomb: a #define expanded tenfold seven
// levels deep, used n times (each use is 10^7 tokens, 20 MB of source).
func macroBomb(n int) string {
	var b strings.Builder
	b.WriteString("#include \"Player.hh\"\n#define A0 x+\n")
	for i := 1; i <= 7; i++ {
		fmt.Fprintf(&b, "#define A%d%s\n", i, strings.Repeat(fmt.Sprintf(" A%d", i-1), 10))
	}
	b.WriteString("int x = 1;\n")
	for i := range n {
		fmt.Fprintf(&b, "int f%d() { return A7 1; }\n", i)
	}
	return b.String()
}

// A preprocessor bomb is stopped by the preprocessor's own bound, long
// before the build's timeout, with a message that says what happened, and
// counts as a build that ran into a limit.
func TestCppmacroBomb(t *testing.T) {
	needClang(t)
	opts := compileOptions()
	// Bounds the size alone must stop it within: expanding all of it
	// takes about 25 s here.
	opts.Timeout, opts.PreprocessTimeout = time.Minute, time.Minute
	start := time.Now()
	_, _, err := Compile(context.Background(), Cpp, []byte(macroBomb(16)), testCppSDK(t), opts)
	took := time.Since(start)
	var ce *CompileError
	if !errors.As(err, &ce) || !ce.Limit || !strings.Contains(ce.Log, "the preprocessor grew past 16 MiB") {
		t.Fatalf("want the preprocessor's limit, got %v", err)
	}
	t.Logf("refused in %v:\n%s", took, ce.Log)
	if took > 10*time.Second { // about 1 s here; room for a loaded machine
		t.Errorf("the bomb took %v", took)
	}
	// A plain compile error is not a limit.
	src := "#include \"Player.hh\"\nint f() { return nope; }\n"
	if _, _, err := Compile(context.Background(), Cpp, []byte(src), testCppSDK(t), opts); !errors.As(err, &ce) || ce.Limit {
		t.Fatalf("a compile error: %v (limit %v)", err, ce != nil && ce.Limit)
	}
	// Nor an #include the preprocessor cannot find: its own message.
	src = "#include \"nope.hh\"\n"
	if _, _, err := Compile(context.Background(), Cpp, []byte(src), testCppSDK(t), opts); !errors.As(err, &ce) || ce.Limit ||
		!strings.Contains(ce.Log, "bot.cc:1:10: fatal error: 'nope.hh' file not found") {
		t.Fatalf("a missing include: %v", err)
	}
}
