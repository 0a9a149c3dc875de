package lang

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"arena.dev/games"
	"arena.dev/sandbox"
)

// Cpp is C++: a game's C++ SDK is the original course's header-only player
// API (Player.hh ...) in the directory games.Files.Cpp names, with
// AINull.cc (the starter) and AI<Bot>.cc reference bots (docs/cpp.md).
var Cpp = Language{
	ID: "cpp", Title: "C++", Exts: []string{".cc", ".cpp"}, File: sandbox.Cpp.File(), Editor: "cpp",
	SDK:         games.CppSDKFiles,
	Starter:     func(gameID string) ([]byte, error) { return games.CppBotProgram(gameID, "Null") },
	Kit:         games.CppKitFiles,
	StarterFile: "AINull.cc",
	KitNote:     "the original game's headers (<code>Player.hh</code>) and <code>AINull.cc</code>",
	Bot:         games.CppBotProgram,
	MoreExts:    []string{".cxx", ".hh", ".h", ".hpp"},
	Tokens:      cppTokens,
	Native:      nativeCpp,
	toolchain:   sandbox.Cpp,
}

// A C++ bot on a machine without clang's WebAssembly toolchain is built
// with the machine's C++ compiler (`arena play` then plays it as a child
// process over the same protocol).

// cxxCandidates are the compilers tried, after $CXX.
var cxxCandidates = []string{"clang++", "g++", "c++"}

// nativeCpp builds a C++ player against a game's C++ SDK in dir, laid out
// as the sandbox lays it out (the headers and bot.cc side by side), into
// dir/NativeExe. It returns the compiler used and, when the player's code
// does not compile, the compiler's messages.
func nativeCpp(ctx context.Context, gameID string, src []byte, dir string) (cxx, log string, err error) {
	for _, c := range append([]string{os.Getenv("CXX")}, cxxCandidates...) {
		if p, err := exec.LookPath(c); c != "" && err == nil {
			cxx = p
			break
		}
	}
	if cxx == "" {
		return "", "", errors.New("no C++ compiler found (tried $CXX, " + strings.Join(cxxCandidates, ", ") + ")")
	}
	sdk, err := games.CppSDKFiles(gameID)
	if err != nil {
		return cxx, "", err
	}
	if err := os.CopyFS(dir, sdk); err != nil {
		return cxx, "", err
	}
	if err := os.WriteFile(filepath.Join(dir, sandbox.Cpp.File()), src, 0o644); err != nil {
		return cxx, "", err
	}
	// The server's language (sandbox: C++17, no exceptions), natively.
	cmd := exec.CommandContext(ctx, cxx, "-std=c++17", "-O2", "-fno-exceptions", "-I", ".", "-o", NativeExe, sandbox.Cpp.File())
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return cxx, strings.TrimSpace(string(out)), err
		}
		return cxx, "", err
	}
	return cxx, "", nil
}
