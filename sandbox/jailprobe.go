package sandbox

import (
	"slices"
)

// Wall is one of the walls a bot's child process stands behind, besides
// wazero itself. Some need privileges a machine may not give (root, Linux
// capabilities, a container's seccomp and AppArmor settings): without them
// the sandbox still runs, with fewer walls. ProbeJail says which are up.
type Wall string

const (
	// WallNamespaces: the child's own network (none), mount, PID, IPC and
	// UTS namespaces. Needs CAP_SYS_ADMIN.
	WallNamespaces Wall = "namespaces"
	// WallChroot: an empty, read-only root (a tmpfs in its own mount
	// namespace). Needs the namespaces, root and mount(2).
	WallChroot Wall = "chroot"
	// WallNobody: the child runs as user and group nobody, without
	// capabilities. Needs root.
	WallNobody Wall = "nobody"
	// WallRlimits: rlimits (no file writes, few descriptors, capped memory
	// and CPU) and no_new_privs. Needs nothing.
	WallRlimits Wall = "rlimits"
	// WallCPUClock: not a wall but the clock's fairness: while bots run,
	// idle cores poll instead of sleeping (a PM QoS request on
	// /dev/cpu_dma_latency), so waking up costs the bots no CPU time. Needs
	// write access to that device (root).
	WallCPUClock Wall = "cpu_clock"
	// WallBuildRoot: a build (the compiler's child) sees a root of its own
	// holding only the toolchain, its sysroot (read-only) and its build
	// directory, and a C++ build runs as nobody: a source that includes
	// host files at compile time finds none. Needs the namespaces and root.
	WallBuildRoot Wall = "build_root"
)

// Walls lists every wall, in the order reports give them.
var Walls = []Wall{WallNamespaces, WallChroot, WallNobody, WallRlimits, WallCPUClock, WallBuildRoot}

// WallState is one wall as ProbeJail found it.
type WallState struct {
	Wall Wall
	Up   bool
	Off  bool   // turned off on purpose (the CPU clock with SetCPUPoll(false)): not missing
	Why  string // why it is down
}

// Jail is what ProbeJail found: one state per wall, in Walls' order.
type Jail []WallState

// Missing lists the walls that are down without having been turned off.
func (j Jail) Missing() []WallState {
	var out []WallState
	for _, w := range j {
		if !w.Up && !w.Off {
			out = append(out, w)
		}
	}
	return out
}

// Full reports whether every wall is up (or turned off on purpose).
func (j Jail) Full() bool { return len(j.Missing()) == 0 }

// Up reports whether the wall is up.
func (j Jail) Up(w Wall) bool {
	i := slices.IndexFunc(j, func(s WallState) bool { return s.Wall == w })
	return i >= 0 && j[i].Up
}
