package sandbox

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/tetratelabs/wazero/sys"
)

// runConfig is what the parent tells a run child.
type runConfig struct {
	Wasm        string   `json:"wasm"`
	CacheDir    string   `json:"cache,omitempty"`
	MemoryLimit int64    `json:"mem"`
	Limits      []rlimit `json:"limits"`
	DropUser    bool     `json:"drop"`
	EmptyRoot   bool     `json:"chroot"` // the child has its own mount namespace
	// CtlIn and CtlOut are the child's ends of its control pipes where
	// descriptors cannot be passed to a running child (proc_portable.go).
	CtlIn  uintptr `json:"ctl_in,omitempty"`
	CtlOut uintptr `json:"ctl_out,omitempty"`
}

// childStatus is a run child's report on a session: "start" when the guest
// is about to run its first instruction, then how it ended. Everything in
// it is what the host saw (the exit code, the trap, the memory it refused,
// the stack pointer), never what the guest printed.
type childStatus struct {
	Kind string `json:"kind"`          // "start", "exit", "trap" or "host" (the child itself failed)
	CPU  int64  `json:"cpu,omitempty"` // the child's CPU clock (ns) at the guest's start or end
	Code uint32 `json:"code,omitempty"`
	Msg  string `json:"msg,omitempty"`
	// MemoryRefused: the guest asked for more linear memory than its limit
	// (memory.grow refused, or a module whose initial memory exceeds it).
	MemoryRefused bool  `json:"mem_refused,omitempty"`
	MemoryPeak    int64 `json:"mem_peak,omitempty"` // bytes of linear memory at the end
	StackOverflow bool  `json:"stack,omitempty"`
	Go            bool  `json:"go,omitempty"` // the module was built by Go
}

// nobody is the unprivileged user and group a run child becomes when it
// starts as root.
const nobody = 65534

// guest is a loaded module, run once per session.
type guest struct {
	rt          wazero.Runtime
	mod         wazero.CompiledModule
	memoryLimit int64
	goModule    bool
	logBuffer   bool                    // a C++ runtime's: it hands its log over itself
	initial     int64                   // bytes of linear memory the module starts with
	stdio       *guestStdio             // the running session's descriptors, for fd_close
	report      func(childStatus) error // tells the parent (the guest's start)
}

// run runs one fresh instance of the module to its end.
func (g *guest) run(ctx context.Context, s session, stdio [3]*os.File) (st childStatus) {
	st = childStatus{Kind: "exit", Go: g.goModule}
	if g.initial > g.memoryLimit {
		st.Kind, st.MemoryRefused = "trap", true
		st.Msg = fmt.Sprintf("the module needs %d MiB of memory at start", g.initial>>20)
		return st
	}
	// The guest's log, its stderr, goes on in chunks (see guestlog.go):
	// a C++ runtime keeps its own, anything else's the child keeps.
	in, out := newRawPipe(stdio[0]), newRawPipe(stdio[1])
	log := &guestLog{w: writerOnly{stdio[2]}}
	var stdin io.Reader = in
	var stdout, stderr io.Writer = out, log.w
	if !g.logBuffer {
		stdin, stdout, stderr = logFirst{in, log}, logFirst{out, log}, log
	}
	g.stdio = &guestStdio{files: stdio, log: log}
	mem := &guestMemory{limit: g.memoryLimit}
	defer func() {
		st.MemoryRefused, st.MemoryPeak = mem.refused, int64(mem.size)
		if v := recover(); v != nil { // wazero could not set the instance up
			st = childStatus{Kind: "host", Msg: fmt.Sprint("instantiate: ", v)}
		}
		mem.release()
	}()
	cfg := wazero.NewModuleConfig().
		WithName("").         // anonymous: a child runs the module once per session
		WithStartFunctions(). // run below, to read the instance after a trap
		WithStdin(stdin).
		WithStdout(stdout).
		WithStderr(stderr).
		WithRandSource(seededRand(s.Seed))
	// No WithArgs, WithEnv, WithFS or WithSys* clocks: the guest sees no
	// arguments, no environment, no files, and wazero's deterministic clocks
	// (time advances 1 ms per reading; sleeping returns at once).
	inst, err := g.rt.InstantiateModule(experimental.WithMemoryAllocator(ctx, mem), g.mod, cfg)
	if err != nil {
		st.Kind, st.Msg = "host", "instantiate: "+err.Error()
		return st
	}
	defer inst.Close(ctx)
	start := inst.ExportedFunction("_start")
	if start == nil {
		st.Kind, st.Msg = "host", "the module has no _start"
		return st
	}
	// The player is charged from here: the guest's own start-up (its
	// runtime's and its package initialisation) is its CPU, loading the
	// module was ours.
	if err := g.report(childStatus{Kind: "start", CPU: cpuNow()}); err != nil {
		st.Kind, st.Msg = "host", "control socket: "+err.Error()
		return st
	}
	// Where the guest's log buffer is (a constant address), read while the
	// instance is open.
	logAt := int64(-1)
	if gl := inst.ExportedGlobal(cppLogSymbol); gl != nil && gl.Type() == api.ValueTypeI32 {
		logAt = int64(uint32(gl.Get()))
	}
	_, err = start.Call(ctx)
	// Nor is the player charged for our cleaning up after it.
	st.CPU = cpuNow()
	// What the guest printed and did not hand over goes now, whatever its
	// end: its memory is still there (guestMemory.Free).
	if logAt >= 0 {
		takeGuestLog(mem.mem[:mem.size], uint32(logAt), stderr)
	}
	var exit *sys.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		st.Code = exit.ExitCode()
	default:
		st.Kind, st.Msg = "trap", err.Error()
		st.StackOverflow = strings.Contains(firstLine(st.Msg), "stack overflow") || stackBelowZero(inst)
		// The player sees where it crashed, after what it wrote itself.
		fmt.Fprintf(stderr, "\n[arena] the bot crashed: %s\n", trapTrace(st.Msg))
	}
	log.flush()
	return st
}

