//go:build !arena_portable

package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// toolchainCmd runs a toolchain as c says, through this binary's exec
// child (execChild).
func toolchainCmd(c execConfig) *exec.Cmd {
	env, _ := childEnv("exec", c)
	cmd, _ := childCmd()
	cmd.Env = env
	return cmd
}

// execChild enters its root, applies the limits to itself, becomes nobody
// if asked, then replaces itself with the program, which inherits all that
// with everything it starts.
func execChild(raw string) int {
	var c execConfig
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		fmt.Fprintln(os.Stderr, "sandbox: bad exec config:", err)
		return 120
	}
	if c.Root != nil {
		// Like a bot's empty root, a wall the kernel may refuse (mounts
		// denied in some containers): the build goes on without it, and
		// ProbeJail reports it down.
		if err := c.Root.enter(); err != nil && c.Dir == c.Root.At {
			c.Dir = c.Root.Build // where it is without the root
		}
	}
	if err := applyRlimits(c.Limits); err != nil {
		fmt.Fprintln(os.Stderr, "sandbox: rlimits:", err)
		return 120
	}
	if c.Nobody && os.Getuid() == 0 {
		if err := becomeNobody(); err != nil {
			fmt.Fprintln(os.Stderr, "sandbox: nobody:", err)
			return 120
		}
	}
	if err := os.Chdir(c.Dir); err != nil {
		fmt.Fprintln(os.Stderr, "sandbox:", err)
		return 120
	}
	err := syscall.Exec(c.Path, c.Args, c.Env)
	fmt.Fprintln(os.Stderr, "sandbox: exec:", err)
	return 120
}
