package sandbox

import (
	"strings"
	"testing"
)

func TestCheckSource(t *testing.T) {
	allowed := func(p string) bool {
		return !strings.Contains(strings.Split(p, "/")[0], ".") || p == "arena.dev/games/wire"
	}
	ok := []string{
		`import "fmt"`,
		`import "math/rand/v2"`,
		`import "arena.dev/games/wire"`,
		`import _ "embed"`, // the package is harmless; //go:embed is not
		"// go:linkname with a space is only a comment",
		"//go:noinline\nfunc f() {}",
		"//go:build !never",
	}
	for _, src := range ok {
		if msgs := checkSource([]byte("package main\n"+src+"\nfunc main() {}\n"), allowed); len(msgs) > 0 {
			t.Errorf("%q refused: %v", src, msgs)
		}
	}
	refused := map[string]string{
		`import "unsafe"`:                      `bot.go:2:8: import "unsafe" is not allowed`,
		`import "C"`:                           `bot.go:2:8: cgo`,
		`import "syscall"`:                     `bot.go:2:8: import "syscall"`,
		`import "net/netip"`:                   `bot.go:2:8: import "net/netip"`,
		`import "os/exec"`:                     `bot.go:2:8: import "os/exec"`,
		`import "plugin"`:                      `bot.go:2:8: import "plugin"`,
		`import "runtime/cgo"`:                 `bot.go:2:8: import "runtime/cgo"`,
		`import "internal/abi"`:                `bot.go:2:8: import "internal/abi"`,
		`import "arena.dev/web"`:               `bot.go:2:8: import "arena.dev/web" is not allowed: only`,
		`import x "example.com/m"`:             `bot.go:2:8: import "example.com/m"`,
		"//go:linkname f runtime.f\nfunc f()":  "bot.go:2:1: directive //go:linkname",
		"//go:embed x\nvar x string":           "bot.go:2:1: directive //go:embed",
		"//go:wasmimport env f\nfunc f()":      "bot.go:2:1: directive //go:wasmimport",
		"//go:cgo_import_dynamic x":            "bot.go:2:1: directive //go:cgo_import_dynamic",
		"func g() {\n\t//go:linkname h x.h\n}": "bot.go:3:2: directive //go:linkname",
		"//line other.go:1\nfunc g() {}":       "bot.go:2:1: line directives",
		"/*line other.go:1*/\nfunc g() {}":     "bot.go:2:1: line directives",
	}
	for src, want := range refused {
		msgs := checkSource([]byte("package main\n"+src+"\nfunc main() {}\n"), allowed)
		if len(msgs) != 1 || !strings.HasPrefix(msgs[0], want) {
			t.Errorf("%q: want one message starting %q, got %q", src, want, msgs)
		}
	}
	if msgs := checkSource([]byte("package bot\nfunc main() {}\n"), allowed); len(msgs) != 1 || !strings.Contains(msgs[0], "bot.go:1:9: the bot must be package main") {
		t.Errorf("package bot: %q", msgs)
	}
}