// trapTrace is wazero's message for a trap, the stack trace cut to its
// first frames.
func trapTrace(msg string) string {
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	if len(lines) > 24 {
		lines = append(lines[:24], "\t...")
	}
	return strings.Join(lines, "\n")
}

// stackBelowZero reports whether a C++ guest's stack pointer went below
// address 0: its stack comes first in memory (see cppStackSize), so an
// overflow wraps the pointer around to the top of the address space.
func stackBelowZero(inst api.Module) bool {
	sp := inst.ExportedGlobal("__stack_pointer")
	return sp != nil && sp.Type() == api.ValueTypeI32 && int32(uint32(sp.Get())) < 0
}

// guestMemory is a guest's linear memory: reserved once at its limit (so
// growing never copies, and untouched pages cost no RAM), fresh and zeroed
// per session. The runtime lets every memory.grow reach it (wazero's own
// limit is the 4 GiB of wasm32), so a grow past the limit is seen here,
// refused, and recorded: that, not the guest's words, is "out of memory".
type guestMemory struct {
	limit   int64
	mem     []byte
	size    int
	refused bool
}

func (g *guestMemory) Allocate(_, _ uint64) experimental.LinearMemory { return g }

// Free is wazero's, when the instance closes, which an exit does before
// the child has taken what the guest left in its log buffer: the memory
// goes when the session is over (release).
func (g *guestMemory) Free() {}

// writerOnly hides an *os.File from wazero, which would otherwise give the
// guest the file's own descriptor operations.
type writerOnly struct{ f *os.File }

func (w writerOnly) Write(p []byte) (int, error) { return w.f.Write(p) }

// guestStdio is a session's stdin, stdout and stderr as the child holds
// them.
type guestStdio struct {
	files  [3]*os.File
	closed [3]bool
	log    *guestLog // what waits of the guest's stderr
}

// wasiErrnoBadf is WASI's EBADF.
const wasiErrnoBadf = 8

// instantiateWASI makes the WASI host module the guest imports: wazero's,
// with fd_close replaced (see guestStdio.close). The guest has no other
// descriptor to close.
func (g *guest) instantiateWASI(ctx context.Context) error {
	b := g.rt.NewHostModuleBuilder(wasiModule)
	wasi_snapshot_preview1.NewFunctionExporter().ExportFunctions(b)
	b.NewFunctionBuilder().WithGoModuleFunction(api.GoModuleFunc(func(ctx context.Context, m api.Module, stack []uint64) {
		fd := int32(uint32(stack[0]))
		if fd < 0 || fd > 2 || g.stdio == nil {
			stack[0] = wasiErrnoBadf
			return
		}
		g.stdio.log.flush() // before its descriptor goes
		g.stdio.close(int(fd))
		stack[0] = 0
	}), []api.ValueType{api.ValueTypeI32}, []api.ValueType{api.ValueTypeI32}).Export("fd_close")
	_, err := b.Instantiate(ctx)
	return err
}

func loadGuest(ctx context.Context, c runConfig) (*guest, error) {
	wasm, err := os.ReadFile(c.Wasm)
	if err != nil {
		return nil, err
	}
	info, err := scanWasm(wasm)
	if err != nil {
		return nil, err
	}
	var cache wazero.CompilationCache
	if c.CacheDir != "" {
		if cache, err = wazero.NewCompilationCacheWithDir(c.CacheDir); err != nil {
			return nil, err
		}
	}
	g := &guest{rt: wazero.NewRuntimeWithConfig(ctx, runtimeConfig(cache)), memoryLimit: c.MemoryLimit, goModule: info.goModule, logBuffer: info.logBuffer}
	if err := g.instantiateWASI(ctx); err != nil {
		return nil, err
	}
	if g.mod, err = g.rt.CompileModule(ctx, wasm); err != nil {
		return nil, err
	}
	for _, imp := range g.mod.ImportedFunctions() {
		if m, _, _ := imp.Import(); m != wasiModule {
			return nil, fmt.Errorf("module imports from %q: only WASI is available", m)
		}
	}
	for _, m := range g.mod.ExportedMemories() {
		g.initial = max(g.initial, int64(m.Min())*pageSize)
	}
	return g, nil
}

// seededRand is the guest's only source of randomness (crypto/rand and
// math/rand seeds alike), so a match replays identically from its seed.
func seededRand(seed uint64) io.Reader {
	var s [32]byte
	binary.LittleEndian.PutUint64(s[:], seed)
	copy(s[8:], "arena-sandbox-seed")
	return rand.NewChaCha8(s)
}
