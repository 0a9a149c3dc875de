package copytest

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"arena.dev/copycheck"
	"arena.dev/lang"
)

type tok = lang.Token

// DisguiseCpp rewrites a C++ source as a student hiding a copy would, on
// the tokens of copycheck's lexer: the names it declares (after a type)
// renamed consistently, member functions of each struct and the file's
// functions shuffled, comments dropped and others written, the layout
// redone, dead statements inserted, up to two three-clause for loops
// rewritten as while loops, integer constants changed.
func DisguiseCpp(src []byte, rng *rand.Rand) ([]byte, error) {
	ts, err := copycheck.Tokens(lang.Cpp.ID, src)
	if err != nil {
		return nil, err
	}
	ts = renameCpp(ts, rng)
	ts = rewriteLoops(ts, 2)
	ts = shuffleFunctions(ts, rng)
	ts = insertDeadCpp(ts, rng)
	for i, t := range ts {
		if t.Kind == lang.Number && rng.IntN(2) == 0 {
			if v, err := strconv.Atoi(t.Text); err == nil {
				ts[i].Text = strconv.Itoa(v + 1 + rng.IntN(3))
			}
		}
	}
	return layout(ts, rng), nil
}

var cppTypes = map[string]bool{"int": true, "bool": true, "double": true, "float": true, "char": true, "long": true,
	"short": true, "unsigned": true, "auto": true, "void": true, "struct": true, "class": true, "typedef": true}

// renameCpp renames the names that follow a type keyword or a closing
// template bracket (declarations), everywhere they appear.
func renameCpp(ts []tok, rng *rand.Rand) []tok {
	keep := map[string]bool{"PLAYER_NAME": true, "play": true, "factory": true, "main": true, "Player": true}
	names := map[string]string{}
	words := []string{"val", "tmp", "cur", "acc", "idx", "node", "cell", "best", "goal", "step", "mark", "item"}
	for i := 1; i < len(ts); i++ {
		t, prev := ts[i], ts[i-1]
		if t.Kind != lang.Ident || keep[t.Text] || names[t.Text] != "" {
			continue
		}
		if (prev.Kind == lang.Keyword && cppTypes[prev.Text]) || prev.Text == ">" && i+1 < len(ts) && (ts[i+1].Text == ";" || ts[i+1].Text == "=" || ts[i+1].Text == "(") {
			names[t.Text] = fmt.Sprintf("%s_%d", words[rng.IntN(len(words))], len(names)+1)
		}
	}
	out := make([]tok, len(ts))
	for i, t := range ts {
		if to := names[t.Text]; t.Kind == lang.Ident && to != "" {
			t.Text = to
		}
		out[i] = t
	}
	return out
}

// directive reports whether ts[i] starts a preprocessor line, and where
// that line's tokens end.
func directive(ts []tok, i int) (bool, int) {
	if ts[i].Text != "#" || ts[i].Kind != lang.Punct {
		return false, i
	}
	j := i + 1
	for j < len(ts) && ts[j].Line == ts[i].Line {
		j++
	}
	return true, j
}

// items splits ts[from:to] into top-level items: a directive, a
// declaration ending in `;`, or a definition ending in `}` (a function).
// It reports which items are functions.
func items(ts []tok, from, to int) (parts [][2]int, fn []bool) {
	depth, start := 0, from
	for i := from; i < to; i++ {
		if depth == 0 && i == start {
			if ok, end := directive(ts, i); ok {
				parts, fn = append(parts, [2]int{i, end}), append(fn, false)
				start = end
				i = end - 1
				continue
			}
		}
		switch ts[i].Text {
		case "{", "(", "[":
			depth++
		case "}", ")", "]":
			depth--
			if depth == 0 && ts[i].Text == "}" && (i+1 >= to || ts[i+1].Text != ";" && ts[i+1].Text != ",") {
				isFn := false
				for k := start; k < i; k++ {
					if ts[k].Text == "(" {
						isFn = true
					}
					if ts[k].Text == "{" || ts[k].Text == "=" || ts[k].Text == "struct" || ts[k].Text == "class" || ts[k].Text == "namespace" {
						break
					}
				}
				parts, fn = append(parts, [2]int{start, i + 1}), append(fn, isFn)
				start = i + 1
			}
		case ";", ":":
			if depth == 0 && (ts[i].Text == ";" || i == start+1) { // `public:` is an item too
				parts, fn = append(parts, [2]int{start, i + 1}), append(fn, false)
				start = i + 1
			}
		}
	}
	if start < to {
		parts, fn = append(parts, [2]int{start, to}), append(fn, false)
	}
	return parts, fn
}

// shuffleFunctions permutes the functions among themselves, at the file's
// top level and inside each struct or class there, keeping everything else
// in place.
func shuffleFunctions(ts []tok, rng *rand.Rand) []tok {
	var out []tok
	parts, fn := items(ts, 0, len(ts))
	var fnParts [][2]int
	for i, p := range parts {
		if fn[i] {
			fnParts = append(fnParts, p)
		}
	}
	rng.Shuffle(len(fnParts), func(i, j int) { fnParts[i], fnParts[j] = fnParts[j], fnParts[i] })
	next := 0
	for i, p := range parts {
		if fn[i] {
			p = fnParts[next]
			next++
			out = append(out, ts[p[0]:p[1]]...)
			continue
		}
		// A struct or class: shuffle its members the same way.
		open := -1
		if ts[p[0]].Text == "struct" || ts[p[0]].Text == "class" {
			for k := p[0]; k < p[1]; k++ {
				if ts[k].Text == "{" {
					open = k
					break
				}
			}
		}
		if open < 0 {
			out = append(out, ts[p[0]:p[1]]...)
			continue
		}
		closeAt := p[1] - 1
		for closeAt > open && ts[closeAt].Text != "}" {
			closeAt--
		}
		out = append(out, ts[p[0]:open+1]...)
		out = append(out, shuffleFunctions(ts[open+1:closeAt], rng)...)
		out = append(out, ts[closeAt:p[1]]...)
	}
	return out
}

