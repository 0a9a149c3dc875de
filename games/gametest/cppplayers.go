package gametest

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"arena.dev/games"
)

// Helpers for a game's own tests of its C++ SDK: its player files built
// natively and to WebAssembly, and played against the built-in bots.

// ReadSource reads a file of the test's package (a player file of
// testdata, say) or fails the test.
func ReadSource(t testing.TB, path string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.FromSlash(path))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// CppSDKDir lays out the C++ SDK of gameID and the player file src as
// bot.cc in a fresh directory, as the sandbox does, and returns it.
func CppSDKDir(t testing.TB, gameID string, src []byte) string {
	t.Helper()
	sdk, err := games.CppSDKFiles(gameID)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, sdk); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bot.cc"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// CppWasmFlags are the sandbox's flags for a C++ bot (sandbox/cppbuild.go):
// WebAssembly for WASI with libc++, no exceptions, 8 MiB of stack first.
var CppWasmFlags = []string{"--target=wasm32-wasi", "-O2", "-std=c++17", "-fno-exceptions",
	"-Wl,--stack-first", "-Wl,-z,stack-size=8388608"}

// CompileCppWith runs compiler (a name looked up in PATH) with args on the
// player file src laid out by CppSDKDir, in its directory, with -I that
// directory, and returns the compiler's messages. The output, if args ask
// for one, is the directory's bot.out.
func CompileCppWith(t testing.TB, gameID string, src []byte, compiler string, args ...string) (log string, err error) {
	t.Helper()
	dir := CppSDKDir(t, gameID, src)
	args = append(append([]string{}, args...), "-I", dir, "-o", filepath.Join(dir, "bot.out"), "bot.cc")
	cmd := exec.Command(compiler, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// BuildCppWasm compiles the player file src to WebAssembly as the sandbox
// does (CppWasmFlags, then extra, such as warning flags) and fails the test
// on any message that stops the build; running it is the sandbox's
// business.
func BuildCppWasm(t testing.TB, gameID string, src []byte, extra ...string) {
	t.Helper()
	if _, err := exec.LookPath("clang++"); err != nil {
		t.Fatal("no clang++: .ci/run installs clang with the wasm32-wasi sysroot")
	}
	dir := CppSDKDir(t, gameID, src)
	args := append(append(append([]string{}, CppWasmFlags...), extra...), "-I", dir, "bot.cc", "-o", "bot.wasm")
	cmd := exec.Command("clang++", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("clang++ wasm32-wasi: %v\n%s", err, out)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "bot.wasm"))
	if err != nil || !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Fatalf("no WebAssembly module: %v", err)
	}
}

// PlayCpp plays c with the native C++ player bin (BuildCpp) in the given
// seat and the built-in bots named by others in the other seats, in order.
// It returns the replay and the player's process, closed: its debug log
// and whether it exited cleanly are the caller's to check.
func PlayCpp(t testing.TB, c games.Config, bin string, seat int, others ...string) (*games.Replay, *Process) {
	t.Helper()
	bot, err := StartProcess(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer bot.Close()
	c.Players = nil
	for _, name := range others {
		if len(c.Players) == seat {
			c.Players = append(c.Players, games.Player{Name: "cpp", Agent: bot})
		}
		a, err := c.Game.NewBot(name)
		if err != nil {
			t.Fatal(err)
		}
		c.Players = append(c.Players, games.Player{Name: name, Agent: a})
	}
	if len(c.Players) == seat {
		c.Players = append(c.Players, games.Player{Name: "cpp", Agent: bot})
	}
	r, err := games.Play(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	bot.Close()
	return r, bot
}

// LogTail is the end of a long debug log, for messages.
func LogTail(log string) string {
	if len(log) > 3000 {
		return "…" + log[len(log)-3000:]
	}
	return log
}
