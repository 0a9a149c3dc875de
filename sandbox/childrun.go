package sandbox

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"syscall"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/tetratelabs/wazero/sys"
	"golang.org/x/sys/unix"
)

// runConfig is what the parent tells a run child.
type runConfig struct {
	Wasm        string   `json:"wasm"`
	CacheDir    string   `json:"cache,omitempty"`
	MemoryLimit int64    `json:"mem"`
	Limits      []rlimit `json:"limits"`
	DropUser    bool     `json:"drop"`
	EmptyRoot   bool     `json:"chroot"` // the child has its own mount namespace
}

// childStatus is how a session's guest ended.
type childStatus struct {
	Kind  string `json:"kind"` // "exit", "trap" or "host" (the child itself failed)
	Code  uint32 `json:"code,omitempty"`
	Msg   string `json:"msg,omitempty"`
	OOM   bool   `json:"oom,omitempty"`   // the Go runtime reported out of memory
	Panic bool   `json:"panic,omitempty"` // the Go runtime reported a panic or fatal error
}

// nobody is the unprivileged user and group a run child becomes when it
// starts as root.
const nobody = 65534

func runChild(raw string) int {
	fail := func(msg string) int {
		_ = sendStatus(ctlFD, childStatus{Kind: "host", Msg: msg})
		return 121
	}
	var c runConfig
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		return fail("bad config: " + err.Error())
	}
	// The guest runs on one thread. A second P would only add idle
	// spinning and GC helpers, and their CPU is charged to the player.
	runtime.GOMAXPROCS(1)
	ctx := context.Background()
	rt, mod, err := loadGuest(ctx, c)
	if err != nil {
		return fail(err.Error())
	}
	// Everything is loaded: lock down before the first guest instruction.
	if err := lockDown(c); err != nil {
		return fail("lock down: " + err.Error())
	}
	for {
		s, stdio, err := recvSession(ctlFD)
		if errors.Is(err, errNoMoreSessions) {
			return 0
		}
		if err != nil {
			return fail("session: " + err.Error())
		}
		st := runGuest(ctx, rt, mod, s, stdio)
		closeFiles(stdio[:]) // the parent sees EOF on the guest's pipes
		if err := sendStatus(ctlFD, st); err != nil {
			return 121
		}
		// Give the guest's memory back before idling in a pool.
		debug.FreeOSMemory()
	}
}

// runGuest runs one fresh instance of the module to its end.
func runGuest(ctx context.Context, rt wazero.Runtime, mod wazero.CompiledModule, s session, stdio [3]*os.File) childStatus {
	watch := &stderrWatch{w: stdio[2]}
	cfg := wazero.NewModuleConfig().
		WithName(""). // anonymous: a child runs the module once per session
		WithStdin(newRawPipe(stdio[0])).
		WithStdout(newRawPipe(stdio[1])).
		WithStderr(watch).
		WithRandSource(seededRand(s.Seed))
	// No WithArgs, WithEnv, WithFS or WithSys* clocks: the guest sees no
	// arguments, no environment, no files, and wazero's deterministic clocks
	// (time advances 1 ms per reading; sleeping returns at once).
	inst, err := rt.InstantiateModule(ctx, mod, cfg)
	if inst != nil {
		inst.Close(ctx)
	}
	st := childStatus{Kind: "exit", OOM: watch.oom, Panic: watch.panic}
	var exit *sys.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		st.Code = exit.ExitCode()
	default:
		st.Kind, st.Msg = "trap", err.Error()
	}
	return st
}

func loadGuest(ctx context.Context, c runConfig) (wazero.Runtime, wazero.CompiledModule, error) {
	wasm, err := os.ReadFile(c.Wasm)
	if err != nil {
		return nil, nil, err
	}
	var cache wazero.CompilationCache
	if c.CacheDir != "" {
		if cache, err = wazero.NewCompilationCacheWithDir(c.CacheDir); err != nil {
			return nil, nil, err
		}
	}
	rt := wazero.NewRuntimeWithConfig(ctx, runtimeConfig(cache, c.MemoryLimit))
	wasi_snapshot_preview1.MustInstantiate(ctx, rt)
	mod, err := rt.CompileModule(ctx, wasm)
	if err != nil {
		return nil, nil, err
	}
	for _, imp := range mod.ImportedFunctions() {
		if m, _, _ := imp.Import(); m != wasi_snapshot_preview1.ModuleName {
			return nil, nil, fmt.Errorf("module imports from %q: only WASI is available", m)
		}
	}
	return rt, mod, nil
}

