package downloads

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// A small arena.dev module standing in for arena's source: it builds in a
// second, so these tests check the builder, not the compiler. (cmd/arena's
// tests download the real arena from a running server.)
func fakeSource(t *testing.T, main string) string {
	t.Helper()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "cmd", "arena"), 0o755)
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module arena.dev\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "cmd", "arena", "main.go"), []byte(main), 0o644)
	return dir
}

const fakeMain = `package main

import "fmt"

var version = "unset"

func main() { fmt.Println("arena", version) }
`

// countingGo is a go command that logs each build to a file, then runs go.
func countingGo(t *testing.T) (gocmd, logFile string) {
	t.Helper()
	real, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	logFile = filepath.Join(dir, "builds")
	gocmd = filepath.Join(dir, "go")
	script := "#!/bin/sh\necho \"$GOOS/$GOARCH\" >> '" + logFile + "'\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(gocmd, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return gocmd, logFile
}

func builds(logFile string) []string {
	b, _ := os.ReadFile(logFile)
	return strings.Fields(string(b))
}

// Requests for one target at once build it once; all get the same file,
// stamped with the server's version, and later requests build nothing.
func TestConcurrentRequestsBuildOnce(t *testing.T) {
	gocmd, log := countingGo(t)
	b := &Builder{Source: fakeSource(t, fakeMain), Cache: t.TempDir(), Key: "k1", Version: "v1.2.3", Go: gocmd}
	target := Target{"linux", "amd64"}
	var wg sync.WaitGroup
	paths := make([]string, 4)
	errs := make([]error, 4)
	for i := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			paths[i], errs[i] = b.Path(context.Background(), target)
		}()
	}
	wg.Wait()
	for i := range paths {
		if errs[i] != nil || paths[i] != paths[0] {
			t.Fatalf("request %d: %q, %v; want %q", i, paths[i], errs[i], paths[0])
		}
	}
	if got := builds(log); len(got) != 1 || got[0] != "linux/amd64" {
		t.Fatalf("builds: %v, want one for linux/amd64", got)
	}
	out, err := exec.Command(paths[0]).Output()
	if err != nil || string(out) != "arena v1.2.3\n" {
		t.Fatalf("the built binary says %q (%v), want the server's version", out, err)
	}
	if _, err := b.Path(context.Background(), target); err != nil || len(builds(log)) != 1 {
		t.Fatalf("a later request: %v, builds %v", err, builds(log))
	}
	// A new server build (another key) builds afresh and drops the old builds.
	b2 := &Builder{Source: b.Source, Cache: b.Cache, Key: "k2", Version: "v1.2.4", Go: gocmd}
	p2, err := b2.Path(context.Background(), target)
	if err != nil || p2 == paths[0] {
		t.Fatalf("another key: %q, %v", p2, err)
	}
	if _, err := os.Stat(paths[0]); !os.IsNotExist(err) {
		t.Errorf("the old key's build is still there: %v", err)
	}
}

// Cross-compiled targets come out in their systems' formats: Mach-O for
// macOS, PE (arena.exe) for Windows, ELF for Linux, each of its
// architecture; Check tells them apart.
func TestCrossTargetFormats(t *testing.T) {
	b := &Builder{Source: fakeSource(t, fakeMain), Cache: t.TempDir(), Key: "k", Version: "v"}
	for _, target := range []Target{{"darwin", "arm64"}, {"windows", "amd64"}, {"linux", "arm64"}} {
		p, err := b.Path(context.Background(), target)
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		if filepath.Base(p) != target.File() {
			t.Errorf("%s: file %s, want %s", target, filepath.Base(p), target.File())
		}
		if err := Check(p, target); err != nil {
			t.Errorf("%s: %v", target, err)
		}
		other := Target{target.OS, map[string]string{"amd64": "arm64", "arm64": "amd64"}[target.Arch]}
		if err := Check(p, other); err == nil {
			t.Errorf("the %s build passes as %s", target, other)
		}
	}
	darwin, _ := b.Path(context.Background(), Target{"darwin", "arm64"})
	if err := Check(darwin, Target{"linux", "arm64"}); err == nil {
		t.Error("a Mach-O file passes as Linux's")
	}
}

