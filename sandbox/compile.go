package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// Module is the module path of the SDK files and of the temporary module a
// bot is built in.
const Module = "arena.dev"

// CompileOptions configures Compile. Zero values take the defaults.
type CompileOptions struct {
	GoBin       string        // the go command; default "go" from PATH
	GoCache     string        // shared GOCACHE; default the toolchain's own
	ArtifactDir string        // where artifacts are stored; default $TMPDIR/arena-artifacts
	CacheDir    string        // wazero compilation cache; "" skips precompiling
	WorkDir     string        // parent of the temporary build modules; default $TMPDIR
	MaxSource   int           // default 256 KiB
	Timeout     time.Duration // whole build; default 60 s
	MemoryLimit uint64        // address space of each toolchain process; default 2 GiB
	MaxLog      int           // build log kept; default 64 KiB
	MaxArtifact uint64        // largest file the build may write; default 64 MiB
}

func (o *CompileOptions) defaults() {
	if o.ArtifactDir == "" {
		o.ArtifactDir = filepath.Join(os.TempDir(), "arena-artifacts")
	}
	if o.WorkDir == "" {
		o.WorkDir = os.TempDir()
	}
	if o.MaxSource <= 0 {
		o.MaxSource = 256 << 10
	}
	if o.Timeout <= 0 {
		o.Timeout = 60 * time.Second
	}
	if o.MemoryLimit == 0 {
		o.MemoryLimit = 2 << 30
	}
	if o.MaxLog <= 0 {
		o.MaxLog = 64 << 10
	}
	if o.MaxArtifact == 0 {
		o.MaxArtifact = 64 << 20
	}
}

// CompileError is a failure the player caused: refused source, a compile
// error, a build over its limits. Its text is meant for the player and
// names lines as bot.go:LINE:COL.
type CompileError struct{ Log string }

func (e *CompileError) Error() string { return "compile error:\n" + e.Log }

// Compile builds one Go source file (package main) against the SDK into a
// WebAssembly artifact. sdk holds module-relative files of module
// arena.dev (games/wire/wire.go, games/<id>/sdk/*.go ...); the bot may
// import the standard library and the packages in sdk, nothing else.
//
// It returns the artifact and the build log, a *CompileError (also
// carrying the log) when the player's code is at fault, or another error
// when the host is.
func Compile(ctx context.Context, src []byte, sdk fs.FS, opts CompileOptions) (Artifact, []byte, error) {
	opts.defaults()
	if len(src) > opts.MaxSource {
		return userError(fmt.Sprintf("%s: the source is %d bytes, the limit is %d", botFile, len(src), opts.MaxSource))
	}
	tc, err := lookupToolchain(ctx, opts.GoBin)
	if err != nil {
		return Artifact{}, nil, err
	}
	if opts.GoCache == "" {
		opts.GoCache = tc.goCache
	}
	sdkPkgs, err := sdkPackages(sdk)
	if err != nil {
		return Artifact{}, nil, err
	}
	allowed := func(p string) bool { return tc.std[p] || sdkPkgs[p] }
	if msgs := checkSource(src, allowed); len(msgs) > 0 {
		return userError(strings.Join(msgs, "\n"))
	}

	dir, err := os.MkdirTemp(opts.WorkDir, "arena-build-")
	if err != nil {
		return Artifact{}, nil, err
	}
	defer os.RemoveAll(dir)
	// The child changes directory and go wants an absolute GOCACHE.
	dir, opts.GoCache = absPath(dir), absPath(opts.GoCache)
	if err := writeModule(dir, src, sdk); err != nil {
		return Artifact{}, nil, err
	}
	out := filepath.Join(dir, "out.wasm")
	log, err := build(ctx, tc, dir, out, opts)
	log = cleanLog(log, dir)
	if err != nil {
		var ce *CompileError
		if errors.As(err, &ce) {
			ce.Log = strings.TrimSpace(ce.Log + "\n" + string(log))
			return Artifact{}, log, ce
		}
		return Artifact{}, log, err
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		return Artifact{}, log, fmt.Errorf("sandbox: the build made no module (%s): %w", notWired, err)
	}
	art, err := StoreArtifact(opts.ArtifactDir, wasm)
	if err != nil {
		return Artifact{}, log, err
	}
	if opts.CacheDir != "" {
		if err := Precompile(ctx, opts.CacheDir, wasm); err != nil {
			return Artifact{}, log, err
		}
	}
	return art, log, nil
}

