//go:build !arena_portable

package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// ProbeJail finds which walls this process's bots get. It starts a child
// exactly as a bot's child starts (in new namespaces if the kernel allows
// them), which locks itself down as a bot's child does, then looks at what
// it got: its namespaces against ours, its root directory, its user and
// groups, its rlimits and no_new_privs. The CPU clock is checked here: the
// request device must open for writing.
func ProbeJail() (Jail, error) {
	parentNS := map[string]string{}
	for _, ns := range probeNamespaces {
		link, err := os.Readlink("/proc/self/ns/" + ns)
		if err != nil {
			return nil, fmt.Errorf("sandbox: probe: %w", err)
		}
		parentNS[ns] = link
	}
	var opts RunOptions
	opts.defaults()
	limits := runLimits(opts)
	if _, err := childCmd(); err != nil {
		return nil, err
	}
	r, err := runProbe(func() probeConfig {
		// As runConfigFor decides for a bot, after any refusal of the
		// namespaces.
		return probeConfig{EmptyRoot: Namespaces() && os.Getuid() == 0, Limits: limits, ParentNS: parentNS}
	})
	if err != nil {
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	j := Jail{
		{Wall: WallNamespaces, Up: Namespaces() && r.SharedNS == "", Why: namespacesWhy(r.SharedNS)},
		{Wall: WallChroot, Up: r.Chroot == "", Why: r.Chroot},
		{Wall: WallNobody, Up: r.Nobody == "", Why: r.Nobody},
		{Wall: WallRlimits, Up: r.Rlimits == "", Why: r.Rlimits},
		cpuClockState(),
		probeBuildRoot(),
	}
	for i := range j {
		if j[i].Up {
			j[i].Why = ""
		}
	}
	return j, nil
}

// probeNamespaces are the namespaces a child gets (jailFlags), by their
// names in /proc/PID/ns.
var probeNamespaces = []string{"net", "mnt", "pid", "ipc", "uts"}

// namespacesWhy explains missing namespaces.
func namespacesWhy(shared string) string {
	if err, ok := nsRefusal.Load().(error); ok && !Namespaces() {
		why := "the kernel refused new namespaces: " + err.Error()
		if errors.Is(err, syscall.EPERM) {
			why += " (they need CAP_SYS_ADMIN: root, or in a container cap_add SYS_ADMIN, which Docker's default seccomp profile also requires)"
		}
		return why
	}
	if shared != "" {
		return "the child shares the " + shared + " namespace"
	}
	return ""
}

// cpuClockState checks that the CPU wake-up request can be made.
func cpuClockState() WallState {
	s := WallState{Wall: WallCPUClock}
	cpuPoll.Lock()
	off := cpuPoll.off
	cpuPoll.Unlock()
	if off {
		s.Off, s.Why = true, "turned off (ARENA_CPU_POLL=off)"
		return s
	}
	// Opening adds a request at the default latency, which changes
	// nothing; closing removes it.
	f, err := os.OpenFile(cpuLatencyDevice, os.O_WRONLY, 0)
	if err != nil {
		s.Why = err.Error() + " (needs write access to the device: root, and in a container the device itself)"
		return s
	}
	f.Close()
	s.Up = true
	return s
}

// probeConfig is what ProbeJail tells its child.
type probeConfig struct {
	EmptyRoot bool              `json:"chroot"`
	Limits    []rlimit          `json:"limits"`
	ParentNS  map[string]string `json:"ns"` // the parent's namespaces, by name
	// Build probes a build's root instead, with Dir its build directory.
	Build *jailRoot `json:"build,omitempty"`
	Dir   string    `json:"dir,omitempty"`
}

// probeBuildRoot checks a build's root as a C++ build gets it: the
// toolchain's files (clang's, else Go's), a build directory, user nobody.
func probeBuildRoot() WallState {
	s := WallState{Wall: WallBuildRoot}
	switch {
	case os.Getuid() != 0:
		s.Why = "not root: a build's root needs root"
		return s
	case !Namespaces():
		s.Why = "no mount namespace of its own to make a build's root in"
		return s
	}
	var ro []string
	if ci, err := lookupClang(context.Background(), ""); err == nil {
		ro = ci.readOnly
	} else if gi, err := lookupGo(context.Background(), ""); err == nil {
		ro = []string{gi.goRoot, gi.goBin}
	}
	base, err := os.MkdirTemp("", "arena-probe-build-")
	if err != nil {
		s.Why = err.Error()
		return s
	}
	defer os.RemoveAll(base)
	dir, mnt := filepath.Join(base, "build"), filepath.Join(base, "root")
	for _, d := range []string{dir, mnt} {
		if err := os.Mkdir(d, 0o755); err != nil {
			s.Why = err.Error()
			return s
		}
	}
	if err := openDirs(dir); err != nil {
		s.Why = err.Error()
		return s
	}
	_ = os.Chmod(base, 0o711)
	cfg := probeConfig{Build: &jailRoot{Mount: mnt, ReadOnly: ro, Build: dir, At: cppBuildDir}, Dir: cppBuildDir}
	r, err := runProbe(func() probeConfig { return cfg })
	if err != nil {
		s.Why = err.Error()
		return s
	}
	s.Up, s.Why = r.BuildRoot == "", r.BuildRoot
	return s
}

// runProbe runs a probe child with the configuration mk makes (again, as
// for a bot, if the kernel refuses the namespaces) and reads what it found.
func runProbe(mk func() probeConfig) (probeResult, error) {
	var out bytes.Buffer
	var stderr cappedBuffer
	stderr.max = 4 << 10
	cmd, err := startJailed(func() *exec.Cmd {
		env, _ := childEnv("probe", mk())
		cmd, _ := childCmd()
		cmd.Env, cmd.Dir = env, "/"
		cmd.Stdout, cmd.Stderr = &out, &stderr
		return cmd
	})
	if err != nil {
		return probeResult{}, fmt.Errorf("probe: %w", err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		killGroup(cmd.Process)
		err = <-done
	}
	var r probeResult
	if err != nil || json.Unmarshal(out.Bytes(), &r) != nil {
		return probeResult{}, fmt.Errorf("probe child: %v: %s%s", err, out.Bytes(), stderr.Bytes())
	}
	return r, nil
}

// probeBuild is the probe child of a build's root: it enters the root as a
// build does, becomes nobody, and looks around.
func probeBuild(c probeConfig) probeResult {
	var r probeResult
	fail := func(format string, args ...any) probeResult {
		r.BuildRoot = fmt.Sprintf(format, args...)
		return r
	}
	if err := c.Build.enter(); err != nil {
		why := "mount or chroot failed: " + err.Error()
		if errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EPERM) {
			why += " (an AppArmor profile such as Docker's docker-default denies mount(2))"
		}
		return fail("%s", why)
	}
	if err := becomeNobody(); err != nil {
		return fail("becoming nobody failed: %v", err)
	}
	// The root holds the top directories of the bound paths, no others.
	allowed := map[string]bool{}
	for _, p := range append(slices.Clone(c.Build.ReadOnly), c.Build.At) {
		allowed[strings.SplitN(strings.TrimPrefix(p, "/"), "/", 2)[0]] = true
	}
	entries, err := os.ReadDir("/")
	if err != nil {
		return fail("reading the root: %v", err)
	}
	for _, e := range entries {
		if !allowed[e.Name()] && e.Type()&os.ModeSymlink == 0 {
			return fail("the root holds /%s", e.Name())
		}
	}
	for _, secret := range []string{"/etc/passwd", "/proc/self/environ", "/root", "/home"} {
		if _, err := os.Stat(secret); err == nil {
			return fail("%s is visible", secret)
		}
	}
	if err := os.WriteFile("/arena-probe", nil, 0o644); err == nil {
		return fail("the root is writable")
	}
	for _, p := range c.Build.ReadOnly {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			if err := os.WriteFile(filepath.Join(p, "arena-probe"), nil, 0o644); !errors.Is(err, syscall.EROFS) {
				return fail("%s is not read-only: %v", p, err)
			}
			break
		}
	}
	if err := os.WriteFile(filepath.Join(c.Dir, "probe"), nil, 0o644); err != nil {
		return fail("the build directory is not writable: %v", err)
	}
	return r
}

