package sandbox

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Module is the module path of the SDK files and of the temporary module a
// bot is built in.
const Module = "arena.dev"

// Go builds a Go bot (package main, against the game's Go SDK) with go
// build for GOOS=wasip1.
var Go Toolchain = goToolchain{}

type goToolchain struct{}

func (goToolchain) Name() string { return "go" }
func (goToolchain) File() string { return goFile }

// goVersion is the go line of the module a bot is built in: its language
// version.
const goVersion = "go 1.26"

// goBuildFlags are go build's flags, and goBuildEnv the settings of its
// environment that shape the module (the rest of it is paths).
var (
	goBuildFlags = []string{"-trimpath", "-buildvcs=false"}
	goBuildEnv   = []string{
		"GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0",
		"GOTOOLCHAIN=local", "GOPROXY=off", "GOSUMDB=off", "GOFLAGS=-mod=mod",
		"GOWORK=off", "GOENV=off", "GOTELEMETRY=off",
	}
)

func (goToolchain) Recipe() string {
	return fmt.Sprintf("%s\ngo build %s\n%s\n", goVersion, strings.Join(goBuildFlags, " "), strings.Join(goBuildEnv, " "))
}

func (goToolchain) Installation(ctx context.Context, opts CompileOptions) (string, error) {
	tc, err := lookupGo(ctx, opts.GoBin)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("go %s %s", tc.goBin, tc.version), nil
}

func (goToolchain) prepare(ctx context.Context, dir string, src []byte, sdk fs.FS, opts *CompileOptions) (*buildPlan, []string, error) {
	tc, err := lookupGo(ctx, opts.GoBin)
	if err != nil {
		return nil, nil, err
	}
	if opts.GoCache == "" {
		opts.GoCache = tc.goCache
	}
	// The child changes directory and go wants an absolute GOCACHE; the
	// jail binds it, so it must exist.
	opts.GoCache = absPath(opts.GoCache)
	if err := os.MkdirAll(opts.GoCache, 0o755); err != nil {
		return nil, nil, err
	}
	sdkPkgs, err := sdkPackages(sdk)
	if err != nil {
		return nil, nil, err
	}
	allowed := func(p string) bool { return tc.std[p] || sdkPkgs[p] }
	if msgs := checkSource(src, allowed); len(msgs) > 0 {
		return nil, msgs, nil
	}
	if err := writeModule(dir, src, sdk); err != nil {
		return nil, nil, err
	}
	out := filepath.Join(dir, "out.wasm")
	return &buildPlan{
		cmd: execConfig{
			Path: tc.goBin,
			Args: slices.Concat([]string{"go", "build"}, goBuildFlags, []string{"-o", out, "./bot"}),
			Env: slices.Concat([]string{
				"PATH=" + filepath.Dir(tc.goBin),
				"HOME=" + filepath.Join(dir, "home"),
				"TMPDIR=" + filepath.Join(dir, "tmp"),
				"GOROOT=" + tc.goRoot,
				"GOCACHE=" + opts.GoCache,
				"GOPATH=" + filepath.Join(dir, "home", "go"),
			}, goBuildEnv),
			Limits: []rlimit{{limitAS, opts.MemoryLimit}},
		},
		out:      out,
		readOnly: []string{tc.goRoot, tc.goBin, "/dev/null"},
		// The shared build cache is written by every build, so the build
		// keeps the worker's user; Go compiles, it never runs the
		// player's code, and a Go source cannot read files (//go:embed
		// is refused).
		writable: []string{opts.GoCache},
	}, nil, nil
}

var buildHeader = regexp.MustCompile(`(?m)^# arena\.dev/bot\n`)

// clean rewrites go build's log so it names the player's file as bot.go
// and shows nothing of the host's paths.
func (goToolchain) clean(log []byte, dir string) []byte {
	s := strings.ReplaceAll(string(log), dir+"/", "")
	s = strings.ReplaceAll(s, dir, ".")
	s = strings.ReplaceAll(s, Module+"/bot/"+goFile, goFile) // -trimpath names files by module
	s = strings.ReplaceAll(s, "./bot/"+goFile, goFile)
	s = strings.ReplaceAll(s, "bot/"+goFile, goFile)
	s = buildHeader.ReplaceAllString(s, "")
	return []byte(s)
}

