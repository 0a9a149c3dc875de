package games

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"strings"
)

// BotProgram returns a built-in bot as a single-file main package, built
// like a submission against SDKFiles(gameID): its file in package bots with
// the package clause renamed and a main that runs it. Only bots that live
// in a file of their own (e.g. Demo, Dummy) can be made into a program.
func BotProgram(gameID, name string) ([]byte, error) {
	info, err := files(gameID)
	if err != nil {
		return nil, err
	}
	if name == "" || strings.ContainsAny(name, "/.\\") {
		return nil, fmt.Errorf("invalid bot name %q", name)
	}
	dir := info.Files.Bots
	if dir == "" {
		dir = "bots"
	}
	src, err := fs.ReadFile(info.Files.FS, path.Join(dir, strings.ToLower(name)+".go"))
	if err != nil {
		return nil, fmt.Errorf("%s: no stand-alone source for bot %q", gameID, name)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	if !declaresType(f, name) {
		return nil, fmt.Errorf("%s: %s.go does not declare type %s", gameID, strings.ToLower(name), name)
	}
	// Rename the package in place (offsets are 1-based), keeping the rest
	// byte for byte.
	at := int(f.Name.Pos()) - 1
	var b bytes.Buffer
	b.Write(src[:at])
	b.WriteString("main")
	b.Write(src[at+len(f.Name.Name):])
	fmt.Fprintf(&b, "\nfunc main() { sdk.Run(&%s{}) }\n", name)
	return b.Bytes(), nil
}

func declaresType(f *ast.File, name string) bool {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		for _, s := range g.Specs {
			if s.(*ast.TypeSpec).Name.Name == name {
				return true
			}
		}
	}
	return false
}
