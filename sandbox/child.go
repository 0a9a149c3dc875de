package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
)

// The parent re-executes its own binary with these variables (and nothing
// else in the environment) to start a sandbox child.
const (
	envChild  = "ARENA_SANDBOX_CHILD"  // the mode: "run", "exec" or "probe"
	envConfig = "ARENA_SANDBOX_CONFIG" // JSON configuration of that mode
)

// Child must be the first call in main() and in TestMain of every binary
// that compiles or runs bots. In a sandbox child it does the child's work
// and exits; in any other process it returns at once.
func Child() {
	mode := os.Getenv(envChild)
	if mode == "" {
		return
	}
	// Per-thread settings (no_new_privs) must hold on the thread that runs
	// the guest or calls exec: stay on one.
	runtime.LockOSThread()
	cfg := os.Getenv(envConfig)
	os.Clearenv()
	var code int
	switch mode {
	case "run":
		code = runChild(cfg)
	case "exec":
		code = execChild(cfg)
	case "probe":
		code = probeChild(cfg)
	default:
		fmt.Fprintf(os.Stderr, "sandbox: unknown child mode %q\n", mode)
		code = 120
	}
	os.Exit(code)
}

// childCmd is the command line of a sandbox child: this binary, with an
// argument that makes it stop at once if Child is not wired in (a test
// binary runs no test, the arena binary rejects the command) instead of
// running whatever it would run, like the test that started it.
func childCmd() (*exec.Cmd, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return exec.Command(self, "-test.run=^$"), nil
}

// notWired is the hint for a child that ended without doing its work.
const notWired = "is sandbox.Child called first in main and TestMain?"

// childEnv is the whole environment of a sandbox child.
func childEnv(mode string, cfg any) ([]string, error) {
	b, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	return []string{envChild + "=" + mode, envConfig + "=" + string(b)}, nil
}

// execConfig describes a program to run under rlimits (a toolchain).
type execConfig struct {
	Path   string    `json:"path"`
	Args   []string  `json:"args"`
	Env    []string  `json:"env"`
	Dir    string    `json:"dir"`
	Limits []rlimit  `json:"limits"`
	Root   *jailRoot `json:"root,omitempty"` // the root to build and enter first
	Nobody bool      `json:"nobody,omitempty"`
}

// jailRoot is the root a build child sees: a read-only tmpfs holding, at
// their host paths, only the toolchain and its sysroot (read-only) and the
// build directory (writable). A C++ source reads files at compile time
// (#include "/etc/shadow", #include MACRO), so this root, not a scanner of
// the source, is what keeps the host's files out of reach: such an include
// finds nothing.
type jailRoot struct {
	Mount    string   `json:"mount"` // an empty directory of the host to mount the root on
	ReadOnly []string `json:"ro"`
	Writable []string `json:"rw"`
	// Build, the build directory, is bound writable at At in the root.
	Build string `json:"build"`
	At    string `json:"at"`
}
