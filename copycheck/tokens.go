// Package copycheck finds bots that share code: it fingerprints sources by
// winnowing (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms
// for document fingerprinting", SIGMOD 2003; the method of MOSS and of
// Ghent University's Dolos) and compares the fingerprints of two versions.
//
// A source is read as tokens, not text, by its language's lexer
// (lang.Language.Tokens): identifiers become one class and literals their
// kind, comments and layout are dropped, so renaming, changed constants,
// comments, blank lines and reformatting do not hide a copy; fingerprints
// are sets, so reordered functions do not either. Fragments every student
// is given (the kit's starter, the game's Demo) are base code and never
// count (Base).
package copycheck

import (
	"arena.dev/lang"
)

// Tokens reads a source in a language, by package lang's id ("go",
// "cpp"). A source that does not lex cleanly gives the tokens read around
// the error: versions are compiled before they are fingerprinted, so that
// is rare.
func Tokens(language string, src []byte) ([]lang.Token, error) {
	l, err := lang.Get(language)
	if err != nil {
		return nil, err
	}
	return l.Tokens(src), nil
}
