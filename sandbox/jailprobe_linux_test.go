//go:build !arena_portable

package sandbox

import "os"

// linuxWalls: the build's root and the rlimits exist here.
const linuxWalls = true

// probeHook prints ProbeJail's report and exits in a test binary started
// to probe (walls_test.go).
func probeHook() {
	if os.Getenv(envProbeTest) != "" {
		printProbe()
	}
}