func userError(msg string) (Artifact, []byte, error) {
	return Artifact{}, []byte(msg), &CompileError{Log: msg}
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
	mod := fmt.Sprintf("module %s\n\ngo 1.26\n", Module)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		return err
	}
	err := fs.WalkDir(sdk, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, "_test.go") {
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
	for _, d := range []string{"bot", "tmp", "home"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, "bot", botFile), src, 0o644)
}

// build runs go build in a jailed child (re-executed through Child, which
// applies the rlimits before exec'ing the toolchain).
func build(ctx context.Context, tc *toolchain, dir, out string, opts CompileOptions) ([]byte, error) {
	if _, err := childCmd(); err != nil {
		return nil, err
	}
	env, err := childEnv("exec", execConfig{
		Path: tc.goBin,
		Args: []string{"go", "build", "-trimpath", "-buildvcs=false", "-o", out, "./bot"},
		Env: []string{
			"PATH=" + filepath.Dir(tc.goBin),
			"HOME=" + filepath.Join(dir, "home"),
			"TMPDIR=" + filepath.Join(dir, "tmp"),
			"GOCACHE=" + opts.GoCache,
			"GOPATH=" + filepath.Join(dir, "home", "go"),
			"GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0",
			"GOTOOLCHAIN=local", "GOPROXY=off", "GOSUMDB=off", "GOFLAGS=-mod=mod",
			"GOWORK=off", "GOENV=off", "GOTELEMETRY=off",
		},
		Dir: dir,
		Limits: []rlimit{
			{unix.RLIMIT_AS, opts.MemoryLimit},
			{unix.RLIMIT_FSIZE, opts.MaxArtifact},
			{unix.RLIMIT_CORE, 0},
		},
	})
	if err != nil {
		return nil, err
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	log := &cappedBuffer{max: opts.MaxLog}
	cmd, err := startJailed(func() *exec.Cmd {
		cmd, _ := childCmd()
		cmd.Env = env
		cmd.Dir = dir
		cmd.Stdout, cmd.Stderr = log, log
		cmd.WaitDelay = time.Second
		return cmd
	})
	if err != nil {
		return nil, fmt.Errorf("sandbox: start build: %w", err)
	}
	stop := context.AfterFunc(ctx, func() { killGroup(cmd.Process) })
	err = cmd.Wait()
	stop()
	switch {
	case err == nil:
		return log.Bytes(), nil
	case parent.Err() != nil:
		return log.Bytes(), parent.Err()
	case ctx.Err() != nil:
		return log.Bytes(), &CompileError{Log: fmt.Sprintf("the build took longer than %v and was stopped", opts.Timeout)}
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ee.ExitCode() == 120 { // execChild could not start the toolchain
			return log.Bytes(), fmt.Errorf("sandbox: build child: %s", bytes.TrimSpace(log.Bytes()))
		}
		return log.Bytes(), &CompileError{}
	}
	return log.Bytes(), fmt.Errorf("sandbox: build: %w", err)
}

var buildHeader = regexp.MustCompile(`(?m)^# arena\.dev/bot\n`)

// cleanLog rewrites the build log so it names the player's file as bot.go
// and shows nothing of the host's paths.
func cleanLog(log []byte, dir string) []byte {
	s := strings.ReplaceAll(string(log), dir+"/", "")
	s = strings.ReplaceAll(s, dir, ".")
	s = strings.ReplaceAll(s, Module+"/bot/"+botFile, botFile) // -trimpath names files by module
	s = strings.ReplaceAll(s, "./bot/"+botFile, botFile)
	s = strings.ReplaceAll(s, "bot/"+botFile, botFile)
	s = buildHeader.ReplaceAllString(s, "")
	return []byte(s)
}
