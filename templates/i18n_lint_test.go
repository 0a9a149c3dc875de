package templates_test

import (
	"go/scanner"
	"go/token"
	"html"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	parser "github.com/a-h/templ/parser/v2"
	"github.com/a-h/templ/parser/v2/visitor"
)

// allowed are the words a template may print as they are in every language:
// proper names, units, code and file formats.
var allowed = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`Arena Jutge Go C++ WebAssembly Wasm wasm GitHub Linux macOS Windows
		arm64 amd64 x86 curl PowerShell SDK API CLI CSV JSON HTML PNG ZIP zip UTC CPU RAM ms min KB MB GB
		Elo TrueSkill ELO ID vs OK Dummy Demo Null README`) {
		allowed[w] = true
	}
}

// visibleAttrs are the attributes people read (or hear, with a screen reader).
var visibleAttrs = map[string]bool{"title": true, "placeholder": true, "aria-label": true, "alt": true,
	"hx-confirm": true, "data-confirm": true, "label": true, "aria-description": true}

// codeElements hold code, not prose.
var codeElements = map[string]bool{"code": true, "pre": true, "kbd": true, "samp": true, "script": true, "style": true}

var wordRE = regexp.MustCompile(`[\p{L}][\p{L}+'’-]*[\p{L}+]`)

// english returns the words of s a template must not print as they are
// (s is prose when it has a word that is not a proper name, unit or symbol).
func english(s string) []string {
	var bad []string
	for _, w := range wordRE.FindAllString(html.UnescapeString(s), -1) {
		if !allowed[w] && !allowed[strings.Trim(w, "+-'’")] {
			bad = append(bad, w)
		}
	}
	return bad
}

// sentenceRE matches a capitalised phrase or one of three words or more.
var sentenceRE = regexp.MustCompile(`^\s*[A-Z]\S*\s+\S|\S+\s+\S+\s+\S+`)

// A message id (site.home.title), a path or a CSS class: not prose.
var notProseRE = regexp.MustCompile(`^[\w./:#?=&%{}-]*$`)

// goStrings returns the string literals of Go code that look like prose:
// they have a word and a space, or start with a capital and read as a word
// ("Enable"), except composite-literal keys ({"Name": x}) and ids.
func goStrings(src string, topLevel bool) []string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	b := []byte(src)
	s.Init(fset.AddFile("", -1, len(b)), b, func(token.Position, string) {}, 0)
	var found []string
	var prev string
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if prev != "" {
			if tok != token.COLON {
				found = append(found, prev)
			}
			prev = ""
		}
		if tok != token.STRING {
			continue
		}
		v, err := strconv.Unquote(lit)
		if err != nil || notProseRE.MatchString(v) && !regexp.MustCompile(`^[A-Z][a-z]+$`).MatchString(v) {
			continue
		}
		// Outside the template bodies, Go code also holds CSS classes
		// ("nav-link active"): there only sentences count.
		if topLevel && !sentenceRE.MatchString(v) {
			continue
		}
		if len(english(v)) > 0 {
			prev = v
		}
	}
	if prev != "" {
		found = append(found, prev)
	}
	return found
}

// Every template prints its prose through the catalogues (i18n.T/N): no
// literal English text node, user-visible attribute or Go string.
func TestTemplatesPrintNoLiteralEnglish(t *testing.T) {
	files, err := filepath.Glob("*.templ")
	if err != nil || len(files) == 0 {
		t.Fatalf("no templates: %v", err)
	}
	for _, file := range files {
		tf, err := parser.Parse(file)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		for _, p := range lintTemplate(tf) {
			t.Errorf("%s:%s", file, p)
		}
	}
}

func lintTemplate(tf *parser.TemplateFile) []string {
	var problems []string
	report := func(line uint32, what, text string) {
		problems = append(problems, strconv.Itoa(int(line)+1)+": "+what+" "+strconv.Quote(strings.TrimSpace(text)))
	}
	v := visitor.New()
	goCode := func(line uint32, code string) {
		for _, s := range goStrings(code, false) {
			report(line, "Go string", s)
		}
	}
	v.TemplateFileGoExpression = func(n *parser.TemplateFileGoExpression) error {
		for _, s := range goStrings(n.Expression.Value, true) {
			report(n.Expression.Range.From.Line, "Go string", s)
		}
		return nil
	}
	v.Text = func(n *parser.Text) error {
		if len(english(n.Value)) > 0 {
			report(n.Range.From.Line, "text", n.Value)
		}
		return nil
	}
	v.StringExpression = func(n *parser.StringExpression) error {
		goCode(n.Expression.Range.From.Line, n.Expression.Value)
		return nil
	}
	v.TemplElementExpression = func(n *parser.TemplElementExpression) error {
		goCode(n.Expression.Range.From.Line, n.Expression.Value)
		for _, c := range n.Children {
			if err := c.Visit(v); err != nil {
				return err
			}
		}
		return nil
	}
	v.CallTemplateExpression = func(n *parser.CallTemplateExpression) error {
		goCode(n.Expression.Range.From.Line, n.Expression.Value)
		return nil
	}
	var attrs func(el string, line uint32, as []parser.Attribute)
	attrs = func(el string, line uint32, as []parser.Attribute) {
		for _, a := range as {
			switch a := a.(type) {
			case *parser.ConstantAttribute:
				if visible(el, a.Key.String(), as) && len(english(a.Value)) > 0 {
					report(line, "attribute "+a.Key.String()+" of <"+el+">", a.Value)
				}
			case *parser.ExpressionAttribute:
				if visible(el, a.Key.String(), as) {
					goCode(a.Expression.Range.From.Line, a.Expression.Value)
				}
			case *parser.ConditionalAttribute:
				attrs(el, line, a.Then)
				attrs(el, line, a.Else)
			}
		}
	}
	v.Element = func(n *parser.Element) error {
		attrs(n.Name, n.Range.From.Line, n.Attributes)
		if codeElements[n.Name] {
			return nil
		}
		for _, c := range n.Children {
			if err := c.Visit(v); err != nil {
				return err
			}
		}
		return nil
	}
	_ = tf.Visit(v)
	return problems
}

// visible says whether attribute key of element el is read by people: the
// value of a button or of a submit input is its label.
func visible(el, key string, as []parser.Attribute) bool {
	if visibleAttrs[key] {
		return true
	}
	if key != "value" {
		return false
	}
	if el == "button" {
		return true
	}
	if el == "input" {
		for _, a := range as {
			if c, ok := a.(*parser.ConstantAttribute); ok && c.Key.String() == "type" && (c.Value == "submit" || c.Value == "button") {
				return true
			}
		}
	}
	return false
}
