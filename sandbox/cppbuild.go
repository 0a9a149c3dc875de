package sandbox

import (
	"bytes"
	"context"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// cppFile is the name a C++ player's source has in the build and in
// messages.
const cppFile = "bot.cc"

// cppStackSize is a C++ bot's stack. It is placed first in linear memory,
// below the data, so that an overflow runs below address 0 and traps
// instead of overwriting the data; the sandbox reads the exported stack
// pointer after a trap to tell an overflow from any other bad access.
const cppStackSize = 8 << 20

// cppCompileFlags are the compiler's flags of every C++ bot's build
// (besides -I and -o), and of the SDK's precompiled headers, which must
// have the same: one translation unit for wasm32-wasi with WASI's libc and
// libc++, C++17, no exceptions, no threads (wasm32-wasi has none), at most
// 10 errors.
var cppCompileFlags = []string{
	"--target=wasm32-wasi", "-O2", "-std=c++17", "-fno-exceptions",
	"-ferror-limit=10", "-fno-color-diagnostics", "-fno-crash-diagnostics",
	// Exporting the stack pointer (a mutable global) needs the feature.
	"-mmutable-globals",
}

// cppLinkFlags: the stack first and its pointer exported (see
// cppStackSize), and the prelude.
var cppLinkFlags = []string{
	"-Wl,--stack-first", fmt.Sprintf("-Wl,-z,stack-size=%d", cppStackSize), "-Wl,--export=__stack_pointer",
	// The debug log's buffer of games/wire/cpp/arena/wire.hh, which the host
	// empties after the guest ends (see guestLog).
	"-Wl,--export-if-defined=" + cppLogSymbol,
	// Debian's libc++ carries DWARF: a quarter of the size without it, and
	// a trap's stack trace costs milliseconds, not hundreds.
	"-Wl,--strip-debug",
	// See cppPrelude.
	"-include", cppPreludeFile,
}

// cppPreludeFile is included before the player's file (-include). Without
// exceptions, libc++'s operator new returns nullptr when memory runs out,
// and the program goes on writing through it (address 0 is memory in
// WebAssembly); a new handler that aborts ends it there, where the host
// has just refused to grow its memory.
const cppPreludeFile = ".arena-prelude.hh"

const cppPrelude = `#ifndef ARENA_SANDBOX_PRELUDE
#define ARENA_SANDBOX_PRELUDE
#include <cstdlib>
#include <new>
namespace arena_sandbox {
inline void out_of_memory() { std::abort(); }
static const std::new_handler previous = std::set_new_handler(out_of_memory);
}
#endif
`

// cppPCHHeader is what a game's precompiled header holds: the prelude and
// the SDK's Player.hh, which every player file includes first.
const (
	cppPCHHeader = ".arena-pch.hh"
	cppPCHSource = "#include \"" + cppPreludeFile + "\"\n#include \"Player.hh\"\n"
)

// Cpp builds a C++ bot (one translation unit, against the game's
// header-only C++ SDK) with clang++ for wasm32-wasi.
var Cpp Toolchain = cppToolchain{}

type cppToolchain struct{}

func (cppToolchain) Name() string { return "cpp" }
func (cppToolchain) File() string { return cppFile }

func (cppToolchain) Recipe() string {
	return fmt.Sprintf("clang++ %s\n%s\n%s", strings.Join(cppCompileFlags, " "), strings.Join(cppLinkFlags, " "), cppPrelude)
}

func (cppToolchain) Installation(ctx context.Context, opts CompileOptions) (string, error) {
	ci, err := lookupClang(ctx, opts.Clang)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("clang %s\n%s\n%s", ci.bin, ci.version, ci.stamp), nil
}

func (cppToolchain) prepare(ctx context.Context, dir string, src []byte, sdk fs.FS, opts *CompileOptions) (*buildPlan, []string, error) {
	ci, err := lookupClang(ctx, opts.Clang)
	if err != nil {
		return nil, nil, err
	}
	if _, err := fs.Stat(sdk, cppFile); err == nil {
		return nil, nil, fmt.Errorf("sandbox: SDK must not contain %s", cppFile)
	}
	if err := writeSDK(dir, sdk, func(string) bool { return true }); err != nil {
		return nil, nil, err
	}
	if err := os.Mkdir(filepath.Join(dir, "tmp"), 0o755); err != nil {
		return nil, nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, cppFile), src, 0o644); err != nil {
		return nil, nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, cppPreludeFile), []byte(cppPrelude), 0o644); err != nil {
		return nil, nil, err
	}
	// Relative paths: the messages name bot.cc and the SDK's headers as
	// the player knows them, and nothing of the build directory gets into
	// the module.
	tail := append(slices.Clone(cppLinkFlags), "-I", ".", "-o", "out.wasm", cppFile)
	plan := &buildPlan{
		cmd: execConfig{
			Path: ci.bin,
			Args: append(append([]string{ci.bin}, cppCompileFlags...), tail...),
			Env:  []string{"PATH=" + filepath.Dir(ci.bin), "TMPDIR=tmp", "LC_ALL=C"},
			Limits: []rlimit{
				{limitAS, opts.MemoryLimit},
				{limitNOFILE, 256},
			},
		},
		out:      filepath.Join(dir, "out.wasm"),
		readOnly: ci.readOnly,
		nobody:   true,
		at:       cppBuildDir,
	}
	// The preprocessor alone first, bounded (CompileOptions.MaxPreprocessed):
	// the headers and the player's macros expanded, no precompiled header
	// (its contents would not be counted).
	preArgs := append(append([]string{ci.bin}, cppCompileFlags...), "-E", "-include", cppPreludeFile, "-I", ".", "-o", "pre.ii", cppFile)
	plan.pre = &buildPlan{
		cmd: execConfig{Path: ci.bin, Args: preArgs, Env: plan.cmd.Env, Limits: slices.Clone(plan.cmd.Limits)},
		out: filepath.Join(dir, "pre.ii"), readOnly: ci.readOnly, nobody: true, at: cppBuildDir,
	}
	if pch := cppPCH(ctx, ci, sdk, opts); pch != "" {
		// The header it was made from, at the same path (see cppBuildDir).
		if err := os.WriteFile(filepath.Join(dir, cppPCHHeader), []byte(cppPCHSource), 0o644); err != nil {
			return nil, nil, err
		}
		// Its headers are known good and its key covers them: it is not
		// checked against the files, newer copies of the same.
		plan.jailedArgs = append(append([]string{ci.bin}, cppCompileFlags...), "-include-pch", pch, "-Xclang", "-fno-validate-pch")
		plan.jailedArgs = append(plan.jailedArgs, tail...)
		plan.readOnly = append(slices.Clone(plan.readOnly), pch)
		plan.pch = pch
	}
	return plan, nil, nil
}

