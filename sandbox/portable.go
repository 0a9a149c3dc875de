//go:build !linux || arena_portable

package sandbox

// The sandbox without Linux: macOS and Windows, where `arena play` runs a
// student's own bot on the student's own machine. A bot still runs in a
// child process under wazero, with its memory limit, deterministic clocks
// and seeded randomness, its CPU time charged as on a server and why it
// froze named the same way; what is missing are the walls only Linux
// gives (namespaces, an empty root, user nobody, rlimits, the build's
// root), so a server's workers run on Linux. The build tag arena_portable
// selects this code on Linux too, which is how its tests run there.

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// Namespaces reports whether children get their own namespaces: never here.
func Namespaces() bool { return false }

// startJailed starts the command mk builds, without walls.
func startJailed(mk func() *exec.Cmd) (*exec.Cmd, error) {
	cmd := mk()
	return cmd, cmd.Start()
}

// killGroup kills a child started by startJailed.
func killGroup(p *os.Process) { killProcess(p) }

// killProcess kills a sandbox child.
func killProcess(p *os.Process) { _ = p.Kill() }

// toolchainCmd runs a toolchain directly, with c's environment (plus what
// Windows programs need to find a temporary directory and a home).
func toolchainCmd(c execConfig) *exec.Cmd {
	cmd := exec.Command(c.Path, c.Args[1:]...)
	env := c.Env
	for _, kv := range c.Env {
		if v, ok := strings.CutPrefix(kv, "TMPDIR="); ok {
			env = append(env, "TMP="+v, "TEMP="+v)
		}
		if v, ok := strings.CutPrefix(kv, "HOME="); ok {
			env = append(env, "USERPROFILE="+v, "APPDATA="+v, "LOCALAPPDATA="+v)
		}
	}
	cmd.Env = env
	return cmd
}

// notHere is why a Linux wall is missing.
var notHere = "not on " + runtime.GOOS + ": the sandbox's walls besides wazero are Linux's"

// execChild and probeChild are Linux's (a build's root, ProbeJail's look
// from the inside); a child never gets here in those modes.
func execChild(string) int  { return notHereChild("exec") }
func probeChild(string) int { return notHereChild("probe") }

func notHereChild(mode string) int {
	fmt.Fprintf(os.Stderr, "sandbox: no %s child %s\n", mode, notHere)
	return 120
}

// ProbeJail reports every wall down: wazero and the child process are all
// there is here.
func ProbeJail() (Jail, error) {
	j := make(Jail, len(Walls))
	for i, w := range Walls {
		j[i] = WallState{Wall: w, Why: notHere}
	}
	return j, nil
}

// killedBySignal: no rlimit's signal to name here.
func killedBySignal(*os.ProcessState) *BotError { return nil }

// accessTime is not read here: trimming goes by modification times.
func accessTime(fs.FileInfo) (time.Time, bool) { return time.Time{}, false }

// spin does not poll here: a reply is waited for in the runtime's poller.
func (b *Bot) spin([]byte) int { return 0 }
