// Package downloads gives students the arena tool their kits' READMEs tell
// them to run: the arena binary for Linux, macOS and Windows (amd64 and
// arm64), built from the same source as the server, with its version stamp.
//
// A Builder serves a target from a directory of binaries built ahead (the
// Docker image's), or builds it from the server's source tree on first
// request (`make run`): go build with CGO_ENABLED=0, GOOS and GOARCH,
// -trimpath, into a cache kept per server build. Start builds every target
// in the background (the server calls it when it starts), and Status
// answers at once whether a target is ready or when it should be. One
// build runs at a time; Path waits for a target being built; a build that
// fails leaves no file behind and is not retried for a minute.
package downloads

import (
	"bytes"
	"context"
	"crypto/rand"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Target is a system the arena tool is offered for.
type Target struct{ OS, Arch string }

// Targets are the systems offered, in the order pages list them.
var Targets = []Target{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "arm64"}, {"darwin", "amd64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

// Lookup finds a target by its GOOS and GOARCH names.
func Lookup(goos, goarch string) (Target, bool) {
	for _, t := range Targets {
		if t.OS == goos && t.Arch == goarch {
			return t, true
		}
	}
	return Target{}, false
}

func (t Target) String() string { return t.OS + "/" + t.Arch }

// File is the name the binary is saved as: arena, or arena.exe on Windows.
func (t Target) File() string {
	if t.OS == "windows" {
		return "arena.exe"
	}
	return "arena"
}

// Title names the target for people: "macOS (Apple silicon)".
func (t Target) Title() string {
	system := map[string]string{"linux": "Linux", "darwin": "macOS", "windows": "Windows"}[t.OS]
	arch := map[string]string{"amd64": "x86-64", "arm64": "ARM64"}[t.Arch]
	if t.OS == "darwin" {
		arch = map[string]string{"amd64": "Intel", "arm64": "Apple silicon"}[t.Arch]
	}
	return system + " (" + arch + ")"
}

// Path is where the target is served on a site: /downloads/arena/OS/ARCH.
func (t Target) Path() string { return "/downloads/arena/" + t.OS + "/" + t.Arch }

// InstallLine is the one command that installs arena from the site at base
// (scheme and host, no trailing slash) in the current directory: curl on
// Linux and macOS, PowerShell on Windows. curl retries a 503 after its
// Retry-After, so the line works while the server is still building it.
func InstallLine(base string, t Target) string {
	url := base + t.Path()
	if t.OS == "windows" {
		return "Invoke-WebRequest " + url + " -OutFile arena.exe"
	}
	return "curl -fL --retry 10 -o arena " + url + " && chmod +x arena"
}

// ErrNoSource means the server has neither a binary built ahead for a
// target nor a source tree to build it from.
var ErrNoSource = errors.New("downloads: no binaries built ahead and no source tree to build from")

// BuildError is a build that failed; Output is go build's.
type BuildError struct {
	Target Target
	Err    error
	Output string
}

func (e *BuildError) Error() string {
	return fmt.Sprintf("building arena for %s: %v\n%s", e.Target, e.Err, strings.TrimSpace(e.Output))
}

// retryAfter is how long a failed build is remembered before another try.
const retryAfter = time.Minute

// buildTimeout bounds one build (a cold cross-compile takes about a minute
// on two cores).
const buildTimeout = 15 * time.Minute

// Builder finds or builds the arena binary for a target.
type Builder struct {
	// Prebuilt is a directory of binaries built ahead, as
	// Prebuilt/OS-ARCH/arena[.exe]; when set, only they are served.
	Prebuilt string
	// Source is the root of arena's source tree (its go.mod) to build from.
	Source string
	// Cache keeps builds as Cache/Key/OS-ARCH/arena[.exe]; other keys'
	// builds are deleted when the first build of this key starts.
	Cache string
	// Key names the server build the cached binaries belong to.
	Key string
	// Version is stamped into builds (-X main.version), as the server's.
	Version string
	// Go is the go command; "" means "go" on the PATH.
	Go string

	mu      sync.Mutex
	flights map[Target]*flight
	failed  map[Target]failure
	turn    chan struct{} // one build at a time: the machine's cores are the workers'
	pruned  bool
	seq     int           // flights asked for so far
	took    time.Duration // the last successful build's time: the estimate of the next
	stop    context.CancelFunc
	stopped context.Context // ends the builds (Close); nil until the first build
}

// Close stops the builds under way and those waiting (a server shutting
// down leaves no go build behind); later requests get their error.
func (b *Builder) Close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.stop == nil {
		b.stopped, b.stop = context.WithCancel(context.Background())
	}
	b.stop()
}

// buildContext is what the builds run under; b.mu is held.
func (b *Builder) buildContext() context.Context {
	if b.stopped == nil {
		b.stopped, b.stop = context.WithCancel(context.Background())
	}
	return b.stopped
}

// BuildOrder is the order Start builds the targets in: first the three
// the game page's install lines offer, then the others.
var BuildOrder = []Target{
	{"linux", "amd64"}, {"darwin", "arm64"}, {"windows", "amd64"},
	{"linux", "arm64"}, {"darwin", "amd64"}, {"windows", "arm64"},
}

// firstBuildGuess estimates a build before one has been timed: a cold
// cross-compile of arena on two cores.
const firstBuildGuess = 90 * time.Second

// Start builds, in the background and one at a time, every target not
// built yet (BuildOrder), so that the first download does not wait for
// its build. It returns at once; without a source tree it does nothing.
func (b *Builder) Start() {
	if b.Prebuilt != "" || b.Source == "" {
		return
	}
	for _, t := range BuildOrder {
		b.Status(t)
	}
}

// Status says, without waiting, whether t is ready: its file (path), or
// the estimated time until it is (eta, a build being under way or
// waiting its turn; one is started if none is), or why it cannot be
// (ErrNoSource, a recent *BuildError).
func (b *Builder) Status(t Target) (path string, eta time.Duration, err error) {
	if _, ok := Lookup(t.OS, t.Arch); !ok {
		return "", 0, fmt.Errorf("downloads: no target %s", t)
	}
	if b.Prebuilt != "" || b.Source == "" {
		path, err = b.Path(context.Background(), t) // no build: answers at once
		return path, 0, err
	}
	final := b.cachePath(t)
	if _, err := os.Stat(final); err == nil {
		return final, 0, nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	f, err := b.flightLocked(t)
	if err != nil {
		return "", 0, err
	}
	select {
	case <-f.done:
		return f.path, 0, f.err
	default:
	}
	// The running build's remaining time, then one build per flight
	// ahead of f, and f's own.
	each := b.took
	if each == 0 {
		each = firstBuildGuess
	}
	for _, o := range b.flights {
		switch {
		case !o.started.IsZero():
			eta += max(each-time.Since(o.started), 5*time.Second)
		case o.seq <= f.seq:
			eta += each
		}
	}
	return "", eta, nil
}

// flightLocked returns t's flight, starting one if none runs, or the
// error of a recent failure; b.mu is held.
func (b *Builder) flightLocked(t Target) (*flight, error) {
	if f, ok := b.failed[t]; ok && time.Since(f.at) < retryAfter {
		return nil, f.err
	}
	f, ok := b.flights[t]
	if !ok {
		if b.flights == nil {
			b.flights, b.failed, b.turn = map[Target]*flight{}, map[Target]failure{}, make(chan struct{}, 1)
		}
		b.seq++
		f = &flight{done: make(chan struct{}), seq: b.seq}
		b.flights[t] = f
		go b.fly(t, f)
	}
	return f, nil
}

type flight struct {
	done    chan struct{}
	path    string
	err     error
	seq     int       // the order flights were asked for: the order they take their turn
	started time.Time // zero while it waits for its turn
}

type failure struct {
	err error
	at  time.Time
}

// Path returns the file of the arena binary for t, building it first if
// needed. Callers asking for a target being built wait for that build (or
// for ctx); the build itself goes on without them.
func (b *Builder) Path(ctx context.Context, t Target) (string, error) {
	if _, ok := Lookup(t.OS, t.Arch); !ok {
		return "", fmt.Errorf("downloads: no target %s", t)
	}
	if b.Prebuilt != "" {
		p := filepath.Join(b.Prebuilt, t.OS+"-"+t.Arch, t.File())
		if _, err := os.Stat(p); err != nil {
			return "", ErrNoSource
		}
		return p, nil
	}
	if b.Source == "" {
		return "", ErrNoSource
	}
	final := b.cachePath(t)
	if _, err := os.Stat(final); err == nil {
		return final, nil
	}
	b.mu.Lock()
	f, err := b.flightLocked(t)
	b.mu.Unlock()
	if err != nil {
		return "", err
	}
	select {
	case <-f.done:
		return f.path, f.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (b *Builder) cachePath(t Target) string {
	return filepath.Join(b.Cache, b.Key, t.OS+"-"+t.Arch, t.File())
}

// fly builds t, records the outcome and lands the flight.
func (b *Builder) fly(t Target, f *flight) {
	b.turn <- struct{}{}
	b.mu.Lock()
	f.started = time.Now()
	ctx := b.buildContext()
	b.mu.Unlock()
	path, err := b.build(ctx, t)
	<-b.turn
	b.mu.Lock()
	f.path, f.err = path, err
	delete(b.flights, t)
	if f.err != nil {
		b.failed[t] = failure{f.err, time.Now()}
	} else {
		delete(b.failed, t)
		b.took = time.Since(f.started)
	}
	b.mu.Unlock()
	close(f.done)
}

// build compiles arena for t into a temporary file, checks that it is an
// executable for t, and only then moves it into place.
func (b *Builder) build(ctx context.Context, t Target) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", &BuildError{Target: t, Err: err}
	}
	final := b.cachePath(t)
	if _, err := os.Stat(final); err == nil {
		return final, nil // built by another process of this server build
	}
	b.prune()
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return "", err
	}
	tmp := final + ".tmp-" + randomSuffix()
	defer os.Remove(tmp)
	ctx, cancel := context.WithTimeout(ctx, buildTimeout)
	defer cancel()
	gocmd := b.Go
	if gocmd == "" {
		gocmd = "go"
	}
	cmd := exec.CommandContext(ctx, gocmd, "build", "-trimpath",
		"-ldflags", "-s -w -X main.version="+b.Version, "-o", tmp, "./cmd/arena")
	cmd.Dir = b.Source
	// Later entries win: the server's own GOOS or CGO settings do not leak in.
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t.OS, "GOARCH="+t.Arch)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", &BuildError{Target: t, Err: err, Output: string(out)}
	}
	if err := Check(tmp, t); err != nil {
		return "", &BuildError{Target: t, Err: err}
	}
	if err := os.Rename(tmp, final); err != nil {
		return "", err
	}
	return final, nil
}

