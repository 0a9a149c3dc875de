package sandbox

import (
	"os"
	"os/exec"
	"syscall"
	"time"

	"golang.org/x/sys/windows"
)

// cpuNow reads this process's CPU time (all its threads), in nanoseconds.
func cpuNow() int64 {
	t, err := processTimes(windows.CurrentProcess())
	if err != nil {
		return 0
	}
	return int64(t)
}

// ProcessCPU reads a live process's CPU time (all its threads): `arena
// play` charges a natively built bot with it.
func ProcessCPU(pid int) (time.Duration, error) {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, uint32(pid))
	if err != nil {
		return 0, err
	}
	defer windows.CloseHandle(h)
	return processTimes(h)
}

// processTimes is a process's kernel and user time. Windows counts them
// in 100 ns units, advanced at each clock tick (~16 ms).
func processTimes(h windows.Handle) (time.Duration, error) {
	var created, exited, kernel, user windows.Filetime
	if err := windows.GetProcessTimes(h, &created, &exited, &kernel, &user); err != nil {
		return 0, err
	}
	ticks := func(f windows.Filetime) time.Duration {
		return time.Duration(int64(f.HighDateTime)<<32|int64(f.LowDateTime)) * 100
	}
	return ticks(kernel) + ticks(user), nil
}

// passControl lets the child inherit the control pipes' handles, whose
// values it is told.
func passControl(cmd *exec.Cmd, req, stat *os.File) (in, out uintptr) {
	cmd.SysProcAttr = &syscall.SysProcAttr{
		AdditionalInheritedHandles: []syscall.Handle{syscall.Handle(req.Fd()), syscall.Handle(stat.Fd())},
	}
	return req.Fd(), stat.Fd()
}
