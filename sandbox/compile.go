package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// CompileOptions configures Compile. Zero values take the defaults.
type CompileOptions struct {
	GoBin       string        // the go command; default "go" from PATH
	GoCache     string        // shared GOCACHE; default the toolchain's own
	Clang       string        // the C++ compiler; default "clang++" from PATH
	ArtifactDir string        // where artifacts are stored; default $TMPDIR/arena-artifacts
	CacheDir    string        // wazero compilation cache; "" skips precompiling
	PCHDir      string        // C++ SDKs' precompiled headers; "" builds none
	WorkDir     string        // parent of the build directories (nobody must reach it where builds get no root); default $TMPDIR
	MaxSource   int           // default 256 KiB
	Timeout     time.Duration // whole build; default 60 s
	MemoryLimit uint64        // address space of each toolchain process; default 2 GiB
	MaxLog      int           // build log kept; default 64 KiB
	MaxArtifact uint64        // largest file the build may write; default 64 MiB
	// A C++ source is preprocessed first, within these bounds, far below
	// the build's: a macro bomb (a #define expanded tenfold, level upon
	// level) is stopped in a second or two instead of holding a compile
	// worker for the whole Timeout.
	PreprocessTimeout time.Duration // default 10 s
	MaxPreprocessed   uint64        // the preprocessed source, headers included; default 16 MiB
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
	if o.PreprocessTimeout <= 0 {
		o.PreprocessTimeout = 10 * time.Second
	}
	if o.MaxPreprocessed == 0 {
		o.MaxPreprocessed = 16 << 20
	}
}

// CompileError is a failure the player caused: refused source, a compile
// error, a build over its limits. Its text is meant for the player and
// names lines as FILE:LINE:COL with the toolchain's File (bot.go, bot.cc).
type CompileError struct {
	Log string
	// Limit: the build ran into one of its limits (time, memory, file
	// size, preprocessed size) rather than only the player's errors. Such
	// a build cost its worker the most, so it counts towards the player's
	// submission limit (judge.checkSubmitLimits).
	Limit bool
	limit string // which: "time", "size", "memory"
}

func (e *CompileError) Error() string { return "compile error:\n" + e.Log }

