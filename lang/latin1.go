package lang

import (
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// SourceText is a source file's text: as it is when it is UTF-8, else read
// as Latin-1 the way browsers read it (Windows-1252, whose 0x80–0x9F are
// printable: €, ‘ ’, “ ”…), so that a file saved by an older editor
// ("posición" in Latin-1) comes out as its author wrote it instead of with
// U+FFFD in place of every accented letter. converted says which.
func SourceText(b []byte) (text string, converted bool) {
	if utf8.Valid(b) {
		return string(b), false
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(b)
	if err != nil { // not reached: every byte decodes
		return string(b), false
	}
	return string(out), true
}
