package sandbox

// rlimit is one resource limit applied inside a child before it runs
// untrusted work; Cur is both the soft and the hard limit, so the child
// cannot raise it back. Where the OS has no rlimits (see
// portable.go) the limits are not applied.
type rlimit struct {
	Res resource `json:"r"`
	Cur uint64   `json:"v"`
}

// resource names a limited resource; rlimit_linux.go maps it to the
// kernel's.
type resource int

const (
	limitAS     resource = iota + 1 // address space, bytes
	limitNOFILE                     // open descriptors
	limitFSIZE                      // largest file written, bytes
	limitCORE                       // core dump size
	limitCPU                        // CPU time, seconds
)
