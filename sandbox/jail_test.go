//go:build linux && !arena_portable

package sandbox

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestBuildJail runs a shell through the same path as the Go toolchain
// (startJailed and the exec child) and looks at what it can see.
func TestBuildJail(t *testing.T) {
	sh := "/bin/sh"
	if _, err := os.Stat(sh); err != nil {
		t.Skip("no /bin/sh")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	script := `echo "env=$(env | grep -c .)"; echo "fsize=$(ulimit -f)"; echo "as=$(ulimit -v)"; ` +
		`echo "pid=$$"; echo "net=$(readlink /proc/self/ns/net)"; cat /proc/net/dev | grep -c :`
	env, err := childEnv("exec", execConfig{
		Path: sh, Args: []string{"sh", "-c", script}, Env: []string{"A=1"}, Dir: "/",
		Limits: []rlimit{{limitFSIZE, 1 << 20}, {limitAS, 1 << 30}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cmd, err := startJailed(func() *exec.Cmd {
		cmd := exec.Command(self)
		cmd.Env, cmd.Stdout, cmd.Stderr = env, &out, &out
		return cmd
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %s", err, out.Bytes())
	}
	got := out.String()
	// PATH and PWD are the shell's own additions.
	for _, want := range []string{"fsize=2048\n", "as=1048576\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "ARENA_") {
		t.Errorf("the sandbox's variables leak into the program:\n%s", got)
	}
	if Namespaces() {
		mine, _ := os.Readlink("/proc/self/ns/net")
		if !strings.Contains(got, "pid=1\n") || strings.Contains(got, "net="+mine) {
			t.Errorf("not in its own PID and network namespaces (mine %s):\n%s", mine, got)
		}
		// Only the loopback device, down: no network at all.
		if !strings.HasSuffix(got, "\n1\n") {
			t.Errorf("network devices visible:\n%s", got)
		}
	}
	t.Logf("\n%s", got)
}