// probeResult is what the child found; an empty string is a wall that is
// up, any other says why it is down.
type probeResult struct {
	SharedNS string `json:"shared_ns"` // the first namespace it shares with its parent
	Chroot   string `json:"chroot"`
	Nobody   string `json:"nobody"`
	Rlimits  string `json:"rlimits"`
	// BuildRoot: the probe of a build's root.
	BuildRoot string `json:"build_root"`
}

// probeChild locks itself down as a bot's child does (lockDown's steps, in
// its order), checks each wall from the inside, and prints what it found.
func probeChild(raw string) int {
	var c probeConfig
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		fmt.Fprintln(os.Stderr, "sandbox: bad probe config:", err)
		return 120
	}
	if c.Build != nil {
		if err := json.NewEncoder(os.Stdout).Encode(probeBuild(c)); err != nil {
			return 121
		}
		return 0
	}
	var r probeResult
	for _, ns := range probeNamespaces {
		if link, err := os.Readlink("/proc/self/ns/" + ns); err != nil || link == c.ParentNS[ns] {
			r.SharedNS = ns
			break
		}
	}
	root := os.Getuid() == 0
	switch {
	case !c.EmptyRoot && !root:
		r.Chroot = "not root: the empty root needs root"
	case !c.EmptyRoot:
		r.Chroot = "no mount namespace of its own to make an empty root in"
	default:
		if err := emptyRoot(); err != nil {
			r.Chroot = "mount or chroot failed: " + err.Error()
			if errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EPERM) {
				r.Chroot += " (an AppArmor profile such as Docker's docker-default denies mount(2))"
			}
		} else if entries, err := os.ReadDir("/"); err != nil || len(entries) != 0 {
			r.Chroot = fmt.Sprintf("the root is not empty: %d entries, %v", len(entries), err)
		}
	}
	if err := applyRlimits(c.Limits); err != nil {
		r.Rlimits = "setrlimit or no_new_privs failed: " + err.Error()
	} else {
		r.Rlimits = checkRlimits(c.Limits)
	}
	if !root {
		r.Nobody = fmt.Sprintf("not root (uid %d): children keep this process's user", os.Getuid())
	} else if err := becomeNobody(); err != nil {
		r.Nobody = "becoming nobody failed: " + err.Error()
	} else if groups, err := syscall.Getgroups(); os.Getuid() != nobody || os.Geteuid() != nobody ||
		os.Getgid() != nobody || os.Getegid() != nobody || err != nil || len(groups) != 0 {
		r.Nobody = fmt.Sprintf("uid %d, gid %d, groups %v after becoming nobody", os.Geteuid(), os.Getegid(), groups)
	}
	if err := json.NewEncoder(os.Stdout).Encode(r); err != nil {
		return 121
	}
	return 0
}

// checkRlimits says how the limits in force differ from the ones applied,
// and whether no_new_privs holds.
func checkRlimits(limits []rlimit) string {
	var problems []string
	for _, l := range limits {
		var got unix.Rlimit
		if err := unix.Getrlimit(kernelResource(l.Res), &got); err != nil || got.Cur != l.Cur || got.Max != l.Cur {
			problems = append(problems, fmt.Sprintf("resource %d is %d/%d, want %d (%v)", l.Res, got.Cur, got.Max, l.Cur, err))
		}
	}
	if v, err := unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0); err != nil || v != 1 {
		problems = append(problems, fmt.Sprintf("no_new_privs is %d (%v)", v, err))
	}
	return strings.Join(problems, "; ")
}
