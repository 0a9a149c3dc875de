package games_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"arena.dev/i18n"
)

// Every reason an engine can write into a replay's ignored commands has a
// message in i18n/locales/*/reasons.toml, so that the match page and the
// viewer say it in the reader's language. The reasons are read from the
// engines' source: wherever a games.Ignored is built, its Why is followed
// back to the string literals (and fmt.Sprintf formats) it can hold,
// through the variable it is set in, the closure it is passed to and the
// register functions it is returned from. A Why this test cannot follow
// fails it too, so a reason written another way is noticed.
func TestEveryIgnoredReasonIsInTheCatalogue(t *testing.T) {
	fset := token.NewFileSet()
	pkgs := map[string][]*ast.File{} // directory → its non-test files
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		pkgs[filepath.Dir(path)] = append(pkgs[filepath.Dir(path)], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var reasons []string
	found := map[string]bool{} // directories that build an Ignored
	for dir, files := range pkgs {
		c := &reasonCollector{t: t, fset: fset, files: files}
		whys, built := c.fieldOf(isIgnored, "Why")
		found[dir] = built
		reasons = append(reasons, whys...)
	}
	for _, dir := range []string{"orkisland", "poquemon", "wasteland", "apocalypse", filepath.Join("gametest", "fake")} {
		if !found[dir] {
			t.Errorf("no games.Ignored built in %s: the test no longer reads its reasons", dir)
		}
	}
	if len(reasons) < 30 {
		t.Errorf("only %d reasons found: %q", len(reasons), reasons)
	}
	inCatalogue(t, reasons)
}

// The details of a freeze that the runner and arena play's native bots
// write (FreezeError{Detail: …}) are in reasons.toml too; the sandbox's
// are checked in package sandbox, the runner's budget in freeze_reason_test.go.
func TestEveryFreezeDetailIsInTheCatalogue(t *testing.T) {
	fset := token.NewFileSet()
	var details []string
	for _, dir := range []string{".", "../cmd/arena"} {
		pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, pkg := range pkgs {
			var files []*ast.File
			for _, f := range pkg.Files {
				files = append(files, f)
			}
			c := &reasonCollector{t: t, fset: fset, files: files}
			more, _ := c.fieldOf(func(e ast.Expr) bool { return isType(e, "FreezeError") }, "Detail")
			details = append(details, more...)
		}
	}
	if len(details) < 6 {
		t.Errorf("only %d freeze details found: %q", len(details), details)
	}
	inCatalogue(t, details)
}

// fieldOf is every text field can hold in the composite literals of the
// collector's files whose type is, resolved through variables, calls and
// returns (resolve), and whether any such literal is built.
func (c *reasonCollector) fieldOf(is func(ast.Expr) bool, field string) (out []string, built bool) {
	for _, f := range c.files {
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok || !is(lit.Type) {
					return true
				}
				built = true
				for _, el := range lit.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok && isIdent(kv.Key, field) {
						out = append(out, c.resolve(fn, kv.Value)...)
					}
				}
				return true
			})
		}
	}
	return out, built
}

// inCatalogue fails for each reason no message of reasons.toml follows.
func inCatalogue(t *testing.T, reasons []string) {
	t.Helper()
	for _, r := range reasons {
		if id, _ := i18n.ReasonID(r); id == "" {
			t.Errorf("the reason %q is in no message of i18n/locales/en/%s", r, i18n.ReasonFile)
		}
	}
	t.Logf("%d reasons, each in the catalogue", len(reasons))
}

type reasonCollector struct {
	t     *testing.T
	fset  *token.FileSet
	files []*ast.File
}

// resolve lists the texts e can hold inside fn, a format's verbs filled
// with sample values.
func (c *reasonCollector) resolve(fn *ast.FuncDecl, e ast.Expr) []string {
	switch e := e.(type) {
	case *ast.BasicLit:
		if s, err := strconv.Unquote(e.Value); err == nil && e.Kind == token.STRING {
			if s == "" {
				return nil // no reason: the command was fine
			}
			return []string{s}
		}
	case *ast.Ident:
		return c.variable(fn, e.Name)
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok && isIdent(sel.X, "fmt") && sel.Sel.Name == "Sprintf" && len(e.Args) > 0 {
			if lit, ok := e.Args[0].(*ast.BasicLit); ok {
				format, _ := strconv.Unquote(lit.Value)
				return []string{verbRE.ReplaceAllStringFunc(format, sampleVerb)}
			}
		}
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok {
			if callee := c.method(sel.Sel.Name); callee != nil {
				return c.returns(callee)
			}
		}
	}
	c.t.Errorf("%s: cannot tell which reasons %T holds", c.fset.Position(e.Pos()), e)
	return nil
}

// variable lists what name is set to in fn, or, when it is a parameter
// of a closure assigned in fn, what the closure's calls pass it.
func (c *reasonCollector) variable(fn *ast.FuncDecl, name string) []string {
	var out []string
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		a, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, lhs := range a.Lhs {
			if isIdent(lhs, name) && i < len(a.Rhs) {
				out = append(out, c.resolve(fn, a.Rhs[i])...)
			}
			if lit, ok := a.Rhs[min(i, len(a.Rhs)-1)].(*ast.FuncLit); ok {
				if at := paramIndex(lit.Type, name); at >= 0 {
					out = append(out, c.calls(fn, lhs, at)...)
				}
			}
		}
		return true
	})
	return out
}

// calls lists what the calls of the closure named fun pass as argument at.
func (c *reasonCollector) calls(fn *ast.FuncDecl, fun ast.Expr, at int) []string {
	id, ok := fun.(*ast.Ident)
	if !ok {
		return nil
	}
	var out []string
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && isIdent(call.Fun, id.Name) && at < len(call.Args) {
			out = append(out, c.resolve(fn, call.Args[at])...)
		}
		return true
	})
	return out
}

func (c *reasonCollector) method(name string) *ast.FuncDecl {
	for _, f := range c.files {
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == name {
				return fn
			}
		}
	}
	return nil
}

// returns lists what fn returns.
func (c *reasonCollector) returns(fn *ast.FuncDecl) []string {
	var out []string
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
			out = append(out, c.resolve(fn, r.Results[0])...)
		}
		return true
	})
	return out
}

var verbRE = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z%]`)

// sampleVerb is a value a format's verb may print: a number for %d, a
// reason for %s and %v (a reason may wrap another).
func sampleVerb(verb string) string {
	switch verb[len(verb)-1] {
	case 'd':
		return "7"
	case '%':
		return "%"
	}
	return "not your unit"
}

func paramIndex(ft *ast.FuncType, name string) int {
	i := 0
	for _, f := range ft.Params.List {
		for _, n := range f.Names {
			if n.Name == name {
				return i
			}
			i++
		}
	}
	return -1
}

func isIgnored(e ast.Expr) bool { return isType(e, "Ignored") }

// isType says whether e is games' type name, in games or elsewhere.
func isType(e ast.Expr, name string) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == name
	case *ast.SelectorExpr:
		return e.Sel.Name == name && isIdent(e.X, "games")
	}
	return false
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