// Compile builds one player's source file with the toolchain of its
// language into a WebAssembly artifact. sdk holds the game's SDK files as
// that toolchain lays them out: for Go, module-relative files of module
// arena.dev (games/wire/wire.go, games/<id>/sdk/*.go ...), and the bot may
// import the standard library and the packages in sdk, nothing else; for
// C++, the flat headers the player's file is built next to.
//
// It returns the artifact and the build log, a *CompileError (also
// carrying the log) when the player's code is at fault, or another error
// when the host is.
func Compile(ctx context.Context, tc Toolchain, src []byte, sdk fs.FS, opts CompileOptions) (Artifact, []byte, error) {
	opts.defaults()
	if len(src) > opts.MaxSource {
		return userError(fmt.Sprintf("%s: the source is %d bytes, the limit is %d", tc.File(), len(src), opts.MaxSource))
	}
	base, dir, err := buildDirs(opts.WorkDir)
	if err != nil {
		return Artifact{}, nil, err
	}
	defer os.RemoveAll(base)
	plan, refused, err := tc.prepare(ctx, dir, src, sdk, &opts)
	if err != nil {
		return Artifact{}, nil, err
	}
	if len(refused) > 0 {
		return userError(strings.Join(refused, "\n"))
	}
	if plan.pre != nil {
		if log, err := preprocess(ctx, base, dir, plan.pre, opts); err != nil {
			var ce *CompileError
			if errors.As(err, &ce) {
				ce.Log = strings.TrimSpace(ce.Log + "\n" + string(tc.clean(log, dir)))
				return Artifact{}, []byte(ce.Log), ce
			}
			return Artifact{}, log, err
		}
	}
	log, err := build(ctx, base, dir, plan, opts)
	var ce *CompileError
	if errors.As(err, &ce) && plan.pch != "" && bytes.Contains(log, []byte(plan.pch)) {
		// A precompiled header the compiler would not take (from another
		// build of clang): never the player's fault. Without it, and
		// made again next time.
		os.Remove(plan.pch)
		plan.readOnly = slices.DeleteFunc(slices.Clone(plan.readOnly), func(p string) bool { return p == plan.pch })
		plan.jailedArgs, plan.pch = nil, ""
		log, err = build(ctx, base, dir, plan, opts)
	}
	log = tc.clean(log, dir)
	if err != nil {
		var ce *CompileError
		if errors.As(err, &ce) {
			ce.Log = strings.TrimSpace(ce.Log + "\n" + string(log))
			return Artifact{}, log, ce
		}
		return Artifact{}, log, err
	}
	wasm, err := os.ReadFile(plan.out)
	if err != nil {
		return Artifact{}, log, fmt.Errorf("sandbox: the build made no module (%s): %w", notWired, err)
	}
	if msg := checkImports(wasm); msg != "" {
		return userError(msg)
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

// buildDirs makes a build's directories in workDir: base, which holds dir
// (base/build, the build directory) and base/root (the mount point of its
// jail's root). Others may traverse base: the build may run as nobody.
// The caller removes base.
func buildDirs(workDir string) (base, dir string, err error) {
	if base, err = os.MkdirTemp(workDir, "arena-build-"); err != nil {
		return "", "", err
	}
	base = absPath(base)
	dir = filepath.Join(base, "build")
	for _, d := range []string{dir, filepath.Join(base, "root")} {
		if err = os.Mkdir(d, 0o755); err != nil {
			break
		}
	}
	if err == nil {
		err = os.Chmod(base, 0o711)
	}
	if err != nil {
		os.RemoveAll(base)
		return "", "", err
	}
	return base, dir, nil
}

// build runs plan in a jailed child (re-executed through Child, which
// builds the jail's root, applies the rlimits and drops to nobody before
// exec'ing the toolchain) with dir as its working and only writable
// directory. Where the OS has none of these walls (portable.go) the
// toolchain runs directly, under the same time limit.
func build(ctx context.Context, base, dir string, plan *buildPlan, opts CompileOptions) ([]byte, error) {
	if _, err := childCmd(); err != nil {
		return nil, err
	}
	cfg := plan.cmd
	cfg.Dir = dir
	cfg.Limits = append(cfg.Limits,
		rlimit{limitFSIZE, opts.MaxArtifact},
		rlimit{limitCORE, 0})
	if plan.nobody && os.Getuid() == 0 {
		if err := openDirs(dir); err != nil {
			return nil, err
		}
		cfg.Nobody = true
	}
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	log := &cappedBuffer{max: opts.MaxLog}
	cmd, err := startJailed(func() *exec.Cmd {
		// Decided here, as for a bot: without namespaces of its own the
		// child must not mount anything.
		c := cfg
		if buildRootWanted() {
			c.Root = &jailRoot{Mount: filepath.Join(base, "root"), ReadOnly: plan.readOnly,
				Writable: plan.writable, Build: dir, At: dir}
			if plan.at != "" {
				c.Root.At, c.Dir = plan.at, plan.at
			}
			if plan.jailedArgs != nil {
				c.Args = plan.jailedArgs
			}
		}
		cmd := toolchainCmd(c)
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
		return log.Bytes(), &CompileError{Log: fmt.Sprintf("the build took longer than %v and was stopped", opts.Timeout), Limit: true, limit: "time"}
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ee.ExitCode() == 120 { // execChild could not start the toolchain
			return log.Bytes(), fmt.Errorf("sandbox: build child: %s", bytes.TrimSpace(log.Bytes()))
		}
		if bytes.Contains(log.Bytes(), []byte("File size limit exceeded")) || // the signal
			bytes.Contains(log.Bytes(), []byte("output stream: File too large")) { // clang's cc1 in-process
			// A compiler killed by the rlimit (a huge static array): its
			// crash report would say nothing useful.
			msg := fmt.Sprintf("the build wrote a file over the %d MiB limit: too much static data?", opts.MaxArtifact>>20)
			return []byte(msg), &CompileError{Limit: true, limit: "size"}
		}
		// A toolchain out of its address space (clang's "LLVM ERROR: out
		// of memory", Go's "runtime: out of memory") or killed by a signal.
		if bytes.Contains(log.Bytes(), []byte("out of memory")) || !ee.Exited() {
			return log.Bytes(), &CompileError{Limit: true, limit: "memory"}
		}
		return log.Bytes(), &CompileError{}
	}
	return log.Bytes(), fmt.Errorf("sandbox: build: %w", err)
}

// preprocess runs a toolchain's preprocessing step (plan.pre) in the
// build's jail with its own bounds: opts.PreprocessTimeout, and an
// output of at most opts.MaxPreprocessed bytes. Its output is removed:
// the build proper starts again from the source (with its precompiled
// header), which costs a typical bot a tenth of a second.
//
// The size is watched from here: clang takes the file size rlimit's
// refusal as an output error and goes on expanding to the end, so the
// rlimit (a little above) only keeps the disk safe.
func preprocess(ctx context.Context, base, dir string, pre *buildPlan, opts CompileOptions) ([]byte, error) {
	bounded := opts
	bounded.Timeout, bounded.MaxArtifact = opts.PreprocessTimeout, opts.MaxPreprocessed+1<<20
	pctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	go func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-pctx.Done():
				return
			case <-tick.C:
				if preprocessedSize(pre.out) > opts.MaxPreprocessed {
					stop(errPreprocessedSize)
					return
				}
			}
		}
	}()
	log, err := build(pctx, base, dir, pre, bounded)
	os.Remove(pre.out)
	if ctx.Err() == nil && errors.Is(context.Cause(pctx), errPreprocessedSize) {
		err = &CompileError{Limit: true, limit: "size"}
	}
	var ce *CompileError
	if errors.As(err, &ce) && ce.Limit {
		// The bound's own message, not the build's: the player learns
		// what to change.
		what := fmt.Sprintf("grew past %d MiB", opts.MaxPreprocessed>>20)
		switch ce.limit {
		case "time":
			what = fmt.Sprintf("took longer than %v", opts.PreprocessTimeout)
		case "memory":
			what = fmt.Sprintf("ran out of its %d MiB of memory", opts.MemoryLimit>>20)
		}
		return nil, &CompileError{Limit: true, Log: fmt.Sprintf("the preprocessor %s and was stopped "+
			"(the source with its #includes and macros expanded; a typical bot's is about 3 MiB): "+
			"a macro that expands into too much code?", what)}
	}
	return log, err
}

// preprocessedSize is the size of the preprocessor's output so far: clang
// writes it to a temporary file beside out (pre.ii: pre-XXXX.ii.tmp) and
// renames it at the end.
func preprocessedSize(out string) uint64 {
	files, _ := filepath.Glob(strings.TrimSuffix(out, filepath.Ext(out)) + "*")
	var size uint64
	for _, f := range files {
		if st, err := os.Stat(f); err == nil {
			size = max(size, uint64(st.Size()))
		}
	}
	return size
}

// errPreprocessedSize stops a preprocessor whose output grew too large.
var errPreprocessedSize = errors.New("preprocessed source too large")

// buildRootWanted says whether a build child gets its own root: it needs
// its own mount namespace and root to mount it, as a bot's empty root.
func buildRootWanted() bool { return Namespaces() && os.Getuid() == 0 }

// openDirs lets nobody write in dir and the directories below it (its
// files stay ours, readable). Not chown: a worker in a container may lack
// CAP_CHOWN (docker-compose.yml drops it), and we must still read and
// remove what nobody writes, without CAP_DAC_OVERRIDE either. dir is in
// a directory only we can list.
func openDirs(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		return os.Chmod(p, 0o777)
	})
}
