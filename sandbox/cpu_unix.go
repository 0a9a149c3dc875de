//go:build unix && (!linux || arena_portable)

package sandbox

import (
	"os"
	"os/exec"
	"time"

	"golang.org/x/sys/unix"
)

// cpuNow reads this process's CPU time (all its threads), in nanoseconds.
func cpuNow() int64 {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// ProcessCPU would read another process's CPU time; macOS shows it to no
// program without cgo, so callers measure otherwise (ErrNoProcessCPU).
func ProcessCPU(int) (time.Duration, error) { return 0, ErrNoProcessCPU }

// passControl gives the child the control pipes as descriptors 3 and 4.
func passControl(cmd *exec.Cmd, req, stat *os.File) (in, out uintptr) {
	cmd.ExtraFiles = []*os.File{req, stat}
	return 3, 4
}
