package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The kit builds on its own: standard library only, no network.
func TestKitBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go tool")
	}
	dir := filepath.Join(t.TempDir(), "kit")
	var out bytes.Buffer
	if err := runKit([]string{"orkisland", dir}, &out); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"go.mod", "main.go", "README.md", "games/wire/wire.go", "games/orkisland/sdk/session.go"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	readme, _ := os.ReadFile(filepath.Join(dir, "README.md"))
	for _, want := range []string{"GOOS=wasip1 GOARCH=wasm go build -o bot.wasm", "arena play orkisland ./main.go Demo Demo Demo"} {
		if !bytes.Contains(readme, []byte(want)) {
			t.Errorf("README lacks %q", want)
		}
	}
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "bot"), ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	// Never overwrite a student's work.
	if err := runKit([]string{"orkisland", dir}, &out); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("second kit in the same directory: %v", err)
	}
}

func TestKitErrors(t *testing.T) {
	var out bytes.Buffer
	if err := runKit([]string{"chess", t.TempDir()}, &out); err == nil {
		t.Fatal("unknown game accepted")
	}
	if err := runKit([]string{"orkisland"}, &out); err == nil {
		t.Fatal("missing DIR accepted")
	}
}
