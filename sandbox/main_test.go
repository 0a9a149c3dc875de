package sandbox

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

func TestMain(m *testing.M) {
	Child() // the test binary is also the sandbox child
	probeHook()
	// A secret in the host environment: no bot may see it.
	os.Setenv("ARENA_SANDBOX_SECRET", "s3cret")
	os.Exit(m.Run())
}

// testDir holds the artifacts and the wazero cache of all test runs of this
// Go version, so only the first run pays for compiling modules (~2 s each).
// The Go build cache is the toolchain's own GOCACHE.
var testDir = filepath.Join(os.TempDir(), "arena-sandbox-test-"+runtime.Version())

// escapeFile is what hostile bots try to create on the host.
const escapeFile = "/tmp/arena-sandbox-escape"

func compileOptions() CompileOptions {
	return CompileOptions{
		ArtifactDir: filepath.Join(testDir, "artifacts"),
		CacheDir:    filepath.Join(testDir, "wazero"),
		PCHDir:      filepath.Join(testDir, "pch"),
		Timeout:     30 * time.Second,
	}
}

func runOptions() RunOptions {
	return RunOptions{CacheDir: filepath.Join(testDir, "wazero"), Seed: 1}
}

// testSDK is the SDK the test bots build against: the real games/wire and a
// fake game SDK.
func testSDK(t testing.TB) fs.FS {
	wire, err := os.ReadFile("../games/wire/wire.go")
	if err != nil {
		t.Fatal(err)
	}
	sdk, err := os.ReadFile("testdata/sdk/games/fake/sdk/sdk.go")
	if err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{
		"games/wire/wire.go":      {Data: wire},
		"games/fake/sdk/sdk.go":   {Data: sdk},
		"games/wire/wire_test.go": {Data: []byte("package wire\nthis is not copied\n")},
	}
}

type compiled struct {
	once sync.Once
	art  Artifact
	log  []byte
	err  error
}

var (
	buildsMu sync.Mutex
	builds   = map[string]*compiled{}
	// buildSlot keeps to one build at a time: a build uses both cores.
	buildSlot sync.Mutex
)

// compileBot compiles testdata/bots/NAME.go once per test run.
func compileBot(t testing.TB, name string) (Artifact, []byte, error) {
	t.Helper()
	return compileOnce(t, name, func() (Artifact, []byte, error) {
		src, err := os.ReadFile(filepath.Join("testdata", "bots", name+".go"))
		if err != nil {
			t.Fatal(err)
		}
		return Compile(context.Background(), Go, src, testSDK(t), compileOptions())
	})
}

// compileOnce runs build once per test run and key, one build at a time.
func compileOnce(t testing.TB, key string, build func() (Artifact, []byte, error)) (Artifact, []byte, error) {
	t.Helper()
	buildsMu.Lock()
	c, ok := builds[key]
	if !ok {
		c = &compiled{}
		builds[key] = c
	}
	buildsMu.Unlock()
	c.once.Do(func() {
		buildSlot.Lock()
		defer buildSlot.Unlock()
		c.art, c.log, c.err = build()
	})
	return c.art, c.log, c.err
}

// startBot compiles and starts a bot that must compile.
func startBot(t testing.TB, name string, opts RunOptions) *Bot {
	t.Helper()
	art, _, err := compileBot(t, name)
	if err != nil {
		t.Fatalf("compile %s: %v", name, err)
	}
	b, err := Start(context.Background(), art, opts)
	if err != nil {
		t.Fatalf("start %s: %v\nlog:\n%s", name, err, lastBytes(b, 2000))
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func lastBytes(b *Bot, n int) []byte {
	if b == nil {
		return nil
	}
	l := b.Log()
	return l[max(0, len(l)-n):]
}
