package lang

import "strings"

// The C++ lexer: enough of C++17's lexical grammar for fingerprints.
// Comments and whitespace are skipped, preprocessor lines are read as
// tokens like the rest (`#`, `define`, the name...), a header name after
// #include is one string, and the alternative tokens (`not`, `and`, `or`
// ...) read as the operators they spell, so that `not x` and `!x` are the
// same code.

var cppKeywords = map[string]bool{}

var cppAlternatives = map[string]string{
	"and": "&&", "and_eq": "&=", "bitand": "&", "bitor": "|", "compl": "~", "not": "!",
	"not_eq": "!=", "or": "||", "or_eq": "|=", "xor": "^", "xor_eq": "^=",
}

func init() {
	for _, k := range strings.Fields(`alignas alignof asm auto bool break case catch char char8_t char16_t
		char32_t class const consteval constexpr constinit const_cast continue co_await co_return co_yield
		decltype default delete do double dynamic_cast else enum explicit export extern false float for
		friend goto if inline int long mutable namespace new noexcept nullptr operator private protected
		public register reinterpret_cast requires return short signed sizeof static static_assert
		static_cast struct switch template this thread_local throw true try typedef typeid typename union
		unsigned using virtual void volatile wchar_t while`) {
		cppKeywords[k] = true
	}
}

// cppPuncts are the multi-character punctuators, longest first.
var cppPuncts = []string{">>=", "<<=", "<=>", "->*", "...", "::", "->", "++", "--", "<<", ">>", "<=", ">=",
	"==", "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", ".*", "##"}

func cppTokens(src []byte) []Token {
	s := string(src)
	toks := make([]Token, 0, len(s)/4)
	line := 1
	lineStart := true // only whitespace since the last newline: a # starts a directive
	include := false  // after `# include`: a <header> is one token
	emit := func(k Kind, text string) {
		toks = append(toks, Token{Kind: k, Text: text, Line: line})
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n':
			line++
			lineStart, include = true, false
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '\\' && i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r'): // a line continuation
			i++
			continue
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		case strings.HasPrefix(s[i:], "/*"):
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				end = len(s) - i - 2
			}
			line += strings.Count(s[i:i+2+end], "\n")
			i += 2 + end + 2
			continue
		}
		start, startLine := i, line
		wasLineStart := lineStart
		lineStart = false
		switch {
		case c == '#' && wasLineStart:
			emit(Punct, "#")
			i++
			j := skipBlanks(s, i)
			k := j
			for k < len(s) && isIdentByte(s[k]) {
				k++
			}
			if k > j {
				emit(Keyword, s[j:k]) // the directive's name
				include = s[j:k] == "include"
				i = k
			}
			continue
		case include && c == '<':
			end := strings.IndexAny(s[i:], ">\n")
			if end < 0 || s[i+end] == '\n' {
				emit(Punct, "<")
				i++
				continue
			}
			emit(String, s[i:i+end+1])
			i += end + 1
			continue
		case isIdentStart(c):
			for i < len(s) && isIdentByte(s[i]) {
				i++
			}
			word := s[start:i]
			if i < len(s) && (s[i] == '"' || s[i] == '\'') && isLiteralPrefix(word) {
				i = cppQuoted(s, start, i, &line)
				kind := String
				if s[start+len(word)] == '\'' {
					kind = Char
				}
				toks = append(toks, Token{Kind: kind, Text: s[start:i], Line: startLine})
				continue
			}
			switch {
			case cppAlternatives[word] != "":
				emit(Punct, cppAlternatives[word])
			case cppKeywords[word]:
				emit(Keyword, word)
			default:
				emit(Ident, word)
			}
			continue
		case isDigit(c) || (c == '.' && i+1 < len(s) && isDigit(s[i+1])):
			i++
			for i < len(s) {
				d := s[i]
				if isIdentByte(d) || d == '.' || (d == '\'' && i+1 < len(s) && isIdentByte(s[i+1])) {
					i++
				} else if (d == '+' || d == '-') && strings.ContainsRune("eEpP", rune(s[i-1])) {
					i++
				} else {
					break
				}
			}
			emit(Number, s[start:i])
			continue
		case c == '"' || c == '\'':
			i = cppQuoted(s, start, i, &line)
			kind := String
			if c == '\'' {
				kind = Char
			}
			toks = append(toks, Token{Kind: kind, Text: s[start:i], Line: startLine})
			continue
		}
		p := string(c)
		for _, q := range cppPuncts {
			if strings.HasPrefix(s[i:], q) {
				p = q
				break
			}
		}
		emit(Punct, p)
		i += len(p)
	}
	return toks
}

// cppQuoted returns the end of the string or character literal whose quote
// is at q (its prefix, if any, starts at start), counting the newlines of
// a raw string.
func cppQuoted(s string, start, q int, line *int) int {
	quote := s[q]
	if quote == '"' && strings.HasSuffix(s[start:q], "R") { // R"delim( ... )delim"
		open := strings.IndexByte(s[q:], '(')
		if open > 0 && open <= 17 {
			delim := ")" + s[q+1:q+open] + `"`
			end := strings.Index(s[q+open:], delim)
			if end >= 0 {
				stop := q + open + end + len(delim)
				*line += strings.Count(s[q:stop], "\n")
				return stop
			}
		}
	}
	i := q + 1
	for i < len(s) && s[i] != quote && s[i] != '\n' {
		if s[i] == '\\' && i+1 < len(s) {
			if s[i+1] == '\n' {
				*line++
			}
			i++
		}
		i++
	}
	if i < len(s) && s[i] == quote {
		i++
	}
	return i
}

func isLiteralPrefix(w string) bool {
	switch w {
	case "L", "u", "U", "u8", "R", "LR", "uR", "UR", "u8R":
		return true
	}
	return false
}

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isIdentStart(c byte) bool {
	return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || c >= 0x80
}
func isIdentByte(c byte) bool { return isIdentStart(c) || isDigit(c) }
