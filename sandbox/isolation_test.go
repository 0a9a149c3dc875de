//go:build linux && !arena_portable

package sandbox

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestChildIsolation looks at a running bot's child from the outside: the
// second wall around wazero must really be there.
func TestChildIsolation(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("the lock-down is complete only as root")
	}
	b := startBot(t, "echo", runOptions())
	proc := "/proc/" + strconv.Itoa(b.p.cmd.Process.Pid)
	status, err := os.ReadFile(proc + "/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Uid:\t65534\t65534\t65534\t65534", "Gid:\t65534\t65534\t65534\t65534",
		"NoNewPrivs:\t1", "CapEff:\t0000000000000000",
	} {
		if !strings.Contains(string(status), want) {
			t.Errorf("child status lacks %q", want)
		}
	}
	limits, err := os.ReadFile(proc + "/limits")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Max file size             0", "Max open files            64", "Max core file size        0"} {
		if !strings.Contains(string(limits), want) {
			t.Errorf("child limits lack %q:\n%s", want, limits)
		}
	}
	if !Namespaces() {
		t.Log("no namespaces here: skipping their check")
		return
	}
	if root, err := os.ReadDir(proc + "/root/"); err != nil || len(root) != 0 {
		t.Errorf("the child's root is not empty: %d entries, %v", len(root), err)
	}
	for _, ns := range []string{"net", "pid", "mnt", "ipc", "uts"} {
		mine, _ := os.Readlink("/proc/self/ns/" + ns)
		its, err := os.Readlink(proc + "/ns/" + ns)
		if err != nil || its == mine {
			t.Errorf("child shares the %s namespace (%s, %v)", ns, its, err)
		}
	}
}
