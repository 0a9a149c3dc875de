package sandbox

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"arena.dev/i18n"
)

// The details of every freeze the sandbox reports, as games records them
// (FreezeCause), are in i18n/locales/*/reasons.toml, so the pages and the
// viewer say them in the reader's language: each botErr format of the
// package's source, its verbs filled with sample values, and what classify
// makes of the statuses a child reports.
func TestFreezeDetailsAreInTheCatalogue(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[string]Reason{"ReasonTimeout": ReasonTimeout, "ReasonStalled": ReasonStalled, "ReasonCrash": ReasonCrash,
		"ReasonExit": ReasonExit, "ReasonProtocol": ReasonProtocol, "ReasonMemory": ReasonMemory, "ReasonClosed": ReasonClosed}
	verb := regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z%]`)
	var errs []*BotError
	for _, pkg := range pkgs {
		for _, f := range pkg.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || !isName(call.Fun, "botErr") {
					return true
				}
				id, _ := call.Args[0].(*ast.Ident)
				lit, _ := call.Args[1].(*ast.BasicLit)
				var reason Reason
				if id != nil {
					reason = reasons[id.Name]
				}
				if reason == "" || lit == nil {
					t.Errorf("%s: a botErr this test cannot read", fset.Position(call.Pos()))
					return true
				}
				format, _ := strconv.Unquote(lit.Value)
				if format == "%s" {
					return true // a detail made before: classify's cases below
				}
				detail := verb.ReplaceAllStringFunc(format, func(v string) string {
					if strings.HasSuffix(v, "d") {
						return "7"
					}
					return "wasm error: x"
				})
				errs = append(errs, &BotError{Reason: reason, Detail: detail})
				return true
			})
		}
	}
	if len(errs) < 15 {
		t.Errorf("only %d botErr calls found", len(errs))
	}
	for _, st := range []childStatus{
		{Kind: "exit", MemoryRefused: true},
		{Kind: "trap", MemoryRefused: true, Msg: "out of bounds memory access"},
		{Kind: "trap", StackOverflow: true, Msg: "call stack exhausted\nmore"},
		{Kind: "trap", Msg: "wasm error: unreachable"},
		{Kind: "trap", Msg: "wasm error: integer divide by zero"},
		{Kind: "exit", Go: true, Code: 2},
		{Kind: "exit", Code: 3},
		{Kind: "host", Msg: "no module"},
	} {
		errs = append(errs, classify(st, nil, 256<<20))
	}
	for _, e := range errs {
		_, detail := e.FreezeCause()
		if id, _ := i18n.ReasonID(detail); id == "" {
			t.Errorf("the freeze detail %q (%s) is in no message of i18n/locales/en/%s", detail, e.Reason, i18n.ReasonFile)
		}
	}
}

func isName(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
