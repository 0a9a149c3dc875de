package sandbox

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// toolchain is what Compile needs to know about one Go installation. It is
// asked once per process and binary: `go list std` costs ~100 ms.
type toolchain struct {
	goBin   string
	version string
	goCache string          // the toolchain's default GOCACHE
	std     map[string]bool // standard packages for wasip1/wasm
}

var (
	toolchainMu sync.Mutex
	toolchains  = map[string]*toolchain{}
)

func lookupToolchain(ctx context.Context, goBin string) (*toolchain, error) {
	if goBin == "" {
		goBin = "go"
	}
	path, err := exec.LookPath(goBin)
	if err != nil {
		return nil, fmt.Errorf("sandbox: Go toolchain: %w", err)
	}
	if path, err = filepath.Abs(path); err != nil {
		return nil, err
	}
	toolchainMu.Lock()
	defer toolchainMu.Unlock()
	if tc := toolchains[path]; tc != nil {
		return tc, nil
	}
	tc := &toolchain{goBin: path, std: map[string]bool{}}
	out, err := goQuery(ctx, path, "env", "GOVERSION", "GOCACHE")
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		return nil, fmt.Errorf("sandbox: unexpected go env output %q", out)
	}
	tc.version, tc.goCache = lines[0], lines[1]
	if out, err = goQuery(ctx, path, "list", "std"); err != nil {
		return nil, err
	}
	for _, p := range strings.Fields(out) {
		tc.std[p] = true
	}
	toolchains[path] = tc
	return tc, nil
}

// goQuery runs a trusted, read-only go command for wasip1.
func goQuery(ctx context.Context, goBin string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, goBin, args...)
	cmd.Env = append(cmd.Environ(), "GOOS=wasip1", "GOARCH=wasm", "GOFLAGS=", "GOTOOLCHAIN=local", "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("sandbox: go %s: %v: %s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return string(out), nil
}
