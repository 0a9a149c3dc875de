package copytest

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"math/rand/v2"
	"strconv"
	"strings"
)

// DisguiseGo rewrites a Go source as a student hiding a copy would, with
// go/ast: every name the file declares renamed consistently (but Play and
// main, which the SDK needs), declarations shuffled, comments dropped and
// others written, blank lines moved, a dead statement inserted in about a
// third of the functions, up to two three-clause for loops rewritten as
// `init; for cond { body; post }`, and the integer constants that are
// compared with or assigned changed. The result still compiles (the
// corpus test type-checks it).
func DisguiseGo(src []byte, rng *rand.Rand) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "bot.go", src, 0) // comments dropped
	if err != nil {
		return nil, err
	}
	renameGo(f, rng)
	loops := 0
	dead := 0
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil && rng.IntN(3) == 0 {
				dead++
				insertDead(n.Body, dead, rng)
			}
		case *ast.BlockStmt:
			for i, s := range n.List {
				if loops < 2 {
					if r := rewriteFor(s); r != nil {
						n.List[i] = r
						loops++
					}
				}
			}
		case *ast.BinaryExpr: // a constant compared with: safe to change
			switch n.Op {
			case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
				changeInt(n.Y, rng)
			}
		case *ast.AssignStmt:
			for _, e := range n.Rhs {
				changeInt(e, rng)
			}
		}
		return true
	})
	// Shuffle the declarations after the imports.
	first := 0
	for first < len(f.Decls) {
		if g, ok := f.Decls[first].(*ast.GenDecl); !ok || g.Tok != token.IMPORT {
			break
		}
		first++
	}
	rest := f.Decls[first:]
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })

	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, f); err != nil {
		return nil, err
	}
	// Other comments and blank lines, between lines where Go allows them.
	var out strings.Builder
	for i, line := range strings.Split(b.String(), "\n") {
		if i > 2 && rng.IntN(8) == 0 {
			out.WriteString("\n")
		}
		if i > 2 && rng.IntN(10) == 0 {
			fmt.Fprintf(&out, "// step %d of the plan\n", rng.IntN(100))
		}
		out.WriteString(line)
		out.WriteString("\n")
	}
	return []byte(out.String()), nil
}

// renameGo gives every name declared in the file another name, the same
// everywhere it appears.
func renameGo(f *ast.File, rng *rand.Rand) {
	keep := map[string]bool{"_": true, "main": true, "init": true, "Play": true}
	declared := map[string]bool{}
	add := func(ids ...*ast.Ident) {
		for _, id := range ids {
			if id != nil && !keep[id.Name] {
				declared[id.Name] = true
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			add(n.Name)
		case *ast.ValueSpec:
			add(n.Names...)
		case *ast.TypeSpec:
			add(n.Name)
		case *ast.Field:
			add(n.Names...)
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						add(id)
					}
				}
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						add(id)
					}
				}
			}
		case *ast.LabeledStmt:
			add(n.Label)
		}
		return true
	})
	words := []string{"val", "tmp", "cur", "acc", "idx", "node", "cell", "best", "goal", "step", "mark", "item"}
	names := map[string]string{}
	n := 0
	for name := range declared {
		n++
		names[name] = fmt.Sprintf("%s%d", words[rng.IntN(len(words))], n)
	}
	ast.Inspect(f, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if to, ok := names[id.Name]; ok {
				id.Name = to
			}
		}
		return true
	})
}

// insertDead puts a statement that does nothing somewhere in body.
func insertDead(body *ast.BlockStmt, n int, rng *rand.Rand) {
	name := fmt.Sprintf("unused%d", n)
	stmts := []ast.Stmt{
		&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE,
			Rhs: []ast.Expr{&ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(rng.IntN(100))}}},
		&ast.IfStmt{Cond: &ast.BinaryExpr{X: ast.NewIdent(name), Op: token.LSS, Y: &ast.BasicLit{Kind: token.INT, Value: "0"}},
			Body: &ast.BlockStmt{List: []ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.ASSIGN,
				Rhs: []ast.Expr{&ast.BinaryExpr{X: ast.NewIdent(name), Op: token.MUL, Y: &ast.BasicLit{Kind: token.INT, Value: "2"}}}}}}},
	}
	at := 0 // before a statement, never after the final return
	if len(body.List) > 0 {
		at = rng.IntN(len(body.List))
	}
	body.List = append(body.List[:at], append(stmts, body.List[at:]...)...)
}

// rewriteFor turns `for init; cond; post { body }` into
// `{ init; for cond { body; post } }`, when the body has no continue
// (which would skip post).
func rewriteFor(s ast.Stmt) ast.Stmt {
	f, ok := s.(*ast.ForStmt)
	if !ok || f.Init == nil || f.Cond == nil || f.Post == nil {
		return nil
	}
	cont := false
	ast.Inspect(f.Body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.CONTINUE {
			cont = true
		}
		return !cont
	})
	if cont {
		return nil
	}
	body := &ast.BlockStmt{List: append(append([]ast.Stmt{}, f.Body.List...), f.Post)}
	return &ast.BlockStmt{List: []ast.Stmt{f.Init, &ast.ForStmt{Cond: f.Cond, Body: body}}}
}

// changeInt adds 1 to 3 to a small integer constant.
func changeInt(e ast.Expr, rng *rand.Rand) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT || rng.IntN(2) == 0 {
		return
	}
	if v, err := strconv.Atoi(lit.Value); err == nil && v < 1000 {
		lit.Value = strconv.Itoa(v + 1 + rng.IntN(3))
	}
}