// A build that fails is a BuildError with go's output, leaves no file in
// the cache, and is not tried again at once.
func TestFailedBuild(t *testing.T) {
	gocmd, log := countingGo(t)
	cache := t.TempDir()
	b := &Builder{Source: fakeSource(t, "package main\n\nfunc main() { undefinedThing() }\n"), Cache: cache, Key: "k", Go: gocmd}
	_, err := b.Path(context.Background(), Target{"linux", "amd64"})
	var be *BuildError
	if !errors.As(err, &be) || !strings.Contains(be.Output, "undefinedThing") {
		t.Fatalf("error %v, want a BuildError with the compiler's message", err)
	}
	filepath.WalkDir(cache, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			t.Errorf("a failed build left %s", p)
		}
		return nil
	})
	start := time.Now()
	if _, err2 := b.Path(context.Background(), Target{"linux", "amd64"}); !errors.As(err2, &be) || time.Since(start) > time.Second {
		t.Errorf("again at once: %v after %v, want the same failure without a build", err2, time.Since(start))
	}
	if n := len(builds(log)); n != 1 {
		t.Errorf("%d builds, want 1", n)
	}
}

// Binaries built ahead are served as they are; without them or a source
// tree there is nothing to offer.
func TestPrebuiltAndNoSource(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "windows-arm64"), 0o755)
	os.WriteFile(filepath.Join(dir, "windows-arm64", "arena.exe"), []byte("MZ"), 0o755)
	b := &Builder{Prebuilt: dir, Source: fakeSource(t, fakeMain)}
	if p, err := b.Path(context.Background(), Target{"windows", "arm64"}); err != nil || p != filepath.Join(dir, "windows-arm64", "arena.exe") {
		t.Errorf("prebuilt: %q, %v", p, err)
	}
	if _, err := b.Path(context.Background(), Target{"linux", "amd64"}); !errors.Is(err, ErrNoSource) {
		t.Errorf("a target not built ahead: %v, want ErrNoSource (no build)", err)
	}
	if _, err := (&Builder{}).Path(context.Background(), Target{"linux", "amd64"}); !errors.Is(err, ErrNoSource) {
		t.Errorf("no source: %v, want ErrNoSource", err)
	}
	if _, err := (&Builder{Source: dir}).Path(context.Background(), Target{"plan9", "386"}); err == nil {
		t.Error("an unknown target was accepted")
	}
}

func TestInstallLine(t *testing.T) {
	for target, want := range map[Target]string{
		{"linux", "amd64"}:   "curl -fL --retry 10 -o arena https://arena.example.edu/downloads/arena/linux/amd64 && chmod +x arena",
		{"darwin", "arm64"}:  "curl -fL --retry 10 -o arena https://arena.example.edu/downloads/arena/darwin/arm64 && chmod +x arena",
		{"windows", "arm64"}: "Invoke-WebRequest https://arena.example.edu/downloads/arena/windows/arm64 -OutFile arena.exe",
	} {
		if got := InstallLine("https://arena.example.edu", target); got != want {
			t.Errorf("%s: %q, want %q", target, got, want)
		}
	}
}

// Start queues every target, in BuildOrder, and Status answers at once
// with estimates that grow along the queue; Close stops the builds, so a
// server shutting down leaves no go build behind.
func TestStartStatusClose(t *testing.T) {
	dir := t.TempDir()
	gocmd := filepath.Join(dir, "go")
	// A go command that never finishes on its own.
	if err := os.WriteFile(gocmd, []byte("#!/bin/sh\nwhile :; do sleep 0.1; done\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	b := &Builder{Source: fakeSource(t, fakeMain), Cache: t.TempDir(), Key: "k", Go: gocmd}
	b.Start()
	var last time.Duration
	for i, target := range BuildOrder {
		start := time.Now()
		path, eta, err := b.Status(target)
		if took := time.Since(start); took > time.Second || path != "" || err != nil || eta <= 0 {
			t.Fatalf("%s: %q, eta %v, %v, in %v; want an estimate at once", target, path, eta, err, took)
		}
		if i > 0 && eta <= last {
			t.Errorf("%s, number %d in the queue: eta %v, not after the one before it (%v)", target, i+1, eta, last)
		}
		last = eta
	}
	b.Close()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		_, _, err := b.Status(BuildOrder[0])
		var be *BuildError
		if errors.As(err, &be) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the build still runs after Close: %v", err)
		}
	}
}