// cppBuildDir is where a C++ build's directory is in its root: always the
// same, so that the precompiled headers, which name the files they were
// made from by their paths, fit every build.
const cppBuildDir = "/build"

// cppPCH returns the precompiled header of the SDK (the prelude and
// Player.hh) for this clang and these flags, building it the first time
// (a jailed build of the SDK alone) into opts.PCHDir; "" when there is no
// PCHDir, no Player.hh, or it could not be built (the build then parses
// the headers itself). It saves the parsing of the SDK and the standard
// headers, about a third of a typical bot's build.
func cppPCH(ctx context.Context, ci *clangInstall, sdk fs.FS, opts *CompileOptions) string {
	if opts.PCHDir == "" || !buildRootWanted() { // without a root, no fixed path
		return ""
	}
	if _, err := fs.Stat(sdk, "Player.hh"); err != nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n%s\n%s\n%s\n", ci.bin, ci.version, ci.stamp, strings.Join(cppCompileFlags, " "), cppBuildDir, cppPCHSource+cppPrelude)
	err := fs.WalkDir(sdk, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(sdk, p)
		fmt.Fprintf(h, "%s %d\n%s", p, len(b), b)
		return err
	})
	if err != nil {
		return ""
	}
	pch := filepath.Join(absPath(opts.PCHDir), hex.EncodeToString(h.Sum(nil))[:32]+".pch")
	if _, err := os.Stat(pch); err == nil {
		return pch
	}
	if err := buildPCH(ctx, ci, sdk, pch, *opts); err != nil {
		return ""
	}
	return pch
}