// rewriteLoops turns up to n loops `for (init; cond; post) { body }`
// whose body has no continue into `{ init; while (cond) { body post; } }`.
func rewriteLoops(ts []tok, n int) []tok {
	var out []tok
	for i := 0; i < len(ts); i++ {
		if n > 0 && ts[i].Text == "for" && i+1 < len(ts) && ts[i+1].Text == "(" {
			if r, end, ok := rewriteLoop(ts, i); ok {
				out = append(out, r...)
				i = end - 1
				n--
				continue
			}
		}
		out = append(out, ts[i])
	}
	return out
}

func rewriteLoop(ts []tok, at int) ([]tok, int, bool) {
	depth := 0
	semis := []int{}
	closeParen := -1
	for i := at + 1; i < len(ts) && closeParen < 0; i++ {
		switch ts[i].Text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				closeParen = i
			}
		case ";":
			if depth == 1 {
				semis = append(semis, i)
			}
		}
	}
	if closeParen < 0 || len(semis) != 2 || closeParen+1 >= len(ts) || ts[closeParen+1].Text != "{" {
		return nil, 0, false
	}
	open := closeParen + 1
	depth = 0
	closeBody := -1
	for i := open; i < len(ts); i++ {
		switch ts[i].Text {
		case "{":
			depth++
		case "}":
			depth--
		case "continue":
			return nil, 0, false
		}
		if depth == 0 {
			closeBody = i
			break
		}
	}
	if closeBody < 0 {
		return nil, 0, false
	}
	line := ts[at].Line
	p := func(s string) tok { return tok{Kind: lang.Punct, Text: s, Line: line} }
	var r []tok
	r = append(r, p("{"))
	r = append(r, ts[at+2:semis[0]+1]...) // init;
	r = append(r, tok{Kind: lang.Keyword, Text: "while", Line: line}, p("("))
	if semis[1] == semis[0]+1 {
		r = append(r, tok{Kind: lang.Keyword, Text: "true", Line: line})
	} else {
		r = append(r, ts[semis[0]+1:semis[1]]...)
	}
	r = append(r, p(")"))
	r = append(r, ts[open:closeBody]...) // { body
	if closeParen > semis[1]+1 {
		r = append(r, ts[semis[1]+1:closeParen]...)
		r = append(r, p(";"))
	}
	r = append(r, p("}"), p("}"))
	return r, closeBody + 1, true
}

// insertDeadCpp adds `if (false) { int unusedN = K; unusedN++; }` after
// a few statements inside function bodies.
func insertDeadCpp(ts []tok, rng *rand.Rand) []tok {
	var out []tok
	braces, parens, n := 0, 0, 0
	for i, t := range ts {
		out = append(out, t)
		if ok, _ := directive(ts, i); ok {
			continue
		}
		switch t.Text {
		case "{":
			braces++
		case "}":
			braces--
		case "(":
			parens++
		case ")":
			parens--
		case ";":
			if braces >= 2 && parens == 0 && n < 6 && rng.IntN(12) == 0 {
				n++
				name := fmt.Sprintf("unused%d", n)
				for _, s := range []string{"if", "(", "false", ")", "{", "int", name, "=", strconv.Itoa(rng.IntN(50)), ";", name, "++", ";", "}"} {
					k := lang.Punct
					switch {
					case s == "if" || s == "false" || s == "int":
						k = lang.Keyword
					case s == name:
						k = lang.Ident
					case s[0] >= '0' && s[0] <= '9':
						k = lang.Number
					}
					out = append(out, tok{Kind: k, Text: s, Line: t.Line})
				}
			}
		}
	}
	return out
}

// layout writes tokens back as source in a layout of its own: a line per
// statement, two spaces per level, a directive per line, a comment now and
// then.
func layout(ts []tok, rng *rand.Rand) []byte {
	var b strings.Builder
	depth, parens := 0, 0
	atLineStart := true
	newline := func() {
		b.WriteString("\n")
		atLineStart = true
	}
	for i := 0; i < len(ts); i++ {
		if ok, end := directive(ts, i); ok {
			if !atLineStart {
				newline()
			}
			for k := i; k < end; k++ {
				if k > i+1 {
					b.WriteString(" ")
				}
				b.WriteString(ts[k].Text)
			}
			newline()
			i = end - 1
			continue
		}
		t := ts[i]
		if t.Text == "}" {
			depth--
			if !atLineStart {
				newline()
			}
		}
		if atLineStart {
			if rng.IntN(12) == 0 {
				fmt.Fprintf(&b, "%s// step %d\n", strings.Repeat("  ", max(depth, 0)), rng.IntN(100))
			}
			if rng.IntN(10) == 0 {
				b.WriteString("\n")
			}
			b.WriteString(strings.Repeat("  ", max(depth, 0)))
			atLineStart = false
		} else {
			b.WriteString(" ")
		}
		b.WriteString(t.Text)
		switch t.Text {
		case "{":
			depth++
			newline()
		case "}":
			if i+1 < len(ts) && (ts[i+1].Text == ";" || ts[i+1].Text == ",") {
				continue
			}
			newline()
		case "(":
			parens++
		case ")":
			parens--
		case ";":
			if parens == 0 {
				newline()
			}
		}
	}
	return []byte(b.String())
}
