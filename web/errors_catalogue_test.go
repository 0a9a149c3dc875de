package web

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"arena.dev/domain"
	"arena.dev/i18n"
	"arena.dev/service"
)

// Every error raised with a catalogue key has that key in
// errors.toml, with the code's English template word for word, and the
// catalogue has no key the code no longer raises (i18n's own test checks
// that ca and es have the same keys and placeholders).
func TestErrorCatalogue(t *testing.T) {
	code := errorTemplates(t, "../domain", "../service", "../judge", "../store", ".")
	en, err := i18n.Messages("en", "errors.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(code) < 60 {
		t.Fatalf("found %d keyed errors in the code: the scan misses them", len(code))
	}
	for key, english := range code {
		m, ok := en[key]
		switch {
		case !ok:
			t.Errorf("%s is raised but not in errors.toml", key)
		case m.Other != english:
			t.Errorf("%s: the catalogue says\n\t%q\nthe code\n\t%q", key, m.Other, english)
		}
	}
	for key := range en {
		if _, ok := code[key]; !ok {
			t.Errorf("errors.toml has %s, which no code raises", key)
		}
	}
}

// A refusal is told in the request's language, its English message where
// the catalogue has no entry.
func TestErrorMessageLanguage(t *testing.T) {
	e := domain.Refusal("errors.challenge.no_bot", "no bot {{.Ref}} in {{.Game}}", domain.Data{"Ref": domain.Quote("x"), "Game": "Race"})
	for lang, want := range map[string]string{"en": `no bot "x" in Race`, "ca": `no hi ha cap bot "x" a Race`, "es": `no hay ningún bot "x" en Race`} {
		if got := userMessage(i18n.WithLang(context.Background(), lang), e); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	// A moment in the data is said in the reader's language.
	late := service.DeadlineError("Race", time.Date(2026, 12, 4, 23, 0, 0, 0, time.UTC))
	for lang, want := range map[string]string{"en": "was 4 December 2026, 23:00 UTC:", "ca": "4 de desembre de 2026, a les 23:00 UTC", "es": "4 de diciembre de 2026, a las 23:00 UTC"} {
		if got := userMessage(i18n.WithLang(context.Background(), lang), late); !strings.Contains(got, want) {
			t.Errorf("the deadline in %s: %q, want %q in it", lang, got, want)
		}
	}
	unknown := domain.Refusal("errors.nowhere", "plain English", nil)
	if got := userMessage(i18n.WithLang(context.Background(), "ca"), unknown); got != "plain English" {
		t.Errorf("a key the catalogue lacks: %q", got)
	}
}

// errorTemplates finds, in the non-test Go files of dirs, the keys and
// English templates of the errors raised: domain.NewError(code, key,
// english, data), domain.Refusal(key, english, data), the packages'
// refusal helpers that prefix their key, and &domain.Error{Key, Message}
// literals.
func errorTemplates(t *testing.T, dirs ...string) map[string]string {
	prefix := map[string]string{"refuseSubmit": "errors.submit.", "refuseChallenge": "errors.challenge.", "refuseTournament": "errors.tournament."}
	out := map[string]string{}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			fs := token.NewFileSet()
			af, err := parser.ParseFile(fs, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			consts := map[string]string{}
			ast.Inspect(af, func(n ast.Node) bool {
				if vs, ok := n.(*ast.ValueSpec); ok {
					for i, name := range vs.Names {
						if s, ok := constString(vs, i, consts); ok {
							consts[name.Name] = s
						}
					}
				}
				return true
			})
			add := func(pos token.Pos, key, english ast.Expr, keyPrefix string) {
				k, ok1 := stringOf(key, consts)
				e, ok2 := stringOf(english, consts)
				if !ok1 || !ok2 {
					return // a helper's own body passing its parameters on
				}
				k = keyPrefix + k
				if old, dup := out[k]; dup && old != e {
					t.Errorf("%s: %s raised with two texts", fs.Position(pos), k)
				}
				out[k] = e
			}
			ast.Inspect(af, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.CompositeLit:
					if sel, ok := x.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" || isIdent(x.Type, "Error") {
						var key, msg ast.Expr
						for _, el := range x.Elts {
							if kv, ok := el.(*ast.KeyValueExpr); ok && isIdent(kv.Key, "Key") {
								key = kv.Value
							} else if ok && isIdent(kv.Key, "Message") {
								msg = kv.Value
							}
						}
						if key != nil && msg != nil {
							add(x.Pos(), key, msg, "")
						}
					}
				case *ast.CallExpr:
					name := ""
					switch fn := x.Fun.(type) {
					case *ast.Ident:
						name = fn.Name
					case *ast.SelectorExpr:
						name = fn.Sel.Name
					}
					switch {
					case name == "NewError" && len(x.Args) == 4:
						add(x.Pos(), x.Args[1], x.Args[2], "")
					case name == "Refusal" && len(x.Args) == 3:
						add(x.Pos(), x.Args[0], x.Args[1], "")
					case prefix[name] != "" && len(x.Args) == 3:
						add(x.Pos(), x.Args[0], x.Args[1], prefix[name])
					}
				}
				return true
			})
		}
	}
	return out
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func constString(vs *ast.ValueSpec, i int, consts map[string]string) (string, bool) {
	if i >= len(vs.Values) {
		return "", false
	}
	return stringOf(vs.Values[i], consts)
}

// stringOf is the value of a constant string expression: literals, + and
// constants of the file.
func stringOf(e ast.Expr, consts map[string]string) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			s, err := strconv.Unquote(x.Value)
			return s, err == nil
		}
	case *ast.BinaryExpr:
		a, ok1 := stringOf(x.X, consts)
		b, ok2 := stringOf(x.Y, consts)
		return a + b, ok1 && ok2 && x.Op == token.ADD
	case *ast.ParenExpr:
		return stringOf(x.X, consts)
	case *ast.Ident:
		s, ok := consts[x.Name]
		return s, ok
	}
	return "", false
}