// buildPCH compiles the SDK's precompiled header into the file pch, in a
// jailed build as a bot's.
func buildPCH(ctx context.Context, ci *clangInstall, sdk fs.FS, pch string, opts CompileOptions) error {
	base, dir, err := buildDirs(opts.WorkDir)
	if err != nil {
		return err
	}
	defer os.RemoveAll(base)
	if err := os.Mkdir(filepath.Join(dir, "tmp"), 0o755); err != nil {
		return err
	}
	if err := writeSDK(dir, sdk, func(string) bool { return true }); err != nil {
		return err
	}
	for name, text := range map[string]string{cppPreludeFile: cppPrelude, cppPCHHeader: cppPCHSource} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	args := append([]string{ci.bin}, cppCompileFlags...)
	args = append(args, "-Xclang", "-fno-pch-timestamp", "-I", ".", "-x", "c++-header", cppPCHHeader, "-o", "out.pch")
	plan := &buildPlan{
		cmd: execConfig{
			Path: ci.bin, Args: args,
			Env:    []string{"PATH=" + filepath.Dir(ci.bin), "TMPDIR=tmp", "LC_ALL=C"},
			Limits: []rlimit{{limitAS, opts.MemoryLimit}, {limitNOFILE, 256}},
		},
		out: filepath.Join(dir, "out.pch"), readOnly: ci.readOnly, nobody: true,
		// Only in a root: the paths it records must be the builds'.
		at: cppBuildDir, jailedArgs: args,
	}
	if !buildRootWanted() {
		return errors.New("sandbox: a precompiled header needs a build root")
	}
	if log, err := build(ctx, base, dir, plan, opts); err != nil {
		return fmt.Errorf("sandbox: precompiled header: %w: %s", err, log)
	}
	if err := os.MkdirAll(opts.PCHDir, 0o755); err != nil {
		return err
	}
	// Into place atomically: concurrent builds of the same one are harmless.
	tmp, err := os.CreateTemp(opts.PCHDir, ".tmp-*.pch")
	if err != nil {
		return err
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	b, err := os.ReadFile(plan.out)
	if err != nil {
		return err
	}
	if err := os.WriteFile(tmp.Name(), b, 0o644); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil { // CreateTemp's is 0600: nobody reads it
		return err
	}
	return os.Rename(tmp.Name(), pch)
}

// currentDir is a path's leading ./ (not ../).
var currentDir = regexp.MustCompile(`(^|[\s'"(<])\./`)

// clangObject is the temporary object file clang names in linker errors.
var clangObject = regexp.MustCompile(`\S*/bot-[0-9a-zA-Z]+\.o\b`)

// clean rewrites clang's log: the player's file is bot.cc, the SDK's
// headers and the standard library's are named without their directories,
// the temporary object is bot.o.
func (cppToolchain) clean(log []byte, dir string) []byte {
	s := clangObject.ReplaceAllString(string(log), "bot.o")
	s = strings.ReplaceAll(s, dir+"/", "")
	s = strings.ReplaceAll(s, cppBuildDir+"/", "")
	s = strings.ReplaceAll(s, dir, ".")
	if ci := cachedClang(); ci != nil {
		for _, p := range ci.sysroot {
			s = strings.ReplaceAll(s, p+"/", "")
		}
	}
	s = currentDir.ReplaceAllString(s, "$1")
	return []byte(s)
}

// clangInstall is what Compile needs to know about one clang: the files a
// build reads, found once per process from what the driver would run.
type clangInstall struct {
	bin      string   // the driver, as found on PATH
	version  string   // its first line of --version
	stamp    string   // the compiler binary's size and time: a reinstall makes new PCHs
	readOnly []string // host paths a build needs, for its root
	sysroot  []string // include directories, stripped from messages
}

var (
	clangMu   sync.Mutex
	clangs    = map[string]*clangInstall{}
	lastClang *clangInstall
)

func cachedClang() *clangInstall {
	clangMu.Lock()
	defer clangMu.Unlock()
	return lastClang
}

func lookupClang(ctx context.Context, bin string) (*clangInstall, error) {
	if bin == "" {
		bin = "clang++"
	}
	path, err := exec.LookPath(bin)
	if err != nil {
		return nil, fmt.Errorf("sandbox: C++ toolchain (clang++ for wasm32-wasi: apt-get install clang lld wasi-libc libc++-dev-wasm32 libclang-rt-dev-wasm32): %w", err)
	}
	if path, err = filepath.Abs(path); err != nil {
		return nil, err
	}
	clangMu.Lock()
	defer clangMu.Unlock()
	if ci := clangs[path]; ci != nil {
		lastClang = ci
		return ci, nil
	}
	ci, err := probeClang(ctx, path)
	if err != nil {
		return nil, err
	}
	clangs[path], lastClang = ci, ci
	return ci, nil
}

// probeClang asks the driver what a build runs (clang++ -###: the compiler
// and the linker with every directory and file they use) and collects the
// host paths a build's root must hold: the driver, the programs and the
// shared libraries they load, the resource directory, the target's include
// and library directories and files. The host's own headers (/usr/include)
// are left out: a wasm32 build does not use them.
func probeClang(ctx context.Context, bin string) (*clangInstall, error) {
	ci := &clangInstall{bin: bin}
	out, err := exec.CommandContext(ctx, bin, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("sandbox: %s --version: %w", bin, err)
	}
	ci.version, _, _ = strings.Cut(string(out), "\n")
	if st, err := os.Stat(bin); err == nil { // follows the links to the binary
		ci.stamp = fmt.Sprintf("%d %d", st.Size(), st.ModTime().UnixNano())
	}

	tmp, err := os.MkdirTemp("", "arena-clang-probe-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	for _, f := range []string{cppFile, cppPreludeFile} {
		if err := os.WriteFile(filepath.Join(tmp, f), nil, 0o644); err != nil {
			return nil, err
		}
	}
	args := append(append(append([]string{"-###"}, cppCompileFlags...), cppLinkFlags...), "-I", ".", "-o", "out.wasm", cppFile)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir, cmd.Env = tmp, []string{"PATH=" + filepath.Dir(bin), "TMPDIR=" + tmp, "LC_ALL=C"}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("sandbox: %s -###: %v: %s", bin, err, stderr.Bytes())
	}
	var cmds [][]string
	for _, line := range strings.Split(stderr.String(), "\n") {
		if strings.HasPrefix(line, ` "`) {
			cmds = append(cmds, splitQuoted(line))
		}
	}
	if len(cmds) < 2 {
		return nil, fmt.Errorf("sandbox: %s -### shows no compile and link commands:\n%s", bin, stderr.Bytes())
	}
	var programs []string
	paths := []string{bin}
	add := func(p string) {
		p = filepath.Clean(p)
		if !filepath.IsAbs(p) || p == tmp || strings.HasPrefix(p, tmp+"/") {
			return
		}
		if _, err := os.Stat(p); err == nil && !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
	}
	for _, c := range cmds {
		programs = append(programs, c[0])
		add(c[0])
		for i := 1; i < len(c); i++ {
			a := c[i]
			switch {
			case (a == "-internal-isystem" || a == "-internal-externc-isystem") && i+1 < len(c):
				i++
				if strings.Contains(c[i], "wasm32") {
					add(c[i])
					ci.sysroot = append(ci.sysroot, c[i])
				}
			case a == "-resource-dir" && i+1 < len(c):
				i++
				add(c[i])
				ci.sysroot = append(ci.sysroot, filepath.Join(c[i], "include"))
			case strings.HasPrefix(a, "-L/"):
				add(a[2:])
			case strings.HasPrefix(a, "/"):
				add(a)
			}
		}
	}
	// Messages may name headers by their resolved paths too.
	for _, p := range slices.Clone(ci.sysroot) {
		if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
			ci.sysroot = append(ci.sysroot, real)
		}
	}
	// Longest first, so that a directory inside another is stripped whole.
	slices.SortFunc(ci.sysroot, func(a, b string) int { return len(b) - len(a) })
	libs, err := sharedLibraries(programs...)
	if err != nil {
		return nil, fmt.Errorf("sandbox: the libraries of %s: %w", bin, err)
	}
	for _, l := range libs {
		add(l)
	}
	// The dynamic loader finds the libraries through its cache.
	add("/etc/ld.so.cache")
	// A directory's links may point out of it (Debian's
	// /usr/lib/wasm32-wasi/libc++.a -> ../llvm-14/lib/...): their targets
	// are needed too.
	for _, p := range slices.Clone(paths) {
		for _, t := range linkTargets(p) {
			add(t)
		}
	}
	ci.readOnly = paths
	return ci, nil
}

