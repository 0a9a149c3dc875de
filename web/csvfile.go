package web

import (
	"bufio"
	"io"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// csvFile writes the CSV files admins download (grades, copy check pairs,
// one-time passwords), all of them through it, so none can carry a
// formula into the spreadsheet that opens it (OWASP's "CSV injection"):
// every cell is quoted, so a spreadsheet in a locale whose separator is
// ";" (or a tab) does not split "a;=1+1" into a formula cell, and a cell
// a spreadsheet would read as a formula starts with an apostrophe.
type csvFile struct {
	w *bufio.Writer
}

func newCSVFile(w io.Writer) *csvFile { return &csvFile{w: bufio.NewWriter(w)} }

// Row writes one line: each cell guarded and quoted, quotes doubled
// (RFC 4180).
func (c *csvFile) Row(cells ...string) {
	for i, s := range cells {
		if i > 0 {
			c.w.WriteByte(',')
		}
		c.w.WriteByte('"')
		c.w.WriteString(strings.ReplaceAll(csvCell(s), `"`, `""`))
		c.w.WriteByte('"')
	}
	c.w.WriteByte('\n')
}

// Flush sends what is buffered; its error is the first write's that failed.
func (c *csvFile) Flush() error { return c.w.Flush() }

// formulaStarts are the characters after which a spreadsheet reads a cell
// as a formula: = + - @, their full-width forms (which Excel and
// LibreOffice take as the same) and their small forms.
const formulaStarts = "=+-@＝＋－＠﹦﹢﹣﹫"

// plainNumber is a number the exports write (a rank, μ, a percentage): a
// spreadsheet reads it as a number, never a formula, so a negative one
// keeps its sign.
var plainNumber = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// csvCell keeps a text a spreadsheet would take for a formula (a bot named
// "=HYPERLINK(...)" or "＝1+1", a group " +1") as text, with a leading
// apostrophe: one that starts with a tab or a carriage return, or whose
// first character after any white space is a formula start (spreadsheets
// may trim the spaces before they look).
func csvCell(s string) string {
	if s == "" || plainNumber.MatchString(s) {
		return s
	}
	first, _ := utf8.DecodeRuneInString(strings.TrimLeftFunc(s, unicode.IsSpace))
	if s[0] == '\t' || s[0] == '\r' || strings.ContainsRune(formulaStarts, first) {
		return "'" + s
	}
	return s
}
