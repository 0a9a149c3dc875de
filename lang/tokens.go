package lang

import (
	"go/scanner"
	"go/token"
)

// A language's tokens are what the copy check (package copycheck)
// fingerprints: identifiers become one class and literals their kind,
// comments and layout are dropped, so renaming, changed constants,
// comments and reformatting do not hide a copy.

// Kind is a token's lexical class.
type Kind uint8

const (
	Ident   Kind = iota + 1 // a name: all names are one class
	Keyword                 // a keyword, kept as written
	Number                  // a numeric literal, any value
	String                  // a string literal (a C++ #include's header name too)
	Char                    // a character literal
	Punct                   // an operator or punctuation, kept as written
)

// Token is one token of a source, as written.
type Token struct {
	Kind Kind
	Text string
	Line int // 1-based
}

// Norm is what the fingerprints see of the token: its text for keywords and
// punctuation, its class for names and literals.
func (t Token) Norm() string {
	switch t.Kind {
	case Ident:
		return "ID"
	case Number:
		return "NUM"
	case String:
		return "STR"
	case Char:
		return "CHR"
	}
	return t.Text
}

// goTokens reads Go. Comments and whitespace are skipped; so are the
// semicolons Go inserts at line ends, so that layout alone never changes
// the tokens. A source that does not lex cleanly gives the tokens read
// around the error.
func goTokens(src []byte) []Token {
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, func(token.Position, string) {}, 0)
	toks := make([]Token, 0, len(src)/4)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return toks
		}
		t := Token{Line: file.Line(pos)}
		switch {
		case tok == token.SEMICOLON && lit != ";": // inserted at a line end or EOF
			continue
		case tok == token.IDENT:
			t.Kind, t.Text = Ident, lit
		case tok == token.INT || tok == token.FLOAT || tok == token.IMAG:
			t.Kind, t.Text = Number, lit
		case tok == token.STRING:
			t.Kind, t.Text = String, lit
		case tok == token.CHAR:
			t.Kind, t.Text = Char, lit
		case tok.IsKeyword():
			t.Kind, t.Text = Keyword, tok.String()
		case tok == token.ILLEGAL:
			t.Kind, t.Text = Punct, lit
		default:
			t.Kind, t.Text = Punct, tok.String()
		}
		toks = append(toks, t)
	}
}
