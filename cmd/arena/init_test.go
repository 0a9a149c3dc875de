package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// Every process of the arena binary runs every package's initialisation:
// each sandbox child and compile child too, before it can serve a bot. So
// package variables must not do real work (an argon2 hash at init once cost
// every bot start ~50 ms of CPU and 19 MB). GODEBUG=inittrace=1 makes the
// runtime report the bytes each package's init allocates.
func TestPackageInitsAreCheap(t *testing.T) {
	cmd := exec.Command(arenaBinary(t), "version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("arena version: %v\n%s", err, out)
	}
	line := regexp.MustCompile(`(?m)^init (\S+) @.*?, (\d+) bytes, \d+ allocs$`)
	seen := 0
	for _, m := range line.FindAllStringSubmatch(string(out), -1) {
		seen++
		if n, _ := strconv.Atoi(m[2]); n > 256<<10 {
			t.Errorf("package %s allocates %d bytes as it initialises; do that work on first use", m[1], n)
		}
	}
	if seen < 10 {
		t.Fatalf("found %d init trace lines in:\n%s", seen, out)
	}
}