// lockDown applies the rlimits and, as root, becomes nobody: a guest that
// escaped wazero would still be an unprivileged process without files it
// can open, network or visible processes.
func lockDown(c runConfig) error {
	if c.EmptyRoot {
		// A third wall, not a required one: where the kernel lets us have
		// namespaces but not mounts (some container setups), go on.
		_ = emptyRoot()
	}
	if err := applyRlimits(c.Limits); err != nil {
		return err
	}
	if !c.DropUser || os.Getuid() != 0 {
		return nil
	}
	return becomeNobody()
}

// becomeNobody drops a root child to user and group nobody, without
// supplementary groups (and so without any capability).
func becomeNobody() error {
	if err := syscall.Setgroups(nil); err != nil {
		return err
	}
	if err := syscall.Setresgid(nobody, nobody, nobody); err != nil {
		return err
	}
	if err := syscall.Setresuid(nobody, nobody, nobody); err != nil {
		return err
	}
	// Changing credentials cleared the parent-death signal; set it again.
	return unix.Prctl(unix.PR_SET_PDEATHSIG, uintptr(syscall.SIGKILL), 0, 0, 0)
}

// emptyRoot makes the child's root an empty, read-only tmpfs, in its own
// mount namespace (the host's mounts are untouched): once the module is
// loaded the child needs no file, and an escaped guest would find none.
func emptyRoot() error {
	if err := unix.Mount("", "/", "", unix.MS_PRIVATE|unix.MS_REC, ""); err != nil {
		return err
	}
	const dir = "/tmp"
	flags := uintptr(unix.MS_NOSUID | unix.MS_NODEV | unix.MS_NOEXEC | unix.MS_RDONLY)
	if err := unix.Mount("arena-empty", dir, "tmpfs", flags, "size=4k,mode=0555"); err != nil {
		return err
	}
	if err := unix.Chdir(dir); err != nil {
		return err
	}
	if err := unix.Chroot("."); err != nil {
		return err
	}
	return unix.Chdir("/")
}

// seededRand is the guest's only source of randomness (crypto/rand and
// math/rand seeds alike), so a match replays identically from its seed.
func seededRand(seed uint64) io.Reader {
	var s [32]byte
	binary.LittleEndian.PutUint64(s[:], seed)
	copy(s[8:], "arena-sandbox-seed")
	return rand.NewChaCha8(s)
}

// stderrWatch passes the guest's stderr through and notes the Go runtime's
// fatal messages, which tell a panic or an out-of-memory from a plain exit.
type stderrWatch struct {
	w          io.Writer
	tail       []byte
	oom, panic bool
}

var (
	oomMarks   = [][]byte{[]byte("fatal error: out of memory"), []byte("runtime: out of memory")}
	panicMarks = [][]byte{[]byte("panic: "), []byte("fatal error: ")}
)

func (s *stderrWatch) Write(p []byte) (int, error) {
	// Search the end of the previous write plus this one, so a mark split
	// across writes is still found; only the first kilobyte of a write
	// matters (the runtime writes its messages in small pieces).
	win := append(s.tail, p[:min(len(p), 1024)]...)
	for _, m := range oomMarks {
		s.oom = s.oom || bytes.Contains(win, m)
	}
	for _, m := range panicMarks {
		s.panic = s.panic || bytes.Contains(win, m)
	}
	if len(p) > 32 {
		s.tail = append(s.tail[:0], p[len(p)-32:]...)
	} else {
		s.tail = append(s.tail[:0], win[max(0, len(win)-32):]...)
	}
	return s.w.Write(p)
}
