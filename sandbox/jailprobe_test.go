//go:build linux && !arena_portable

package sandbox

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// envProbeTest makes the test binary print ProbeJail's report and exit
// (see TestMain): the degraded test runs it as another user.
const envProbeTest = "ARENA_SANDBOX_PROBE_TEST"

// envDropSysAdmin makes that mode first give up CAP_SYS_ADMIN, as root in
// a container started without it.
const envDropSysAdmin = "ARENA_SANDBOX_PROBE_DROP_SYS_ADMIN"

// printProbe is that mode.
func printProbe() {
	if os.Getenv(envDropSysAdmin) != "" {
		if err := dropSysAdmin(); err != nil {
			os.Stderr.WriteString("dropping CAP_SYS_ADMIN: " + err.Error() + "\n")
			os.Exit(1)
		}
	}
	j, err := ProbeJail()
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	json.NewEncoder(os.Stdout).Encode(j)
	os.Exit(0)
}

// As root (this machine's tests run as root), every wall is up: the report
// matches what TestChildIsolation sees from outside a bot's child.
func TestProbeJailFull(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("the full jail needs root")
	}
	if _, err := os.Stat(cpuLatencyDevice); err != nil {
		t.Skipf("no %s here", cpuLatencyDevice)
	}
	j, err := ProbeJail()
	if err != nil {
		t.Fatal(err)
	}
	if !j.Full() || len(j) != len(Walls) {
		t.Fatalf("as root, walls missing: %+v", j.Missing())
	}
	for i, w := range j {
		if w.Wall != Walls[i] || !w.Up || w.Why != "" {
			t.Errorf("wall %d: %+v", i, w)
		}
	}

	// The CPU clock turned off is reported so, and is not missing.
	SetCPUPoll(false)
	defer SetCPUPoll(true)
	if j, err = ProbeJail(); err != nil {
		t.Fatal(err)
	}
	if j.Up(WallCPUClock) || !j[4].Off || !j.Full() || !strings.Contains(j[4].Why, "ARENA_CPU_POLL=off") {
		t.Fatalf("CPU clock turned off: %+v", j[4])
	}
}

// Run by user nobody (no root, no capabilities), the probe finds the
// walls that need privileges down, says why, and keeps the rlimits.
func TestProbeJailDegraded(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("starting the probe as another user needs root")
	}
	// A copy of this test binary that nobody may run.
	dir, err := os.MkdirTemp("", "arena-probe-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "sandbox.test")
	copyFile(t, self, bin)
	cmd := exec.Command(bin, "-test.run=^$")
	cmd.Dir = dir
	cmd.Env = []string{envProbeTest + "=1", "PATH=" + os.Getenv("PATH")}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("probe as nobody: %v\n%s", err, out)
	}
	var j Jail
	if err := json.Unmarshal(out, &j); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	t.Logf("as nobody: %+v", j)
	if j.Full() {
		t.Fatal("the jail is reported full for an unprivileged worker")
	}
	want := map[Wall]string{
		WallNamespaces: "operation not permitted",
		WallChroot:     "not root",
		WallNobody:     "not root (uid 65534)",
		WallCPUClock:   "permission denied",
		WallBuildRoot:  "not root",
	}
	for _, w := range j {
		why, down := want[w.Wall]
		switch {
		case down && (w.Up || !strings.Contains(w.Why, why)):
			t.Errorf("%s: up %v, why %q; want down, saying %q", w.Wall, w.Up, w.Why, why)
		case !down && !w.Up:
			t.Errorf("%s is down (%s): it needs no privilege", w.Wall, w.Why)
		}
	}
}

// dropSysAdmin removes CAP_SYS_ADMIN from this thread's capability sets
// and bounding set, and keeps the goroutine on the thread: the probe's
// child is forked from it, and (root as it is) does not get the capability
// back at exec. Capabilities are per thread; the test binary links cgo,
// which rules out changing every thread's.
func dropSysAdmin() error {
	runtime.LockOSThread()
	if err := unix.Prctl(unix.PR_CAPBSET_DROP, unix.CAP_SYS_ADMIN, 0, 0, 0); err != nil {
		return err
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return err
	}
	const bit = 1 << unix.CAP_SYS_ADMIN // CAP_SYS_ADMIN < 32: in the first word
	data[0].Effective &^= bit
	data[0].Permitted &^= bit
	data[0].Inheritable &^= bit
	return unix.Capset(&hdr, &data[0])
}

// Root without CAP_SYS_ADMIN, as in a container started without it (the
// compose worker before it was given the jail's needs): no namespaces and
// no empty root, said why; nobody, rlimits and the CPU clock stay.
func TestProbeJailWithoutSysAdmin(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root")
	}
	if _, err := os.Stat(cpuLatencyDevice); err != nil {
		t.Skipf("no %s here", cpuLatencyDevice)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^$")
	cmd.Env = []string{envProbeTest + "=1", envDropSysAdmin + "=1"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("probe without CAP_SYS_ADMIN: %v\n%s", err, out)
	}
	var j Jail
	if err := json.Unmarshal(out, &j); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	t.Logf("root without CAP_SYS_ADMIN: %+v", j)
	want := map[Wall]string{
		WallNamespaces: "they need CAP_SYS_ADMIN",
		WallChroot:     "no mount namespace of its own",
		WallBuildRoot:  "no mount namespace of its own",
	}
	for _, w := range j {
		why, down := want[w.Wall]
		switch {
		case down && (w.Up || !strings.Contains(w.Why, why)):
			t.Errorf("%s: up %v, why %q; want down, saying %q", w.Wall, w.Up, w.Why, why)
		case !down && !w.Up:
			t.Errorf("%s is down (%s): root keeps it without CAP_SYS_ADMIN", w.Wall, w.Why)
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	src, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
}