// prune deletes the builds of other keys (older server builds), once.
func (b *Builder) prune() {
	b.mu.Lock()
	done := b.pruned
	b.pruned = true
	b.mu.Unlock()
	if done {
		return
	}
	entries, _ := os.ReadDir(b.Cache)
	for _, e := range entries {
		if e.IsDir() && e.Name() != b.Key {
			os.RemoveAll(filepath.Join(b.Cache, e.Name()))
		}
	}
}

func randomSuffix() string {
	r := make([]byte, 6)
	rand.Read(r)
	return hex.EncodeToString(r)
}

// Check reports whether the file at path is an executable for t: ELF for
// Linux, Mach-O for macOS, PE for Windows, of t's architecture.
func Check(path string, t Target) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	r := bytes.NewReader(data)
	switch t.OS {
	case "linux":
		f, err := elf.NewFile(r)
		if err != nil {
			return fmt.Errorf("not an ELF file: %w", err)
		}
		want := map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}[t.Arch]
		if f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN || f.Machine != want {
			return fmt.Errorf("ELF %v for %v, want an executable for %v", f.Type, f.Machine, want)
		}
	case "darwin":
		f, err := macho.NewFile(r)
		if err != nil {
			return fmt.Errorf("not a Mach-O file: %w", err)
		}
		want := map[string]macho.Cpu{"amd64": macho.CpuAmd64, "arm64": macho.CpuArm64}[t.Arch]
		if f.Type != macho.TypeExec || f.Cpu != want {
			return fmt.Errorf("Mach-O %v for %v, want an executable for %v", f.Type, f.Cpu, want)
		}
	case "windows":
		f, err := pe.NewFile(r)
		if err != nil {
			return fmt.Errorf("not a PE file: %w", err)
		}
		want := map[string]uint16{"amd64": pe.IMAGE_FILE_MACHINE_AMD64, "arm64": pe.IMAGE_FILE_MACHINE_ARM64}[t.Arch]
		if f.Machine != want || f.Characteristics&pe.IMAGE_FILE_EXECUTABLE_IMAGE == 0 {
			return fmt.Errorf("PE machine %#x (characteristics %#x), want an executable for %#x", f.Machine, f.Characteristics, want)
		}
	default:
		return fmt.Errorf("no check for %s", t.OS)
	}
	return nil
}
