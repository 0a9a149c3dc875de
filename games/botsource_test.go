package games_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"arena.dev/games"
	"arena.dev/games/gametest/fake"
)

// The Dummy made into a program builds natively against the SDK alone, as a
// submission would (the server builds the same file to WASM).
func TestBotProgramBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go tool")
	}
	src, err := games.BotProgram(fake.ID, "Dummy")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "package main\n") || !strings.Contains(string(src), "sdk.Run(&Dummy{})") {
		t.Fatalf("not a main package:\n%s", src)
	}
	dir := t.TempDir()
	sdk, err := games.SDKFiles(fake.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(dir, sdk); err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module arena.dev\n\ngo 1.26\n"))
	write("main.go", src)
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "dummy"), ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s\n%s", err, out, src)
	}
}

func TestBotProgramErrors(t *testing.T) {
	for _, c := range [][2]string{{"chess", "Dummy"}, {fake.ID, "Nobody"}, {fake.ID, "../x"}, {fake.ID, "Null"}} {
		if _, err := games.BotProgram(c[0], c[1]); err == nil {
			t.Errorf("BotProgram(%q, %q) succeeded", c[0], c[1])
		}
	}
}

// The kit has the files `arena kit` writes.
func TestKitFiles(t *testing.T) {
	files, err := games.KitFiles(fake.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(files["README.md"]), "go doc ./games/gametest/fake/sdk") {
		t.Errorf("the README does not point at the SDK:\n%s", files["README.md"])
	}
	for _, name := range []string{"go.mod", "main.go", "README.md", "games/wire/wire.go", "games/gametest/fake/sdk/sdk.go"} {
		if len(files[name]) == 0 {
			t.Errorf("kit lacks %s", name)
		}
	}
	if _, err := games.KitFiles("chess"); err == nil {
		t.Error("kit of an unknown game")
	}
}