// linkTargets lists what the symbolic links in the directory dir (and
// below) resolve to.
func linkTargets(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type()&fs.ModeSymlink != 0 {
			if t, err := filepath.EvalSymlinks(p); err == nil {
				out = append(out, t)
			}
		}
		return nil
	})
	return out
}

// splitQuoted splits a line of clang -### output: arguments in double
// quotes, with backslash escapes.
func splitQuoted(line string) []string {
	var out []string
	var cur strings.Builder
	in, esc := false, false
	for _, r := range line {
		switch {
		case esc:
			cur.WriteRune(r)
			esc = false
		case in && r == '\\':
			esc = true
		case r == '"':
			if in {
				out = append(out, cur.String())
				cur.Reset()
			}
			in = !in
		case in:
			cur.WriteRune(r)
		}
	}
	return out
}

// sharedLibraries lists the dynamic loader and the shared libraries the
// ELF programs load, transitively, as the loader would find them.
func sharedLibraries(programs ...string) ([]string, error) {
	dirs := loaderDirs()
	var out []string
	seen := map[string]bool{}
	queue := slices.Clone(programs)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		f, err := elf.Open(p)
		if err != nil {
			return nil, err
		}
		for _, prog := range f.Progs {
			if prog.Type != elf.PT_INTERP {
				continue
			}
			b := make([]byte, prog.Filesz)
			if _, err := prog.ReadAt(b, 0); err == nil {
				interp := string(bytes.TrimRight(b, "\x00"))
				if !seen[interp] {
					seen[interp] = true
					out = append(out, interp)
					// Its directory is the system's library directory.
					if real, err := filepath.EvalSymlinks(interp); err == nil {
						dirs = append([]string{filepath.Dir(real)}, dirs...)
					}
				}
			}
		}
		needed, _ := f.ImportedLibraries()
		var search []string
		for _, tag := range []elf.DynTag{elf.DT_RUNPATH, elf.DT_RPATH} {
			vals, _ := f.DynString(tag)
			for _, v := range vals {
				for _, d := range strings.Split(v, ":") {
					search = append(search, strings.ReplaceAll(d, "$ORIGIN", filepath.Dir(p)))
				}
			}
		}
		f.Close()
		search = append(search, dirs...)
		for _, lib := range needed {
			found := ""
			for _, d := range search {
				if _, err := os.Stat(filepath.Join(d, lib)); err == nil {
					found = filepath.Join(d, lib)
					break
				}
			}
			if found == "" {
				return nil, fmt.Errorf("%s: %s not found in %v", p, lib, search)
			}
			if !seen[found] {
				seen[found] = true
				out = append(out, found)
				queue = append(queue, found)
			}
		}
	}
	return out, nil
}

// loaderDirs are the directories the dynamic loader searches: those of
// /etc/ld.so.conf, then the defaults.
func loaderDirs() []string {
	var dirs []string
	var read func(path string, depth int)
	read = func(path string, depth int) {
		b, err := os.ReadFile(path)
		if err != nil || depth > 4 {
			return
		}
		for _, line := range strings.Split(string(b), "\n") {
			line, _, _ = strings.Cut(line, "#")
			line = strings.TrimSpace(line)
			if inc, ok := strings.CutPrefix(line, "include "); ok {
				matches, _ := filepath.Glob(strings.TrimSpace(inc))
				for _, m := range matches {
					read(m, depth+1)
				}
			} else if strings.HasPrefix(line, "/") {
				dirs = append(dirs, line)
			}
		}
	}
	read("/etc/ld.so.conf", 0)
	return append(dirs, "/lib64", "/usr/lib64", "/lib", "/usr/lib")
}
