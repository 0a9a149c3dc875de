package web

import (
	"bytes"
	"context"
	"go/ast"
	godoc "go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"path"
	"strings"
	"sync"

	"arena.dev/games"
	"arena.dev/i18n"
	"arena.dev/templates"
)

// sdkRefs caches each game's reference in each language: the SDK is
// embedded in the binary, so it is built once per process.
var sdkRefs sync.Map // game id + "/" + language → *templates.SDKRef (nil when unavailable)

// sdkReference returns the reference of a game's SDK package, generated
// with go/doc from games.SDKFiles, its doc comments in ctx's language where the game
// translates them (games.SDKDoc), or nil when the game has none.
func sdkReference(ctx context.Context, gameID string) *templates.SDKRef {
	lang := i18n.Lang(ctx)
	key := gameID + "/" + lang
	if v, ok := sdkRefs.Load(key); ok {
		return v.(*templates.SDKRef)
	}
	translated, _ := games.SDKDoc(gameID, lang)
	ref, _ := buildSDKRef(gameID, func(key, english string) string {
		if t, ok := translated[key]; ok {
			return t
		}
		return english
	})
	sdkRefs.Store(key, ref)
	return ref
}

// sdkDocs lists the doc comments a game's SDK reference shows, by key
// (see buildSDKRef), in English: what games.SDKDoc translates.
func sdkDocs(gameID string) (map[string]string, error) {
	docs := map[string]string{}
	_, err := buildSDKRef(gameID, func(key, english string) string {
		if english != "" {
			docs[key] = english
		}
		return english
	})
	return docs, err
}

// buildSDKRef builds a game's SDK reference, each doc comment as doc
// gives it from its key and English text: "package" for the package's,
// a function's, type's or const/var block's (first) name, "Type.Method"
// for a method.
func buildSDKRef(gameID string, doc func(key, english string) string) (*templates.SDKRef, error) {
	p, err := parseSDK(gameID)
	if err != nil {
		return nil, err
	}
	return sdkRefOf(p, doc), nil
}

// sdkPackage is a game's SDK package as go/doc reads it.
type sdkPackage struct {
	ImportPath string
	Fset       *token.FileSet
	Pkg        *godoc.Package
	// HostSide are the names only the host uses to speak the protocol: a
	// bot never needs them, so the reference leaves them out.
	HostSide map[string]bool
}

// parseSDK reads and parses a game's SDK package from games.SDKFiles.
func parseSDK(gameID string) (sdkPackage, error) {
	p := sdkPackage{Fset: token.NewFileSet(), HostSide: map[string]bool{}}
	g, err := games.Get(gameID)
	if err != nil {
		return p, err
	}
	for _, n := range g.Info().Files.HostOnly {
		p.HostSide[n] = true
	}
	sdk, err := games.SDKFiles(gameID)
	if err != nil {
		return p, err
	}
	if p.ImportPath, err = games.SDKImportPath(gameID); err != nil {
		return p, err
	}
	dir := strings.TrimPrefix(p.ImportPath, "arena.dev/")
	entries, err := fs.ReadDir(sdk, dir)
	if err != nil {
		return p, err
	}
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") {
			continue
		}
		src, err := fs.ReadFile(sdk, path.Join(dir, e.Name()))
		if err != nil {
			return p, err
		}
		f, err := parser.ParseFile(p.Fset, e.Name(), src, parser.ParseComments)
		if err != nil {
			return p, err
		}
		files = append(files, f)
	}
	p.Pkg, err = godoc.NewFromFiles(p.Fset, files, p.ImportPath)
	return p, err
}

// sdkRefOf is the reference of a parsed SDK package: its doc, its
// functions with the package-level values, and its types with their
// values and methods, the host's names left out.
func sdkRefOf(p sdkPackage, doc func(key, english string) string) *templates.SDKRef {
	pkg, hostSide := p.Pkg, p.HostSide
	src := func(node any) string {
		var b bytes.Buffer
		(&printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 4}).Fprint(&b, p.Fset, node)
		return b.String()
	}
	html := func(key, text string) string { return string(pkg.HTML(doc(key, text))) }
	fn := func(prefix string, f *godoc.Func) templates.SDKFunc {
		decl := *f.Decl
		decl.Body, decl.Doc = nil, nil
		return templates.SDKFunc{Name: f.Name, Signature: src(&decl), DocHTML: html(prefix+f.Name, f.Doc)}
	}
	values := func(vs []*godoc.Value) []templates.SDKValue {
		var out []templates.SDKValue
		for _, v := range vs {
			d := *v.Decl
			d.Doc = nil
			decl := src(&d)
			out = append(out, templates.SDKValue{Decl: decl, DocHTML: html(firstName(decl), v.Doc)})
		}
		return out
	}
	ref := &templates.SDKRef{ImportPath: p.ImportPath, DocHTML: html("package", pkg.Doc)}
	for _, f := range pkg.Funcs {
		if !hostSide[f.Name] {
			ref.Funcs = append(ref.Funcs, fn("", f))
		}
	}
	// Package-level values not tied to a type (e.g. MaxCommands, Dirs) go
	// with the functions, as declarations.
	for _, v := range values(append(pkg.Consts, pkg.Vars...)) {
		if name := firstName(v.Decl); !hostSide[name] {
			ref.Funcs = append(ref.Funcs, templates.SDKFunc{Name: name, Signature: v.Decl, DocHTML: v.DocHTML})
		}
	}
	for _, t := range pkg.Types {
		if hostSide[t.Name] {
			continue
		}
		d := *t.Decl
		d.Doc = nil
		st := templates.SDKType{Name: t.Name, Decl: src(&d), DocHTML: html(t.Name, t.Doc), Values: values(append(t.Consts, t.Vars...))}
		for _, f := range t.Funcs {
			if !hostSide[f.Name] {
				st.Methods = append(st.Methods, fn("", f))
			}
		}
		for _, m := range t.Methods {
			st.Methods = append(st.Methods, fn(t.Name+".", m))
		}
		ref.Types = append(ref.Types, st)
	}
	return ref
}

// firstName is the first declared name of a const or var block.
func firstName(decl string) string {
	f := strings.Fields(strings.NewReplacer("(", " ", "=", " ").Replace(decl))
	if len(f) > 1 {
		return f[1]
	}
	return decl
}
