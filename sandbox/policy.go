package sandbox

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// goFile is the name a Go player's source has in the build and in messages.
const goFile = "bot.go"

// deniedImports are standard packages a bot must not import: they reach
// the host (cgo, unsafe memory, raw syscalls, processes, the network) or
// only make sense with those.
var deniedImports = []string{
	"C", "unsafe", "syscall", "syscall/js", "runtime/cgo", "plugin",
	"os/exec", "net", "crypto/tls", "log/syslog",
	"internal", "vendor",
}

// allowedDirectives are the //go: directives that only tune code generation.
// Everything else (linkname, embed, wasmimport, cgo_*, ...) is refused.
var allowedDirectives = map[string]bool{
	"build": true, "noinline": true, "nosplit": true, "norace": true,
	"nocheckptr": true, "generate": true,
}

// deniedImport reports whether path is refused, as itself or as a package
// below a denied one (net/http is below net).
func deniedImport(path string) bool {
	for _, d := range deniedImports {
		if path == d || strings.HasPrefix(path, d+"/") {
			return true
		}
	}
	return strings.Contains(path, "/internal/") || strings.HasSuffix(path, "/internal")
}

// checkSource parses the player's file and refuses what the sandbox does
// not allow, one message per offence in the compiler's format
// (bot.go:LINE:COL: message). allowed says whether an import path is
// importable at all (the standard library or the SDK).
func checkSource(src []byte, allowed func(string) bool) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, goFile, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		// The compiler reports syntax errors better; let it.
		return nil
	}
	var msgs []string
	at := func(p token.Pos, format string, args ...any) {
		pos := fset.Position(p)
		msgs = append(msgs, fmt.Sprintf("%s:%d:%d: %s", goFile, pos.Line, pos.Column, fmt.Sprintf(format, args...)))
	}
	if f.Name.Name != "main" {
		at(f.Name.Pos(), "the bot must be package main, not %s", f.Name.Name)
	}
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		switch {
		case path == "C":
			at(imp.Pos(), "cgo (import \"C\") is not allowed")
		case deniedImport(path):
			at(imp.Pos(), "import %q is not allowed in a bot", path)
		case !allowed(path):
			at(imp.Pos(), "import %q is not allowed: only the standard library and the game's SDK", path)
		}
	}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			checkComment(c, at)
		}
	}
	return msgs
}

func checkComment(c *ast.Comment, at func(token.Pos, string, ...any)) {
	text := c.Text
	switch {
	case strings.HasPrefix(text, "//go:"):
		name := strings.TrimPrefix(text, "//go:")
		if i := strings.IndexAny(name, " \t"); i >= 0 {
			name = name[:i]
		}
		if !allowedDirectives[name] {
			at(c.Pos(), "directive //go:%s is not allowed", name)
		}
	case strings.HasPrefix(text, "//line ") || strings.HasPrefix(text, "/*line "):
		// Line directives would make our messages point at the wrong lines.
		at(c.Pos(), "line directives are not allowed")
	}
}