// sdkPackages lists the import paths of the Go packages in sdk.
func sdkPackages(sdk fs.FS) (map[string]bool, error) {
	pkgs := map[string]bool{}
	err := fs.WalkDir(sdk, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == "bot" || p == "go.mod" {
			return fmt.Errorf("sandbox: SDK must not contain %s", p)
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			pkgs[path.Join(Module, path.Dir(p))] = true
		}
		return nil
	})
	return pkgs, err
}

// writeModule lays out the temporary module: go.mod, the SDK files, and the
// player's file as bot/bot.go.
func writeModule(dir string, src []byte, sdk fs.FS) error {
	mod := fmt.Sprintf("module %s\n\n%s\n", Module, goVersion)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		return err
	}
	if err := writeSDK(dir, sdk, func(p string) bool { return !strings.HasSuffix(p, "_test.go") }); err != nil {
		return err
	}
	for _, d := range []string{"bot", "tmp", "home"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			return err
		}
	}
	// Go telemetry off: GOTELEMETRY only reports the mode, this file sets
	// it. Otherwise the go command starts its telemetry sidecar, which the
	// jail (no /proc) makes fail with a line in the player's compile log.
	telemetry := filepath.Join(dir, "home", ".config", "go", "telemetry")
	if err := os.MkdirAll(telemetry, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(telemetry, "mode"), []byte("off"), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "bot", goFile), src, 0o644)
}

// writeSDK copies the files of sdk that keep accepts into dir.
func writeSDK(dir string, sdk fs.FS, keep func(string) bool) error {
	err := fs.WalkDir(sdk, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !keep(p) {
			return err
		}
		b, err := fs.ReadFile(sdk, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		return fmt.Errorf("sandbox: SDK: %w", err)
	}
	return nil
}

// goInstall is what Compile needs to know about one Go installation. It is
// asked once per process and binary: `go list std` costs ~100 ms.
type goInstall struct {
	goBin   string
	version string
	goRoot  string
	goCache string          // the toolchain's default GOCACHE
	std     map[string]bool // standard packages for wasip1/wasm
}

var (
	goInstallsMu sync.Mutex
	goInstalls   = map[string]*goInstall{}
)

func lookupGo(ctx context.Context, goBin string) (*goInstall, error) {
	if goBin == "" {
		goBin = "go"
	}
	path, err := exec.LookPath(goBin)
	if err != nil {
		return nil, fmt.Errorf("sandbox: Go toolchain: %w", err)
	}
	if path, err = filepath.Abs(path); err != nil {
		return nil, err
	}
	goInstallsMu.Lock()
	defer goInstallsMu.Unlock()
	if tc := goInstalls[path]; tc != nil {
		return tc, nil
	}
	tc := &goInstall{goBin: path, std: map[string]bool{}}
	out, err := goQuery(ctx, path, "env", "GOVERSION", "GOROOT", "GOCACHE")
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		return nil, fmt.Errorf("sandbox: unexpected go env output %q", out)
	}
	tc.version, tc.goRoot, tc.goCache = lines[0], lines[1], lines[2]
	if out, err = goQuery(ctx, path, "list", "std"); err != nil {
		return nil, err
	}
	for _, p := range strings.Fields(out) {
		tc.std[p] = true
	}
	goInstalls[path] = tc
	return tc, nil
}

// goQuery runs a trusted, read-only go command for wasip1.
func goQuery(ctx context.Context, goBin string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, goBin, args...)
	cmd.Env = append(cmd.Environ(), "GOOS=wasip1", "GOARCH=wasm", "GOFLAGS=", "GOTOOLCHAIN=local", "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("sandbox: go %s: %v: %s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return string(out), nil
}
